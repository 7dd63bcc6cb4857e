"""Skill names: the portable-name rule, and a valid, unique name made from any text.

A name is 1-64 characters of `a-z 0-9 -` with no leading, trailing or doubled hyphen (DESIGN
3.1). Lorebook entries are titled in any language, so text is transliterated (Cyrillic and
Greek by table, accented Latin by Unicode decomposition) before it is slugified.
"""

from __future__ import annotations

import re
import unicodedata

from skillkit.core.fields.base import NAME_PATTERN

MAX_NAME = 64
_VALID = re.compile(NAME_PATTERN)

# Lower-case letters only: text is lower-cased first. Letters that decomposition cannot
# reduce to ASCII (ß, æ, ø, ł, ...) are here too.
_TABLE = {
    **dict(zip("абвгдезийклмнопрстуфхцыэ", "abvgdezijklmnoprstufhcye")),
    "ё": "e", "ж": "zh", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ь": "", "ю": "yu", "я": "ya",
    "є": "ye", "і": "i", "ї": "yi", "ґ": "g", "ў": "u", "ђ": "dj", "ј": "j", "љ": "lj", "њ": "nj",
    "ћ": "c", "џ": "dz",
    **dict(zip("αβγδεζηικλμνξοπρστυφχω", "abgdeziiklmnxoprsstyfho")),
    "θ": "th", "ψ": "ps", "ά": "a", "έ": "e", "ή": "i", "ί": "i", "ό": "o", "ύ": "y", "ώ": "o",
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i",
}
_TRANSLATE = str.maketrans(_TABLE)
_NOT_NAME = re.compile(r"[^a-z0-9]+")


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


def slugify(text: str) -> str:
    """A valid name from any text, or "" when nothing of it is usable (a title in Han script)."""
    # Marks go first so that a Greek letter with breathing or a Cyrillic й finds its table row.
    bare = _strip_marks(unicodedata.normalize("NFKC", text).lower()).translate(_TRANSLATE)
    return _fit(_NOT_NAME.sub("-", _strip_marks(bare)).strip("-"), MAX_NAME)


def _strip_marks(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _fit(slug: str, limit: int) -> str:
    """Cut to `limit` characters at a hyphen when one is near, never leaving a hyphen at the end."""
    if len(slug) <= limit:
        return slug
    cut = slug[:limit]
    at = cut.rfind("-")
    return (cut[:at] if at >= limit // 2 else cut).strip("-")


def unique_name(base: str, taken: set[str], counters: dict[str, int] | None = None) -> str:
    """`base`, or `base-2`, `base-3`, ... whichever is free; always at most 64 characters.
    `counters` (base -> next number to try) keeps a lorebook of many same-titled entries linear."""
    if base not in taken:
        return base
    number = counters.get(base, 2) if counters is not None else 2
    while True:
        suffix = f"-{number}"
        candidate = _fit(base, MAX_NAME - len(suffix)) + suffix
        number += 1
        if candidate not in taken:
            if counters is not None:
                counters[base] = number
            return candidate
