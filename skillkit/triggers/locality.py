"""Can a regex trigger be judged one message at a time?

A regex sees the joined scan text `"\\x01newest\\n\\x01older"`. When it cannot match the joiner
characters and reads no position outside its match, any match lies inside one message, and
testing each (trimmed) message alone gives the same answer as testing the joined text.
jsregex's `crosses_messages` is False only for patterns with no anchors at all; this module
also admits word boundaries `\\b` and `\\B`, which are common in triggers (`/\\bsnow\\b/i`):
at a message's edges the joined text has U+0001 before and `\\n` (or the end) after, both
non-word characters, exactly as the edge of the message alone reads. One exception: between
two joiner characters `\\B` holds, so a pattern with `\\B` that can match the empty string
could match there and nowhere in a message; such a pattern is not local. Everything else that
made jsregex say "crosses" (a dot, `^`, `$`, lookaround, a backreference, `y`, a class or
literal that can match U+0001 or `\\n`) still does.
"""

from __future__ import annotations

import functools

import regex

from skillkit.triggers.jsregex import JSRegex, matches_empty
from skillkit.triggers.jsregex_parse import (Alternation, Anchor, Char, CharClass, ClassEscape, ClassRange,
                                             Group, JSRegexError, Node, Property, Repeat, Sequence,
                                             parse_pattern)

_JOINERS = (0x01, 0x0A)
# Which joiner characters each class escape holds: \s holds \n; \S, \D, \W hold both.
_ESCAPE_HOLDS = {"d": (), "w": (), "s": (0x0A,), "D": _JOINERS, "W": _JOINERS, "S": (0x01,)}


def is_local(rx: JSRegex) -> bool:
    """True when testing each message alone is exact for this regex."""
    if not rx.crosses_messages:
        return True
    local, non_boundary = _local_pattern(rx.source, rx.flags)
    return local and not (non_boundary and matches_empty(rx))


@functools.lru_cache(maxsize=4096)
def _local_pattern(pattern: str, flags: str) -> tuple[bool, bool]:
    """(local but for the empty-match question, uses \\B)."""
    if "y" in flags:
        return False, False
    unicode = "u" in flags
    if not unicode and any(c >= "\U00010000" for c in pattern):
        return False, False  # JavaScript parses it as UTF-16 code units; not worth the care here
    try:
        parsed = parse_pattern(pattern, unicode)
        return _local(parsed.root), "\\B" in pattern
    except (JSRegexError, RecursionError):
        return False, False


def _class_can_match_joiner(node: CharClass) -> bool:
    held: set[int] = set()
    for item in node.items:
        if isinstance(item, ClassRange):
            held.update(cp for cp in _JOINERS if item.lo <= cp <= item.hi)
        elif isinstance(item, ClassEscape):
            held.update(_ESCAPE_HOLDS[item.kind])
        elif isinstance(item, Property):
            prop = regex.compile(f"\\{'P' if item.negated else 'p'}{{{item.name}}}", regex.V0)
            held.update(cp for cp in _JOINERS if prop.match(chr(cp)))
    # `i` cannot add a joiner: U+0001 and \n have no case partners.
    return bool(held) if not node.negated else len(held) < len(_JOINERS)


def _local(node: Node) -> bool:
    if isinstance(node, Char):
        return node.cp not in _JOINERS
    if isinstance(node, CharClass):
        return not _class_can_match_joiner(node)
    if isinstance(node, Anchor):
        return node.kind in ("b", "B")
    if isinstance(node, Group):
        return _local(node.body)
    if isinstance(node, Repeat):
        return _local(node.body)
    if isinstance(node, Sequence):
        return all(_local(item) for item in node.items)
    if isinstance(node, Alternation):
        return all(_local(alt) for alt in node.alternatives)
    return False  # the dot (matches U+0001), lookaround, backreferences
