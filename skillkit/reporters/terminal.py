"""Human output's one boundary against control characters from input.

Text from input (a body, a trigger, a file name, a session's tool name) may hold ESC, C1 or
bidirectional controls that a terminal acts on: clear the screen, set its title, reorder a line.
Every command's standard output and error pass through `EscapedOutput` (put in place by the
entry point), which writes each such code point as `\\x1b`, `\\u202e` (`core.paths.shown`, with
newline and tab kept). What skillkit draws itself goes beneath it: a Rich console writes to the
stream under the escape (`unescaped`) and escapes the text of what it draws segment by segment
(`escaping_hook`), so its colours and progress bar stay escape sequences while the text they
colour is escaped. JSON stays JSON: its writers escape C0 themselves, and DEL, C1 and the bidi
controls are escaped in JSON's own `\\u` spelling, so a document decodes to what it held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, TextIO

from skillkit.core.paths import shown

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult, RenderHook


class EscapedOutput:
    """A text stream whose every write escapes control characters from input."""

    def __init__(self, stream: TextIO) -> None:
        self.unescaped = stream

    def write(self, text: str) -> int:
        self.unescaped.write(shown(text, lines=True))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> object:
        return getattr(self.unescaped, name)


def unescaped(out: TextIO) -> TextIO:
    """The stream under `out`'s escape, for text that is safe already (Rich's drawing of escaped
    text) or must arrive byte for byte (the fixed file `lint --fix --stdin-filename` writes)."""
    return getattr(out, "unescaped", out)


def escaping_hook() -> "RenderHook":
    """A Rich render hook that escapes the text of every segment a console draws (control
    segments, Rich's own cursor moves, pass as they are)."""
    from rich.console import RenderHook
    from rich.segment import Segment

    class _Escaped:
        def __init__(self, inner: "RenderableType") -> None:
            self.inner = inner

        def __rich_console__(self, console: "Console", options: "ConsoleOptions") -> "RenderResult":
            for segment in console.render(self.inner, options):
                yield segment if segment.control else Segment(shown(segment.text, lines=True), segment.style)

    class _Hook(RenderHook):
        def process_renderables(self, renderables: list) -> list:  # type: ignore[type-arg]
            return [_Escaped(r) for r in renderables]

    return _Hook()
