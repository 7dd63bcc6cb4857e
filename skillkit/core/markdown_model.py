"""What a reading of a Markdown text holds (core/markdown.py makes it). Positions are 1-based
lines and columns of the text read, counted in characters. Named tuples, not dataclasses:
they cost a tenth as much to define, and this module is imported by every lint run."""

from __future__ import annotations

from typing import NamedTuple


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


class Reading(NamedTuple):
    links: tuple[Link, ...] = ()
    fences: tuple[Fence, ...] = ()
    code: tuple[CodeBlock, ...] = ()

    def shifted(self, lines: int) -> Reading:
        """The same reading for a text that starts `lines` lines further down its file."""
        if not lines or not (self.links or self.fences or self.code):
            return self
        return Reading(tuple(Link(k.line + lines, k.column, k.target, k.kind) for k in self.links),
                       tuple(Fence(f.line + lines, f.column, f.marker, f.closed) for f in self.fences),
                       tuple(CodeBlock(c.line + lines, c.info, c.text) for c in self.code))


EMPTY = Reading()
