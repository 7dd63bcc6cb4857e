"""The frontmatter fast path (core/yamlsimple.py) answers exactly what the event parser does,
or leaves the text to it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core import yamlparse
from skillkit.core.yamlparse import ParsedYaml, parse_yaml
from skillkit.core.yamlsimple import simple_mapping


def _parsed(text: str, offset: int) -> ParsedYaml:
    """The event parser's reading, the fast path turned off."""
    real = yamlparse.simple_mapping
    yamlparse.simple_mapping = lambda text, line_offset: None  # type: ignore[assignment]
    try:
        return parse_yaml(text, "x", offset)
    finally:
        yamlparse.simple_mapping = real


def _same(text: str, offset: int = 1) -> bool | None:
    """None when the fast path passes the text on; else whether it read what the parser reads."""
    fast = simple_mapping(text, offset)
    if fast is None:
        return None
    whole = _parsed(text, offset)
    assert whole.ok and not whole.diagnostics, text
    return fast == (whole.data, whole.positions, whole.key_positions) and list(fast[1]) == list(whole.positions)


def test_the_common_frontmatter_takes_the_fast_path_and_reads_as_parsed():
    text = ('name: pdf-tools\ndescription: "Fill PDF forms: read fields, write values."\nlicense: MIT\n'
            "allowed-tools: Read Bash(python:*)\nmetadata:\n  author: bench\n  version: '1.2.0'\n"
            "compatibility: Needs Python 3.11+ and C#\n")
    assert _same(text) is True
    assert parse_yaml(text, "x", 1).data["metadata"] == {"author": "bench", "version": "1.2.0"}


def test_what_the_fast_path_leaves_to_the_parser():
    for text in ("on: x\n", "name: yes\n", "name: 1\n", "name: ~\n", "a: b: c\n", "a: x # c\n", "a: [x]\n",
                 "a: |\n  x\n", "a:\n", "a:\nb: c\n", "a: x\n\nb: y\n", "a: x\n  b: y\n", "a:\n - x\n",
                 "a: 'it''s'\n", 'a: "x\\ty"\n', "a: x\na: y\n", "a:\n  b: 1\n", "a: \u00e9\n", "a:\tx\n",
                 "a: x", "---\na: x\n", "a: *ref\n", "a: &r x\n", "a: !!str x\n", "a: x:\n", "a:\n   b: c\n",
                 "a:\n  b:\n    c: d\n", "1: x\n", "a: x\x01y\n", 'a: "x\x07"\n', "a: x\x7f\n", "a: \x1b[0m\n",
                 "a: x\x0by\n", "a: x\ry\n", "k" * 1030 + ": x\n", "a:\n  " + "k" * 1030 + ": x\n",
                 "".join(f"k{n}: x\n" for n in range(12_000))):
        assert simple_mapping(text, 1) is None, text


PLAIN_KEYS = ["name", "description", "license", "metadata", "author", "version", "a", "b-c", "x_1", "Tags"]
ODD_KEYS = ["on", "yes", "null", "1", "name"]
PLAIN_VALUES = ["x", "two words", "C#", "a#b", "'q'", '"d q"', "1.2.0", "https://x.dev/a?b=c", "Bash(python:*)",
                "a :b", "it's", 'say "hi"', "50%", "a, b", "x[1]", "x-y", "v1", "e@x.dev", "r&d", "*nix"[1:]]
ODD_VALUES = ["x: y", "x #c", "'it''s'", '"a\\"b"', "yes", "no", "1", "0o7", "~", "null", "2024-01-01", "-x",
              "- x", "[a]", "{a: b}", "*a", "&a x", "!t x", "|", ">", "%x", "@x", "`x`", "x:", "=", "<<", "", " ",
              "\u00e9", "*nix", "'q", '"q', "x\x01y", '"x\x07"', "x\x7f", "x\ry", "x\x0c"]


def _pick(draw: st.DrawFn, plain: list[str], odd: list[str]) -> str:
    return draw(st.sampled_from(odd)) if draw(st.integers(0, 11)) == 0 else draw(st.sampled_from(plain))


@st.composite
def frontmatter(draw: st.DrawFn) -> str:
    """Mostly the shapes the fast path takes, with now and then one it must leave alone."""
    lines = []
    keys = draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, max_size=6))
    for key in keys:
        key = draw(st.sampled_from(ODD_KEYS)) if draw(st.integers(0, 15)) == 0 else key
        if draw(st.integers(0, 3)):
            lines.append(f"{key}: {_pick(draw, PLAIN_VALUES, ODD_VALUES)}{draw(st.sampled_from(['', '', ' ', '  ']))}")
        else:
            lines.append(f"{key}:")
            for sub in draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, max_size=3)):
                indent = draw(st.sampled_from(["  ", "  ", "  ", " ", "   "]))
                lines.append(f"{indent}{sub}: {_pick(draw, PLAIN_VALUES, ODD_VALUES)}")
        if draw(st.integers(0, 15)) == 0:
            lines.append(draw(st.sampled_from(["", "# c", "- x", "  more", "\tx: y", "a: b"])))
    return "\n".join(lines) + "\n"


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(frontmatter(), st.integers(0, 3))
def test_any_frontmatter_the_fast_path_takes_reads_as_the_parser_reads_it(text, offset):
    assert _same(text, offset) in (True, None)


PRINTABLE = "".join(chr(c) for c in range(32, 127))


@st.composite
def any_ascii_frontmatter(draw: st.DrawFn) -> str:
    """`key: value` lines and blocks whose values are any printable ASCII, bare or quoted."""
    value = st.text(alphabet=PRINTABLE, min_size=1, max_size=14)
    lines = []
    for key in draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, min_size=1, max_size=5)):
        if draw(st.integers(0, 4)) == 0:
            lines.append(f"{key}:")
            lines.extend(f"  k{n}: {draw(value)}" for n in range(draw(st.integers(1, 3))))
        else:
            text = draw(value)
            quote = draw(st.sampled_from(["", "", '"', "'"]))
            lines.append(f"{key}: {quote}{text.replace(quote, '') if quote else text}{quote}")
    return "\n".join(lines) + "\n"


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(any_ascii_frontmatter(), st.integers(0, 3))
def test_any_printable_value_the_fast_path_takes_reads_as_the_parser_reads_it(text, offset):
    assert _same(text, offset) in (True, None)
