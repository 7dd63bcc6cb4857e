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
                    "warnings": result.count(Severity.WARNING), "infos": result.count(Severity.INFO)},
    }


def utf8(out: TextIO) -> bool:
    """Whether `out` takes any character (a StringIO or an -o file, UTF-8, does)."""
    import codecs

    encoding = getattr(out, "encoding", None)
    return not encoding or codecs.lookup(encoding).name == "utf-8"


def report(result: Result, out: TextIO) -> None:
    # \u escapes where the stream cannot hold a character (PYTHONIOENCODING=ascii, a cp1252 pipe)
    out.write(json.dumps(as_object(result), indent=2, ensure_ascii=not utf8(out)) + "\n")
