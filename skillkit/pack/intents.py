"""A skill's intents (the wishes every client spells its own way: who may start the skill,
which tools it may use unasked; skillkit/clients/base.INTENTS), read from whichever clients'
spellings the skill uses, and written the way one target client reads them.

Reading: every spelling a client of the registry declares is looked for, in the frontmatter,
its `metadata`, or a file of the skill's folder (Codex's `agents/openai.yaml`). Two spellings
that disagree (`disable-model-invocation: true` beside `policy.allow_implicit_invocation:
true`) refuse the pack: no target could say both.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from skillkit.clients import REGISTRY
from skillkit.clients.base import INTENTS, Spelling
from skillkit.core.errors import VerdictError
from skillkit.core.reader import MAX_FILE_BYTES, decode, read_bytes
from skillkit.core.yamlparse import parse_yaml

TRUE_WORDS = {"true": True, "false": False}


@dataclass(frozen=True)
class Stated:
    """An intent the skill states: its value (a bool, or the allowed tools as written) and the
    spelling it was found in."""

    intent: str
    value: Any
    spelling: Spelling


def spellings(intent: str) -> list[Spelling]:
    """Every distinct spelling of `intent` the registry's clients declare, in registry order."""
    found: dict[tuple[str, str, str], Spelling] = {}
    for client in REGISTRY:
        spelling = client.spelling(intent)
        if spelling.supported:
            found.setdefault((spelling.place, spelling.key, spelling.file), spelling)
    return list(found.values())


def read_file_data(folder: Path, name: str) -> Mapping[str, Any] | None:
    """A skill's own YAML file (`agents/openai.yaml`) as data, or None when it is missing or
    does not parse (lint reports that; a pack of it is refused before this runs)."""
    path = folder / name
    if not path.is_file():
        return None
    data = read_bytes(path, MAX_FILE_BYTES)
    if isinstance(data, int):
        return None
    source, _ = decode(data, name)
    parsed = parse_yaml(source.text, name) if source is not None else None
    return parsed.data if parsed is not None and parsed.ok and isinstance(parsed.data, dict) else None


def dotted(data: Mapping[str, Any] | None, key: str) -> Any:
    for part in key.split("."):
        if not isinstance(data, Mapping) or part not in data:
            return None
        data = data[part]
    return data


def _decode(spelling: Spelling, raw: Any) -> Any:
    """The intent's value from what a spelling holds, or None when it holds nothing usable."""
    if spelling.form in ("bool", "negated"):
        if not isinstance(raw, bool):
            return None
        return raw if spelling.form == "bool" else not raw
    if spelling.form == "text-bool":
        if isinstance(raw, bool):
            return raw
        return TRUE_WORDS.get(raw.strip().lower()) if isinstance(raw, str) else None
    if isinstance(raw, (list, tuple)):  # a skill's fields are frozen: a YAML list is a tuple
        return [str(v) for v in raw] or None
    return raw if isinstance(raw, str) and raw.strip() else None


def _raw(spelling: Spelling, fields: Mapping[str, Any], folder: Path) -> Any:
    if spelling.place == "frontmatter":
        return fields.get(spelling.key)
    if spelling.place == "metadata":
        metadata = fields.get("metadata")
        return metadata.get(spelling.key) if isinstance(metadata, Mapping) else None
    return dotted(read_file_data(folder, spelling.file), spelling.key)


def read_intents(fields: Mapping[str, Any], folder: Path, shown: str) -> dict[str, Stated]:
    """The intents a skill states, each once; VerdictError when two spellings disagree."""
    stated: dict[str, Stated] = {}
    for intent in INTENTS:
        for spelling in spellings(intent):
            value = _decode(spelling, _raw(spelling, fields, folder))
            if value is None:
                continue
            earlier = stated.get(intent)
            if earlier is None:
                stated[intent] = Stated(intent, value, spelling)
            elif _tools(earlier.value) != _tools(value):
                raise VerdictError(f"{shown}: {earlier.spelling.describe()} and {spelling.describe()} disagree on "
                                   f"whether {INTENTS[intent]}; say it one way")
    return stated


def _tools(value: Any) -> Any:
    """Allowed tools compared as a list (a YAML list and a space-separated string may agree)."""
    if isinstance(value, str):
        return value.split()
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else value


def encode(spelling: Spelling, value: Any) -> tuple[Any, bool]:
    """What `spelling` holds for the intent's `value`, and whether the value was rewritten to
    the spelling's form (a tool list joined into the spec's space-separated string)."""
    if spelling.form == "negated":
        return (not value), False
    if spelling.form == "text-bool":
        return ("true" if value else "false"), False
    if spelling.form == "tool-string" and isinstance(value, list):
        return " ".join(str(v) for v in value), True
    return value, False


def consumed_keys() -> tuple[frozenset[str], frozenset[str]]:
    """The frontmatter keys and `metadata` keys that spell an intent for some client: a target
    gets the intent in its own spelling instead."""
    spelled = [s for intent in INTENTS for s in spellings(intent)]
    return (frozenset(s.key for s in spelled if s.place == "frontmatter"),
            frozenset(s.key for s in spelled if s.place == "metadata"))
