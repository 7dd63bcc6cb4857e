"""What a reading of a Markdown text holds (core/markdown.py makes it). Positions are 1-based
lines and columns of the text read, counted in characters. Named tuples, not dataclasses:
they cost a tenth as much to define, and this module is imported by every lint run. A
Reading is a slotted class: it may hold its fences as offsets and make them when asked."""

from __future__ import annotations

from typing import NamedTuple, Protocol


class Link(NamedTuple):
    """A link destination as written: `[text](x)`, `![alt](x)`, a reference definition
    `[r1]: x`, or an HTML `href` / `src` value. `target` is markdown-it's (normalised, so
    `%20` and non-ASCII are percent-encoded) except for HTML, where it is the raw value."""

    line: int
    column: int
    target: str
    kind: str  # "link", "image", "definition", "html"


class Fence(NamedTuple):
    """A fenced code block's opening line; `closed` is False when no closing fence ends it
    (the block then runs to the end of the text, or of its list item or quote)."""

    line: int
    column: int
    marker: str
    closed: bool


class CodeBlock(NamedTuple):
    """A fenced code block: its first content line, its info word (lowercased: `bash`) and text."""

    line: int
    info: str
    text: str


class Blocks(Protocol):
    """Fences and code blocks kept as offsets until asked for (core/markdown_fences.Cut)."""

    def blocks(self, shift: int = 0) -> tuple[tuple[Fence, ...], tuple[CodeBlock, ...]]: ...

    def unclosed(self, shift: int = 0) -> tuple[Fence, ...]: ...

    def code_in(self, infos: frozenset[str], shift: int = 0) -> tuple[CodeBlock, ...]: ...


class Reading:
    """A text's links, fences and code blocks. A reading cut at fences keeps them as offsets
    (`pending`) and makes them on first use; `unclosed()` and `code_in()` make only the ones
    they return (fence-unclosed and remote-exec ask for little of most texts)."""

    __slots__ = ("links", "_fences", "_code", "_pending", "_shift")

    def __init__(self, links: tuple[Link, ...] = (), fences: tuple[Fence, ...] = (), code: tuple[CodeBlock, ...] = (),
                 pending: Blocks | None = None, shift: int = 0) -> None:
        self.links = links
        self._fences, self._code = fences, code
        self._pending, self._shift = pending, shift

    def _made(self) -> None:
        if self._pending is not None:
            self._fences, self._code = self._pending.blocks(self._shift)
            self._pending = None

    @property
    def fences(self) -> tuple[Fence, ...]:
        self._made()
        return self._fences

    @property
    def code(self) -> tuple[CodeBlock, ...]:
        self._made()
        return self._code

    def unclosed(self) -> tuple[Fence, ...]:
        """The fences no closing fence ends."""
        if self._pending is not None:
            return self._pending.unclosed(self._shift)
        return tuple(fence for fence in self._fences if not fence.closed)

    def code_in(self, infos: frozenset[str]) -> tuple[CodeBlock, ...]:
        """The code blocks whose info word is one of `infos`."""
        if self._pending is not None:
            return self._pending.code_in(infos, self._shift)
        return tuple(block for block in self._code if block.info in infos)

    def shifted(self, lines: int) -> Reading:
        """The same reading for a text that starts `lines` lines further down its file."""
        if not lines or not (self.links or self._fences or self._code or self._pending):
            return self
        links = tuple(Link(k.line + lines, k.column, k.target, k.kind) for k in self.links)
        if self._pending is not None:
            return Reading(links, pending=self._pending, shift=self._shift + lines)
        return Reading(links, tuple(Fence(f.line + lines, f.column, f.marker, f.closed) for f in self._fences),
                       tuple(CodeBlock(c.line + lines, c.info, c.text) for c in self._code))

    def _parts(self) -> tuple[tuple[Link, ...], tuple[Fence, ...], tuple[CodeBlock, ...]]:
        return self.links, self.fences, self.code

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reading) and self._parts() == other._parts()

    __hash__ = None  # type: ignore[assignment]  # equal readings may be made at different times

    def __repr__(self) -> str:
        return f"Reading(links={self.links!r}, fences={self.fences!r}, code={self.code!r})"


EMPTY = Reading()
