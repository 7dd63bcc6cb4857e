"""`rules --format json`: the registry's rules, each with its documentation."""

from __future__ import annotations

import json
from typing import Any, Sequence, TextIO


def report(rules: Sequence[Any], out: TextIO, color: bool | None = None, quiet: bool = False) -> None:
    out.write(json.dumps([{"id": r.id, "severity": str(r.severity), "world": r.world, "summary": r.summary,
                           "fix": None if r.fix is None else "safe" if r.fix.safe else "unsafe",
                           "doc": r.doc} for r in rules], indent=2) + "\n")
