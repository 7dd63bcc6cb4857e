"""Words for what a report counts, shared by every layer that words a count (the studio's
timeline, the platform's tree, the reporters), so that none borrows them from another."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """`1 file`, `2,000 files`: the count with thousands separators, the word in the plural
    unless the count is one."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"
