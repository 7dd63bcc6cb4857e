"""Hypothesis strategies: small JavaScript regex patterns and texts that exercise case, joiners
and word edges, for differential tests of the matcher's shortcuts against plain `js_test`."""

from __future__ import annotations

from hypothesis import strategies as st

LITERALS = ["a", "b", "s", "S", "ſ", "k", "K", "\u212a", "ß", "ẞ", "İ", "i", "ı", "x", " ", "\\n", "\\x01",
            "\\.", "é", "ab", "sk"]
CLASSES = ["[ab]", "[a-c]", "[^a]", "[sS]", "[kK]", "\\d", "\\w", "\\W", "\\s", "\\S", ".", "[\\n]", "[^\\n]",
           "\\p{L}", "\\b", "\\B", "^", "$", "[\\x01]"]
TEXT_ALPHABET = "abcsSſkK\u212aßẞİiıxX é\n\x01p{L}01"

atoms = st.sampled_from(LITERALS + CLASSES)


def _extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(children, min_size=2, max_size=3).map("".join),
        st.tuples(children, children).map(lambda p: f"(?:{p[0]}|{p[1]})"),
        children.map(lambda c: f"({c})"),
        st.tuples(children, st.sampled_from(["?", "*", "+", "{2}", "{1,2}", "{0,1}", "+?"])).map("".join),
        st.tuples(st.sampled_from(["(?=", "(?!", "(?<="]), children).map(lambda p: f"{p[0]}{p[1]})"),
    )


patterns = st.recursive(atoms, _extend, max_leaves=6)
flags = st.sets(st.sampled_from("imsuy"), max_size=3).map(lambda s: "".join(sorted(s)))
texts = st.text(TEXT_ALPHABET, max_size=16)
