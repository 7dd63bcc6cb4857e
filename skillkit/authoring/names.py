"""Skill names: the portable-name rule, and a valid, unique name made from any text.

A name is 1-64 characters of `a-z 0-9 -` with no leading, trailing or doubled hyphen
(ARCHITECTURE.md, Contracts: field values). Lorebook entries are titled in any language, so
text is transliterated to ASCII (`skillkit.core.slug`, the same lint's hint uses) before it
is slugified.
"""

from __future__ import annotations

import re

from skillkit.core.fields.base import NAME_PATTERN
from skillkit.core.slug import MAX_NAME, fit, slugify

__all__ = ["MAX_NAME", "name_problem", "slugify", "unique_name"]

_VALID = re.compile(NAME_PATTERN)


def name_problem(name: str) -> str | None:
    """Why `name` is not a valid skill name, or None when it is."""
    if not name:
        return "a name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters (this one has {len(name)})"
    if name != name.lower() and _VALID.match(name.lower()):
        return f"a name is lower-case: try {name.lower()!r}"
    bad = sorted({c for c in name if not (c.isascii() and (c.islower() or c.isdigit() or c == "-"))})
    if bad:
        shown = " ".join(repr(c) for c in bad[:5])
        return f"a name holds only a-z, 0-9 and '-' (found {shown}); try {slugify(name) or 'my-skill'!r}"
    if name.startswith("-") or name.endswith("-"):
        return "a name cannot start or end with '-'"
    if "--" in name:
        return "a name cannot hold '--' (a doubled hyphen)"
    return None


def unique_name(base: str, taken: set[str], counters: dict[str, int] | None = None) -> str:
    """`base`, or `base-2`, `base-3`, ... whichever is free; always at most 64 characters.
    `counters` (base -> next number to try) keeps a lorebook of many same-titled entries linear."""
    if base not in taken:
        return base
    number = counters.get(base, 2) if counters is not None else 2
    while True:
        suffix = f"-{number}"
        candidate = fit(base, MAX_NAME - len(suffix)) + suffix
        number += 1
        if candidate not in taken:
            if counters is not None:
                counters[base] = number
            return candidate
