"""`--format json`: exactly DESIGN 4.1's object."""

from __future__ import annotations

import json
from typing import Any, TextIO

from skillkit.core.diagnostics import Severity
from skillkit.core.pipeline import Result


def as_object(result: Result) -> dict[str, Any]:
    return {
        "diagnostics": [d.as_json() for d in result.diagnostics],
        "summary": {"files": result.files, "errors": result.count(Severity.ERROR),
                    "warnings": result.count(Severity.WARNING)},
    }


def report(result: Result, out: TextIO) -> None:
    out.write(json.dumps(as_object(result), indent=2, ensure_ascii=False) + "\n")
