"""The straightforward matcher: every turn, every skill, every trigger over the scan window.

This is how lorebook engines evaluate keys, and it is the executable form of the trigger contract
(ARCHITECTURE.md, Contracts: triggers): plain
triggers are tested on each message of the window, regex triggers on the joined scan text.
Its cost grows with turns x triggers x scan depth. skillkit runs the fast matcher (matcher.py);
this one is the oracle the tests and the benchmark compare it with.
"""

from __future__ import annotations

from typing import Sequence

from skillkit.triggers.jsregex import js_test
from skillkit.triggers.mention import Mention, judge, never, unscanned
from skillkit.triggers.plain import plain_matches
from skillkit.triggers.scan import Unit, join, window
from skillkit.triggers.spec import SkillTriggers, Trigger

DEFAULT_TIMEOUT = 0.25


class ReferenceMatcher:
    """Same interface as matcher.Matcher: `session()` gives a per-transcript evaluator."""

    def __init__(self, specs: Sequence[SkillTriggers], timeout: float = DEFAULT_TIMEOUT) -> None:
        self.specs = tuple(specs)
        self.timeout = timeout

    def session(self) -> ReferenceSession:
        return ReferenceSession(self)


class ReferenceSession:
    def __init__(self, matcher: ReferenceMatcher) -> None:
        self.matcher = matcher

    def mentions(self, answered: Unit | None) -> tuple[Mention, ...]:
        return tuple(self._judge(spec, answered) for spec in self.matcher.specs)

    def _judge(self, spec: SkillTriggers, answered: Unit | None) -> Mention:
        if not spec.can_match:
            return never(spec)
        units = window(answered, spec.scan_depth)
        if not units:
            return unscanned(spec)
        texts = [u.text for u in units]
        joined = join(texts)
        slow: list[str] = []
        primary = [self._hit(t, texts, joined, slow) for t in spec.primaries]
        secondary = [self._hit(t, texts, joined, slow) for t in spec.secondaries]
        return judge(spec, primary, secondary, slow)

    def _hit(self, trigger: Trigger, texts: list[str], joined: str, slow: list[str]) -> bool:
        if trigger.plain is not None:
            return any(plain_matches(trigger.plain, text) for text in texts)
        assert trigger.regex is not None
        try:
            return js_test(trigger.regex, joined, self.matcher.timeout)
        except TimeoutError:
            slow.append(trigger.source)
            return False
