"""orphan-file's hand-searched needle (`Bounded`) against the pattern it stands for: a name or
path not inside a longer word, searched in a window whose look back sees before its start
and whose look ahead stops at its end, as `re.Pattern.search(text, start, stop)` does."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from skillkit.rules.orphan_file import Bounded, bounded

ALPHABET = "ab.-_/ 1\u00e9\u0130\u4e2d\n`"


@settings(max_examples=2000)
@given(st.text(ALPHABET, min_size=1, max_size=4), st.text(ALPHABET, max_size=30), st.integers(0, 32), st.integers(0, 40))
@example("a", "ba", 1, 2)     # the character before the window still counts
@example("a", "ab", 0, 1)     # the window's end hides what follows
@example("a.b", "xa.b-", 0, 9)
@example("ab", "aab", 0, 3)   # a second occurrence overlapping the first
def test_bounded_answers_as_its_pattern(literal, text, start, stop):
    start = min(start, len(text))
    expected = re.compile(bounded(literal)).search(text, start, stop) is not None
    assert Bounded(literal).search(text, start, stop) is expected
