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


def reference(keywords: list[str], text: str) -> tuple[set[int], set[int]]:
    """present_both by the definition (plain.plain_matches, one keyword at a time)."""
    from skillkit.triggers.plain import PlainTrigger, plain_matches

    anywhere = {kid for kid, k in enumerate(keywords) if k in text}
    whole = {kid for kid, k in enumerate(keywords)
             if plain_matches(PlainTrigger(k, k, True, True), text)}
    return anywhere, whole


WORDY = "ab-_ é\u0301кот猫.+"


@settings(max_examples=400)
@given(st.lists(st.text(WORDY, min_size=1, max_size=5), min_size=1, max_size=12, unique=True),
       st.text(WORDY, max_size=60))
def test_present_both_is_the_definition_and_the_automaton_agrees(keywords, text):
    """The trie scan and the automaton (which answers for long texts) give the definition's
    answer: substrings, and whole words by skillkit's word characters."""
    from skillkit.triggers.automaton import Automaton

    expected = reference(keywords, text)
    assert KeywordSet(keywords).present_both(text) == expected
    assert Automaton(keywords).present(text) == expected


def test_nested_keywords_over_a_long_text_take_time_linear_in_it():
    """300 keywords `a` .. `a`*300 over a megabyte of `a`: past FAST_WORK the automaton answers
    (the trie scan would walk 300 deep at every position)."""
    from skillkit.triggers import keywords as module

    nested = KeywordSet(["a" * n for n in range(1, 301)])
    calls = []
    real = module.Automaton.present
    module.Automaton.present = lambda self, text: calls.append(len(text)) or real(self, text)  # type: ignore[method-assign]
    try:
        anywhere, whole = nested.present_both("a" * 1_000_000)
        assert nested.present_both(" " + "a" * 5 + " ") == (set(range(5)), {4})  # short: the trie scan
    finally:
        module.Automaton.present = real  # type: ignore[method-assign]
    assert calls == [1_000_000] and anywhere == set(range(300)) and whole == set()
