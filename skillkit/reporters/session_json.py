"""`session --format json`: the session's JSON document (`SessionReport.as_json`'s shape)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from skillkit.platform.session import SessionReport


def report(report: SessionReport, out: TextIO, color: bool | None = None, quiet: bool = False) -> None:
    """The JSON document, one turn per line, compact: json's C encoder runs only without
    indentation, and a session of 50,000 calls indented costs seconds to print."""
    def dumps(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    out.write(f'{{"agent":{dumps(report.agent)},"session":{dumps(report.session)},\n"turns":[\n')
    out.write(",\n".join(dumps(turn) for turn in report.turns))
    diagnostics = ",\n".join(dumps(d.as_json()) for d in report.diagnostics)
    out.write(f'\n],\n"diagnostics":[{chr(10) + diagnostics + chr(10) if diagnostics else ""}]}}\n')
