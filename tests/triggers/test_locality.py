"""Regexes judged per message: the same answer as on the joined scan text."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from skillkit.triggers.jsregex import JSRegexError, compile_js, js_test
from skillkit.triggers.locality import is_local
from skillkit.triggers.scan import join
from tests.triggers.js_patterns import flags, patterns, texts


@pytest.mark.parametrize("pattern, flags_, local", [
    (r"\bsnow\b", "i", True),        # word edges read the same at a message's edge
    (r"\Bx\B", "", True),
    (r"snow", "", True),
    (r"a\p{L}b", "u", True),
    (r"^snow", "", False),
    (r"snow$", "m", False),
    (r"a.b", "", False),             # the dot matches U+0001
    (r"a\sb", "", False),            # \s matches the newline
    (r"a[^x]b", "", False),
    (r"(?=a)", "", False),
    (r"x", "y", False),
    (r"(a)\1", "", False),
])
def test_which_patterns_are_local(pattern, flags_, local):
    assert is_local(compile_js(pattern, flags_)) is local


@settings(max_examples=600)
@given(patterns, flags, st.lists(texts, min_size=1, max_size=3))
def test_local_patterns_agree_per_message_and_joined(pattern, flags_, messages):
    try:
        rx = compile_js(pattern, flags_)
    except JSRegexError:
        assume(False)
        return
    assume(is_local(rx))
    per_message = any(js_test(rx, m, timeout=5) for m in messages)
    assert per_message == js_test(rx, join(messages), timeout=5), (pattern, flags_, messages)
