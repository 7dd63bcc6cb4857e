"""A skill's trigger fields, decoded once into what the matchers run (DESIGN 6).

Macros in triggers (`{{char}}`, `{{user}}`, any scene variable) are replaced first, as
SillyTavern substitutes them in keys; a macro nothing answers is replaced by nothing. So are
the legacy `<USER>` (the `user` variable), `<BOT>` and `<CHAR>` (the `char` variable), in any
case, before the `{{...}}` macros, as SillyTavern's evaluateMacros replaces them. Then
triggers are trimmed; blank ones are ignored. `/pattern/flags` is a regex trigger when
JavaScript would compile it, and plain text otherwise. `caseSensitive` and `matchWholeWords`
apply to plain triggers only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from skillkit.core.model import Skill
from skillkit.studio.macros import macro_value, render as render_macros
from skillkit.triggers.jsregex import JSRegex, JSRegexError, compile_js, parse_regex_trigger
from skillkit.triggers.plain import PlainTrigger, js_trim


# SillyTavern's legacy non-macro substitutions (macros.js, evaluateMacros): `/<USER>/gi` -> the
# user's name, `/<BOT>/gi` and `/<CHAR>/gi` -> the character's, in that order.
LEGACY = (("<user>", "user"), ("<bot>", "char"), ("<char>", "char"))
_LEGACY_PATTERNS = tuple((re.compile(re.escape(tag), re.IGNORECASE), variable) for tag, variable in LEGACY)
# What `$` patterns mean in a JavaScript replacement string, which String.prototype.replace
# applies to the name it puts in: `$$` is `$`, `$&` the match, `` $` `` and `$'` the text
# before and after it; anything else (`$1` with no group) stays as written.
_JS_REPLACEMENT = re.compile(r"\$([$&`'])")


def _js_replace(pattern: re.Pattern[str], text: str, value: str) -> str:
    if "$" not in value:
        return pattern.sub(lambda _: value, text)

    def one(match: re.Match[str]) -> str:
        pieces = {"$": "$", "&": match.group(0), "`": text[:match.start()], "'": text[match.end():]}
        return _JS_REPLACEMENT.sub(lambda m: pieces[m.group(1)], value)

    return pattern.sub(one, text)


def legacy_macros(text: str, variables: Mapping[str, object]) -> str:
    """`text` with `<USER>`, `<BOT>` and `<CHAR>` (any case) replaced as SillyTavern replaces
    them in keys; one no variable answers is replaced by nothing, as a `{{macro}}` is."""
    if "<" not in text:
        return text
    for pattern, variable in _LEGACY_PATTERNS:
        value = macro_value(variables[variable]) if variable in variables else ""
        text = _js_replace(pattern, text, value)
    return text


@dataclass(frozen=True, slots=True)
class Trigger:
    """One non-blank trigger: exactly one of `plain` and `regex` is set."""

    source: str  # trimmed, as the author wrote it: what verdicts quote
    plain: PlainTrigger | None = None
    regex: JSRegex | None = None


def decode_trigger(value: str, case_sensitive: bool, match_whole_words: bool) -> Trigger | None:
    text = js_trim(value)
    if not text:
        return None
    literal = parse_regex_trigger(text)
    if literal is not None:
        try:
            return Trigger(text, regex=compile_js(literal.pattern, literal.flags))
        except JSRegexError:
            pass  # JavaScript would not compile it: the studio matches it as plain text
    return Trigger(text, plain=PlainTrigger.build(text, case_sensitive, match_whole_words))


def decode_triggers(values: Sequence[str], case_sensitive: bool, match_whole_words: bool) -> tuple[Trigger, ...]:
    decoded = (decode_trigger(v, case_sensitive, match_whole_words) for v in values)
    return tuple(t for t in decoded if t is not None)


@dataclass(frozen=True)
class SkillTriggers:
    """Everything trigger matching needs to know about one skill."""

    name: str
    primaries: tuple[Trigger, ...]
    secondaries: tuple[Trigger, ...]
    trigger_logic: str      # any | all
    selective_logic: str    # andAny | andAll | notAny | notAll
    scan_depth: int

    @property
    def can_match(self) -> bool:
        """No triggers, or `scanDepth: 0`: never matches (and a picked skill never closes by rule)."""
        return bool(self.primaries) and self.scan_depth > 0

    @property
    def never_reason(self) -> str:
        if not self.primaries:
            return "it has no triggers"
        return "its scanDepth is 0"

    @classmethod
    def of(cls, skill: Skill, variables: Mapping[str, object] | None = None) -> SkillTriggers:
        """`variables`: what macros in the triggers answer with (None: triggers as written)."""
        cs, whole = skill.case_sensitive, skill.match_whole_words
        primaries, secondaries = skill.triggers, skill.secondary_triggers
        if variables is not None:
            primaries = tuple(render_macros(legacy_macros(t, variables), variables) for t in primaries)
            secondaries = tuple(render_macros(legacy_macros(t, variables), variables) for t in secondaries)
        return cls(skill.name, decode_triggers(primaries, cs, whole),
                   decode_triggers(secondaries, cs, whole),
                   skill.trigger_logic, skill.selective_logic, skill.scan_depth)
