"""The studio's activation fields: triggers that can never work, or work differently than meant."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.fix_edits import blank_trigger
from skillkit.rules.base import Fix, Hit, RuleContext, skill_rule

TRIGGER_KEYS = ("triggers", "secondaryTriggers")


def _triggers(doc: SkillDoc) -> Iterable[tuple[str, int, str]]:
    for key in TRIGGER_KEYS:
        values = doc.data.get(key)
        if isinstance(values, list):
            for index, value in enumerate(values):
                if isinstance(value, str):
                    yield key, index, value


@skill_rule("trigger-blank", Severity.WARNING, world="studio", fix=Fix(blank_trigger))
def blank_trigger(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A blank trigger (empty or only whitespace) is ignored by the matcher; remove it.

    Fix (`skillkit lint --fix`): the blank item is removed from its list (a `- ""` line, or the
    item and its comma in a one-line `[...]` list); a line that also holds a comment is left."""
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
    - A regex that matches the empty string (`/a*/`) matches every message: the skill is always on.
    - A trigger that reads as a regex but whose flags JavaScript does not have (`/storm(s/x`,
      `/x/q`, `/x/gg`) is not a regex at all: it is matched as plain text. JavaScript's flags are
      `g i m s u y`. A path such as `/usr/bin` is left alone."""
    candidates = [t for t in _triggers(doc) if t[2].strip().startswith("/")]
    if not candidates:
        return  # most skills have no regex trigger: do not pay for importing the regex engine
    from skillkit.core.budget import current
    from skillkit.triggers.jsregex import (JSRegexError, RegexBudgetSpent, compile_js, matches_empty,
                                           nested_quantifier, parse_regex_trigger)

    for key, index, value in candidates:
        literal = parse_regex_trigger(value)
        if literal is None:
            if (flags := bad_flags(value)) is not None:
                yield Hit(doc.path, *doc.at(key, index), f"`{_shown(value)}` reads as a regex, but {flags}, "
                          "so it is matched as plain text")
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


_JS_FLAGS = "gimsuy"
_REGEX_SIGNS = re.compile(r"[\\()\[\]{}|+*?^$]")


def bad_flags(trigger: str) -> str | None:
    """Why a trigger shaped `/pattern/flags` is not a regex because of its flags, or None.

    Only when it reads as a regex: the pattern holds regex syntax, or the flags are one or two
    letters (`/x/q`); `/usr/bin`, a path, is plain text by intent."""
    text = trigger.strip()
    end = text.rfind("/")
    if not text.startswith("/") or end < 2:
        return None
    pattern, flags = text[1:end], text[end + 1:]
    if not flags or not flags.isascii() or not flags.isalpha() or len(flags) > 6:
        return None
    if not (_REGEX_SIGNS.search(pattern) or len(flags) <= 2):
        return None
    unknown = sorted({f for f in flags if f not in _JS_FLAGS})
    if unknown:
        listed = ", ".join(f"`{f}`" for f in unknown)
        return f"{listed} {'is not a JavaScript flag' if len(unknown) == 1 else 'are not JavaScript flags'} " \
               f"({' '.join(_JS_FLAGS)})"
    repeated = sorted({f for f in flags if flags.count(f) > 1})
    if repeated:
        return f"the flag `{repeated[0]}` is given twice"
    return None


# Starts only where a run of spaces starts: a search would otherwise rescan the run from each of its characters.
_LIST_ITEM = re.compile(r"(?<!\s)\s+-\s+")


@skill_rule("trigger-list-item", Severity.WARNING, world="studio")
def trigger_list_item(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A plain trigger holding ` - ` is most often two list items that became one: a `- rain`
    line indented under `- weather` continues that item, so YAML reads the one trigger
    `weather - rain`, which a message almost never holds. Give each trigger its own `- ` line at
    the same indentation (or quote the trigger if the dash is meant)."""
    for key, index, value in _triggers(doc):
        text = value.strip()
        if text.startswith("/") or not _LIST_ITEM.search(text):
            continue
        parts = [part for part in _LIST_ITEM.split(text) if part]
        if len(parts) < 2:
            continue
        meant = " and ".join(f"`{part}`" for part in parts)
        yield Hit(doc.path, *doc.at(key, index),
                  f"`{_shown(value)}` holds ` - `, as a list item that lost its indentation does; "
                  f"it is one trigger, and {len(parts)} were probably meant: {meant}")


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


RULES = (blank_trigger, regex_trigger, trigger_list_item, triggers_unused, unused_fields)
