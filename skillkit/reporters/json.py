"""`--format json`: exactly the object ARCHITECTURE.md, Contracts: lint's json, describes."""

from __future__ import annotations

import json
from typing import Any, Callable, TextIO

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


def report(result: Result, out: TextIO, color: bool | None = None) -> None:  # (never coloured)
    # \u escapes where the stream cannot hold a character (PYTHONIOENCODING=ascii, a cp1252 pipe)
    out.write(dumps(as_object(result), not utf8(out)) + "\n")


def dumps(value: dict[str, Any], ascii_only: bool) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=ascii_only)` character for character. With an
    indent json writes in Python, a call a value, which a report of thousands of findings
    felt; this report's shape (a mapping of lists of flat mappings and of flat mappings) is
    written here, each string by json's own C encoder. Any other shape goes to json."""
    encode = json.encoder.encode_basestring_ascii if ascii_only else json.encoder.encode_basestring
    try:
        return _pretty(value, encode)
    except _OtherShape:
        return json.dumps(value, indent=2, ensure_ascii=ascii_only)


class _OtherShape(Exception):
    pass


def _pretty(value: dict[str, Any], encode: Callable[[str], str]) -> str:
    parts = []
    for key, item in value.items():
        if isinstance(item, list):
            body = ",\n".join(_mapping(entry, encode, "    ") for entry in item)
            text = f"[\n{body}\n  ]" if item else "[]"
        else:
            text = _mapping(item, encode, "  ")[2:]  # after the key, on its line
        parts.append(f"  {_key(key, encode)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}" if parts else "{}"


_FINDING = ("path", "line", "column", "rule", "severity", "message")  # Diagnostic.as_json's keys


def _mapping(mapping: Any, encode: Callable[[str], str], indent: str) -> str:
    """A flat mapping starting at `indent`, as json.dumps(indent=2) nests it there."""
    if not isinstance(mapping, dict):
        raise _OtherShape
    if len(mapping) == 6 and tuple(mapping) == _FINDING:
        # a finding, the thousands of a report: one format, not a generator over its items
        path, line, column, rule, severity, message = mapping.values()
        if type(line) is int and type(column) is int and all(type(v) is str for v in (path, rule, severity, message)):
            inner = indent + "  "
            return (f'{indent}{{\n{inner}"path": {encode(path)},\n{inner}"line": {int.__repr__(line)},\n'
                    f'{inner}"column": {int.__repr__(column)},\n{inner}"rule": {encode(rule)},\n'
                    f'{inner}"severity": {encode(severity)},\n{inner}"message": {encode(message)}\n{indent}}}')
    if not mapping:
        return indent + "{}"
    inner = indent + "  "
    lines = ",\n".join(f"{inner}{_key(key, encode)}: {_scalar(item, encode)}" for key, item in mapping.items())
    return f"{indent}{{\n{lines}\n{indent}}}"


def _key(key: Any, encode: Callable[[str], str]) -> str:
    if not isinstance(key, str):
        raise _OtherShape
    return encode(key)


def _scalar(item: Any, encode: Callable[[str], str]) -> str:
    if isinstance(item, str):
        return encode(item)
    if item is True:
        return "true"
    if item is False:
        return "false"
    if item is None:
        return "null"
    if type(item) is int:
        return int.__repr__(item)
    raise _OtherShape
