"""The studio's activation fields: triggers that can never work, or work differently than meant."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import Hit, RuleContext, skill_rule

TRIGGER_KEYS = ("triggers", "secondaryTriggers")


def _triggers(doc: SkillDoc) -> Iterable[tuple[str, int, str]]:
    for key in TRIGGER_KEYS:
        values = doc.data.get(key)
        if isinstance(values, list):
            for index, value in enumerate(values):
                if isinstance(value, str):
                    yield key, index, value


@skill_rule("trigger-blank", Severity.WARNING, world="studio")
def blank_trigger(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A blank trigger (empty or only whitespace) is ignored by the matcher; remove it."""
    for key, index, value in _triggers(doc):
        if not value.strip():
            yield Hit(doc.path, *doc.at(key, index), f"`{key}[{index}]` is blank and is ignored")


def _shown(trigger: str, limit: int = 80) -> str:
    """A trigger as a message quotes it: a 4,000-character pattern would swamp the line."""
    text = trigger.strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"


@skill_rule("trigger-regex", Severity.WARNING, world="studio")
def regex_trigger(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A regex trigger (`/pattern/flags`) that JavaScript would not compile, that can backtrack
    catastrophically, or that matches the empty string.

    - Not compilable (as Node.js 20 reads it): the matcher treats the text as a plain trigger,
      which is almost never what the author meant.
    - A quantified group that itself holds a quantifier, like `(a+)+`, can take exponential time
      in JavaScript engines. This is found statically: the `regex` module survives the textbook
      cases, so a timed probe would miss them. Overlapping alternatives are found too, literal
      (`(a|aa)+`) or through classes (`(\\w|\\d)+`, `([a-c]|[b-d])+`), and chains of three or
      more `.*` around the same character (`.*a.*a.*a.*b`), which are polynomial. skillkit's
      matcher stops each at a time limit and counts it as no match.
    - All regex work of a run (compiling and matching) shares one time budget, `regex-budget`
      seconds in the settings (default 2): once spent, later patterns are not compiled, and lint
      says so once, at the first trigger it leaves unchecked.
    - A regex that matches the empty string (`/a*/`) matches every message: the skill is always on."""
    candidates = [t for t in _triggers(doc) if t[2].strip().startswith("/")]
    if not candidates:
        return  # most skills have no regex trigger: do not pay for importing the regex engine
    from skillkit.triggers.budget import current
    from skillkit.triggers.jsregex import (JSRegexError, RegexBudgetSpent, compile_js, matches_empty,
                                           nested_quantifier, parse_regex_trigger)

    for key, index, value in candidates:
        literal = parse_regex_trigger(value)
        if literal is None:
            continue
        at = doc.at(key, index)
        shown = _shown(value)
        try:
            compiled = compile_js(literal.pattern, literal.flags)
        except RegexBudgetSpent as exc:
            budget = current()
            if not budget.announced:  # said once per run, at the first trigger left unchecked
                budget.announced = True
                yield Hit(doc.path, *at, f"{exc} (setting `regex-budget`): this and later regex triggers "
                                         "of the run are not checked")
            continue
        except JSRegexError as exc:
            yield Hit(doc.path, *at, f"`{shown}` is not a JavaScript regex ({exc}); it is matched as plain text")
            continue
        if (nested := nested_quantifier(literal.pattern)) is not None:
            yield Hit(doc.path, *at, f"`{shown}` can backtrack catastrophically: {nested}")
        if matches_empty(compiled):
            yield Hit(doc.path, *at, f"`{shown}` matches the empty string, so it matches every message")


@skill_rule("triggers-unused", Severity.WARNING, world="studio")
def triggers_unused(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """Trigger fields that cannot take effect.

    - Triggers on a skill that is `always` on: only `mentioned` and `picked` skills read them.
    - Secondary triggers without primary ones: they only gate primary triggers.
    - `closeWhenUnmentioned` on a skill that is not `picked`: only an open skill closes; or on
      one without `triggers`, which stays open (nothing can go unmentioned).
    - `scanDepth: 0`: triggers never match (a `mentioned` skill is never on)."""
    data = doc.data
    when = data.get("when", "picked")
    has_primary = bool(data.get("triggers"))
    if when == "always":
        for key in TRIGGER_KEYS:
            if data.get(key):
                yield Hit(doc.path, *doc.at_key(key), f"`{key}` has no effect: the skill is `when: always`")
    if data.get("secondaryTriggers") and not has_primary:
        yield Hit(doc.path, *doc.at_key("secondaryTriggers"),
                  "`secondaryTriggers` without `triggers` never match: they only gate the primary triggers")
    if data.get("closeWhenUnmentioned") is True and when != "picked":
        yield Hit(doc.path, *doc.at_key("closeWhenUnmentioned"),
                  f"`closeWhenUnmentioned` has no effect: only a `picked` skill opens and closes (this one is `{when}`)")
    elif data.get("closeWhenUnmentioned") is True and not has_primary:
        yield Hit(doc.path, *doc.at_key("closeWhenUnmentioned"),
                  "`closeWhenUnmentioned` has no effect without `triggers`: a picked skill with none stays open")
    if data.get("scanDepth") == 0 and has_primary and when in ("mentioned", "picked"):
        yield Hit(doc.path, *doc.at("scanDepth"), "`scanDepth: 0` scans no message: the triggers never match")
    if when == "mentioned" and not has_primary:
        yield Hit(doc.path, *doc.at("when"), "a `mentioned` skill without `triggers` is never on")


@skill_rule("unused-fields", Severity.INFO, world="studio")
def unused_fields(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """`frequency` and `probability`, which a lorebook entry's triggers may carry, are kept but
    never used by a skill."""
    for key in ("frequency", "probability"):
        if key in doc.data:
            yield Hit(doc.path, *doc.at_key(key), f"`{key}` is kept but never used by a skill")


RULES = (blank_trigger, regex_trigger, triggers_unused, unused_fields)
