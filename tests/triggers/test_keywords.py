"""The merged keyword scan finds exactly the occurrences one `find` loop per keyword finds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.triggers.keywords import KeywordSet

ALPHABET = "ab.\\(*кот猫 "


def brute(keywords: list[str], text: str) -> set[tuple[int, int]]:
    found = set()
    for kid, keyword in enumerate(keywords):
        start = text.find(keyword)
        while start >= 0:
            found.add((start, kid))
            start = text.find(keyword, start + 1)
    return found


def test_overlapping_and_nested_occurrences():
    keywords = ["cat", "category", "at", "egor"]
    assert set(KeywordSet(keywords).occurrences("category cat")) == brute(keywords, "category cat")


def test_regex_syntax_in_keywords_is_literal():
    keywords = ["a.b", "(x)", "c++", "\\d"]
    assert KeywordSet(keywords).present("a.b (x) c++ \\d axb") == {0, 1, 2, 3}


def test_a_trie_too_deep_for_re_falls_back_to_find_with_the_same_answer():
    keywords = ["a" * n for n in range(1, 700)]
    keyword_set = KeywordSet(keywords)
    assert keyword_set._pattern is None
    assert set(keyword_set.occurrences("aaaa")) == brute(keywords, "aaaa")


def test_keywords_must_be_non_empty_and_distinct():
    with pytest.raises(ValueError):
        KeywordSet(["a", ""])
    with pytest.raises(ValueError):
        KeywordSet(["a", "a"])


@settings(max_examples=300)
@given(st.lists(st.text(ALPHABET, min_size=1, max_size=4), min_size=1, max_size=12, unique=True),
       st.text(ALPHABET, max_size=40))
def test_same_occurrences_as_find(keywords, text):
    assert set(KeywordSet(keywords).occurrences(text)) == brute(keywords, text)
