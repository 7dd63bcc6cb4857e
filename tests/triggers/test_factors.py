"""Required literals: the prefilter never rejects a text the regex matches."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings

from skillkit.triggers.factors import fold, required_literals
from skillkit.triggers.jsregex import JSRegexError, compile_js, js_test
from tests.triggers.js_patterns import flags, patterns, texts


@pytest.mark.parametrize("pattern, flags_, expected", [
    (r"\bsnow(ing|fall)?\b", "i", {"SNOW"}),
    (r"colou?r", "", {"COLOR", "COLOUR"}),
    (r"(a|aa)+$", "", {"A"}),
    (r"dragon[\s\S]{0,40}fire", "i", {"DRAGON"}),
    (r"x{3,}", "", {"XXX"}),
    (r"(cat|dog)s", "", {"CATS", "DOGS"}),
])
def test_literals_of_common_triggers(pattern, flags_, expected):
    assert required_literals(pattern, flags_) == {fold(e) for e in expected}


@pytest.mark.parametrize("pattern", [r"^", r"a*", r"a|.", r"[a-z]+", r"(.)\1", r"\w+"])
def test_no_literal_when_a_match_needs_none(pattern):
    assert required_literals(pattern, "") is None


def test_case_classes_fold_together():
    # With i (and u) JavaScript lets ſ match s and K (Kelvin) match k: the fold keeps them equal.
    assert fold("ſ") == fold("s") == fold("S")
    assert fold("\u212a") == fold("k")
    assert fold("ß") == fold("ẞ")


@settings(max_examples=600)
@given(patterns, flags, texts)
def test_a_match_always_contains_a_required_literal(pattern, flags_, text):
    try:
        rx = compile_js(pattern, flags_)
    except JSRegexError:
        assume(False)
        return
    literals = required_literals(pattern, flags_)
    if literals is not None and js_test(rx, text, timeout=5):
        assert any(lit in fold(text) for lit in literals), (pattern, flags_, text, literals)
