"""The World Info fields a skill cannot carry: each with SillyTavern's default (a field at its
default changes nothing, so it is not reported) and why a skill does without it."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from skillkit.authoring.report import Dropped

POSITIONS = {0: "before the character definitions", 1: "after the character definitions",
             2: "before the author's note", 3: "after the author's note", 4: "in the chat at a depth",
             5: "before the example messages", 6: "after the example messages", 7: "in a named outlet"}
ROLES = {0: "system", 1: "user", 2: "assistant"}
_PLACE = "a skill rides in the `### Skills` system message, where the scene's preset puts it"
_RECURSION = "skills never trigger each other: triggers scan chat messages only"
_TIMED = "timed effects: a skill is judged afresh on every reply"
_GROUP = "inclusion groups: every skill whose triggers match is on"
_SCANS = "extra scan sources: a skill's triggers scan chat messages only"


def _position(value: Any) -> str:
    place = POSITIONS.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
    return f"inserted {place}; {_PLACE}" if place else f"an unknown position; {_PLACE}"


# field -> (SillyTavern's default values, why a skill drops it). Several defaults where files
# write "nothing" in several ways (null, 0, false, "").
TABLE: dict[str, tuple[tuple[Any, ...], str | Callable[[Any], str]]] = {
    "position": ((0,), _position),
    "depth": ((4,), "the insertion depth of an at-depth entry; " + _PLACE),
    "role": ((0, None), "the role of an at-depth entry; the Skills block is a system message"),
    "order": ((100,), "insertion order among entries; skills go in the order the scene links them"),
    "outletName": (("", None), "a named outlet; " + _PLACE),
    "group": (("", None), _GROUP),
    "groupOverride": ((False, None), _GROUP),
    "groupWeight": ((100, None), _GROUP),
    "useGroupScoring": ((None, False), _GROUP),
    "excludeRecursion": ((False, None), _RECURSION),
    "preventRecursion": ((False, None), _RECURSION),
    "delayUntilRecursion": ((False, 0, None), _RECURSION),
    "sticky": ((None, 0), _TIMED),
    "cooldown": ((None, 0), _TIMED),
    "delay": ((None, 0), _TIMED),
    "vectorized": ((False, None), "activation by vector search; skills match their triggers only"),
    "ignoreBudget": ((False, None), "skills are never dropped for the budget: the Skills block is reserved"),
    "automationId": (("", None), "a Quick Reply automation; skills run none"),
    "triggers": (([], None), "the generation types it was limited to; a skill is judged on every reply"),
    "characterFilter": (({"isExclude": False, "names": [], "tags": []}, {}, None),
                        "which characters it applied to; a scene links the skills it uses instead"),
    "matchPersonaDescription": ((False, None), _SCANS),
    "matchCharacterDescription": ((False, None), _SCANS),
    "matchCharacterPersonality": ((False, None), _SCANS),
    "matchCharacterDepthPrompt": ((False, None), _SCANS),
    "matchScenario": ((False, None), _SCANS),
    "matchCreatorNotes": ((False, None), _SCANS),
    "extensions": (({}, None), "extension data; skills carry none"),
}

# Read by the converter, or bookkeeping of the editor (never reported).
CONSUMED = frozenset({"uid", "key", "keysecondary", "comment", "content", "constant", "selective",
                      "selectiveLogic", "disable", "caseSensitive", "matchWholeWords", "scanDepth",
                      "probability", "useProbability", "displayIndex", "addMemo"})
_EMPTY: tuple[Any, ...] = (None, "", [], {}, False)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_default(value: Any, defaults: tuple[Any, ...]) -> bool:
    # `True == 1` in Python: compare kinds too, so `position: true` is not mistaken for a default.
    return any(value == d and (type(value) is type(d) or (_number(value) and _number(d))) for d in defaults)


def dropped_fields(fields: Mapping[str, Any], label: Callable[[str], str]) -> list[Dropped]:
    """Every field with a non-default value that a skill cannot carry, in the file's order."""
    out: list[Dropped] = []
    for name, value in fields.items():
        if name in CONSUMED:
            continue
        if name not in TABLE:
            if not _is_default(value, _EMPTY):
                out.append(Dropped(label(name), value, "not a World Info field skillkit knows"))
            continue
        defaults, why = TABLE[name]
        if not _is_default(value, defaults):
            out.append(Dropped(label(name), value, why(value) if callable(why) else why))
    return out
