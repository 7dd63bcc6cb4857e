"""Whether a document is valid against one of skillkit's generated schemas, without jsonschema.

Most documents are valid, and jsonschema costs about a tenth of a millisecond each to say so
(and tens of milliseconds to import and build its validator): lint asks here first and runs
jsonschema, for its detailed errors, only on a document this says is not valid. The answer is
jsonschema's with skillkit's two changes (an integer is never a float or a bool; a pattern is
ECMA-262's, `$` the end of the text). Only the keywords the generated schemas use are known;
a schema with any other keyword (`not`, `propertyNames`: the transcript's, the catalog's and
the session's, one file a workspace) gets None, and jsonschema decides. tests/lint/test_fastschema.py holds the two equal: every property of every
schema set to values at its keywords' edges, and generated documents with one part changed.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Callable

from skillkit.core.fields import KINDS
from skillkit.core.resources import data_dir
from skillkit.core.schemas import _ecma_pattern, _integer

ANNOTATIONS = frozenset(("$schema", "$id", "title", "description", "default", "examples", "x-expected",
                         "$comment", "deprecated"))
Check = Callable[[Any], bool]


class _Unknown(Exception):
    """A keyword this module does not implement: leave the schema to jsonschema."""


@cache
def checker(kind_name: str) -> Check | None:
    """A function telling whether a document of `kind_name` is valid, or None when its schema
    uses a keyword this module does not know."""
    path = data_dir("schemas") / KINDS[kind_name].schema_id()
    try:
        return _compile(json.loads(path.read_text(encoding="utf-8")))
    except _Unknown:
        return None


def _compile(schema: Any) -> Check:
    if schema is True:
        return lambda _: True
    if schema is False:
        return lambda _: False
    if not isinstance(schema, dict):
        raise _Unknown
    checks: list[Check] = []
    for key, value in schema.items():
        if key in ANNOTATIONS:
            continue
        make = _KEYWORDS.get(key)
        if make is None:
            raise _Unknown
        checks.append(make(value, schema))
    return lambda instance: all(check(instance) for check in checks)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, Check] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: _integer(None, v),  # the validator's own rule: never 2.0, never True
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


def _type(value: Any, _: dict[str, Any]) -> Check:
    names = value if isinstance(value, list) else [value]
    if not all(isinstance(name, str) and name in _TYPES for name in names):
        raise _Unknown
    tests = [_TYPES[name] for name in names]
    return lambda instance: any(test(instance) for test in tests)


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's equality: a bool is never a number, containers compare item by item."""
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, bool) or isinstance(two, bool):
        return type(one) is type(two) and one == two
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(_equal(one[k], two[k]) for k in one)
    if isinstance(one, (list, dict)) or isinstance(two, (list, dict)):
        return False
    return bool(one == two)


def _enum(value: Any, _: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        raise _Unknown
    return lambda instance: any(_equal(instance, member) for member in value)


def _pattern(value: Any, _: dict[str, Any]) -> Check:
    compiled = _ecma_pattern(value)
    return lambda instance: not isinstance(instance, str) or compiled.search(instance) is not None


def _bound(test: Callable[[Any, Any], bool], applies: Check) -> Callable[[Any, dict[str, Any]], Check]:
    def make(value: Any, _: dict[str, Any]) -> Check:
        if not _is_number(value):
            raise _Unknown
        return lambda instance: not applies(instance) or test(instance, value)
    return make


def _properties(value: Any, _: dict[str, Any]) -> Check:
    if not isinstance(value, dict):
        raise _Unknown
    compiled = {key: _compile(sub) for key, sub in value.items()}

    def check(instance: Any) -> bool:
        if not isinstance(instance, dict):
            return True
        return all(test(instance[key]) for key, test in compiled.items() if key in instance)
    return check


def _additional(value: Any, schema: dict[str, Any]) -> Check:
    if "patternProperties" in schema:
        raise _Unknown
    known = set(schema.get("properties", {}))
    test = _compile(value)

    def check(instance: Any) -> bool:
        if not isinstance(instance, dict):
            return True
        return all(test(item) for key, item in instance.items() if key not in known)
    return check


def _required(value: Any, _: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        raise _Unknown
    return lambda instance: not isinstance(instance, dict) or all(key in instance for key in value)


def _items(value: Any, schema: dict[str, Any]) -> Check:
    if "prefixItems" in schema:
        raise _Unknown
    test = _compile(value)
    return lambda instance: not isinstance(instance, list) or all(test(item) for item in instance)


def _one_of(value: Any, _: dict[str, Any]) -> Check:
    if not isinstance(value, list):
        raise _Unknown
    tests = [_compile(sub) for sub in value]
    return lambda instance: sum(1 for test in tests if test(instance)) == 1


def _is_string(value: Any) -> bool:
    return isinstance(value, str)


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _is_array(value: Any) -> bool:
    return isinstance(value, list)


_KEYWORDS: dict[str, Callable[[Any, dict[str, Any]], Check]] = {
    "type": _type,
    "enum": _enum,
    "pattern": _pattern,
    "minLength": _bound(lambda v, n: len(v) >= n, _is_string),
    "maxLength": _bound(lambda v, n: len(v) <= n, _is_string),
    "minimum": _bound(lambda v, n: v >= n, _is_number),
    "exclusiveMinimum": _bound(lambda v, n: v > n, _is_number),
    "maxProperties": _bound(lambda v, n: len(v) <= n, _is_object),
    "minProperties": _bound(lambda v, n: len(v) >= n, _is_object),
    "maxItems": _bound(lambda v, n: len(v) <= n, _is_array),
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "oneOf": _one_of,
}
