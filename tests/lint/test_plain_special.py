"""The plain Markdown reader's search for what makes a stretch not plain
(core/markdown_plain._special): one character class, then a look at each `<`, answering as
the SPECIAL pattern does on any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.markdown_plain import SPECIAL, _special


@settings(max_examples=3000)
@given(st.text(alphabet="<[`\\a/!? 1>é\n", max_size=30))
def test_special_is_the_patterns_answer(text):
    assert _special(text) == (SPECIAL.search(text) is not None)


def test_the_cases_that_matter():
    assert not _special("Callback<> and a < b, x<1")
    assert _special("see <b>bold</b>") and _special("an <https://x.dev> autolink") and _special("<!-- c -->")
    assert _special("a `span`") and _special("[text]") and _special("a \\ escape")
    assert not _special("text ending in <")
