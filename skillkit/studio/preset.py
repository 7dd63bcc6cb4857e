"""A scene's `preset`: the prompt cards around history, expanded into one ordered list.

Shape (documented in the `preset` field of the scene registry):

    preset:                      # a list of cards, or {cards: [...], parts: {NAME: [cards]}}
      - {content: "You are {{char}}.", role: system, slot: main}   # a prompt card
      - {skill: lore, slot: lore, join: true}                      # a skill card at a named position
      - {marker: trackers, content: "Mood: calm"}                  # stand-in for another feature's block
      - {marker: skills, role: system}                             # the Skills block stands here
      - {marker: history}                                          # the chat history stands here
      - {include: closing}                                         # the cards of parts.closing

A named slot (a card's `slot`, or a marker) stands once. Repeating one, through an include or
not, is refused: the repeat is left out with an error, never sent as unreserved duplicate
content. Includes nest; a cycle or an unknown part is an error too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

ROLES = ("system", "user", "assistant")
MARKERS = ("skills", "history", "trackers", "storyboards")
MAX_INCLUDE_DEPTH = 16
# Depth alone does not bound an expansion: parts that each include the next four times make a
# 1.4 KB scene expand to 4^15 cards (the billion-laughs shape). Real presets hold tens of cards.
MAX_CARDS = 10_000
# Nor does the count bound the text: one 28 KB card included 10,000 times is 280 MB of prompt
# (a 280 KB scene took 513 MB), so the expanded cards' text is capped too; real presets hold a
# few KB. Both are ceilings in code, no setting lifts them.
MAX_TEXT = 1024 * 1024
Path_ = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    kind: str                 # "prompt", "skill" or "marker"
    role: str
    path: Path_               # where the card is in the scene's data (for positions)
    content: str = ""         # a prompt card's text, or a trackers/storyboards stand-in
    skill: str | None = None  # a skill card's skill id
    marker: str | None = None
    slot: str | None = None
    join: bool = False
    via: tuple[str, ...] = ()  # the includes that brought it, outermost first


@dataclass(frozen=True, slots=True)
class PresetProblem:
    path: Path_
    message: str
    error: bool = True


@dataclass(frozen=True)
class Preset:
    cards: tuple[Card, ...]
    problems: tuple[PresetProblem, ...]

    def marker(self, name: str) -> Card | None:
        return next((c for c in self.cards if c.marker == name), None)


class _Expander:
    def __init__(self, parts: Mapping[str, Any]) -> None:
        self.parts = parts
        self.cards: list[Card] = []
        self.problems: list[PresetProblem] = []
        self.slots: set[str] = set()
        self.visited = 0          # cards looked at, includes expanded: what the cap counts
        self.size = 0             # characters of the cards kept: what MAX_TEXT caps
        self.stopped = False      # the cap was crossed: nothing more is expanded
        self.include_at: Path_ | None = None  # the include being expanded, innermost

    def walk(self, items: Any, path: Path_, via: tuple[str, ...], site: Path_ | None = None) -> None:
        """`site` is the outermost include card that brought `items`: where a repeat is reported."""
        if not isinstance(items, (list, tuple)):
            self.problems.append(PresetProblem(path, "a preset's cards are a list"))
            return
        for index, item in enumerate(items):
            if self.stopped:
                return
            here = (*path, index)
            self.visited += 1
            if self.visited > MAX_CARDS:
                self.stopped = True
                where = self.include_at or here
                self.problems.append(PresetProblem((*where, "include") if self.include_at else where,
                                                   f"the preset expands to more than {MAX_CARDS:,} cards; "
                                                   "the rest is left out"))
                return
            if not isinstance(item, Mapping):
                self.problems.append(PresetProblem(here, "a preset card is a mapping"))
            elif "include" in item:
                self.include(item["include"], here, via, site or here)
            else:
                self.card(item, here, via, site)

    def include(self, name: Any, path: Path_, via: tuple[str, ...], site: Path_) -> None:
        if not isinstance(name, str) or name not in self.parts:
            known = ", ".join(sorted(str(k) for k in self.parts)) or "none"
            self.problems.append(PresetProblem((*path, "include"), f"no preset part {name!r} to include (parts: {known})"))
        elif name in via:
            chain = " -> ".join((*via, name))
            self.problems.append(PresetProblem((*path, "include"), f"include cycle {chain}: the part is left out"))
        elif len(via) >= MAX_INCLUDE_DEPTH:
            self.problems.append(PresetProblem((*path, "include"), f"includes nest deeper than {MAX_INCLUDE_DEPTH}"))
        else:
            outer, self.include_at = self.include_at, path
            self.walk(self.parts[name], ("preset", "parts", name), (*via, name), site)
            self.include_at = outer

    def card(self, item: Mapping[str, Any], path: Path_, via: tuple[str, ...], site: Path_ | None) -> None:
        card = _card(item, path, via, self.problems)
        if card is None:
            return
        key = f"marker `{card.marker}`" if card.marker else (f"slot `{card.slot}`" if card.slot else None)
        if key is not None:
            if key in self.slots:
                how = f"through include `{' -> '.join(via)}`" if via else "again"
                self.problems.append(PresetProblem(site or path, f"named {key} is repeated {how}: the repeat is refused "
                                                   "(left out) rather than sent as unreserved duplicate content"))
                return
            self.slots.add(key)
        self.size += len(card.content)
        if self.size > MAX_TEXT:
            self.stopped = True
            where = self.include_at or path
            self.problems.append(PresetProblem((*where, "include") if self.include_at else where,
                                               f"the preset expands to more than {MAX_TEXT:,} characters of cards; "
                                               "the rest is left out"))
            return
        self.cards.append(card)


def _text(item: Mapping[str, Any], key: str, path: Path_, problems: list[PresetProblem]) -> str | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        problems.append(PresetProblem((*path, key), f"`{key}` is text"))
        return None
    return str(value)


def _card(item: Mapping[str, Any], path: Path_, via: tuple[str, ...], problems: list[PresetProblem]) -> Card | None:
    role = item.get("role", "system")
    if role not in ROLES:
        problems.append(PresetProblem((*path, "role"), f"role {role!r} is not one of {', '.join(ROLES)}"))
        return None
    slot = _text(item, "slot", path, problems)
    join = item.get("join") is True
    kinds = [k for k in ("content", "skill", "marker") if k in item and not (k == "content" and "marker" in item)]
    if len(kinds) != 1:
        problems.append(PresetProblem(path, "a preset card holds exactly one of `content`, `skill`, `marker` or `include`"))
        return None
    if kinds[0] == "marker":
        marker = item["marker"]
        if marker not in MARKERS:
            problems.append(PresetProblem((*path, "marker"), f"marker {marker!r} is not one of {', '.join(MARKERS)}"))
            return None
        return Card("marker", role, path, _text(item, "content", path, problems) or "", marker=marker, slot=slot,
                    join=join, via=via)
    if kinds[0] == "skill":
        skill = _text(item, "skill", path, problems)
        return None if skill is None else Card("skill", role, path, skill=skill, slot=slot, join=join, via=via)
    content = _text(item, "content", path, problems)
    return None if content is None else Card("prompt", role, path, content, slot=slot, join=join, via=via)


def expand(data: Any) -> Preset:
    """The scene's `preset` value -> its cards in order, includes expanded, with the problems found.
    Never raises: whatever the data, what cannot be used is a problem and is left out."""
    if data is None:
        return Preset((), ())
    if isinstance(data, Mapping):
        parts = data.get("parts") or {}
        expander = _Expander(parts if isinstance(parts, Mapping) else {})
        if not isinstance(parts, Mapping):
            expander.problems.append(PresetProblem(("preset", "parts"), "`parts` maps part names to lists of cards"))
        expander.walk(data.get("cards", []), ("preset", "cards"), ())
    else:
        expander = _Expander({})
        expander.walk(data, ("preset",), ())
    return Preset(tuple(expander.cards), tuple(expander.problems))
