"""Data + positions -> schema diagnostics, using the generated schema of the document's kind."""

from __future__ import annotations

from typing import Any

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.fields import KINDS
from skillkit.core.positions import locate, message
from skillkit.core.schemas import validator
from skillkit.core.yamlparse import ParsedYaml


def _leaf_errors(error: Any) -> list[Any]:
    """For `oneOf`/`anyOf` over a value's types, the type error alone reads best; keep the
    combinator's own error unless one branch matched the type and failed deeper."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    deeper = [e for e in error.context if e.validator != "type" and len(e.absolute_path) > len(error.absolute_path)]
    return deeper or [error]


def schema_diagnostics(kind_name: str, parsed: ParsedYaml, path: str) -> list[Diagnostic]:
    kind = KINDS[kind_name]
    out: list[Diagnostic] = []
    for error in validator(kind_name).iter_errors(parsed.data):
        for leaf in _leaf_errors(error):
            rule, where, at_key = locate(leaf, kind)
            line, column = parsed.where(where, at_key=at_key)
            out.append(Diagnostic(path, line, column, rule, Severity.ERROR, message(leaf, where)))
    return out
