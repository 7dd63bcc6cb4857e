"""Sets of code points as sorted (low, high) ranges: what the JavaScript regex translator and
the static backtracking check both reason with."""

from __future__ import annotations

Ranges = list[tuple[int, int]]
MAX_CP = 0x10FFFF


def normalize(ranges: Ranges) -> Ranges:
    """Sorted, with overlapping and touching ranges merged."""
    merged: Ranges = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def complement(ranges: Ranges) -> Ranges:
    """Every code point not in `ranges`."""
    result: Ranges = []
    nxt = 0
    for lo, hi in normalize(ranges):
        if lo > nxt:
            result.append((nxt, lo - 1))
        nxt = hi + 1
    if nxt <= MAX_CP:
        result.append((nxt, MAX_CP))
    return result
