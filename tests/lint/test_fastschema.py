"""The fast validity check (core/fastschema.py) answers what jsonschema answers, for every
kind's generated schema, on documents made from the schemas' own keys and values."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.fastschema import checker
from skillkit.core.fields import KINDS
from skillkit.core.schemas import validator

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def _words() -> tuple[list[str], list[object]]:
    """Every property name and every enum member of the schemas, and values at their edges."""
    keys: set[str] = set()
    values: list[object] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, item in node.items():
                if key == "properties" and isinstance(item, dict):
                    keys.update(item)
                if key == "enum" and isinstance(item, list):
                    values.extend(item)
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for kind in KINDS.values():
        walk(json.loads((SCHEMAS / kind.schema_id()).read_text(encoding="utf-8")))
    return sorted(keys), values


KEYS, ENUMS = _words()
FAST_KINDS = [kind for kind in sorted(KINDS) if checker(kind) is not None]


def test_only_the_catalog_session_and_transcript_schemas_are_left_to_jsonschema():
    """A schema with a keyword core/fastschema.py does not implement goes to jsonschema whole;
    a new keyword in a generated schema shows here, before it makes lint slow unnoticed."""
    assert [kind for kind in sorted(KINDS) if checker(kind) is None] == ["catalog", "session", "transcript"]
SCALARS = st.one_of(st.sampled_from(ENUMS), st.sampled_from(KEYS), st.integers(-2, 30), st.booleans(), st.none(),
                    st.text(max_size=8))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=4)), inner, max_size=5),
                      max_leaves=20)


def from_schema(schema: object) -> st.SearchStrategy[object]:
    """Valid documents of a schema (each keyword's bounds kept); the test then changes one part."""
    if not isinstance(schema, dict):
        return VALUES if schema is not False else st.nothing()
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "oneOf" in schema:
        return st.one_of([from_schema(sub) for sub in schema["oneOf"]])
    types = schema.get("type", [])
    shaped: list[st.SearchStrategy[object]] = []
    for name in types if isinstance(types, list) else [types]:
        if name == "string":
            low, high = schema.get("minLength", 0), schema.get("maxLength", 8)
            if "pattern" in schema:
                pattern = schema["pattern"].replace("$", r"\Z")
                shaped.append(st.from_regex(pattern, fullmatch=False).filter(lambda v: low <= len(v) <= high))
            else:
                shaped.append(st.text(alphabet="ab-1. ", min_size=low, max_size=min(high, low + 8)))
        elif name in ("integer", "number"):
            low = schema.get("minimum", schema.get("exclusiveMinimum", -3) + 1)
            shaped.append(st.integers(low, low + 3) | (st.just(low + 0.5) if name == "number" else st.nothing()))
        elif name == "boolean":
            shaped.append(st.booleans())
        elif name == "array":
            shaped.append(st.lists(from_schema(schema.get("items", True)), max_size=min(schema.get("maxItems", 3), 3)))
        elif name == "object":
            properties = schema.get("properties", {})
            required = [key for key in schema.get("required", []) if key in properties]
            fields = st.fixed_dictionaries({key: from_schema(properties[key]) for key in required},
                                           optional={key: from_schema(sub) for key, sub in properties.items()
                                                     if key not in required and sub is not False})
            extra = schema.get("additionalProperties", True)
            most = schema.get("maxProperties")
            if most == 0:
                shaped.append(st.just({}))
            elif extra is not False and not properties:
                shaped.append(st.dictionaries(st.text(alphabet="abc", max_size=3), from_schema(extra), max_size=3))
            else:
                shaped.append(fields)
    return st.one_of(shaped) if shaped else VALUES


@cache
def _document(kind: str) -> st.SearchStrategy[object]:
    return from_schema(json.loads((SCHEMAS / KINDS[kind].schema_id()).read_text(encoding="utf-8")))


EDGES = [None, True, False, 0, 1, -1, 2, 2.0, 1.5, "", " ", "x", "a" * 64, "a" * 65, "a" * 500, "a" * 501,
         "1.2.3", "1.2.3\n", "01.2.3", "a-b", "a-b\n", "A", [], {}, ["x"], [1], {"x": 1}, {"name": "x"},
         ["a"] * 21, [{"situation": "s", "resolution": "r"}] * 21, "zz"]


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def _replaced(value: object, path: tuple[object, ...], new: object) -> object:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    assert isinstance(value, list) and isinstance(head, int)
    return [*value[:head], _replaced(value[head], rest, new), *value[head + 1:]]


@settings(max_examples=800)  # about 6 s on a quiet machine: the README's suite stays under its 150 s
@given(st.data())
def test_the_fast_check_agrees_with_jsonschema(data):
    """A valid document of a kind, most often with one part changed to a value at some
    keyword's edge (or a key added): the two checks say the same of it."""
    kind = data.draw(st.sampled_from(FAST_KINDS))
    document = data.draw(_document(kind))
    change = data.draw(st.sampled_from(["none", "value", "value", "value", "key"]))
    if change == "value":
        document = _replaced(document, data.draw(st.sampled_from(_paths(document))), data.draw(st.sampled_from(EDGES)))
    elif change == "key":
        spots = [p for p in _paths(document) if isinstance(_at(document, p), dict)]
        if spots:
            spot = data.draw(st.sampled_from(spots))
            key = data.draw(st.sampled_from([*KEYS[:40], "zz"]))
            document = _replaced(document, spot, {**_at(document, spot), key: data.draw(st.sampled_from(EDGES))})
    assert checker(kind)(document) == validator(kind).is_valid(document)


def _at(value: object, path: tuple[object, ...]) -> object:
    for part in path:
        value = value[part]  # type: ignore[index]
    return value


def test_every_committed_fixture_reads_the_same(tmp_path):
    """Every frontmatter and YAML document under fixtures/, as the two read it."""
    from skillkit.core.frontmatter import parse_frontmatter
    from skillkit.core.reader import SourceText

    fixtures = Path(__file__).resolve().parents[2] / "fixtures"
    seen = 0
    for path in fixtures.rglob("SKILL.md"):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        _, parsed, _ = parse_frontmatter(SourceText(str(path), text, False))
        if parsed is not None and parsed.ok:
            seen += 1
            assert checker("skill")(parsed.data) == validator("skill").is_valid(parsed.data), path
    assert seen > 100


SAMPLES = ["a", "a-b", "my-skill", "1.2.3", "x", "s:1", "tools/x.yaml", "agents/a.yaml", "A"]


def _minimal(schema: object) -> object:
    """A small valid value of a schema, deterministically (required keys only)."""
    if not isinstance(schema, dict):
        return {}
    if "enum" in schema:
        return schema["enum"][0]
    if "oneOf" in schema:
        return _minimal(schema["oneOf"][0])
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "string":
        import re

        pattern = re.compile(schema.get("pattern", "").replace("$", r"\Z"))
        fits = [s for s in SAMPLES if pattern.search(s) and schema.get("minLength", 0) <= len(s) <= schema.get("maxLength", 99)]
        return fits[0] if fits else "a" * max(schema.get("minLength", 1), 1)
    if kind in ("integer", "number"):
        return schema.get("minimum", schema.get("exclusiveMinimum", 0) + 1)
    if kind == "boolean":
        return True
    if kind == "array":
        return []
    properties = schema.get("properties", {})
    return {key: _minimal(properties[key]) for key in schema.get("required", []) if key in properties}


def _edge_values(schema: object) -> list[object]:
    values = list(EDGES)
    if isinstance(schema, dict):
        values += [m for m in schema.get("enum", [])] + [f"{m}x" for m in schema.get("enum", []) if isinstance(m, str)]
        for key in ("minLength", "maxLength"):
            if key in schema:
                values += ["a" * n for n in (schema[key] - 1, schema[key], schema[key] + 1) if n >= 0]
                values += ["1" * n for n in (schema[key] - 1, schema[key], schema[key] + 1) if n >= 0]
        for key in ("minimum", "exclusiveMinimum"):
            if key in schema:
                values += [schema[key] - 1, schema[key], schema[key] + 1, float(schema[key]), True]
        for key in ("maxItems",):
            if key in schema:
                values += [[_minimal(schema.get("items", {}))] * n for n in (schema[key], schema[key] + 1)]
        for key in ("minProperties", "maxProperties"):
            if key in schema:
                values += [{f"k{i}": "v" for i in range(n)} for n in (schema[key], schema[key] + 1)]
        values += [_minimal(schema), [_minimal(schema.get("items", {}))] if "items" in schema else None]
    return values


def _nodes(schema: dict, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], dict, list[dict]]]:
    """(path, schema there, the schemas of the objects on the way) of every property."""
    found = []
    for key, sub in schema.get("properties", {}).items():
        if isinstance(sub, dict):
            found.append(((*path, key), sub, [schema]))
            for deeper, node, chain in _nodes(sub, (*path, key)):
                found.append((deeper, node, [schema, *chain]))
    return found


def _document_with(schema: dict, path: tuple[str, ...], value: object) -> object:
    document = _minimal(schema)
    if len(path) == 1:
        return {**document, path[0]: value}
    sub = schema["properties"][path[0]]
    return {**document, path[0]: _document_with(sub, path[1:], value)}


def test_every_keyword_of_every_schema_at_its_edges():
    """Each property of each kind's schema, in a small valid document, set to values on both
    sides of its keywords' bounds (and of every type): the two checks say the same."""
    compared = 0
    for kind in FAST_KINDS:
        schema = json.loads((SCHEMAS / KINDS[kind].schema_id()).read_text(encoding="utf-8"))
        check, reference = checker(kind), validator(kind)
        base = _minimal(schema)
        assert check(base) == reference.is_valid(base)
        for path, node, _ in _nodes(schema):
            for value in _edge_values(node):
                document = _document_with(schema, path, value)
                assert check(document) == reference.is_valid(document), (kind, path, value)
                compared += 1
    assert compared > 2000
