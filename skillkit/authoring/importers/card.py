"""Character Card V2 (`chara_card_v2`) and V3 (`chara_card_v3`) lorebooks: `data.character_book`.

Entries are mapped into World Info's shape as SillyTavern maps them when it imports a card
(`convertCharacterBook` in its world-info.js): the spec's own fields (`keys`, `secondary_keys`,
`enabled`, `insertion_order`, `position`, ...) and SillyTavern's under `extensions`
(`scan_depth`, `case_sensitive`, `match_whole_words`, `selectiveLogic`, `probability`, ...).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from skillkit.authoring.lorebook import MAX_ENTRIES, Lorebook, SourceEntry
from skillkit.authoring.report import Dropped
from skillkit.authoring.values import js_truthy
from skillkit.core.errors import InputError

SPECS = {"chara_card_v2": "Character Card V2", "chara_card_v3": "Character Card V3"}

# The spec's entry fields -> World Info's.
ENTRY_FIELDS = {"keys": "key", "secondary_keys": "keysecondary", "comment": "comment", "content": "content",
                "constant": "constant", "selective": "selective", "insertion_order": "order"}
# SillyTavern's `extensions` keys -> World Info's (as its card import maps them).
EXTENSION_FIELDS = {
    "position": "position", "exclude_recursion": "excludeRecursion", "prevent_recursion": "preventRecursion",
    "delay_until_recursion": "delayUntilRecursion", "display_index": "displayIndex", "probability": "probability",
    "useProbability": "useProbability", "depth": "depth", "selectiveLogic": "selectiveLogic",
    "outlet_name": "outletName", "group": "group", "group_override": "groupOverride",
    "group_weight": "groupWeight", "scan_depth": "scanDepth", "case_sensitive": "caseSensitive",
    "match_whole_words": "matchWholeWords", "use_group_scoring": "useGroupScoring",
    "automation_id": "automationId", "role": "role", "vectorized": "vectorized", "sticky": "sticky",
    "cooldown": "cooldown", "delay": "delay", "match_persona_description": "matchPersonaDescription",
    "match_character_description": "matchCharacterDescription",
    "match_character_personality": "matchCharacterPersonality",
    "match_character_depth_prompt": "matchCharacterDepthPrompt", "match_scenario": "matchScenario",
    "match_creator_notes": "matchCreatorNotes", "triggers": "triggers", "ignore_budget": "ignoreBudget",
}
HANDLED = {"enabled", "position", "extensions", "case_sensitive", "name", "priority", "id", "use_regex"}
_ST_IGNORES = "SillyTavern's card import (convertCharacterBook) ignores it"


def parse_card(card: dict[str, Any], display: str, container: str) -> Lorebook:
    spec = card.get("spec")
    kind = SPECS.get(spec) if isinstance(spec, str) else None
    if isinstance(spec, str) and kind is None:
        raise InputError(f"an unknown card spec {spec!r}; skillkit reads chara_card_v2 and chara_card_v3", display)
    data = card.get("data")
    if not isinstance(data, dict):
        raise InputError("the character card has no lorebook: it has no `data` (a V1 card has no "
                         "`character_book`)", display)
    book = data.get("character_book")
    if book is None:
        raise InputError("the character card has no lorebook (`data.character_book` is missing)", display)
    if not isinstance(book, dict):
        raise InputError("`data.character_book` is not an object", display)
    character = data.get("name") if isinstance(data.get("name"), str) else card.get("name")
    parsed = parse_book(book, display, f"{kind or 'Character card'} ({container})")
    if isinstance(character, str) and character.strip():
        parsed = replace(parsed, character=character.strip())
    return parsed


def parse_book(book: dict[str, Any], display: str, format_name: str) -> Lorebook:
    raw = book.get("entries")
    if not isinstance(raw, list):
        raise InputError("the lorebook's `entries` is not a list", display)
    if len(raw) > MAX_ENTRIES:
        raise InputError(f"{len(raw):,} entries; skillkit imports at most {MAX_ENTRIES:,}", display)
    entries: list[SourceEntry] = []
    skipped: list[tuple[str, str]] = []
    for index, entry in enumerate(raw):
        if isinstance(entry, dict):
            entries.append(_entry(entry, index))
        else:
            skipped.append((str(index), "not an object: nothing to import"))
    name = book.get("name")
    return Lorebook(format_name, name if isinstance(name, str) and name.strip() else None, tuple(entries),
                    dropped=tuple(_book_dropped(book)), skipped=tuple(skipped))


def _entry(entry: dict[str, Any], index: int) -> SourceEntry:
    fields: dict[str, Any] = {}
    labels: dict[str, str] = {}
    dropped: list[Dropped] = []
    notes: list[str] = []
    for source, target in ENTRY_FIELDS.items():
        if source in entry:
            fields[target], labels[target] = entry[source], source
    # As SillyTavern imports a card (`selective: entry.selective || false`, `disable: !entry.enabled`):
    # secondary keys count only when the entry says `selective`, and an entry is on only when
    # it says `enabled`.
    fields["selective"] = js_truthy(entry.get("selective"))
    labels["selective"] = "selective"
    if "enabled" not in entry:
        notes.append("`enabled` is missing: SillyTavern reads a card entry without it as disabled")
    fields["disable"], labels["disable"] = not js_truthy(entry.get("enabled")), "enabled"
    if entry.get("position") in ("before_char", "after_char"):
        fields["position"] = 0 if entry["position"] == "before_char" else 1
        labels["position"] = "position"
    extensions = entry.get("extensions")
    if isinstance(extensions, dict):
        for key, value in extensions.items():
            target = EXTENSION_FIELDS.get(key)
            if target is None:
                dropped.append(Dropped(f"extensions.{key}", value, "extension data skillkit does not know"))
            else:
                fields[target], labels[target] = value, f"extensions.{key}"
    if entry.get("case_sensitive") is not None:
        # The spec's own field; SillyTavern reads only `extensions.case_sensitive`.
        dropped.append(Dropped("case_sensitive", entry["case_sensitive"],
                               f"{_ST_IGNORES}; only `extensions.case_sensitive` counts"))
    if entry.get("priority") is not None:
        dropped.append(Dropped("priority", entry["priority"],
                               "which entries give way when the lorebook's token budget is spent; skills never do"))
    if entry.get("use_regex") is True:
        notes.append("`use_regex` is true: as in SillyTavern, only keys written `/pattern/flags` are regexes")
    for key, value in entry.items():
        if key not in ENTRY_FIELDS and key not in HANDLED and value not in (None, "", [], {}, False):
            dropped.append(Dropped(key, value, "not a character book field skillkit knows"))
    uid = entry.get("id")
    uid_text = str(uid) if isinstance(uid, (int, str)) and not isinstance(uid, bool) and str(uid) else str(index)
    titles = tuple((key, entry[key]) for key in ("comment", "name") if isinstance(entry.get(key), str))
    return SourceEntry(uid_text, fields, labels, titles, tuple(dropped), tuple(notes))


def _book_dropped(book: dict[str, Any]) -> list[Dropped]:
    out = []
    if book.get("scan_depth") is not None:
        out.append(Dropped("scan_depth", book["scan_depth"], f"the book's scan depth; {_ST_IGNORES}: an entry "
                           "without `extensions.scan_depth` scans SillyTavern's default (2)"))
    if book.get("token_budget") not in (None, 0):
        out.append(Dropped("token_budget", book["token_budget"],
                           "the lorebook's token budget; the Skills block is reserved in the prompt, never cut"))
    if book.get("recursive_scanning") is True:
        out.append(Dropped("recursive_scanning", True, "skills never trigger each other: triggers scan chat "
                           "messages only"))
    if isinstance(book.get("extensions"), dict) and book["extensions"]:
        out.append(Dropped("extensions", book["extensions"], "the lorebook's extension data; skills carry none"))
    return out
