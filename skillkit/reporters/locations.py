"""Where machine formats place a finding: paths from the repository's top (the nearest folder
holding `.git` above the working folder), else from the working folder, so the same tree gives
the same report from any folder (DESIGN 4) and code scanning can place every result."""

from __future__ import annotations

import os
from pathlib import Path

from skillkit.core.reader import read_text


class Locator:
    """Turns a diagnostic's path (shown relative to the working folder) into one from the top."""

    def __init__(self, cwd: str | None = None) -> None:
        self.cwd = os.path.realpath(cwd or os.getcwd())
        self.top = self._top(self.cwd)
        self._lines: dict[str, list[str] | None] = {}

    @staticmethod
    def _top(start: str) -> str:
        folder = Path(start)
        for candidate in (folder, *folder.parents):
            if (candidate / ".git").exists():
                return str(candidate)
        return start

    def absolute(self, path: str) -> str:
        return os.path.normpath(os.path.join(self.cwd, path))

    def from_top(self, path: str) -> str | None:
        """The path relative to the top, with `/`; None for a file outside it."""
        absolute = self.absolute(path)
        if absolute != self.top and not absolute.startswith(self.top.rstrip(os.sep) + os.sep):
            return None
        return Path(os.path.relpath(absolute, self.top)).as_posix()

    def hold(self, path: str, text: str) -> None:
        """Read `path` as `text` (LF line ends, no byte-order mark), not from the disk: an
        editor's unsaved buffer, in the language server."""
        self._lines[path] = text.split("\n")

    def line(self, path: str, number: int) -> str | None:
        """The text of one line of a reported file (read once, capped as every read is)."""
        if path not in self._lines:
            try:
                source, _ = read_text(Path(self.absolute(path)), path)
            except Exception:  # noqa: BLE001 - gone or unreadable since lint read it: no extent, no harm
                source = None
            self._lines[path] = source.text.split("\n") if source is not None else None
        lines = self._lines[path]
        return lines[number - 1] if lines is not None and 0 < number <= len(lines) else None

    def yaml_line(self, path: str, number: int) -> str | None:
        """`line`, when that line is YAML: a workspace file's, or inside a SKILL.md's frontmatter."""
        text = self.line(path, number)
        if text is None or not path.endswith("SKILL.md"):
            return text
        lines = self._lines[path] or []
        if not lines or lines[0].rstrip() != "---":
            return None
        closing = next((i for i, t in enumerate(lines[1:], start=2) if t.rstrip() == "---"), len(lines) + 1)
        return text if 1 < number < closing else None


def value_end(line: str, column: int) -> int | None:
    """The column just after the YAML scalar (or `key`) starting at `column`, on one line; None
    where the finding does not start a one-line value (a mapping, a list, Markdown)."""
    start = column - 1
    if start >= len(line):
        return None
    first = line[start]
    if first in "\"'":
        at = start + 1
        while at < len(line):
            if line[at] == first:
                if first == "'" and line[at + 1:at + 2] == "'":  # '' is an escaped quote
                    at += 2
                    continue
                return at + 2
            at += 2 if first == '"' and line[at] == "\\" else 1
        return None
    if first in "[{|>!&*#-`<" or not first.strip():
        return None
    end = len(line)
    for stop in (" #", ": "):
        found = line.find(stop, start)
        if found >= 0:
            end = min(end, found)
    if line.endswith(":") and end == len(line):
        end -= 1
    text = line[start:end].rstrip()
    return start + len(text) + 1 if text else None


def region(locator: Locator, path: str, line: int, column: int) -> dict[str, int]:
    """A SARIF region: the start, and the end where the finding spans a one-line YAML value."""
    out = {"startLine": line, "startColumn": column}
    text = locator.yaml_line(path, line)
    end = value_end(text, column) if text is not None else None
    following = locator.line(path, line + 1)
    if end is not None and text is not None and following and following.strip() and \
            len(following) - len(following.lstrip()) > len(text) - len(text.lstrip()):
        end = None  # a plain scalar folded over the lines below: it does not end here
    if end is not None and end > column:  # the value (or key) the finding is about, on its line
        out.update(endLine=line, endColumn=end)
    return out
