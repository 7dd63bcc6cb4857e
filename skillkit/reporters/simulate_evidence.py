"""What a turn's verdict rests on, for the HTML report: where in the scan window each trigger
that matched matched. The verdicts themselves are activation's; this finds the text again, as
the straightforward matcher reads it (triggers/reference.py): plain triggers in each message,
regex triggers in the joined scan text, so the page can highlight it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from skillkit.triggers.plain import PlainTrigger, lower, word_edges_ok
from skillkit.triggers.scan import JOINER, Unit
from skillkit.triggers.spec import SkillTriggers, Trigger

SEARCH_SECONDS = 0.05  # a regex that needs longer to find its text again is shown without a highlight
TOTAL_SECONDS = 2.0   # all regex searches of one page together: a big book is not slowed by its report


@dataclass
class Budget:
    """The time left for regex searches while one page is made."""

    seconds: float = TOTAL_SECONDS

Hit = tuple[int, int, int, str]  # (position in the window, newest first; start; end; the trigger as written)


def _plain_span(trigger: PlainTrigger, text: str) -> tuple[int, int] | None:
    haystack = text if trigger.case_sensitive else lower(text)
    if len(haystack) != len(text):  # a letter whose lower case is longer: offsets would not line up
        return None
    start = haystack.find(trigger.needle)
    while start >= 0:
        end = start + len(trigger.needle)
        if not trigger.whole_word or word_edges_ok(haystack, start, end):
            return start, end
        start = haystack.find(trigger.needle, start + 1)
    return None


def _regex_hit(trigger: Trigger, texts: Sequence[str], budget: Budget) -> Hit | None:
    """The first match in the joined scan text, mapped back into its message (a match that
    spans two messages is shown in the first)."""
    from skillkit.triggers.jsregex import _code_points, _utf16_units

    assert trigger.regex is not None
    joined = JOINER + f"\n{JOINER}".join(texts)
    subject = _code_points(joined) if "u" in trigger.regex.flags else _utf16_units(joined)
    if len(subject) != len(joined):  # characters outside the BMP: JavaScript's offsets differ
        return None
    find = trigger.regex.compiled.match if trigger.regex.sticky else trigger.regex.compiled.search
    if budget.seconds <= 0:
        return None
    started = time.monotonic()
    try:
        found = find(subject, timeout=min(SEARCH_SECONDS, budget.seconds))
    except TimeoutError:
        found = None
    budget.seconds -= time.monotonic() - started
    if found is None:
        return None
    offset = 1  # after the first JOINER
    for position, text in enumerate(texts):
        if found.start() < offset + len(text) + 1:
            start = max(found.start() - offset, 0)
            return position, start, min(max(found.end() - offset, start), len(text)), trigger.source
        offset += len(text) + 2  # the text, "\n" and the next JOINER
    return None


def evidence(spec: SkillTriggers, units: Sequence[Unit], budget: Budget) -> list[Hit]:
    """Each trigger's first match in the window (`units`, newest first, the skill's own depth)."""
    texts = [u.text for u in units]
    hits: list[Hit] = []
    for trigger in (*spec.primaries, *spec.secondaries):
        if trigger.plain is not None:
            for position, text in enumerate(texts):
                span = _plain_span(trigger.plain, text)
                if span is not None:
                    hits.append((position, *span, trigger.source))
                    break
        else:
            hit = _regex_hit(trigger, texts, budget)
            if hit is not None:
                hits.append(hit)
    return hits
