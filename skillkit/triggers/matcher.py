"""The trigger matcher, compiled once per skill set: what one message "signals".

Every message is scanned once, however many turns' windows it falls in. Scanning a message
yields *signals*: which plain triggers occur in it (all plain triggers of all skills in one
merged keyword pass over the message, and one over its lower-cased text), which regex
triggers that can be judged per message match it, and which regex triggers that must see
the joined scan text could match at all (one of their required literals occurs: factors.py).
A turn then only combines signals over its window (session.py): a plain trigger never
matches across messages, so its result for a window is the union of per-message results.

Regex triggers are tested per message only when one of their required literals occurs in it,
so a skill set's cost grows with the transcript's text and the number of actual hits, not
with the number of triggers or the scan depth.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from skillkit.triggers.factors import fold, required_literals
from skillkit.triggers.jsregex import JSRegex, js_test
from skillkit.triggers.keywords import KeywordSet
from skillkit.triggers.locality import is_local
from skillkit.triggers.plain import lower
from skillkit.triggers.reference import DEFAULT_TIMEOUT
from skillkit.triggers.spec import SkillTriggers, Trigger

if TYPE_CHECKING:
    from skillkit.triggers.session import Session


@dataclass(frozen=True, slots=True)
class TriggerPlan:
    """How one trigger of one skill is judged on a turn.

    `slot`: the window slot of its per-message signal (plain triggers, local regexes).
    `timeout_slot`: for local regexes, the slot that says it ran too long in the window.
    `cross`: a regex that must run on the joined scan text; `gate_slot`, when set, is the
    slot of its required literals: while it is inactive the regex cannot match."""

    source: str
    slot: int | None = None
    timeout_slot: int | None = None
    cross: int | None = None       # index into Matcher.crossing
    gate_slot: int | None = None
    key: tuple[str, str] | None = None  # a regex's (pattern, flags): the run's budget names it so


@dataclass(frozen=True, slots=True)
class SkillPlan:
    primaries: tuple[TriggerPlan, ...]
    secondaries: tuple[TriggerPlan, ...]
    always_hot: bool  # a crossing regex with no required literal: judged on every turn


class Matcher:
    """Compiled trigger matching for a sequence of skills (in the order verdicts are wanted)."""

    def __init__(self, specs: Sequence[SkillTriggers], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.specs = tuple(specs)
        self.timeout = timeout
        self._signal_ids: dict[tuple, int] = {}
        # slots: one per (signal, scan depth) that some skill reads
        self._slot_ids: dict[tuple[int, int], int] = {}
        self.slot_skills: list[list[int]] = []
        self.signal_slots: dict[int, list[tuple[int, int]]] = defaultdict(list)  # signal -> [(slot, depth)]
        self.gate_slots: set[int] = set()
        # plain keywords: needle -> keyword id, per case mode; keyword id -> [(signal, whole word)]
        self._needles: dict[bool, dict[str, int]] = {False: {}, True: {}}
        self._needle_targets: dict[bool, list[list[tuple[int, bool]]]] = {False: [], True: []}
        # regexes judged per message, and those that need the joined text
        self.local: list[tuple[JSRegex, int, int]] = []      # (regex, match signal, timeout signal)
        self._local_ids: dict[tuple[str, str], int] = {}
        self.crossing: list[JSRegex] = []
        self._crossing_ids: dict[tuple[str, str], int] = {}
        self._always_local: set[int] = set()
        self._literal_ids: dict[str, int] = {}
        self._literal_local: list[set[int]] = []
        self._literal_gates: list[set[int]] = []
        self.plans = tuple(self._plan(index, spec) for index, spec in enumerate(self.specs))
        self._keywords = {cs: KeywordSet(list(self._needles[cs])) for cs in (False, True)}
        self._literals = KeywordSet(list(self._literal_ids))

    # --- compiling ---------------------------------------------------------------------------

    def _signal(self, key: tuple) -> int:
        return self._signal_ids.setdefault(key, len(self._signal_ids))

    def _slot(self, signal: int, depth: int, skill: int, gate: bool = False) -> int:
        key = (signal, depth)
        slot = self._slot_ids.get(key)
        if slot is None:
            slot = self._slot_ids[key] = len(self.slot_skills)
            self.slot_skills.append([])
            self.signal_slots[signal].append((slot, depth))
        if skill not in self.slot_skills[slot]:
            self.slot_skills[slot].append(skill)
        if gate:
            self.gate_slots.add(slot)
        return slot

    def _plan(self, index: int, spec: SkillTriggers) -> SkillPlan:
        if not spec.can_match:
            return SkillPlan((), (), False)
        plans = [self._trigger(index, spec.scan_depth, t) for t in (*spec.primaries, *spec.secondaries)]
        hot = any(p.cross is not None and p.gate_slot is None for p in plans)
        return SkillPlan(tuple(plans[:len(spec.primaries)]), tuple(plans[len(spec.primaries):]), hot)

    def _trigger(self, skill: int, depth: int, trigger: Trigger) -> TriggerPlan:
        if trigger.plain is not None:
            plain = trigger.plain
            signal = self._signal(("plain", plain.needle, plain.case_sensitive, plain.whole_word))
            needles = self._needles[plain.case_sensitive]
            if plain.needle not in needles:
                needles[plain.needle] = len(needles)
                self._needle_targets[plain.case_sensitive].append([])
            targets = self._needle_targets[plain.case_sensitive][needles[plain.needle]]
            if (signal, plain.whole_word) not in targets:
                targets.append((signal, plain.whole_word))
            return TriggerPlan(trigger.source, slot=self._slot(signal, depth, skill))
        rx = trigger.regex
        assert rx is not None
        key = (rx.source, rx.flags)
        literals = required_literals(rx.source, rx.flags)
        if is_local(rx):
            local = self._local_ids.get(key)
            if local is None:
                local = self._local_ids[key] = len(self.local)
                self.local.append((rx, self._signal(("regex", *key)), self._signal(("slow", *key))))
                if literals is None:
                    self._always_local.add(local)
                else:
                    for literal in literals:
                        self._literal(literal)[0].add(local)
            _, match_signal, slow_signal = self.local[local]
            return TriggerPlan(trigger.source, slot=self._slot(match_signal, depth, skill),
                               timeout_slot=self._slot(slow_signal, depth, skill), key=key)
        cross = self._crossing_ids.get(key)
        if cross is None:
            cross = self._crossing_ids[key] = len(self.crossing)
            self.crossing.append(rx)
        # A literal holding a joiner character could span two messages: then no gate.
        if literals is None or any("\n" in lit or "\x01" in lit for lit in literals):
            return TriggerPlan(trigger.source, cross=cross, key=key)
        gate = self._signal(("gate", *key))
        for literal in literals:
            self._literal(literal)[1].add(gate)
        return TriggerPlan(trigger.source, cross=cross, gate_slot=self._slot(gate, depth, skill, gate=True), key=key)

    def _literal(self, literal: str) -> tuple[set[int], set[int]]:
        lid = self._literal_ids.get(literal)
        if lid is None:
            lid = self._literal_ids[literal] = len(self._literal_ids)
            self._literal_local.append(set())
            self._literal_gates.append(set())
        return self._literal_local[lid], self._literal_gates[lid]

    # --- scanning one message ------------------------------------------------------------------

    def signals(self, text: str) -> set[int]:
        """Every signal one trimmed message raises."""
        found: set[int] = set()
        for case_sensitive in (False, True):
            keywords = self._keywords[case_sensitive]
            if len(keywords):
                haystack = text if case_sensitive else lower(text)
                self._plain_signals(keywords, self._needle_targets[case_sensitive], haystack, found)
        candidates = set(self._always_local)
        if len(self._literals):
            for lid in self._literals.present(fold(text)):
                candidates |= self._literal_local[lid]
                found |= self._literal_gates[lid]
        for local in sorted(candidates):
            rx, match_signal, slow_signal = self.local[local]
            try:
                if js_test(rx, text, self.timeout):
                    found.add(match_signal)
            except TimeoutError:
                found.add(slow_signal)
        return found

    @staticmethod
    def _plain_signals(keywords: KeywordSet, targets: list[list[tuple[int, bool]]], haystack: str,
                       found: set[int]) -> None:
        """The signals of the plain triggers in one message: time linear in it (keywords.py)."""
        anywhere, as_words = keywords.present_both(haystack)
        for kid in anywhere:
            for signal, whole in targets[kid]:
                if not whole or kid in as_words:
                    found.add(signal)

    def session(self) -> "Session":
        from skillkit.triggers.session import Session

        return Session(self)
