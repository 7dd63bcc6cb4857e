"""One transcript walk over a compiled Matcher: per-turn verdicts from per-message signals.

A *slot* is a (signal, scan depth) pair some skill reads. A message at chain position q that
raises a signal keeps the slot active for the turns answering positions q .. q+depth-1; the
session stores, per slot, the first position at which it is inactive again (`expire`), so a
slot is active on a turn answering position p exactly when expire > p. Settling a message
and letting slots expire are the only state changes, and only the skills reading a changed
slot are judged again: a turn's cost is the number of changes, not skills x triggers x depth.

Turns arrive in transcript order and the answered position never moves back (a swipe answers
the message its replaced reply answered; messages of the replaced reply come after it and
were never settled), so every message is settled once. Should a caller break that order, the
session starts over from the new chain, which costs time but never changes an answer.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from skillkit.core import regex_time

from skillkit.triggers.jsregex import js_test
from skillkit.triggers.mention import Mention, judge, never, unscanned
from skillkit.triggers.scan import Unit, join

if TYPE_CHECKING:  # the matcher builds sessions: importing it here would be a cycle
    from skillkit.triggers.matcher import Matcher, TriggerPlan


class Session:
    def __init__(self, matcher: Matcher) -> None:
        self.m = matcher
        self._blank = tuple(unscanned(spec) for spec in matcher.specs)
        self._reset()

    def _reset(self) -> None:
        m = self.m
        self.expire = [0] * len(m.slot_skills)
        self.buckets: dict[int, list[int]] = defaultdict(list)
        self.top: Unit | None = None
        self.p = -1
        self.cache: list[Mention] = [judge(spec, [False] * len(spec.primaries), [False] * len(spec.secondaries))
                                     if spec.can_match else never(spec) for spec in m.specs]
        self.dirty: set[int] = set()
        self.gated: set[int] = set()
        self.hot = {i for i, plan in enumerate(m.plans) if plan.always_hot}
        self.last: tuple[Mention, ...] | None = None

    def mentions(self, answered: Unit | None) -> tuple[Mention, ...]:
        """Every skill's mention verdict on a turn answering `answered` (None: nothing to scan)."""
        if answered is None:
            return self._blank
        if answered is self.top and self.last is not None:
            return self.last
        pending = self._unsettled(answered)
        if pending is None:
            self._reset()
            pending = self._unsettled(answered) or []
        old_p = self.p
        for unit in pending:
            self._settle(unit)
        self.p = answered.pos
        self.top = answered
        for position in range(old_p + 1, self.p + 1):
            for slot in self.buckets.pop(position, ()):
                if self.expire[slot] == position:
                    self.dirty.update(self.m.slot_skills[slot])
        self._judge_changed(answered)
        self.last = tuple(self.cache)
        return self.last

    def _unsettled(self, answered: Unit) -> list[Unit] | None:
        """The units between the settled top and `answered`, oldest first; None if `answered`
        does not continue the settled history."""
        chain: list[Unit] = []
        unit: Unit | None = answered
        while unit is not None and unit.pos > self.p:
            chain.append(unit)
            unit = unit.prev
        if unit is not self.top:
            return None
        chain.reverse()
        return chain

    def _settle(self, unit: Unit) -> None:
        m = self.m
        for signal in m.signals(unit.text):
            for slot, depth in m.signal_slots.get(signal, ()):
                until = unit.pos + depth
                if until > self.expire[slot]:
                    self.expire[slot] = until
                    self.buckets[until].append(slot)
                skills = m.slot_skills[slot]
                self.dirty.update(skills)
                if slot in m.gate_slots:
                    self.gated.update(skills)

    def _judge_changed(self, answered: Unit) -> None:
        texts: dict[int, str] = {}
        results: dict[tuple[int, int], bool | None] = {}
        for skill in self.dirty | self.hot | self.gated:
            self.cache[skill] = self._judge(skill, answered, texts, results)
        self.dirty.clear()
        self.gated = {s for s in self.gated if self._any_gate_open(s)}

    def _any_gate_open(self, skill: int) -> bool:
        plan = self.m.plans[skill]
        return any(t.gate_slot is not None and self.expire[t.gate_slot] > self.p
                   for t in (*plan.primaries, *plan.secondaries))

    def _judge(self, skill: int, answered: Unit, texts: dict[int, str],
               results: dict[tuple[int, int], bool | None]) -> Mention:
        spec, plan = self.m.specs[skill], self.m.plans[skill]
        if not spec.can_match:
            return never(spec)
        slow: list[str] = []
        primary = [self._hit(t, spec.scan_depth, answered, texts, results, slow) for t in plan.primaries]
        secondary = [self._hit(t, spec.scan_depth, answered, texts, results, slow) for t in plan.secondaries]
        unrun = regex_time.current().unevaluated
        spent = [t.source for t in (*plan.primaries, *plan.secondaries) if t.source in slow and t.key in unrun]
        return judge(spec, primary, secondary, slow, spent)

    def _hit(self, trigger: TriggerPlan, depth: int, answered: Unit, texts: dict[int, str],
             results: dict[tuple[int, int], bool | None], slow: list[str]) -> bool:
        p = self.p
        if trigger.slot is not None:
            if self.expire[trigger.slot] > p:
                return True
            if trigger.timeout_slot is not None and self.expire[trigger.timeout_slot] > p:
                slow.append(trigger.source)
            return False
        assert trigger.cross is not None
        if trigger.gate_slot is not None and self.expire[trigger.gate_slot] <= p:
            return False
        key = (trigger.cross, depth)
        if key not in results:
            if depth not in texts:
                texts[depth] = join([u.text for u in answered.newest_first(depth)])
            try:
                results[key] = js_test(self.m.crossing[trigger.cross], texts[depth], self.m.timeout)
            except TimeoutError:
                results[key] = None
        if results[key] is None:
            slow.append(trigger.source)
        return bool(results[key])
