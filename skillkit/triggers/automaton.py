"""Which keywords occur in a text, as substrings and as whole words, in time linear in the
text whatever the keywords: an Aho-Corasick automaton.

The trie scan of keywords.py stops at each position and walks as deep as the text follows
some keyword: fast on real text, but a megabyte of `a` against the keywords `a` .. `a`*300
walks 300 deep at every position. This automaton reads each character once (failure links
instead of walking back), marks the states it passes, and afterwards spreads the marks down
the failure links: a keyword occurs exactly when its state was passed or is the failure-link
end of one that was. Its Python loop is slower per character than the trie's C one, so
keywords.py uses it only where the trie's worst case (text length x longest keyword) is big.

Whole words: the text is read as symbols, each word character as itself and every other
character between two `None` markers, the text between two more (`a-b` reads `None a None -
None b None`). A keyword holding a whole word at some place then occurs, read the same way
with a marker on each side, exactly there: a marker before it is the text's start or a
non-word character's, a marker after it the text's end or a non-word character's (word
characters: Unicode letters, marks, decimal digits and `_`). `None` is no character, so no
text can forge a marker.
"""

from __future__ import annotations

from collections import deque
from typing import Hashable, Iterable, Iterator, Sequence

from skillkit.triggers.plain import is_word_char

Symbol = Hashable  # a character, or None: a word edge


def symbols(text: str, edges: bool) -> Iterator[Symbol]:
    """`text` as the automaton reads it (`edges`: with a marker at each end)."""
    if edges:
        yield None
    for char in text:
        if is_word_char(char):
            yield char
        else:
            yield None
            yield char
            yield None
    if edges:
        yield None


class Automaton:
    """Aho-Corasick over the keywords' substring forms and whole-word forms; `present` gives
    the ids found each way."""

    def __init__(self, keywords: Sequence[str]) -> None:
        self.goto: list[dict[Symbol, int]] = [{}]
        self.ends: list[list[tuple[int, bool]]] = [[]]  # state -> (keyword id, whole word?)
        for kid, keyword in enumerate(keywords):
            self._add(symbols(keyword, False), (kid, False))
            self._add(symbols(keyword, True), (kid, True))
        self.fail, self.order = self._links()

    def _add(self, path: Iterable[Symbol], end: tuple[int, bool]) -> None:
        state = 0
        for symbol in path:
            following = self.goto[state].get(symbol)
            if following is None:
                following = self.goto[state][symbol] = len(self.goto)
                self.goto.append({})
                self.ends.append([])
            state = following
        self.ends[state].append(end)

    def _links(self) -> tuple[list[int], list[int]]:
        """Failure links, and the states in breadth-first order (each after its link's end)."""
        fail = [0] * len(self.goto)
        order: list[int] = []
        queue = deque(self.goto[0].values())
        while queue:
            state = queue.popleft()
            order.append(state)
            for symbol, child in self.goto[state].items():
                link = fail[state]
                while link and symbol not in self.goto[link]:
                    link = fail[link]
                found = self.goto[link].get(symbol, 0)
                fail[child] = found if found != child else 0
                queue.append(child)
        return fail, order

    def present(self, text: str) -> tuple[set[int], set[int]]:
        """(ids occurring as substrings, ids occurring as whole words) in `text`."""
        goto, fail = self.goto, self.fail
        passed = bytearray(len(goto))
        state = 0
        for symbol in symbols(text, True):
            while True:
                following = goto[state].get(symbol)
                if following is not None:
                    state = following
                    break
                if not state:
                    break
                state = fail[state]
            passed[state] = 1
        for state in reversed(self.order):  # deepest first: a mark reaches every state its link chain holds
            if passed[state]:
                passed[fail[state]] = 1
        substrings: set[int] = set()
        whole: set[int] = set()
        for state, ends in enumerate(self.ends):
            if ends and passed[state]:
                for kid, is_whole in ends:
                    (whole if is_whole else substrings).add(kid)
        return substrings, whole
