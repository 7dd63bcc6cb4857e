"""Macros in prompt text: `{{name}}` answers with the variable `name`; what nothing answers is
stripped, as the studio strips an unknown macro in a preset's blocks.

Variables come from the scene's `variables`, then `--var` (later wins). `{{user}}` and `{{char}}`
are variables like any other. Rendering is one pass: a value that itself holds `{{x}}` is not
expanded again, so no text can make rendering loop. Its output is capped (`MAX_RENDERED`
characters, a ceiling in code no setting lifts): 20,000 `{{x}}` answered by a 100 KB variable
would be 2 GB, so rendering stops at the cap with `MacroExpansionTooLarge`. Macros never write
(the studio's read-only rendering, as `open_skill` uses): rendering has no side effects at all.
"""

from __future__ import annotations

import re
from typing import Iterator, Mapping

import msgspec

from skillkit.core.errors import InputError

# The most characters one text may render to: far past any real prompt block (a 200,000-token
# context is under a megabyte of text), and a bounded few MB in memory.
MAX_RENDERED = 4 * 1024 * 1024


class MacroExpansionTooLarge(InputError):
    """A text whose macros would render past MAX_RENDERED characters."""

    def __init__(self, name: str) -> None:
        super().__init__(f"macros would render to more than {MAX_RENDERED:,} characters "
                         f"(`{{{{{name}}}}}` answered by a long variable, many times); skillkit renders at most that")
        self.name = name


# `{{ name }}`: anything but braces between the pairs, surrounding spaces ignored.
MACRO = re.compile(r"\{\{([^{}]*)\}\}")


class MacroUse(msgspec.Struct, frozen=True):
    name: str     # trimmed
    offset: int   # of the opening `{{` in the text


def macro_value(value: object) -> str:
    """A variable's value as text: booleans as JavaScript writes them (`true`, `false`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def may_hold_macros(text: str) -> bool:
    """Whether `text` holds `{{` (the test before any macro work). `"{{" in text` is a two-
    character search, several times slower than finding the rare `{` with a one-character one:
    lint asks it of every skill's body on every run."""
    at = text.find("{")
    while at != -1:
        if text.startswith("{", at + 1):
            return True
        at = text.find("{", at + 2)  # text[at + 1] is not `{`: no pair starts there
    return False


def uses(text: str) -> Iterator[MacroUse]:
    for match in MACRO.finditer(text):
        yield MacroUse(match.group(1).strip(), match.start())


def render(text: str, variables: Mapping[str, object]) -> str:
    """`text` with every macro replaced by its variable's value, or by nothing. The output is
    counted as it is built: past MAX_RENDERED characters, MacroExpansionTooLarge (never the
    whole expansion in memory first)."""
    if not may_hold_macros(text):
        return text
    size = [len(text)]

    def answer(match: re.Match[str]) -> str:
        name = match.group(1).strip()
        value = macro_value(variables[name]) if name in variables else ""
        size[0] += len(value) - len(match[0])
        if size[0] > MAX_RENDERED:
            raise MacroExpansionTooLarge(name)
        return value

    return MACRO.sub(answer, text)


def unanswered(text: str, variables: Mapping[str, object]) -> list[MacroUse]:
    """The macros in `text` that no variable answers (they render as nothing)."""
    return [use for use in uses(text) if use.name not in variables]


def parse_assignment(raw: str) -> tuple[str, str]:
    """`NAME=VALUE` (from `--var`) -> (name, value). A ValueError names what is wrong."""
    name, sep, value = raw.partition("=")
    if not sep or not name.strip():
        raise ValueError(f"--var {raw!r} is not NAME=VALUE")
    if "{" in name or "}" in name:
        raise ValueError(f"--var {raw!r}: a variable name holds no braces")
    return name.strip(), value
