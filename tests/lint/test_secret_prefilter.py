"""secret-leak's prefilter (rules/secret_shapes._present) names every mark a text holds: the
marks found by one search for `A` and the gated ones are exactly those the text contains,
overlapping ones included (`AKIASIA`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.rules.secret_shapes import _present

MARKS = ("AKIA", "ASIA", "AIza", "eyJ", "PRIVATE KEY")


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(["A", "K", "I", "S", "z", "a", "e", "y", "J", "PRIVATE", " KEY", "x", " "]),
                max_size=16).map("".join))
def test_the_marks_named_are_the_marks_held(text):
    assert {m for m in _present(text) if m in MARKS} == {m for m in MARKS if m in text}


def test_overlapping_marks_are_both_named():
    assert {"AKIA", "ASIA"} <= _present("AKIASIA")
    assert {"AKIA", "AIza"} <= _present("AKIAIza")


UNDERSCORED = {"gh": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), "github_pat": ("github_pat_",),
               "live": ("sk_live_", "rk_live_"), "hf": ("hf_",), "npm": ("npm_",)}


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(["g", "h", "p", "o", "u", "s", "r", "_", "github", "_pat", "sk", "rk", "live", "f",
                                 "npm", "x", "snake", " "]), max_size=14).map("".join))
def test_the_underscored_families_named_are_those_held(text):
    named = _present(text)
    assert {f for f in UNDERSCORED if f in named} == {f for f, marks in UNDERSCORED.items()
                                                       if any(m in text for m in marks)}
