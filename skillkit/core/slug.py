"""A valid skill name from any text: transliterated to ASCII, then `a-z 0-9 -`.

One transliteration for every place skillkit suggests a name (an imported lorebook entry's
title, lint's `name-format` hint), so `café` becomes `cafe` and `東京` `dongjing` everywhere.
anyascii's tables cover every script (Han by its Mandarin reading, Cyrillic, Greek, Arabic,
Hangul, ...) where a hand table covers the few a maintainer thought of.
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 64
_NOT_NAME = re.compile(r"[^a-z0-9]+")


def slugify(text: str, limit: int = MAX_NAME) -> str:
    """A valid name from any text, or "" when nothing of it is usable (only punctuation)."""
    # Imported here: anyascii brings importlib.resources, tempfile and random with it, ~10 ms
    # of every lint run's start-up, and only a name that needs a hint is slugified.
    from anyascii import anyascii

    # NFKC first, so fullwidth and compatibility letters (ｆ, ﬁ) read as the plain ones.
    ascii_text = anyascii(unicodedata.normalize("NFKC", text)).lower()
    return fit(_NOT_NAME.sub("-", ascii_text).strip("-"), limit)


def fit(slug: str, limit: int) -> str:
    """Cut to `limit` characters at a hyphen when one is near, never leaving a hyphen at the end."""
    if len(slug) <= limit:
        return slug
    cut = slug[:limit]
    at = cut.rfind("-")
    return (cut[:at] if at >= limit // 2 else cut).strip("-")
