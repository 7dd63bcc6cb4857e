"""Required literals of a JavaScript regex: an exact prefilter for regex triggers.

A regex trigger costs microseconds per message even when it cannot match (`i` turns every
letter into a class such as `[sS]`, which leaves `regex` no literal to skip ahead with). Most
trigger regexes contain literal text that every match must include: `/\\bsnow(ing|fall)?\\b/i`
cannot match a message without `snow`. `required_literals` derives such a set from the
pattern's syntax tree: every match of the regex contains at least one of the literals. The
matcher then runs the regex only on messages where one of them occurs, found by one merged
keyword scan for all regexes together.

It is a necessary condition, never a guess: text and literals are compared after `fold`, a
per-character map that sends every character to one representative of its case class under
either JavaScript `i` semantics (with or without `u`), so a case-insensitive match always
survives the filter. Whatever the analysis cannot see through (a dot, a large class, a
backreference, a lone surrogate) gives no literal, and the regex runs on every message.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from skillkit.triggers.jsregex_parse import (Alternation, Anchor, Char, CharClass, ClassEscape, ClassRange,
                                             Group, JSRegexError, Look, Node, Repeat, Sequence,
                                             parse_pattern)

MAX_ALTERNATIVES = 32    # a literal set larger than this is not worth scanning for
MAX_CLASS_MEMBERS = 16   # [a-c] becomes three alternatives; [a-z] becomes nothing


@dataclass(frozen=True, slots=True)
class _Info:
    """What a node matches: `exact`, the complete set of (folded) strings when small and
    finite; `required`, a set of which every match contains one. None: unknown."""

    exact: frozenset[str] | None
    required: frozenset[str] | None

    def best(self) -> frozenset[str] | None:
        if self.exact is not None:
            return None if "" in self.exact else self.exact
        return self.required


_UNKNOWN = _Info(None, None)
_EMPTY = _Info(frozenset({""}), None)


@functools.cache
def _fold_table() -> dict[int, str]:
    """Character -> representative of its case class, over both JavaScript `i` relations."""
    try:  # jsregex owns the exact case classes (Node.js's Unicode data); see module doc
        from skillkit.triggers.jsregex import _case_classes  # noqa: PLC2701
        classes = list(_case_classes(True)) + list(_case_classes(False))
    except (ImportError, AttributeError):  # pragma: no cover - only if jsregex changes shape
        return {}
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for members in classes:
        root = find(members[0])
        for member in members[1:]:
            other = find(member)
            if other != root:
                low, high = sorted((root, other))
                parent[high] = low
                root = low
    return {cp: chr(find(cp)) for members in classes for cp in members if find(cp) != cp}


def fold_available() -> bool:
    return bool(_fold_table())


def fold(text: str) -> str:
    """Map each character to its case-class representative (one character to one)."""
    return text.translate(_fold_table())


def _cross(left: frozenset[str], right: frozenset[str]) -> frozenset[str] | None:
    if len(left) * len(right) > MAX_ALTERNATIVES:
        return None
    return frozenset(a + b for a in left for b in right)


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two literal sets: longer shortest literal, then fewer literals."""
    if a is None:
        return b
    if b is None:
        return a
    score_a = (min(8, min(map(len, a))), -len(a))
    score_b = (min(8, min(map(len, b))), -len(b))
    return a if score_a >= score_b else b


def _char(cp: int) -> _Info:
    if 0xD800 <= cp <= 0xDFFF:
        return _UNKNOWN  # half of a UTF-16 pair: only visible in JavaScript's view of the text
    return _Info(frozenset({fold(chr(cp))}), None)


def _class(node: CharClass) -> _Info:
    if node.negated:
        return _UNKNOWN
    members: set[str] = set()
    for item in node.items:
        if isinstance(item, ClassRange):
            if item.hi - item.lo >= MAX_CLASS_MEMBERS or item.lo <= 0xDFFF and item.hi >= 0xD800:
                return _UNKNOWN
            members.update(fold(chr(cp)) for cp in range(item.lo, item.hi + 1))
        elif isinstance(item, ClassEscape) and item.kind == "d":
            members.update("0123456789")
        else:
            return _UNKNOWN
        if len(members) > MAX_CLASS_MEMBERS:
            return _UNKNOWN
    return _Info(frozenset(members), None) if members else _UNKNOWN


def _repeat(node: Repeat) -> _Info:
    body = _analyse(node.body)
    if node.max == 0:
        return _EMPTY
    if body.exact is not None and node.max is not None and node.max <= 4:
        exact: set[str] = set()
        power: frozenset[str] | None = frozenset({""})
        for count in range(node.max + 1):
            if count >= node.min:
                exact |= power
            if count == node.max:
                break
            power = _cross(power, body.exact)
            if power is None:
                break
        if power is not None and len(exact) <= MAX_ALTERNATIVES:
            return _Info(frozenset(exact), None)
    if node.min == 0:
        return _UNKNOWN
    if body.exact is None:
        return _Info(None, body.best())
    # Every match starts with `min` copies of the body: their concatenations are required.
    prefix: frozenset[str] = frozenset({""})
    for _ in range(min(node.min, 8)):
        longer = _cross(prefix, body.exact)
        if longer is None:
            break
        prefix = longer
    return _Info(None, _better(_Info(prefix, None).best(), body.best()))


def _sequence(items: tuple[Node, ...]) -> _Info:
    run: frozenset[str] = frozenset({""})  # the strings the current run of exact items spells
    best: frozenset[str] | None = None
    exact = True
    for item in items:
        info = _analyse(item)
        if info.exact is not None:
            joined = _cross(run, info.exact)
            if joined is not None:
                run = joined
                continue
            best = _better(best, _Info(run, None).best())
            run, exact = info.exact, False
            continue
        best = _better(_better(best, _Info(run, None).best()), info.best())
        run, exact = frozenset({""}), False
    if exact:
        return _Info(run, None)
    return _Info(None, _better(best, _Info(run, None).best()))


def _alternation(alternatives: tuple[Node, ...]) -> _Info:
    infos = [_analyse(alt) for alt in alternatives]
    if all(i.exact is not None for i in infos):
        union = frozenset().union(*(i.exact for i in infos if i.exact is not None))
        if len(union) <= MAX_ALTERNATIVES:
            return _Info(union, None)
    required: set[str] = set()
    for info in infos:
        best = info.best()
        if best is None:
            return _UNKNOWN
        required |= best
    return _Info(None, frozenset(required)) if len(required) <= MAX_ALTERNATIVES else _UNKNOWN


def _analyse(node: Node) -> _Info:
    if isinstance(node, Char):
        return _char(node.cp)
    if isinstance(node, CharClass):
        return _class(node)
    if isinstance(node, (Anchor, Look)):
        return _EMPTY  # zero-width: adds nothing to the matched text
    if isinstance(node, Group):
        return _analyse(node.body)
    if isinstance(node, Repeat):
        return _repeat(node)
    if isinstance(node, Sequence):
        return _sequence(node.items)
    if isinstance(node, Alternation):
        return _alternation(node.alternatives)
    return _UNKNOWN  # the dot, backreferences


def required_literals(pattern: str, flags: str) -> frozenset[str] | None:
    """Folded literals of which every match contains one, or None when there is no such set
    (or the pattern is one this analysis does not read the way JavaScript does)."""
    unicode = "u" in flags
    if not fold_available():
        return None
    if not unicode and any(c >= "\U00010000" or "\ud800" <= c <= "\udfff" for c in pattern):
        return None  # JavaScript reads it as UTF-16 code units; keep it simple and exact
    try:
        parsed = parse_pattern(pattern, unicode)
    except (JSRegexError, RecursionError):
        return None
    try:
        found = _analyse(parsed.root).best()
    except RecursionError:
        return None
    if not found or "" in found:
        return None
    # A literal that contains another one adds nothing: wherever it occurs, so does the other.
    return frozenset(lit for lit in found if not any(o != lit and o in lit for o in found))
