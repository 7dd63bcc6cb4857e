"""`import --format json`: the import report's document (`ImportReport.as_json`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from skillkit.authoring.report import ImportReport


def report(result: ImportReport, out: TextIO, color: bool | None = None) -> None:
    out.write(json.dumps(result.as_json(), indent=2, ensure_ascii=False) + "\n")
