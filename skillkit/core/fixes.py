"""`lint --fix`: the fixes that cannot change what a skill means, as edits of a file's own text.

Each edit rewrites only the bytes it must: comments, order, quoting and line ends elsewhere are
kept. A fix that cannot be made that way on the text as written (a comment on the line, a value
over several lines) is not made: the finding stays for a person to settle.

Fixable rules (each rule's documentation says what its fix does):
- `byte-order-mark`: the UTF-8 byte-order mark is removed;
- `trigger-blank`: the blank trigger is removed from its list (the matcher ignores it anyway);
- `allowed-tools-list`: a one-line or block YAML list of tool names (none holding a space) becomes
  the spec's space-separated string.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.frontmatter import parse_frontmatter
from skillkit.core.reader import BOM, SourceText, Stamp
from skillkit.core.yamlparse import ParsedYaml


@dataclass(frozen=True, order=True)
class Edit:
    start: int  # offsets into the file's text as read (BOM and CRLF included)
    end: int
    text: str


class _File:
    """A file's raw text with the offset of every line as its diagnostics count them."""

    def __init__(self, raw: str, path: str) -> None:
        self.raw = raw
        self.bom = raw.startswith(BOM)
        self.starts = [0]
        for index, char in enumerate(raw):
            if char == "\n":
                self.starts.append(index + 1)
        self.path = path
        self._parsed: ParsedYaml | None | bool = False

    def line(self, number: int) -> str:
        """Line `number` (1-based) without its line end."""
        start = self.starts[number - 1]
        end = self.starts[number] if number < len(self.starts) else len(self.raw)
        return self.raw[start:end].rstrip("\n").rstrip("\r")

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1 + (1 if self.bom and line == 1 else 0)

    def line_span(self, line: int) -> tuple[int, int]:
        """The whole of line `line`, its line end included."""
        end = self.starts[line] if line < len(self.starts) else len(self.raw)
        return self.starts[line - 1], end

    def parsed(self) -> ParsedYaml | None:
        if self._parsed is False:
            text = self.raw[1:] if self.bom else self.raw
            _, parsed, _ = parse_frontmatter(SourceText(self.path, text.replace("\r\n", "\n"), self.bom))
            self._parsed = parsed if parsed is not None and parsed.ok else None
        return self._parsed  # type: ignore[return-value]


def _bom(file: _File, diag: Diagnostic) -> list[Edit]:
    return [Edit(0, 1, "")] if file.bom else []


_QUOTED_BLANK = r"(?:\"[ \t]*\"|'[ \t]*')"
_BLOCK_BLANK = re.compile(rf"^[ \t]*-[ \t]*{_QUOTED_BLANK}[ \t]*$")


def _blank_trigger(file: _File, diag: Diagnostic) -> list[Edit]:
    text = file.line(diag.line)
    if _BLOCK_BLANK.match(text):  # `  - ""` on a line of its own: the line goes
        return [Edit(*file.line_span(diag.line), "")]
    at = diag.column - 1
    token = re.compile(_QUOTED_BLANK).match(text, at)
    if token is None or "[" not in text[:at] or "]" not in text[token.end():]:
        return []
    after = re.compile(r"[ \t]*,[ \t]*").match(text, token.end())
    if after is not None:  # `[a, "", b]` -> `[a, b]`
        end = after.end()
        return [Edit(file.offset(diag.line, at + 1), file.offset(diag.line, end + 1), "")]
    before = re.search(r",[ \t]*$", text[:at])
    start = before.start() if before is not None else at
    return [Edit(file.offset(diag.line, start + 1), file.offset(diag.line, token.end() + 1), "")]


_PLAIN_ITEM = re.compile(r"^[ \t]*-[ \t]+([^\s#'\"]\S*|\"[^\"\\\s]+\"|'[^'\s]+')[ \t]*$")


def _tools_list(file: _File, diag: Diagnostic) -> list[Edit]:
    parsed = file.parsed()
    if parsed is None or not isinstance(parsed.data, dict):
        return []
    tools = parsed.data.get("allowed-tools")
    if not isinstance(tools, list) or not tools or not all(isinstance(t, str) and t and not any(c.isspace() for c in t)
                                                           for t in tools):
        return []
    value = json.dumps(" ".join(tools), ensure_ascii=False)  # a YAML double-quoted scalar
    line, column = parsed.positions[("allowed-tools",)]
    key_line, _ = parsed.key_positions[("allowed-tools",)]
    text = file.line(line)
    if text[column - 1:column] == "[":  # flow list on one line: `[Read, Grep]` -> `"Read Grep"`
        close = text.find("]", column)
        if close < 0 or "[" in text[column:close] or "#" in text[column:close]:
            return []
        return [Edit(file.offset(line, column), file.offset(line, close + 2), value)]
    lines = [parsed.positions[("allowed-tools", i)][0] for i in range(len(tools))]
    if key_line == line or lines != list(range(lines[0], lines[0] + len(tools))) or \
            not all(_PLAIN_ITEM.match(file.line(n)) for n in lines):
        return []
    key_text = file.line(key_line)
    colon = key_text.find(":", parsed.key_positions[("allowed-tools",)][1] - 1)
    if colon < 0 or key_text[colon + 1:].strip():
        return []
    return [Edit(file.offset(key_line, colon + 2), file.offset(key_line, len(key_text) + 1), f" {value}"),
            Edit(file.line_span(lines[0])[0], file.line_span(lines[-1])[1], "")]


FIXERS: dict[str, Callable[[_File, Diagnostic], list[Edit]]] = {
    "byte-order-mark": _bom,
    "trigger-blank": _blank_trigger,
    "allowed-tools-list": _tools_list,
}


def fixable(diag: Diagnostic) -> bool:
    return diag.rule in FIXERS


def fix_text(raw: str, path: str, diagnostics: list[Diagnostic]) -> tuple[str, int]:
    """The text with every fix that applies made (edits that overlap an earlier one wait for the
    next pass), and how many findings were fixed."""
    file = _File(raw, path)
    chosen: list[Edit] = []
    fixed = 0
    for diag in sorted(diagnostics):
        if diag.rule not in FIXERS:
            continue
        edits = sorted(FIXERS[diag.rule](file, diag))
        if not edits or any(e.start < c.end and c.start < e.end or e == c for e in edits for c in chosen):
            continue
        chosen.extend(edits)
        fixed += 1
    out = raw
    for edit in sorted(chosen, reverse=True):
        out = out[:edit.start] + edit.text + out[edit.end:]
    return out, fixed


@dataclass(frozen=True)
class FileFix:
    path: str      # as the diagnostics show it
    before: str
    after: str
    fixed: int
    raw: bytes = b""  # the bytes planned on, and the file's status when they were read:
    stamp: Stamp | None = None  # it is fixed only if it still holds them (core/fix_write.py)


def plan_fixes(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> list[FileFix]:
    """The fixes for a run's findings, file by file (read now, written by the caller)."""
    from pathlib import Path

    from skillkit.core.reader import read_stamped

    by_file: dict[str, list[Diagnostic]] = {}
    for diag in diagnostics:
        if diag.rule in FIXERS:
            by_file.setdefault(diag.path, []).append(diag)
    out = []
    for path, found in sorted(by_file.items()):
        data, stamp = read_stamped(Path(path))
        if isinstance(data, int):
            continue
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        after, fixed = fix_text(raw, path, found)
        if fixed and after != raw:
            out.append(FileFix(path, raw, after, fixed, data, stamp))
    return out
