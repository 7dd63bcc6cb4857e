"""`--format sarif`: a SARIF 2.1.0 log, for code-scanning uploads."""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from skillkit import __version__
from skillkit.core.diagnostics import Severity
from skillkit.core.pipeline import Result
from skillkit.reporters.json import utf8
from skillkit.reporters.locations import Locator, region
from skillkit.rules import REGISTRY

LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# Each rule's documentation: the generated schemas/rules.md, one anchor per rule id.
RULES_DOC = "https://skillkit.dev/schemas/rules.md"
FINGERPRINT = "skillkit/v1"


def artifact(path: str | None, absolute: str) -> dict[str, str]:
    """A SARIF artifactLocation: `uri` is a URI reference from the repository's top (escaped:
    spaces, `#`, `%`); a file outside the repository is an absolute `file:` URI with no base."""
    if path is None:
        return {"uri": Path(absolute).as_uri()}
    # RFC 3986 lets sub-delimiters stand in a path; `:` is escaped (a first segment would read as a scheme).
    return {"uri": quote(path, safe="/!$&'()*+,;=@"), "uriBaseId": "%SRCROOT%"}


def _fingerprint(rule: str, path: str, line_text: str | None, message: str, seen: Counter[str]) -> str:
    """Stable across runs and line moves: the rule, the file, the line's own text and the
    message, never the line number; the same finding twice in a file is told apart by order."""
    key = hashlib.sha256("\0".join((rule, path, (line_text or "").strip(), message)).encode()).hexdigest()[:32]
    seen[key] += 1
    return f"{key}:{seen[key]}"


def _rule_descriptor(rule: Any) -> dict[str, Any]:
    return {
        "id": rule.id,
        "name": "".join(part.title() for part in rule.id.split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.doc},
        "helpUri": f"{RULES_DOC}#{rule.id}",
        "help": {"text": rule.doc, "markdown": rule.doc},
        "defaultConfiguration": {"level": LEVEL[rule.severity]},
        "properties": {"world": rule.world},
    }


def as_object(result: Result, locator: Locator | None = None) -> dict[str, Any]:
    locator = locator or Locator()
    # Only the rules that produced results: the log describes this run, and stays small.
    used = {d.rule for d in result.diagnostics}
    rules = [_rule_descriptor(rule) for rule in REGISTRY if rule.id in used]
    # A core finding no rule documents yet is still a result, never dropped from the log.
    rules += [{"id": rule_id} for rule_id in sorted(used - {rule["id"] for rule in rules})]
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    seen: Counter[str] = Counter()
    results = []
    for d in result.diagnostics:
        from_top = locator.from_top(d.path)
        results.append({
            "ruleId": d.rule,
            "ruleIndex": index[d.rule],
            "level": LEVEL[d.severity],
            "message": {"text": d.message},
            "locations": [{"physicalLocation": {
                "artifactLocation": artifact(from_top, locator.absolute(d.path)),
                "region": region(locator, d.path, d.line, d.column),
            }}],
            "partialFingerprints": {FINGERPRINT: _fingerprint(d.rule, from_top or locator.absolute(d.path),
                                                              locator.line(d.path, d.line), d.message, seen)},
        })
    arguments = list(sys.argv[1:])
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "skillkit", "version": __version__, "semanticVersion": __version__,
                                "informationUri": "https://skillkit.dev/", "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path(locator.top).as_uri().rstrip("/") + "/"}},
            "invocations": [{"executionSuccessful": True, "commandLine": shlex.join(["skillkit", *arguments]),
                             "arguments": arguments,
                             "workingDirectory": {"uri": Path(locator.cwd).as_uri().rstrip("/") + "/"}}],
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def report(result: Result, out: TextIO, color: bool | None = None) -> None:  # (never coloured)
    out.write(json.dumps(as_object(result), indent=2, ensure_ascii=not utf8(out)) + "\n")
