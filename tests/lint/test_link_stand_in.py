"""A link destination is looked at as a template's stand-in only where the STAND_IN pattern can
match (core/linkgraph._may_stand_in): the same answer as searching every destination."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.linkgraph import STAND_IN, _may_stand_in


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(["url", "URI", "Link", "href", "path", "file", "todo", "TBD", "x", "/", "[", "]",
                                 "<", ">", "{", "}", "name", ".", "-", " ", "a.md"]), max_size=7).map("".join))
def test_the_gate_never_hides_a_stand_in(path):
    if STAND_IN.search(path):
        assert _may_stand_in(path)
