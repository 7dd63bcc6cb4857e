"""Static signs of super-linear backtracking beyond nested quantifiers (jsregex.nested_quantifier).

- Overlapping alternatives inside a repeat: when one alternative can match the start of another
  character for character, a failing match tries every way of splitting the text between them,
  exponentially many. Literal (`(a|aa)+`), and through classes: `(\\w|\\d)+$`, `([a-c]|[b-d])+$`.
- Chains of unbounded repeats over one set: `.*a.*b`, `\\w*a\\w*b`, `foo.*bar.*baz`. Each extra
  link multiplies the ways to split the text (polynomial time; with a search from every start
  position, one degree more). Two links already exceed the matcher's timeout on 12 KB of text.

Sets are compared as code point ranges with the ASCII `\\d` and `\\w` JavaScript has; a class
escape or property whose set is not known here makes the item "unknown" and never flagged.
"""

from __future__ import annotations

from skillkit.triggers.codepoints import Ranges, complement
from skillkit.triggers.jsregex_parse import (AnyChar, Char, CharClass, ClassEscape, ClassRange, Group,
                                             Node, Repeat, Sequence)

_SETS: dict[str, Ranges] = {
    "d": [(0x30, 0x39)],
    "w": [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)],
    "s": [(0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A), (0x2028, 0x2029),
          (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF)],
}
_LINE_ENDS: Ranges = [(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)]


def _intersect(a: Ranges, b: Ranges) -> bool:
    return any(lo1 <= hi2 and lo2 <= hi1 for lo1, hi1 in a for lo2, hi2 in b)


def _escape_set(kind: str) -> Ranges:
    base = _SETS[kind.lower()]
    return base if kind.islower() else complement(base)


def char_set(node: Node) -> Ranges | None:
    """The code points a one-character item matches, or None when it is not one (or unknown)."""
    while isinstance(node, Group):
        node = node.body
    if isinstance(node, Char):
        return [(node.cp, node.cp)]
    if isinstance(node, AnyChar):
        return complement(_LINE_ENDS)  # without `s`; with it, a superset: overlaps the same
    if isinstance(node, CharClass):
        ranges: Ranges = []
        for item in node.items:
            if isinstance(item, ClassRange):
                ranges.append((item.lo, item.hi))
            elif isinstance(item, ClassEscape):
                ranges += _escape_set(item.kind)
            else:
                return None  # \p{...}: its set is not computed here
        return complement(ranges) if node.negated else ranges
    if isinstance(node, ClassEscape):
        return _escape_set(node.kind)
    return None


def _char_sequence(node: Node) -> list[Ranges] | None:
    """An alternative that is a fixed run of one-character items, as their sets."""
    while isinstance(node, Group):
        node = node.body
    items = node.items if isinstance(node, Sequence) else (node,)
    sets = [char_set(item) for item in items]
    if not sets or any(s is None for s in sets):
        return None
    return sets  # type: ignore[return-value]


def alternatives_overlap(alternatives: tuple[Node, ...]) -> bool:
    """One alternative can match the start of another, character for character."""
    runs = [r for r in (_char_sequence(a) for a in alternatives) if r is not None]
    for i, short in enumerate(runs):
        for j, long in enumerate(runs):
            if i != j and len(short) <= len(long) and (len(short) < len(long) or i < j):
                if all(_intersect(a, b) for a, b in zip(short, long)):
                    return True
    return False


def _unbounded_set(node: Node) -> Ranges | None:
    if isinstance(node, Repeat) and node.max is None:
        return char_set(node.body)
    return None


def polynomial_chain(sequence: Sequence) -> Repeat | None:
    """The first unbounded one-character repeat followed, through items it can also match, by
    another unbounded repeat over an overlapping set (`.*a.*`), or None."""
    items = sequence.items
    for start, first in enumerate(items):
        own = _unbounded_set(first)
        if own is None:
            continue
        for later in items[start + 1:]:
            other = _unbounded_set(later)
            if other is not None:
                if _intersect(own, other):
                    return first  # type: ignore[return-value]
                break
            between = char_set(later)
            if between is None or not _intersect(own, between):
                break  # an item the repeat cannot take: the split points are fixed there
    return None
