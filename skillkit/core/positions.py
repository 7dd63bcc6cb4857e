"""A jsonschema error -> the rule it breaks, where it is in the file, and a message for people."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skillkit.core.diagnostics import Severity
from skillkit.core.fields import DocumentKind
from skillkit.core.fields.base import NON_BLANK, VERSION_SCHEMA
from skillkit.core.fields.session import CALL, CALL_SHAPES
from skillkit.core.rulebase import Finding
from skillkit.core.slug import slugify

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

# Errors about a container as a whole (too many items, must be empty, an unknown or forbidden
# key) point at the key that names it; errors about a value point at the value.
_AT_KEY = {"required", "maxItems", "minItems", "maxProperties", "minProperties",
           "additionalProperties", "uniqueItems", "propertyNames", None}
_TYPE_WORDS = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "a mapping", "null": "empty"}


# A value that breaks the schema where no field's own rule covers it (core/findings.py lists it).
SCHEMA = Finding("schema", Severity.ERROR, """
        A value breaks the generated JSON Schema in a way no more specific rule covers.""")


def dotted(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the frontmatter"


def type_word(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true/false"
    for name, kind in (("a string", str), ("an integer", int), ("a number", float),
                       ("a list", list), ("a mapping", dict)):
        if isinstance(value, kind):
            return name
    return f"a {type(value).__name__}"  # dates and times: YAML reads 2024-01-01 as a date


def name_problem(value: str) -> str:
    """Every way a name breaks `a-z 0-9 -` (no leading, trailing or doubled hyphen), and a fix."""
    if not value:
        return "must not be empty"
    problems = []
    if len(value) > 64:
        problems.append(f"{len(value)} characters (at most 64)")
    if value != value.lower():
        problems.append("upper-case letters")
    bad = sorted({c for c in value.lower() if not (c.isascii() and (c.isalnum() or c == "-"))})
    if bad:
        problems.append(", ".join(repr(c) for c in bad))
    if value.startswith("-") or value.endswith("-"):
        problems.append("a leading or trailing '-'")
    if "--" in value:
        problems.append("a doubled '-'")
    suggestion = slugify(value)  # transliterated, as import names skills: `café` -> `cafe`
    fix = f"; try {suggestion!r}" if suggestion and suggestion != value else ""
    return f"{value!r} has {' and '.join(problems)}: only a-z, 0-9 and single inner '-' are allowed{fix}"


def message(error: ValidationError, path: tuple[str | int, ...]) -> str:
    where = f"`{dotted(path)}`"
    kind = error.validator
    value = error.instance
    arg = error.validator_value
    if path and path[-1] == "name" and len(path) == 1 and kind in {"pattern", "minLength", "maxLength"}:
        return f"{where} {name_problem(value)}"
    if kind == "type":
        wanted = arg if isinstance(arg, list) else [arg]
        return f"{where} must be {' or '.join(_TYPE_WORDS.get(w, w) for w in wanted)}, not {type_word(value)}"
    if kind == "enum":
        return f"{where} must be one of {', '.join(map(str, arg))} (not {value!r})"
    if kind == "pattern" and arg == NON_BLANK:
        return f"{where} must not be blank"
    if kind == "pattern" and isinstance(error.schema, dict) and "x-expected" in error.schema:
        return f"{where} must be {error.schema['x-expected']} (not {value!r})"
    if kind == "minLength":
        return f"{where} must not be empty" if arg == 1 else f"{where} is shorter than {arg} characters"
    if kind == "maxLength":
        return f"{where} is {len(value):,} characters; at most {arg:,}"
    if kind == "maxItems":
        return f"{where} has {len(value)} items; at most {arg}"
    if kind == "maxProperties" and arg == 0:
        return f"{where} must be empty (`{{}}`)"
    if kind == "minimum":
        return f"{where} must be at least {arg} (not {value!r})"
    if kind == "required":
        missing = [k for k in arg if isinstance(value, dict) and k not in value]
        return f"`{missing[0] if missing else arg[0]}` is required" + (f" in {where}" if path else "")
    if kind is None or error.schema is False:  # a key the schema forbids outright
        key = path[-1] if path else "?"
        if key in ("input", "approval"):
            return (f"{where}: a skill's tool reference carries no `{key}`; a skill grants nothing, "
                    f"so fixed input and approval belong to the agent's own reference")
        return f"{where} is not allowed here"
    if kind == "oneOf" and error.schema.get("oneOf") == VERSION_SCHEMA["oneOf"]:  # the file's copy has a description
        return f"{where} must be a version: an integer >= 1 or a semantic version like 1.2.0 (not {value!r})"
    if kind == "oneOf" and error.schema.get("oneOf") == CALL["oneOf"]:  # a session's call: say both shapes
        return f"{where}: {CALL_SHAPES}, not both or neither"
    if kind == "additionalProperties":
        extra = sorted(set(value) - set(error.schema.get("properties", {}))) if isinstance(value, dict) else []
        owner = path[:-1] if extra and path and path[-1] in extra else path  # `locate` appended the key
        return f"unknown key{'s' if len(extra) > 1 else ''} {', '.join(f'`{k}`' for k in extra)} in `{dotted(owner)}`"
    return f"{where}: {error.message}"


def locate(error: ValidationError, kind: DocumentKind) -> tuple[str, tuple[str | int, ...], bool]:
    """The rule id, the path to point at, and whether to point at its key."""
    path = tuple(error.absolute_path)
    at_key = error.validator in _AT_KEY or error.schema is False
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        if extra:
            path = path + (extra[0],)
    rule = SCHEMA.id
    top = path[0] if path else None
    if top is None and error.validator == "required":
        missing = [k for k in error.validator_value if k not in (error.instance or {})]
        top = missing[0] if missing else None
    field = kind.field(top) if isinstance(top, str) else None
    if field is not None:
        rule = field.rule
    elif error.validator == "additionalProperties":
        rule = kind.rule or f"{kind.name}-file"  # settings, transcripts: the command stops on it
    return rule, path, at_key
