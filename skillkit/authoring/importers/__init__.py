"""Lorebook readers: bytes -> Lorebook, or an InputError that says what is wrong.

The format is found from the content, not the file name: a PNG signature means a character
card image; otherwise JSON, which is a card (`spec: chara_card_v2/v3`), a card's lorebook on its
own (`entries` as a list of `keys` entries), or a SillyTavern World Info file (`entries`).
"""

from __future__ import annotations

from typing import Any

from skillkit.authoring.importers.card import parse_book, parse_card
from skillkit.authoring.importers.jsonfile import parse_json
from skillkit.authoring.importers.png import SIGNATURE, card_from_png
from skillkit.authoring.importers.worldinfo import parse_world
from skillkit.authoring.lorebook import Lorebook
from skillkit.core.errors import InputError

MAX_IMPORT_BYTES = 64 * 1024 * 1024  # card images run to a few MB, big lorebooks to a few more


def read_lorebook(data: bytes, display: str) -> Lorebook:
    """The lorebook in a file's bytes; InputError for anything it cannot use."""
    if data.startswith(SIGNATURE):
        text, chunk = card_from_png(data, display)
        value = parse_json(text, f"{display} (`{chunk}` chunk)")
        if not _is_card(value):
            raise InputError(f"the `{chunk}` chunk does not hold a character card", display)
        return parse_card(value, display, f"PNG, `{chunk}` chunk")
    return from_json(parse_json(data, display), display)


def _is_card(value: Any) -> bool:
    return isinstance(value, dict) and (isinstance(value.get("spec"), str) or "data" in value
                                        or "first_mes" in value)


def from_json(value: Any, display: str) -> Lorebook:
    if not isinstance(value, dict):
        raise InputError(f"not a lorebook: the JSON is {_kind(value)}, not an object with `entries` "
                         "(World Info) or a character card", display)
    if _is_card(value):
        return parse_card(value, display, "JSON")
    if "entries" in value:
        entries = value["entries"]
        if isinstance(entries, list) and any(isinstance(e, dict) and "keys" in e for e in entries):
            return parse_book(value, display, "Character Card lorebook (JSON)")
        return parse_world(value, display)
    raise InputError("not a SillyTavern World Info file or a character card: it has neither `entries` "
                     "nor a card's `spec` and `data`", display)


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(type(value), "a number")
