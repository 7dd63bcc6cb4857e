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
    for text in ("on: x\n", "name: yes\n", "name: ~\n", "a: b: c\n", "a: x # c\n",
                 "a: |\n  x\n", "a:\n", "a:\nb: c\n", "a: x\n\nb: y\n", "a: x\n  b: y\n", "a:\n - x\n",
                 "a: 'it''s'\n", 'a: "x\\ty"\n', "a: x\na: y\n", "a: \u00e9\n", "a:\tx\n",
                 "a: x", "---\na: x\n", "a: *ref\n", "a: &r x\n", "a: !!str x\n", "a: x:\n", "a:\n   b: c\n",
                 "a:\n  b:\n    c: d\n", "1: x\n", "a: x\x01y\n", 'a: "x\x07"\n', "a: x\x7f\n", "a: \x1b[0m\n",
                 "a: x\x0by\n", "a: x\ry\n", "k" * 1030 + ": x\n", "a:\n  " + "k" * 1030 + ": x\n",
                 "".join(f"k{n}: x\n" for n in range(12_000))):
        assert simple_mapping(text, 1) is None, text


def test_the_lists_bools_and_ints_of_studio_and_agent_skills_take_the_fast_path_and_read_as_parsed():
    studio = ("name: skill-00001\ndescription: Deploy index. Use when the user asks to table.\nwhen: mentioned\n"
              "triggers: [crown, branch, '/\\breports?\\b/i']\nsecondaryTriggers: [release]\n"
              "matchWholeWords: true\nscanDepth: 3\n")
    agent = "name: pdf\nallowed-tools:\n  - Read\n  - Write\ndisable-model-invocation: true\n"
    for text in (studio, agent, "name: 1\n", "a: [x]\n", "a:\n  b: 1\n",  # the last three were left to the parser
                 "a: 0\nb: 123456789012345678\nc: false\nd: True\ne: False\nf: 1e3\n", "a: []\nb: [ ]\n",
                 "a: [ x ,  'y' , \"z\" ]  \n", "a: [true, 0, False, 12, '1', \"no\"]\n", "a: ['a]', \"[b]\", 'c\\\\d']\n",
                 "a: [http://x, Bash(git:*), a :b, a b:c, it's, x', a - b]\n", "a:\n- x\n- 'y'\nb: c\n",
                 "a:\n  -   x\n  - \"y\"  \n  - 3\n  - true\nb:\n- z\n", "m:\n  k: [a, b]\n  n: true\n  o: 7\n",
                 "a: [" + "x" * 1100 + "]\n", "a:\n  - " + "x" * 1100 + "\n"):
        assert _same(text) is True, text
    assert parse_yaml(studio, "x", 1).data["triggers"] == ["crown", "branch", "/\\breports?\\b/i"]
    assert parse_yaml(agent, "x", 1).data == {"name": "pdf", "allowed-tools": ["Read", "Write"],
                                              "disable-model-invocation": True}


def test_the_near_misses_of_lists_bools_and_ints_are_left_to_the_parser():
    for text in ("a: [a,]\n", "a: [,a]\n", "a: [a,,b]\n", "a: [,]\n", "a: [a, [b]]\n", "a: [[a]]\n", "a: [a, {b: c}]\n",
                 "a: [a: b]\n", "a: [a:]\n", "a: [a #c]\n", "a: [a] #c\n", "a: [a\n", "a: [a]]\n", "a: [a]x\n",
                 "a: ['a, b']\n", "a: ['it''s']\n", 'a: ["a\\"b"]\n', "a: [-x]\n", "a: [- x]\n", "a: [?x]\n",
                 "a: [a?b]\n", "a: [$:?]\n", "a: [*r]\n",
                 "a: [yes]\n", "a: [1.5]\n", "a: [~]\n", "a: [<<]\n", "a: [a]\n  - b\n", "a: [a,\n  b]\n",
                 "a:\n  - - x\n", "a:\n- - x\n", "a:\n  -x\n", "a:\n-x\n", "a:\n  -\n", "a:\n  -  \n", "a:\n  - a: b\n",
                 "a:\n  - [x]\n", "a:\n  - x # c\n", "a:\n  - x\n- y\n", "a:\n- x\n  - y\n", "a:\n  - x\n   - y\n",
                 "a:\n  - x\n - y\n", "a:\n   - x\n", "a:\n    - x\n", "a:\n  - x\n  b: c\n", "a:\n  b: c\n  - x\n",
                 "a:\n  b: c\n- x\n", "- x\n", "a: x\n- y\n", "m:\n  k:\n  - x\n", "a:\n  - x\n    y\n",
                 "a: yes\n", "a: 0x1\n", "a: 01\n", "a: 00\n", "a: 1_000\n", "a: +1\n", "a: -1\n", "a: 1.5\n", "a: 1.0e+3\n",
                 "a: TRUE\n", "a: 1234567890123456789\n", "a: 1:30\n", "true: x\n", "a:\n  1: x\n"):
        assert simple_mapping(text, 1) is None, text


PLAIN_KEYS = ["name", "description", "license", "metadata", "author", "version", "a", "b-c", "x_1", "Tags"]
ODD_KEYS = ["on", "yes", "null", "1", "name"]
SCALARS = ["x", "two words", "C#", "a#b", "'q'", '"d q"', "1.2.0", "https://x.dev/a?b=c", "Bash(python:*)",
           "a :b", "it's", 'say "hi"', "50%", "a, b", "x[1]", "x-y", "v1", "e@x.dev", "r&d", "*nix"[1:],
           "1", "0", "42", "123456789012345678", "true", "false", "True", "False", "'true'", '"7"']
ODD_SCALARS = ["x: y", "x #c", "'it''s'", '"a\\"b"', "yes", "no", "0o7", "~", "null", "2024-01-01", "-x",
               "- x", "{a: b}", "*a", "&a x", "!t x", "|", ">", "%x", "@x", "`x`", "x:", "=", "<<", "", " ",
               "\u00e9", "*nix", "'q", '"q', "x\x01y", '"x\x07"', "x\x7f", "x\ry", "x\x0c",
               "0x1", "01", "00", "1_000", "+1", "-1", "1.5", "TRUE", "On", "1234567890123456789", "- - x", "[a]"]
# Items of `[...]`: `[a]` was an odd value until the fast path read lists.
PLAIN_VALUES = SCALARS + ["[a]", "[]", "[ ]", "[a, 'b c', \"d\", 1, true]", "[ x ,y ]"]
ODD_VALUES = ODD_SCALARS[:-1] + ["[a,]", "[a, [b]]", "[a: b]", "[a #c]", "[a] #c", "[a", "a]", "[a]]", "[{a: b}]"]
FLOW_ITEMS = ["a", "b c", "'q'", '"d"', "http://x", "Bash(git:*)", "it's", "a :b", "x-y", "true", "False", "0", "12",
              "'a]'", "'a #b'", '"[x]"', "'/\\breports?\\b/i'", "'a?b'", "50%", "x'", "'1'"]
ODD_FLOW_ITEMS = ["", "a?b", "$:?", "[b]", "{b: c}", "a: b", "a #c", "a:", "-x", "- x", "yes", "1.5", "01", "-1", "'a, b'",
                  "'it''s'", '"a\\"b"', "~", "*a", "&a x", "a}", "?x", "!t x", "'q", "a, ", "\u00e9"]


def _pick(draw: st.DrawFn, plain: list[str], odd: list[str]) -> str:
    return draw(st.sampled_from(odd)) if draw(st.integers(0, 11)) == 0 else draw(st.sampled_from(plain))


def _flow_list(draw: st.DrawFn) -> str:
    """`[a, 'b', 1]` with any spacing, now and then an odd item or a trailing comma."""
    spaces = st.sampled_from(["", "", " ", "  "])
    items = [f"{draw(spaces)}{_pick(draw, FLOW_ITEMS, ODD_FLOW_ITEMS)}{draw(spaces)}"
             for _ in range(draw(st.integers(0, 4)))]
    comma = "," if draw(st.integers(0, 11)) == 0 else ""
    return f"[{','.join(items)}{comma}{draw(spaces)}]"


def _value(draw: st.DrawFn) -> str:
    return _flow_list(draw) if draw(st.integers(0, 3)) == 0 else _pick(draw, PLAIN_VALUES, ODD_VALUES)


@st.composite
def frontmatter(draw: st.DrawFn) -> str:
    """Mostly the shapes the fast path takes, with now and then one it must leave alone."""
    lines = []
    keys = draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, max_size=6))
    for key in keys:
        key = draw(st.sampled_from(ODD_KEYS)) if draw(st.integers(0, 15)) == 0 else key
        shape = draw(st.integers(0, 7))
        if shape >= 3:
            lines.append(f"{key}: {_value(draw)}{draw(st.sampled_from(['', '', ' ', '  ']))}")
        elif shape >= 1:
            lines.append(f"{key}:")
            for sub in draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, max_size=3)):
                indent = draw(st.sampled_from(["  ", "  ", "  ", " ", "   "]))
                lines.append(f"{indent}{sub}: {_value(draw)}")
        else:  # a block list, indented two or not at all, now and then with one item indented otherwise
            lines.append(f"{key}:")
            indent = draw(st.sampled_from(["  ", ""]))
            for _ in range(draw(st.integers(0, 3))):
                shift = draw(st.sampled_from(["  ", "", " ", "   ", "    "])) if draw(st.integers(0, 9)) == 0 else indent
                dash = draw(st.sampled_from(["-", "- - ", "-  "])) if draw(st.integers(0, 9)) == 0 else "- "
                lines.append(f"{shift}{dash}{_pick(draw, SCALARS, ODD_SCALARS)}{draw(st.sampled_from(['', ' ']))}")
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
    """`key: value` lines, blocks and lists whose values are any printable ASCII, bare or quoted."""
    value = st.text(alphabet=PRINTABLE, min_size=1, max_size=14)

    def scalar() -> str:
        text = draw(value)
        quote = draw(st.sampled_from(["", "", '"', "'"]))
        return f"{quote}{text.replace(quote, '') if quote else text}{quote}"

    lines = []
    for key in draw(st.lists(st.sampled_from(PLAIN_KEYS), unique=True, min_size=1, max_size=5)):
        shape = draw(st.integers(0, 6))
        if shape == 0:
            lines.append(f"{key}:")
            lines.extend(f"  k{n}: {draw(value)}" for n in range(draw(st.integers(1, 3))))
        elif shape == 1:  # a block list of any items
            indent = draw(st.sampled_from(["  ", ""]))
            lines.append(f"{key}:")
            lines.extend(f"{indent}- {scalar()}" for _ in range(draw(st.integers(1, 3))))
        elif shape == 2:  # a flow list of any items
            lines.append(f"{key}: [{', '.join(scalar() for _ in range(draw(st.integers(0, 3))))}]")
        else:
            lines.append(f"{key}: {scalar()}")
    return "\n".join(lines) + "\n"


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(any_ascii_frontmatter(), st.integers(0, 3))
def test_any_printable_value_the_fast_path_takes_reads_as_the_parser_reads_it(text, offset):
    assert _same(text, offset) in (True, None)
