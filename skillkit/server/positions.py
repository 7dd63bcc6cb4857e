"""Lint's places (1-based line and column, in code points of the text as lint reads it: no
byte-order mark, LF line ends) as LSP positions (0-based, in the client's position encoding:
UTF-16 code units unless it asked for UTF-8 or UTF-32), and back."""

from __future__ import annotations

import bisect

BOM = "\ufeff"


def units(text: str, encoding: str) -> int:
    """How many code units of `encoding` `text` takes."""
    if encoding == "utf-8":
        return len(text.encode("utf-8", errors="surrogatepass"))
    if encoding == "utf-32":
        return len(text)
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def code_points(line: str, count: int, encoding: str) -> int:
    """How many code points of `line` the first `count` units of `encoding` cover (clamped)."""
    if encoding == "utf-32":
        return max(0, min(count, len(line)))
    seen = 0
    for index, char in enumerate(line):
        if seen >= count:
            return index
        seen += units(char, encoding)
    return len(line)


class Text:
    """A document's text as the client holds it, with the lines LSP positions count.

    Conversions are answered from tables built once per line (and once per text for line
    starts), so a file with a finding at every link of a one-megabyte line costs one pass, not
    one pass a finding."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.text = text
        self.encoding = encoding
        self.lines = text.split("\n")
        self._starts: list[int] | None = None
        self._units: dict[int, list[int] | None] = {}  # per line: units before each code point; None: 1 each

    @property
    def bom(self) -> bool:
        return self.text.startswith(BOM)

    def lint_text(self) -> str:
        """The text as lint reads it: no byte-order mark, CRLF as LF."""
        text = self.text[1:] if self.bom else self.text
        return text.replace("\r\n", "\n") if "\r" in text else text

    def line(self, number: int) -> str:
        """Line `number` (0-based) without its line end; "" past the end."""
        return self.lines[number].removesuffix("\r") if 0 <= number < len(self.lines) else ""

    def _table(self, number: int) -> list[int] | None:
        """Units of the encoding before each code point of line `number`; None when every code
        point is one unit (ASCII, or UTF-32)."""
        if number not in self._units:
            text = self.line(number)
            if self.encoding == "utf-32" or text.isascii():
                self._units[number] = None
            else:
                table, seen = [0], 0
                for char in text:
                    seen += units(char, self.encoding)
                    table.append(seen)
                self._units[number] = table
        return self._units[number]

    def _units_before(self, number: int, points: int) -> int:
        table = self._table(number)
        return points if table is None else table[points]

    def _points_within(self, number: int, count: int) -> int:
        """How many code points of line `number` its first `count` units cover (clamped)."""
        size = len(self.line(number))
        table = self._table(number)
        if table is None:
            return max(0, min(count, size))
        return min(bisect.bisect_left(table, max(0, count)), size)

    def position(self, line: int, column: int) -> tuple[int, int]:
        """Lint's (line, column) as an LSP (line, character), clamped to the text."""
        number = max(0, min(line - 1, len(self.lines) - 1))
        start = 1 if number == 0 and self.bom else 0  # the mark lint does not count
        points = max(0, min(column - 1 + start, len(self.line(number))))
        return number, self._units_before(number, points)

    def points(self, line: int, character: int) -> int:
        """An LSP character on `line` as a code-point index into that line as the client has it."""
        return self._points_within(line, character) if 0 <= line < len(self.lines) else 0

    def place(self, line: int, character: int) -> tuple[int, int]:
        """An LSP (line, character) as lint's (line, column)."""
        points = self.points(line, character)
        if line == 0 and self.bom:
            points = max(0, points - 1)
        return line + 1, points + 1

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            starts, at = [], 0
            for text in self.lines:
                starts.append(at)
                at += len(text) + 1
            self._starts = starts
        return self._starts

    def offset(self, line: int, character: int) -> int:
        """An LSP position as an offset into `text`."""
        number = max(0, min(line, len(self.lines) - 1))
        return self._line_starts()[number] + code_points(self.lines[number], character, self.encoding)

    def at_offset(self, offset: int) -> tuple[int, int]:
        """An offset into `text` as an LSP (line, character)."""
        starts = self._line_starts()
        number = max(0, bisect.bisect_right(starts, offset) - 1)
        return number, units(self.text[starts[number]:offset], self.encoding)
