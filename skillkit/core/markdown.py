"""One reading of a Markdown text: its links (inline links, images, reference definitions,
HTML `href` / `src`) with their positions, and its fenced code blocks. Code (fenced or
indented) and code spans hold no links. The `references` rules, `orphan-file`,
`fence-unclosed` and `remote-exec` all read this, so they agree on what a link is.

The reading is CommonMark's (markdown-it-py, core/markdown_tokens.py). Parsing a whole body
costs milliseconds, real collections hold tens of megabytes of Markdown, and most of it is
prose with a link here and there between code fences, so a text is parsed only as far as
the answer needs it, in pieces that read in the whole exactly as they read alone:

- fences in the first column cut the text into fenced blocks, read by a line scanner, and
  the prose between them (core/markdown_fences.py);
- in the prose, a blank line followed by a line that starts in the first column closes
  every open block (paragraph, list, quote, indented code, HTML block of the kinds left), so
  the stretch between two such points holding a link, a tag or a fence mark parses as it
  would in the whole. A fence inside a list item or a quote ends with its stretch; one
  indented outside any container may not, and then the text is parsed whole;
- a stretch of plain prose is read by regular expressions (core/markdown_plain.py); a
  stretch that is a run of list items is read item by item, each item's content (its
  lines less the item's indent) as a text of its own, so a step holding a fence or a
  nested list takes the same shortcuts; anything else goes to markdown-it;
- the text is parsed whole when a reference definition may stand in its prose (a
  definition counts everywhere), or an HTML block that may hold a fence (a line starting
  with `<`); a piece holding `<!--`, `<pre`, `<script` and the like mid-line is parsed whole.

tests/lint/test_markdown.py holds every shortcut to markdown-it's reading of the whole.
"""

from __future__ import annotations

import bisect
import re

from skillkit.core.markdown_fences import MARK, Cut, cut_at_fences, find_mark
from skillkit.core.markdown_model import EMPTY, CodeBlock, Fence, Link, Reading
from skillkit.core.markdown_plain import plain

__all__ = ["read_markdown", "Reading", "Link", "Fence", "CodeBlock"]

# An HTML block that only its end marker ends (not a blank line), when a line starts with it.
LONG_HTML = re.compile(r"<(?:!|\?|script|pre|style|textarea)", re.I)
BLANK_LINE = re.compile(r"\n[ \t]*\n")
# The openings of those blocks (CommonMark's kinds 1 to 5) and what ends each: kind 1 (`<pre`
# and the others, then a space, `>` or the line's end) ends on a line holding any of the four
# closing tags, in any case.
_ENDERS = re.compile(r"<(?:(?P<tag>(?i:script|pre|style|textarea)(?=[ \t>]|\n|\Z))|(?P<comment>!--)"
                     r"|(?P<cdata>!\[CDATA\[)|(?P<declaration>![A-Za-z])|(?P<instruction>\?))")
CLOSING_RAW = re.compile(r"</(?:script|pre|style|textarea)>", re.I)
HTML_ENDS = (("comment", "-->"), ("cdata", "]]>"), ("declaration", ">"), ("instruction", "?>"))
# A tag, a closing tag, a comment, `<?...?>`, `<!X...>`, CDATA: each may carry `href` / `src`.
TAG = re.compile(r"<[A-Za-z/!?]")
HTML_ATTR = re.compile(r"href|src", re.I)
# After a blank line, a line starting in column 1: every open block is closed there.
RESTART = re.compile(r"\n[ \t]*\n(?=[^ \t\n])")
# What may stand before a reference definition's `[` on its line: container markers.
MARKERS = re.compile(r"(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t])*")
# A list item's first line: its marker and the one to four spaces before its text (five or
# more would open indented code), and a thematic break that such a line may also be.
ITEM = re.compile(r"(?:[-*+]|\d{1,9}[.)]) {1,4}(?=[^ ])")
RULE = re.compile(r"([-*_])(?:[ \t]*\1){2,}[ \t]*(?:\n|\Z)")
ITEM_DEPTH = 16  # nested items read by the shortcut; deeper ones go to markdown-it (bounded recursion)


def read_markdown(text: str, first_line: int = 1) -> Reading:
    """The links and fences of `text`, a Markdown file's text from its line `first_line`."""
    return _read(text).shifted(first_line - 1)


def _read(text: str, depth: int = 0) -> Reading:
    # Not cached here: a lint run reads each text once, into its skill's link graph
    # (core/linkgraph.py), which every rule shares; a cache keyed by the text hashed every
    # text, a pass over all of a collection's Markdown. Marks are looked for from their first
    # character's first place (memchr speed): a regular expression would try every position.
    if "\r" in text:
        return _parse(text)  # markdown-it reads a lone CR as a line break; the shortcuts do not
    if find_mark(text, "```") < 0 and find_mark(text, "~~~") < 0:
        if _may_define(text) or not _html_bounded(text, False):
            return _parse(text)
        found = _prose(text, depth)  # None only when a fence mark is in it, and there is none
        return found if found is not None else _parse(text)
    cut = cut_at_fences(text)
    if cut is None:
        return _parse(text)
    return _read_cut(text, cut, depth)


def _read_cut(text: str, cut: Cut, depth: int) -> Reading:
    """The reading of a text cut at its top-level fences: each prose piece holding a link, a
    tag or a fence mark is read alone, the others hold nothing; a piece is found by
    bisection, so a text of a hundred fences costs a few searches of the whole."""
    starts, ends = cut.starts, cut.ends

    def piece(position: int) -> int:
        """The index of the prose piece holding `position` (the one before fence i is i),
        or -1 inside a fence."""
        index = bisect.bisect_right(starts, position)
        return -1 if index and position < ends[index - 1] else index

    def bounds(index: int) -> tuple[int, int]:
        return (ends[index - 1] if index else 0), (starts[index] if index < len(starts) else len(text))

    # Only the prose matters here: in a fence, `]:` and `<div>` are code.
    inline, definitions = _brackets(text)
    for index in {piece(at) for at in definitions} - {-1}:
        first, last = bounds(index)
        if _may_define(text[first:last]):
            return _parse(text)
    marked = {piece(at) for at in inline} | {piece(at) for at in cut.marks}
    if "<" in text:
        tags = _positions(text, "<")
        marked |= {piece(at) for at in tags if TAG.match(text, at)}
        for index in {piece(at) for at in tags if _starts_line(text, at)} - {-1}:
            first, last = bounds(index)
            if not _html_bounded(text[first:last], last < len(text)):
                return _parse(text)
    links: list[Link] = []
    nested_fences: list[Fence] = []
    nested_code: list[CodeBlock] = []
    for index in sorted(marked - {-1}):
        first, last = bounds(index)
        found = _prose(text[first:last], depth)
        if found is None:
            return _parse(text)
        found = found.shifted(cut.line_at(first))
        links.extend(found.links)
        nested_fences.extend(found.fences)  # in a list item or a quote
        nested_code.extend(found.code)
    if not nested_fences:
        return Reading(tuple(links), pending=cut if cut.starts else None)  # fences made when asked for
    fences, code = cut.blocks()  # in the text's order among the others
    return Reading(tuple(links), tuple(sorted((*fences, *nested_fences))),
                   tuple(sorted((*code, *nested_code), key=lambda block: block.line)))


def _positions(text: str, char: str) -> list[int]:
    """Every place of one character: memchr speed, where a search for two characters or a
    regular expression costs several times more on every byte of a long text."""
    found = []
    at = text.find(char)
    while at >= 0:
        found.append(at)
        at = text.find(char, at + 1)
    return found


def _brackets(text: str) -> tuple[list[int], list[int]]:
    """Where `](` (an inline link's middle) and `]:` (maybe a definition's) stand."""
    inline, definitions = [], []
    for at in _positions(text, "]"):
        after = text[at + 1:at + 2]
        if after == "(":
            inline.append(at)
        elif after == ":":
            definitions.append(at)
    return inline, definitions


def _starts_line(text: str, at: int) -> bool:
    """Whether `at` is a line's first character past at most three spaces (an HTML block's place)."""
    newline = text.rfind("\n", max(at - 4, 0), at)
    if newline < 0 and at > 3:
        return False  # more than three characters before it on its line
    return not text[newline + 1:at].strip(" ")


def _prose(text: str, depth: int = 0) -> Reading | None:
    """The reading of prose with no reference definition and no long HTML block, stretch by
    stretch; None when a fence mark in it may open a fence that runs past its stretch."""
    markers = []
    at = text.find("](")
    while at >= 0:
        markers.append(at)
        at = text.find("](", at + 2)
    if "<" in text:
        markers.extend(m.start() for m in TAG.finditer(text))
    if "```" in text or "~~~" in text:
        markers.extend(m.start() for m in MARK.finditer(text))
    if not markers:
        return EMPTY
    markers.sort()
    links: list[Link] = []
    fences: list[Fence] = []
    code: list[CodeBlock] = []
    end = -1
    line = counted = 0  # lines before offset `counted`: counted once, not from the start per stretch
    for position in markers:
        if position < end:
            continue  # in the stretch just read
        start = _stretch_start(text, position)
        following = RESTART.search(text, position)
        end = following.end() if following else len(text)
        stretch = text[start:end]
        if "```" in stretch or "~~~" in stretch:
            found = _list_item(stretch, depth)
            if found is None:
                found = _parse_bounded(stretch)
            if found is None:
                return None
        elif "](" in stretch or HTML_ATTR.search(stretch):
            found = plain(stretch) or _list_item(stretch, depth) or _parse(stretch)
        else:
            continue  # tags without href or src: nothing to read
        line += text.count("\n", counted, start)
        counted = start
        reading = found.shifted(line)
        links.extend(reading.links)
        fences.extend(reading.fences)
        code.extend(reading.code)
    return Reading(tuple(links), tuple(fences), tuple(code)) if links or fences else EMPTY


def _list_item(stretch: str, depth: int) -> Reading | None:
    """The reading of a stretch that is a run of list items, or None when it is not plainly
    one. A list item's content is its lines with the item's indent taken off, read as a text
    of its own (CommonMark's definition of a list item): a numbered step holding an indented
    fence or a nested list is then read by the shortcuts, where markdown-it took a
    millisecond a step (vendor documentation holds thousands). Each item's first line is a
    marker in the first column, one to four spaces and text (not a rule: `* * *`); every
    other line is blank or indented at least that far (no lazy line, no tab)."""
    if depth >= ITEM_DEPTH or "\t" in stretch:
        return None
    links: list[Link] = []
    fences: list[Fence] = []
    code: list[CodeBlock] = []
    lines = stretch.split("\n")
    first = 0
    while first < len(lines):
        opener = ITEM.match(lines[first])
        if opener is None or RULE.match(lines[first]):
            return None
        width = opener.end()
        indent = " " * width
        content = [lines[first][width:]]
        following = first + 1
        for line in lines[following:]:
            if line.startswith(indent):
                content.append(line[width:])
            elif not line.strip(" "):
                content.append("")  # a blank line shorter than the indent
            elif line[0] != " ":
                content.append("")  # the item's last line ends with its line break
                break  # the next item (or not one: then None above)
            else:
                return None  # indented less than the item's text: a lazy line, maybe
            following += 1
        inner = _read("\n".join(content), depth + 1)
        links.extend(Link(k.line + first, k.column + width, k.target, k.kind) for k in inner.links)
        fences.extend(Fence(f.line + first, f.column + width, f.marker, f.closed) for f in inner.fences)
        code.extend(CodeBlock(c.line + first, c.info, c.text) for c in inner.code)
        first = following
    return Reading(tuple(links), tuple(fences), tuple(code))


def _html_bounded(text: str, fence_follows: bool) -> bool:
    """Whether every HTML block in `text` ends where the stretches assume: none opened at a
    line's start runs on to an end marker past its line (a comment closed on its own line is
    fine: it ends there; one mid-line is inside a paragraph or a list item, which the
    stretches' boundaries close), and, when a fence follows `text`, a blank line ends the
    last block before the fence (a block would hold the fence line)."""
    if "<" not in text:
        return True
    openers = [at for at in _positions(text, "<") if _starts_line(text, at)]
    for at in openers:
        if LONG_HTML.match(text, at) and not _ends_before_restart(text, at):
            return False
    if fence_follows and openers:
        return BLANK_LINE.search(text, openers[-1]) is not None
    return True


def _ends_before_restart(text: str, at: int) -> bool:
    """Whether the HTML block that may open at `at` (`<pre>`, `<!--`, `<?`, `<!X`, CDATA: the
    kinds only their end marker ends) ends before the next point where stretches are cut (a
    blank line, then a line in the first column): then no stretch boundary falls inside it.
    CommonMark ends such a block on the first line holding its end marker, from its opening
    line on; one found before that point ends it there or earlier, which is all this needs
    (a `<pre` in a code span or a nested fence is no block at all: it needs it no less).
    A `<pre>` holding a multi-line command in vendor documentation sent an 800 KB text to a
    whole parse."""
    ender = _ENDERS.match(text, at)
    if ender is None:
        return False  # `<!` before anything else, `<prefix`: left to the parser, as before
    following = RESTART.search(text, at)
    limit = following.start() if following else len(text)
    if ender.group("tag"):
        return CLOSING_RAW.search(text, at, limit) is not None
    marker = next(end for kind, end in HTML_ENDS if ender.group(kind))
    return text.find(marker, at, limit) >= 0


def _may_define(text: str) -> bool:
    """Whether a reference definition may stand in `text`. Most `]:` are code (`d[k]: v`) or
    prose: a link label holds no unescaped bracket and at most 999 characters, so a `]:` ends
    one only when the last `[` before it is that close and starts its line (past quote and
    list markers). An escaped bracket near a `]:` answers yes (the label may start earlier).
    A list of titles quoting `[Error]:` (`- [构建时报错“BundleTool [Error]: ...”](faq.md)`)
    sent an 800 KB index to a whole parse."""
    at = text.find("]:")
    while at >= 0:
        opening = text.rfind("[", max(0, at - 1000), at)  # (none that close: no label ends here)
        if opening >= 0 and "\\" in text[max(0, opening - 1):at]:
            return True
        if opening >= 0 and "]" not in text[opening + 1:at]:
            # what stands before the `[` on its line, up to 200 characters back (a longer
            # run of markers only is taken as one, which errs on the safe side)
            before = text[max(0, opening - 200):opening]
            if MARKERS.fullmatch(before, before.rfind("\n") + 1):
                return True
        at = text.find("]:", at + 2)
    return False


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


def _parse(text: str) -> Reading:
    from skillkit.core.markdown_tokens import parse

    return parse(text)


def _parse_bounded(text: str) -> Reading | None:
    from skillkit.core.markdown_tokens import parse_bounded

    return parse_bounded(text)
