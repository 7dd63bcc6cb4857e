"""Data + positions -> schema diagnostics, using the generated schema of the document's kind."""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any, Iterable

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.fastschema import checker
from skillkit.core.fields import KINDS
from skillkit.core.positions import dotted, locate, message
from skillkit.core.schemas import validator
from skillkit.core.suggest import did_you_mean
from skillkit.core.yamlparse import ParsedYaml


def _leaf_errors(error: Any) -> list[Any]:
    """For `oneOf`/`anyOf` over a value's types, the type error alone reads best; keep the
    combinator's own error unless one branch matched the type and failed deeper."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    deeper = [e for e in error.context if e.validator != "type" and len(e.absolute_path) > len(error.absolute_path)]
    return deeper or [error]


def _follow(value: Any, path: Iterable[str | int]) -> Any:
    for part in path:
        value = value[part]
    return value


def _forbidden_key(error: Any, data: Any, root_schema: dict[str, Any]) -> str | None:
    """jsonschema reports a `false` property schema at the *object*, without the key's name
    (its path stops one level short); the key is the forbidden one holding the error's value."""
    if error.schema is not False or not error.absolute_schema_path or error.absolute_schema_path[-1] != "properties":
        return None
    container = _follow(data, error.absolute_path)
    properties = _follow(root_schema, error.absolute_schema_path)
    if not isinstance(container, dict):
        return None
    forbidden = [key for key in container if properties.get(key) is False]
    return next((key for key in forbidden if container[key] is error.instance), forbidden[0] if forbidden else None)


_IMPLICIT = {bool: "a boolean", int: "a number", float: "a number", date: "a date", datetime: "a date and time"}


def _written(source: str, at: tuple[int, int], line_offset: int) -> str | None:
    """A plain scalar as the file spells it (`1.10`, not the float 1.1): up to a comment, or in
    a flow mapping up to the next `,` or `}`."""
    lines = source.split("\n")
    index = at[0] - 1 - line_offset
    if not 0 <= index < len(lines):
        return None
    text = lines[index][at[1] - 1:]
    ends = [k for k in (text.find(" #"), text.find(","), text.find("}"), text.find("]")) if k >= 0]
    return text[:min(ends, default=len(text))].strip() or None


def _implicitly_typed(leaf: Any, kind: Any, parsed: ParsedYaml, source: str | None,
                      line_offset: int, path: str) -> Diagnostic | None:
    """A string field's value that YAML typed on its own (`updated: 2026-03-05`; ARCHITECTURE.md,
    Contracts: field values):
    a warning whose fix is the quoted form. Lists, mappings and empty values stay errors."""
    where = tuple(leaf.absolute_path)
    field = kind.field(where[0]) if where and isinstance(where[0], str) else None
    what = _IMPLICIT.get(type(leaf.instance))
    if leaf.validator != "type" or leaf.validator_value != "string" or field is None or not field.quoted_fix \
            or what is None or source is None:
        return None
    line, column = parsed.where(where)
    spelled = _written(source, (line, column), line_offset) or str(leaf.instance)
    key = where[-1]
    return Diagnostic(path, line, column, field.rule, Severity.WARNING,
                      f"`{dotted(where)}` is {what} to YAML, not a string, so clients read `{spelled}` "
                      f"differently; quote it: `{key}: {json.dumps(spelled, ensure_ascii=False)}`")


def _unknown_keys(leaf: Any, kind: Any, parsed: ParsedYaml, path: str) -> list[Diagnostic]:
    """One error per unknown key, at the key, with the known key it likely meant: jsonschema
    reports them together at the mapping."""
    rule, _, _ = locate(leaf, kind)
    known = list(leaf.schema.get("properties", {}))
    owner = tuple(leaf.absolute_path)
    out = []
    for key in sorted(set(leaf.instance) - set(known)):
        line, column = parsed.where(owner + (key,), at_key=True)
        inside = f" in `{dotted(owner)}`" if owner else ""
        out.append(Diagnostic(path, line, column, rule, Severity.ERROR,
                              f"unknown key `{key}`{inside}{did_you_mean(key, known)}"))
    return out


def schema_diagnostics(kind_name: str, parsed: ParsedYaml, path: str) -> list[Diagnostic]:
    return schema_check(kind_name, parsed, path)[0]


def schema_check(kind_name: str, parsed: ParsedYaml, path: str, source: str | None = None,
                 line_offset: int = 0) -> tuple[list[Diagnostic], frozenset[str]]:
    """The schema's diagnostics, and the top-level keys whose values break it (a profile may
    not report them, but a model must never be built from them). `source`: the YAML text the
    positions count in, from `line_offset` + 1 (for a quoted fix that spells the value as written)."""
    kind = KINDS[kind_name]
    valid = checker(kind_name)
    if valid is not None and valid(parsed.data):
        return [], frozenset()  # jsonschema (imported and built only now) is for the errors
    check = validator(kind_name)
    out: list[Diagnostic] = []
    invalid: set[str] = set()
    for error in check.iter_errors(parsed.data):
        top = error.absolute_path[0] if error.absolute_path else None
        if top is None and error.validator == "required":
            top = next((k for k in error.validator_value if k not in (parsed.data or {})), None)
        if isinstance(top, str):
            invalid.add(top)
        for leaf in _leaf_errors(error):
            if (soft := _implicitly_typed(leaf, kind, parsed, source, line_offset, path)) is not None:
                out.append(soft)
                continue
            if leaf.validator == "additionalProperties" and isinstance(leaf.instance, dict):
                out.extend(_unknown_keys(leaf, kind, parsed, path))
                continue
            if (key := _forbidden_key(leaf, parsed.data, check.schema)) is not None:
                leaf.path.append(key)  # what jsonschema left out; `locate` then points at the key
            rule, where, at_key = locate(leaf, kind)
            line, column = parsed.where(where, at_key=at_key)
            out.append(Diagnostic(path, line, column, rule, Severity.ERROR, message(leaf, where)))
    return out, frozenset(invalid)
