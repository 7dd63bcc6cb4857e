"""From which triggers hit to a verdict: primary and secondary logic, and the sentence of why.

Both matchers (the fast one and the straightforward reference) find which triggers hit in a
turn's scan window and hand that here, so they agree on wording as well as on the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from skillkit.triggers.spec import SkillTriggers, Trigger


@dataclass(frozen=True, slots=True)
class Mention:
    """Whether a skill's triggers match on a turn, and one sentence of why."""

    on: bool
    reason: str
    timed_out: tuple[str, ...] = ()  # triggers that ran too long and counted as no match


def listing(items: Sequence[str], word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _names(triggers: Sequence[Trigger]) -> list[str]:
    return [t.source for t in triggers]


def _primary_ok(spec: SkillTriggers, hits: Sequence[bool]) -> bool:
    return all(hits) if spec.trigger_logic == "all" else any(hits)


def _gate_ok(logic: str, hits: Sequence[bool]) -> bool:
    if logic == "andAll":
        return all(hits)
    if logic == "notAny":
        return not any(hits)
    if logic == "notAll":
        return not all(hits)
    return any(hits)  # andAny


def _mentioned(spec: SkillTriggers, primary: Sequence[bool], secondary: Sequence[bool]) -> str:
    if spec.trigger_logic == "all":
        head = listing(_names(spec.primaries))
    else:
        head = next(t.source for t, hit in zip(spec.primaries, primary) if hit)
    if not spec.secondaries:
        return f"Mentioned: {head}."
    hit_names = [t.source for t, hit in zip(spec.secondaries, secondary) if hit]
    all_names = _names(spec.secondaries)
    gate = {
        "andAny": f"with {hit_names[0] if hit_names else ''}",
        "andAll": f"with {listing(all_names)}",
        "notAny": f"and none of {listing(all_names, 'or')}",
        "notAll": f"and not all of {listing(all_names)}",
    }[spec.selective_logic]
    return f"Mentioned: {head}, {gate}."


def _not_mentioned(spec: SkillTriggers, primary: Sequence[bool], secondary: Sequence[bool]) -> str:
    if not any(primary):
        return "Not mentioned."
    if not _primary_ok(spec, primary):
        missing = [t.source for t, hit in zip(spec.primaries, primary) if not hit]
        return f"Not mentioned: it needs all its triggers, and {listing(missing, 'or')} did not match."
    matched = listing([t.source for t, hit in zip(spec.primaries, primary) if hit])
    hit_names = [t.source for t, hit in zip(spec.secondaries, secondary) if hit]
    missing = [t.source for t, hit in zip(spec.secondaries, secondary) if not hit]
    but = {
        "andAny": f"none of {listing(_names(spec.secondaries), 'or')} did",
        "andAll": f"{listing(missing, 'or')} did not",
        "notAny": f"so did {listing(hit_names)}",
        "notAll": f"so did all of {listing(hit_names)}",
    }[spec.selective_logic]
    return f"Not mentioned: {matched} matched, but {but}."


def judge(spec: SkillTriggers, primary: Sequence[bool], secondary: Sequence[bool],
          timed_out: Sequence[str] = (), unevaluated: Sequence[str] = ()) -> Mention:
    """The verdict for one turn, given which primary and secondary triggers hit; `timed_out`
    ran too long, `unevaluated` were not run because the run's regex time budget was spent."""
    on = _primary_ok(spec, primary) and (not spec.secondaries or _gate_ok(spec.selective_logic, secondary))
    reason = _mentioned(spec, primary, secondary) if on else _not_mentioned(spec, primary, secondary)
    spent = tuple(dict.fromkeys(unevaluated))
    slow = tuple(s for s in dict.fromkeys(timed_out) if s not in spent)
    if slow:
        reason += f" {listing(list(slow))} ran too long and counted as no match."
    if spent:
        reason += f" {listing(list(spent))} not evaluated: the regex time budget is spent."
    return Mention(on, reason, slow + spent)


def never(spec: SkillTriggers) -> Mention:
    """The verdict of a skill whose triggers cannot match on any turn."""
    return Mention(False, f"Never mentioned: {spec.never_reason}.")


def unscanned(spec: SkillTriggers) -> Mention:
    """The verdict of a turn with nothing to scan (a reply that answers no message)."""
    if not spec.can_match:
        return never(spec)
    return Mention(False, "Not mentioned: there is no message before this reply to scan.")
