"""Lint's places (1-based line and column, in code points of the text as lint reads it: no
byte-order mark, LF line ends) as LSP positions (0-based, in the client's position encoding:
UTF-16 code units unless it asked for UTF-8 or UTF-32), and back."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Text:
    """A document's text as the client holds it, with the lines LSP positions count."""

    text: str
    encoding: str = "utf-16"

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", self.text.split("\n"))

    @property
    def bom(self) -> bool:
        return self.text.startswith(BOM)

    def lint_text(self) -> str:
        """The text as lint reads it: no byte-order mark, CRLF as LF."""
        text = self.text[1:] if self.bom else self.text
        return text.replace("\r\n", "\n") if "\r" in text else text

    def line(self, number: int) -> str:
        """Line `number` (0-based) without its line end; "" past the end."""
        lines: list[str] = self.lines  # type: ignore[attr-defined]
        return lines[number].removesuffix("\r") if 0 <= number < len(lines) else ""

    def position(self, line: int, column: int) -> tuple[int, int]:
        """Lint's (line, column) as an LSP (line, character), clamped to the text."""
        lines: list[str] = self.lines  # type: ignore[attr-defined]
        number = max(0, min(line - 1, len(lines) - 1))
        text = self.line(number)
        start = 1 if number == 0 and self.bom else 0  # the mark lint does not count
        points = max(0, min(column - 1 + start, len(text)))
        return number, units(text[:points], self.encoding)

    def points(self, line: int, character: int) -> int:
        """An LSP character on `line` as a code-point index into that line as the client has it."""
        return code_points(self.line(line), character, self.encoding)

    def place(self, line: int, character: int) -> tuple[int, int]:
        """An LSP (line, character) as lint's (line, column)."""
        text = self.line(line)
        points = code_points(text, character, self.encoding)
        if line == 0 and self.bom:
            points = max(0, points - 1)
        return line + 1, points + 1

    def offset(self, line: int, character: int) -> int:
        """An LSP position as an offset into `text`."""
        lines: list[str] = self.lines  # type: ignore[attr-defined]
        number = max(0, min(line, len(lines) - 1))
        start = sum(len(lines[i]) + 1 for i in range(number))
        return start + code_points(lines[number], character, self.encoding)

    def at_offset(self, offset: int) -> tuple[int, int]:
        """An offset into `text` as an LSP (line, character)."""
        head = self.text[:offset]
        number = head.count("\n")
        start = head.rfind("\n") + 1
        return number, units(self.text[start:offset], self.encoding)
