"""`lint --fix`: a rule's fix made as edits of a file's own text.

Each rule carries its own fix (a `Fix` in skillkit.core.rulebase, beside its check and its
documentation); this module runs them. Each edit rewrites only the bytes it must: comments,
order, quoting and line ends elsewhere are kept. A fix that cannot be made that way on the text
as written (a comment on the line, a value over several lines) is not made: the finding stays
for a person to settle. A safe fix cannot change what the file means and `--fix` makes it; an
unsafe one may, and only `--unsafe-fixes` makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.frontmatter import parse_frontmatter
from skillkit.core.reader import BOM, SourceText, Stamp
from skillkit.core.rulebase import Edit, Fix
from skillkit.core.yamlparse import ParsedYaml

__all__ = ["Edit", "FileFix", "FixFile", "fix_text", "plan_fixes"]


class FixFile:
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


def usable(fixes: Mapping[str, Fix], unsafe: bool = False) -> dict[str, Fix]:
    """The fixes a run makes: the safe ones, and with `unsafe` (`--unsafe-fixes`) every one."""
    return {rule: fix for rule, fix in fixes.items() if fix.safe or unsafe}


def fix_text(raw: str, path: str, diagnostics: list[Diagnostic], fixes: Mapping[str, Fix]) -> tuple[str, int]:
    """The text with every fix in `fixes` that applies made (edits that overlap an earlier one
    wait for the next pass), and how many findings were fixed."""
    file = FixFile(raw, path)
    chosen: list[Edit] = []
    fixed = 0
    for diag in sorted(diagnostics):
        fix = fixes.get(diag.rule)
        if fix is None:
            continue
        edits = sorted(fix.edits(file, diag))
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


def plan_fixes(diagnostics: tuple[Diagnostic, ...] | list[Diagnostic], fixes: Mapping[str, Fix]) -> list[FileFix]:
    """The fixes (`fixes`: usable()'s choice) for a run's findings, file by file (read now,
    written by the caller)."""
    from pathlib import Path

    from skillkit.core.reader import read_stamped

    by_file: dict[str, list[Diagnostic]] = {}
    for diag in diagnostics:
        if diag.rule in fixes:
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
        after, fixed = fix_text(raw, path, found, fixes)
        if fixed and after != raw:
            out.append(FileFix(path, raw, after, fixed, data, stamp))
    return out
