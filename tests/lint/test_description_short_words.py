"""description-short reads a description's words only as far as they agree with the name's
(rules/description_short._restates): the same answer as comparing every word."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.rules.description_short import _restates, _words

WORD = st.sampled_from(["a", "the", "pdf", "tools", "PDF", "tool", "x_y", "\u00e9", "-", " ", "skill", "for", "1",
                        "_", "pdf-tools", "Tools."])


@settings(max_examples=1500)
@given(st.lists(WORD, max_size=8).map(" ".join), st.lists(WORD, max_size=4).map(" ".join))
def test_restating_the_name_is_judged_as_on_every_word(text, name):
    words = _words(text)
    assert _restates(text, _words(name)) == (bool(words) and words == _words(name))


def test_the_cases_that_matter():
    name = _words("pdf-forms")  # (`tools`, `skill`, `the` are fillers)
    assert _restates("PDF forms", name)
    assert _restates("The PDF forms skill", name)
    assert not _restates("PDF forms for invoices", name)
    assert not _restates("PDF", name)
    assert not _restates("the skill", _words("the tool"))
