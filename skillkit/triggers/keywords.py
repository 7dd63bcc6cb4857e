"""Find every occurrence of many literal keywords in one pass over a text.

The keywords are merged into one prefix-trie regex (stdlib `re`: only literals, so no
JavaScript semantics are involved, and `re` runs such a trie about three times faster than
`regex`). A zero-width lookahead around the trie reports, at every position, the *longest*
keyword starting there; every keyword starting at that position is a prefix of it, so each
keyword carries the list of keywords that are its prefixes and all occurrences come out.

Measured on 1,000 keywords and 4,000 messages of 25 words: 0.15 s, against 0.87 s for one
`in` test per keyword per message. Pathological keyword sets (thousands of nested prefixes)
can exceed what `re` compiles; then the set falls back to one `str.find` loop per keyword,
which gives the same occurrences.

`present` says which keywords occur, as substrings and as whole words, with constant work
per position the scan stops at, however the keywords nest: the keywords occurring at a
position are the longest one found there and its keyword prefixes, a set fixed by that
longest keyword (300 nested keywords `a`, `aa`, ... over a megabyte of `a` cost 300 Python
steps a position, 106 s). The ones standing as whole words there are fixed by it too: past
the edge before the position, a shorter one ends where the longest holds a non-word
character; only the longest's own end looks at the text. The scan's C work is at most the
text's length times the longest keyword's; past FAST_WORK an automaton (automaton.py), linear
in the text, answers instead. Both answer exactly the same, so no verdict depends on which
ran, nor on the machine.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

from skillkit.triggers.automaton import Automaton
from skillkit.triggers.plain import is_word_char

# Trie emission recurses once per branching level; this bounds it well inside Python's stack.
_MAX_TRIE_DEPTH = 400
# The trie scan's worst case, in characters compared (text length x longest keyword), that
# it may take (~0.1 s); above it the automaton answers, in time linear in the text.
FAST_WORK = 2_000_000


class KeywordSet:
    """Occurrences of a fixed list of non-empty keywords; ids are their positions in the list."""

    def __init__(self, keywords: Sequence[str]) -> None:
        self.keywords: tuple[str, ...] = tuple(keywords)
        if any(not k for k in self.keywords):
            raise ValueError("keywords must be non-empty")
        index = {k: i for i, k in enumerate(self.keywords)}
        if len(index) != len(self.keywords):
            raise ValueError("keywords must be distinct")
        # For each keyword: the ids of all keywords that are its prefixes (itself included).
        self._prefixes: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[k[:n]] for n in range(1, len(k) + 1) if k[:n] in index) for k in self.keywords)
        self._index = index
        self._pattern = _compile_trie(self.keywords) if self.keywords else None
        self._longest = max(map(len, self.keywords), default=0)
        self._automaton: Automaton | None = None
        # what the longest keyword at a position implies: its keyword prefixes, and those of
        # them that end, inside it, before a non-word character (whole words if it starts one)
        self._implied = self._prefixes
        self._implied_whole = tuple(tuple(kid for kid in prefixes if kid != own and not is_word_char(
            self.keywords[own][len(self.keywords[kid])])) for own, prefixes in enumerate(self._prefixes))

    def __len__(self) -> int:
        return len(self.keywords)

    def occurrences(self, text: str) -> Iterator[tuple[int, int]]:
        """(start, keyword id) for every occurrence, overlapping ones included."""
        if not self.keywords:
            return
        if self._pattern is None:
            yield from self._occurrences_by_find(text)
            return
        index, prefixes = self._index, self._prefixes
        for match in self._pattern.finditer(text):
            start = match.start()
            for kid in prefixes[index[match.group(1)]]:
                yield start, kid

    def present(self, text: str) -> set[int]:
        """The ids of the keywords that occur at least once."""
        return self.present_both(text)[0]

    def present_both(self, text: str) -> tuple[set[int], set[int]]:
        """(ids occurring as substrings, ids occurring as whole words) in `text`: constant
        work per position the scan stops at (see the module's docstring)."""
        if not self.keywords:
            return set(), set()
        if self._pattern is None or len(text) * self._longest > FAST_WORK:
            if self._automaton is None:
                self._automaton = Automaton(self.keywords)
            return self._automaton.present(text)
        found: set[int] = set()
        whole: set[int] = set()
        seen: set[str] = set()
        seen_whole: set[tuple[str, bool]] = set()
        index, implied, implied_whole = self._index, self._implied, self._implied_whole
        for match in self._pattern.finditer(text):
            longest = match.group(1)
            kid = index[longest]
            if longest not in seen:
                seen.add(longest)
                found.update(implied[kid])
            start = match.start()
            if start and is_word_char(text[start - 1]):
                continue  # no keyword starting here stands as a whole word
            end = start + len(longest)
            ends_word = end >= len(text) or not is_word_char(text[end])
            if (longest, ends_word) not in seen_whole:
                seen_whole.add((longest, ends_word))
                whole.update(implied_whole[kid])
                if ends_word:
                    whole.add(kid)
        return found, whole

    def _occurrences_by_find(self, text: str) -> Iterator[tuple[int, int]]:
        for kid, keyword in enumerate(self.keywords):
            start = text.find(keyword)
            while start >= 0:
                yield start, kid
                start = text.find(keyword, start + 1)


def _compile_trie(keywords: Sequence[str]) -> re.Pattern[str] | None:
    trie: dict[str, dict] = {}
    for keyword in keywords:
        node = trie
        for char in keyword:
            node = node.setdefault(char, {})
        node[""] = {}
    try:
        body = _emit(trie, 0)
        return re.compile(f"(?=({body}))", re.DOTALL)
    except (RecursionError, re.error, OverflowError, MemoryError):
        return None


def _emit(node: dict[str, dict], depth: int) -> str:
    """The regex for a trie node: branches by next character; an end-of-keyword makes the
    continuation optional (greedy, so the longest keyword wins)."""
    if depth > _MAX_TRIE_DEPTH:
        raise RecursionError("trie too deep")
    ends_here = "" in node
    branches = []
    for char in sorted(c for c in node if c):
        child = node[char]
        # Collapse single-child chains into one literal run: keeps nesting (and recursion) low.
        run = [char]
        while len(child) == 1 and "" not in child:
            (next_char, grandchild), = child.items()
            run.append(next_char)
            child = grandchild
        branches.append(re.escape("".join(run)) + _emit(child, depth + 1))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if ends_here else body
