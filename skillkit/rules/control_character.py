"""`control-character`: a control character in a trigger, a regex or a description."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import Hit, RuleContext, skill_rule

# C0 controls but tab and newline, DEL, and C1 controls
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# the YAML double-quoted escapes that read as a control character where a regex author meant
# a regex escape (`\b` a word boundary, `\f`, `\v`, `\e`, `\a` ...)
YAML_ESCAPES = {"\x08": "\\b", "\x07": "\\a", "\x0b": "\\v", "\x0c": "\\f", "\x1b": "\\e", "\x00": "\\0"}
MESSAGE_START = "\x01"  # what the scan text puts before each message: a regex may anchor on it


def _is_regex(text: str) -> bool:
    stripped = text.strip()
    return len(stripped) > 2 and stripped.startswith("/") and stripped.rfind("/") > 0


def _problem(text: str, regex_trigger: bool) -> str | None:
    for match in CONTROL.finditer(text):
        char = match.group(0)
        if regex_trigger and char == MESSAGE_START:
            continue
        escape = YAML_ESCAPES.get(char)
        said = f"U+{ord(char):04X}"
        if escape is not None:
            return (f"holds {said}, the control character a YAML double-quoted `{escape}` becomes; to keep "
                    f"`{escape}` as written (a regex escape), put the value in single quotes")
        return f"holds the control character {said}; a person cannot see it and no message holds it"
    return None


@skill_rule("control-character", Severity.WARNING, world="all")
def control_character(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    r"""A control character in a trigger, a secondary trigger or the description.

    The YAML escape trap: in a double-quoted YAML string a backslash starts an escape, so
    `"/\bsnow(ing|fall)?\b/i"` holds two BACKSPACE characters (U+0008) where a word boundary
    was meant, and the trigger never matches "snowing"; `\f`, `\v`, `\a`, `\e` and `\0` do the
    same. Nothing else would say so: the regex still compiles. Fix: single quotes, in which a
    backslash is only a backslash: `'/\bsnow(ing|fall)?\b/i'` (or double every backslash).

    Any other control character (U+0000-U+001F but tab and newline, U+007F-U+009F) in these
    texts is invisible in an editor and in no message a trigger could match: a warning too.
    Allowed: U+0001 in a regex trigger, which the scan text puts before each message
    (an author anchors a message's start with it)."""
    data = doc.data
    for key in ("triggers", "secondaryTriggers"):
        values = data.get(key)
        if not isinstance(values, list):
            continue
        for index, value in enumerate(values):
            if isinstance(value, str) and CONTROL.search(value):
                problem = _problem(value, _is_regex(value))
                if problem is not None:
                    yield Hit(doc.path, *doc.at(key, index), f"`{key}` entry {index + 1} {problem}")
    description = data.get("description")
    if isinstance(description, str) and CONTROL.search(description):
        problem = _problem(description, False)
        if problem is not None:
            yield Hit(doc.path, *doc.at("description"), f"the description {problem}")


RULES = (control_character,)
