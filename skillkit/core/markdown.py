"""One reading of a Markdown text: its links (inline links, images, reference definitions,
HTML `href` / `src`) with their positions, and its fenced code blocks. Code (fenced or
indented) and code spans hold no links. The `references` rules, `orphan-file`,
`fence-unclosed` and `remote-exec` all read this, so they agree on what a link is.

The parse is CommonMark (markdown-it-py, core/markdown_tokens.py). Lint must stay fast,
most bodies hold a link or two in plain prose, and parsing a whole body costs milliseconds,
so the text is parsed only as far as the answer needs it:

- nothing link-like and no fence: nothing to parse;
- a fence, a reference definition (`]:`) or an HTML block that may span blank lines
  (`<!--`, `<pre`, `<script`, ...): the whole text, since any of them changes what follows;
- otherwise only the stretches holding a link. A blank line followed by a line that starts
  in the first column closes every open block (paragraph, list, quote, indented code, HTML
  block of the kinds left), so the text between two such points parses as it would in the
  whole. A stretch of plain lines (each starting with a letter, no code spans, escapes,
  entities or HTML, every bracket and parenthesis part of a `[text](target)`) is read by a
  regular expression that gives exactly what CommonMark gives (tests/lint/test_markdown.py
  checks the two against each other); anything else goes to markdown-it.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from skillkit.core.markdown_model import EMPTY, CodeBlock, Fence, Link, Reading

__all__ = ["read_markdown", "Reading", "Link", "Fence", "CodeBlock"]

# Any of these changes how everything after it reads: the text is parsed whole.
WHOLE_MARKS = ("```", "~~~", "]:")
LONG_HTML = re.compile(r"<(?:!|\?|script|pre|style|textarea)", re.I)
TAG = re.compile(r"<[A-Za-z]")
HTML_ATTR = re.compile(r"href|src", re.I)
# After a blank line, a line starting in column 1: every open block is closed there.
RESTART = re.compile(r"\n[ \t]*\n(?=[^ \t\n])")
PLAIN_LINK = re.compile(r"(!?)\[([^\[\]()`\\<&]*)\]\(([^\s()`\\<&]+)\)")
PLAIN_LINE = re.compile(r"(?:\A|\n)(?=[ \t]*[^ \t\n])(?![A-Za-z])")  # a line not starting with a letter
SPECIAL = re.compile(r"[\[\]()`\\<&]")
NEEDS_ENCODING = re.compile(r"%(?![0-9A-Fa-f]{2})|[\"{}|^]")


def read_markdown(text: str, first_line: int = 1) -> Reading:
    """The links and fences of `text`, a Markdown file's text from its line `first_line`."""
    return _read(text).shifted(first_line - 1)


@lru_cache(maxsize=512)
def _read(text: str) -> Reading:
    # Cached by content: the body and each bundled file are read by several rules. Each mark
    # is looked for from its first character's first place (memchr speed): most bodies have
    # none of them, and a regular expression would try every position.
    tags = "<" in text
    if any(_has(text, mark) for mark in WHOLE_MARKS) or (tags and LONG_HTML.search(text)):
        return _parse(text)
    markers = []
    at = text.find("](")
    while at >= 0:
        markers.append(at)
        at = text.find("](", at + 2)
    if tags:
        markers = sorted(markers + [m.start() for m in TAG.finditer(text)])
    links: list[Link] = []
    end = -1
    for position in markers:
        if position < end:
            continue  # in the stretch just read
        start = _stretch_start(text, position)
        following = RESTART.search(text, position)
        end = following.end() if following else len(text)
        stretch = text[start:end]
        if "](" not in stretch and not HTML_ATTR.search(stretch):
            continue  # tags without href or src: nothing to read
        links.extend(_stretch(stretch).shifted(text.count("\n", 0, start)).links)
    return Reading(tuple(links)) if links else EMPTY


def _has(text: str, mark: str) -> bool:
    first = text.find(mark[0])
    return first >= 0 and text.find(mark, first) >= 0


def _stretch_start(text: str, position: int) -> int:
    """The start of the line, at or before `position`, that follows a blank line and starts
    in column 1 (or the text's start): back line by line, a paragraph is a few lines."""
    start = text.rfind("\n", 0, position) + 1
    while start > 0:
        if text[start] not in " \t\n":
            before = text.rfind("\n", 0, start - 1) + 1
            if not text[before:start - 1].strip(" \t"):
                return start
        start = text.rfind("\n", 0, start - 1) + 1
    return 0


def _stretch(text: str) -> Reading:
    plain = _plain(text)
    return plain if plain is not None else _parse(text)


def _plain(text: str) -> Reading | None:
    """The links of a stretch of plain prose, or None when it is not that simple."""
    if PLAIN_LINE.search(text):
        return None
    if SPECIAL.search(PLAIN_LINK.sub("", text)):
        return None
    links = []
    line, counted = 0, 0  # lines counted up to `counted`: one pass, not a count from the start per link
    for match in PLAIN_LINK.finditer(text):
        at = match.start(3)
        line += text.count("\n", counted, at)
        counted = at
        column = at - (text.rfind("\n", 0, at) + 1)
        links.append(Link(line + 1, column + 1, _normalise(match.group(3)), "image" if match.group(1) else "link"))
    return Reading(tuple(links))


def _normalise(target: str) -> str:
    """A destination as markdown-it's normalizeLink gives it: percent-encoded where needed."""
    if target.isascii() and not NEEDS_ENCODING.search(target):
        return target
    from mdurl import encode  # markdown-it's own encoder (installed with it)

    return str(encode(target))


def _parse(text: str) -> Reading:
    from skillkit.core.markdown_tokens import parse

    return parse(text)
