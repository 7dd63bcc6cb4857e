"""The assembled prompt of one turn: the `### Skills` block and where it stands.

The block, exactly (ARCHITECTURE.md, Contracts: the Skills block): `### Skills`, then for each
skill that is on, in the scene's order, a blank line, `## <name>` and its rendered text with
surrounding whitespace stripped. A skill whose text renders blank adds nothing; with no skill
on there is no block. It is one message: at the preset's skills marker with that card's role,
or else a system message after the leading system messages and after the trackers' and
storyboards' blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Protocol, Sequence

from skillkit.core.model import Skill
from skillkit.triggers import macros
from skillkit.studio.preset import Card, Preset, PresetProblem

HEADING = "### Skills"
JOINER = "\n\n"
LABELS = {"trackers": "Trackers", "storyboards": "Storyboards"}
_STAND_IN = {"history": "\0history", "skills": "\0skills"}  # where a marker stands, until filled


class ChatMessage(Protocol):
    """What assembly reads of a transcript message."""

    @property
    def role(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def index(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Part:
    """One piece of a message's content, with the tokens-sheet label it counts under."""

    label: str
    text: str


@dataclass(frozen=True)
class PromptMessage:
    role: str
    label: str
    content: str
    parts: tuple[Part, ...] = ()
    index: int | None = None     # its index in the transcript, for transcript messages
    slot: str | None = None
    joinable: bool = False       # preset content that a later `join: true` card may join

    def fixed_parts(self) -> tuple[Part, ...]:
        return self.parts or (Part(self.label, self.content),)


@dataclass(frozen=True)
class Assembly:
    skills_block: str | None
    before: tuple[PromptMessage, ...]    # fixed messages before history (Skills block included)
    history: tuple[PromptMessage, ...]   # every history candidate, oldest first
    after: tuple[PromptMessage, ...]     # fixed messages after history
    placement: str                        # where the Skills block stands, in words
    problems: tuple[PresetProblem, ...] = ()
    in_block: tuple[str, ...] = ()       # names of the skills the block holds
    in_cards: tuple[str, ...] = ()       # names of the skills placed by preset skill cards

    def messages(self, kept_history: Sequence[PromptMessage] | None = None) -> list[PromptMessage]:
        return [*self.before, *(self.history if kept_history is None else kept_history), *self.after]


def skills_block(entries: Sequence[tuple[str, str]]) -> str | None:
    """(name, rendered text) pairs in order -> the block, or None when nothing is left."""
    sections = [f"\n## {name}\n{text.strip()}" for name, text in entries if text.strip()]
    return HEADING + "\n" + "\n".join(sections) if sections else None


def rendered_text(skill: Skill, variables: Mapping[str, object]) -> str:
    """A skill's instructions with its macros run, surrounding whitespace stripped."""
    try:
        return macros.render(skill.body, variables).strip()
    except macros.MacroExpansionTooLarge as exc:
        exc.path = exc.path or skill.path  # the skill it stopped on, in the one-line message
        raise


@dataclass
class _Builder:
    variables: Mapping[str, object]
    on: Mapping[str, Skill]            # skills that are on, by id
    linked: frozenset[str]
    out: list[PromptMessage] = field(default_factory=list)
    problems: list[PresetProblem] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)

    def card_part(self, card: Card) -> Part:
        if card.kind == "skill":
            skill = self.on.get(card.skill or "")
            if card.skill not in self.linked:
                self.problems.append(PresetProblem((*card.path, "skill"), f"skill card {card.skill!r}: the scene does "
                                                   "not link that skill, so the card adds nothing", error=False))
            if skill is None:
                return Part("Skills", "")
            self.placed.append(skill.name)
            return Part("Skills", rendered_text(skill, self.variables))
        label = LABELS.get(card.marker or "", "Preset")
        return Part(label, macros.render(card.content, self.variables).strip())

    def add(self, card: Card) -> None:
        part = self.card_part(card)
        if not part.text:
            return  # a blank card adds nothing, and breaks no join
        last = self.out[-1] if self.out else None
        if card.join and last is not None and last.joinable and last.role == card.role:
            label = last.label if last.label == part.label else "Preset"
            self.out[-1] = replace(last, label=label, content=last.content + JOINER + part.text,
                                   parts=(*last.fixed_parts(), Part(part.label, JOINER + part.text)))
            return
        self.out.append(PromptMessage(card.role, part.label, part.text, slot=card.slot, joinable=True))


def _default_position(before: Sequence[PromptMessage]) -> tuple[int, str]:
    """After the leading system messages, and after the trackers' and storyboards' blocks."""
    lead = next((i for i, m in enumerate(before) if m.role != "system"), len(before))
    feature = max((i + 1 for i, m in enumerate(before) if m.label in LABELS.values()), default=0)
    if feature > lead:
        return feature, "after the trackers' and storyboards' blocks (no skills marker in the preset)"
    if feature:
        return lead, "after the leading system messages and the trackers' and storyboards' blocks (no skills marker)"
    if lead:
        return lead, "after the leading system messages (no skills marker)"
    return 0, "at the start of the prompt: no system message leads it (no skills marker)"


def assemble(*, linked: Sequence[Skill], on: Sequence[str], variables: Mapping[str, object],
             preset: Preset | None, leading: Sequence[ChatMessage], history: Sequence[ChatMessage]) -> Assembly:
    """The prompt of one turn, before the budget: `linked` in the scene's order, `on` the ids of
    the skills that are on, `leading` the transcript's leading system messages, `history` the
    messages after them up to the reply being written."""
    cards = preset.cards if preset else ()
    on_ids = set(on)
    on_skills = {s.id: s for s in linked if s.id in on_ids}
    carded = {c.skill for c in cards if c.kind == "skill"}
    in_block = [s for s in linked if s.id in on_ids and s.id not in carded]
    entries = [(s.name, rendered_text(s, variables)) for s in in_block]
    block = skills_block(entries)

    builder = _Builder(variables, on_skills, frozenset(s.id for s in linked))
    builder.out = [PromptMessage("system", "System", m.text, index=m.index) for m in leading]
    marker: Card | None = None
    for card in cards:
        if card.marker in ("history", "skills"):
            marker = card if card.marker == "skills" else marker
            builder.out.append(PromptMessage(card.role, _STAND_IN[card.marker], ""))  # not joinable
        else:
            builder.add(card)
    items = builder.out
    block_message = PromptMessage(marker.role if marker else "system", "Skills", block) if block else None
    if marker is not None:
        placement = f"at the preset's skills marker, as a {marker.role} message"
        at = next(i for i, m in enumerate(items) if m.label == _STAND_IN["skills"])
        items[at:at + 1] = [block_message] if block_message else []
    split = next((i for i, m in enumerate(items) if m.label == _STAND_IN["history"]), len(items))
    before, after = items[:split], items[split + 1:]
    if marker is None:
        position, placement = _default_position(before)
        if block_message:
            before.insert(position, block_message)
    history_messages = tuple(PromptMessage(m.role, "History", m.text, index=m.index) for m in history)
    problems = (*(preset.problems if preset is not None else ()), *builder.problems)
    return Assembly(block, tuple(before), history_messages, tuple(after), placement, problems,
                    tuple(s.name for s, (_, text) in zip(in_block, entries) if text.strip()), tuple(builder.placed))
