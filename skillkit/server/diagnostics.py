"""Lint's findings as LSP diagnostics: the range starts where lint's line and column say and
ends where SARIF's region does (the one-line YAML value or key the finding is about), in the
client's position encoding; `code` is the rule id, `codeDescription` its documentation."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.reader import MAX_FILE_BYTES, read_bytes
from skillkit.reporters.locations import Locator, region
from skillkit.reporters.sarif import RULES_DOC
from skillkit.server.positions import Text

SEVERITY = {Severity.ERROR: types.DiagnosticSeverity.Error, Severity.WARNING: types.DiagnosticSeverity.Warning,
            Severity.INFO: types.DiagnosticSeverity.Information}


def disk_text(path: Path) -> str:
    """A file's text as an editor would show it (bad bytes replaced), "" when it cannot be read."""
    try:
        data = read_bytes(path, MAX_FILE_BYTES * 2)
    except Exception:  # noqa: BLE001 - gone or unreadable: a finding says so, the range is the start
        return ""
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else ""


def help_uri(rule: str) -> str | None:
    from skillkit.rules import BY_ID

    return f"{RULES_DOC}#{rule}" if rule in BY_ID else None


def lsp_range(text: Text, shown: str, locator: Locator, line: int, column: int) -> types.Range:
    locator.hold(shown, text.lint_text())
    place = region(locator, shown, line, column)
    start = text.position(line, column)
    end = text.position(place.get("endLine", line), place.get("endColumn", column))
    if end <= start:  # no extent known: the character there (an empty range is easy to miss)
        end = (start[0], start[1] + (1 if start[1] < len(text.line(start[0])) else 0))
    return types.Range(types.Position(*start), types.Position(*end))


def to_lsp(found: list[Diagnostic], text: Text, shown: str, locator: Locator) -> list[types.Diagnostic]:
    out = []
    for d in found:
        uri = help_uri(d.rule)
        out.append(types.Diagnostic(
            range=lsp_range(text, shown, locator, d.line, d.column),
            message=d.message,
            severity=SEVERITY[d.severity],
            code=d.rule,
            code_description=types.CodeDescription(href=uri) if uri else None,
            source="skillkit",
            data={"rule": d.rule, "line": d.line, "column": d.column},
        ))
    return out
