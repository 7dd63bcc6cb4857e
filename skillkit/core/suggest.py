"""Did-you-mean: the known name closest to a mistyped one."""

from __future__ import annotations

import difflib
from typing import Iterable


def suggest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate one or two edits from `name` (by difflib's ratio), or None."""
    found = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.7)
    return found[0] if found else None


def did_you_mean(name: str, candidates: Iterable[str]) -> str:
    """` (did you mean `x`?)`-style suffix for a message, or nothing."""
    found = suggest(name, candidates)
    return f"; did you mean `{found}`?" if found else ""
