"""`--format sarif`: a SARIF 2.1.0 log, for code-scanning uploads."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from skillkit import __version__
from skillkit.core.diagnostics import Severity
from skillkit.core.pipeline import Result
from skillkit.reporters.json import utf8
from skillkit.rules import REGISTRY

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def artifact(path: str) -> dict[str, str]:
    """A SARIF artifactLocation: `uri` is a URI reference, so spaces, `#` and `%` are escaped;
    a path outside the working folder is an absolute `file:` URI with no base."""
    if os.path.isabs(path):
        return {"uri": Path(path).as_uri()}
    # RFC 3986 lets sub-delimiters stand in a path; `:` is escaped (a first segment would read as a scheme).
    return {"uri": quote(path, safe="/!$&'()*+,;=@"), "uriBaseId": "%SRCROOT%"}


def as_object(result: Result) -> dict[str, Any]:
    # Only the rules that produced results: the log describes this run, and stays small.
    used = {d.rule for d in result.diagnostics}
    chosen = [rule for rule in REGISTRY if rule.id in used]
    rules = [{
        "id": rule.id,
        "name": "".join(part.title() for part in rule.id.split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.doc},
        "defaultConfiguration": {"level": LEVEL[rule.severity]},
        "properties": {"world": rule.world},
    } for rule in chosen]
    # A core finding no rule documents yet is still a result, never dropped from the log.
    rules += [{"id": rule_id} for rule_id in sorted(used - {rule.id for rule in chosen})]
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = [{
        "ruleId": d.rule,
        "ruleIndex": index[d.rule],
        "level": LEVEL[d.severity],
        "message": {"text": d.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact(d.path),
            "region": {"startLine": d.line, "startColumn": d.column},
        }}],
    } for d in result.diagnostics]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "skillkit", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def report(result: Result, out: TextIO) -> None:
    out.write(json.dumps(as_object(result), indent=2, ensure_ascii=not utf8(out)) + "\n")
