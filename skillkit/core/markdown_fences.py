"""Top-level fenced code blocks found by a line scanner, so that the prose between them can be
read without a whole CommonMark parse (core/markdown.py).

Most published skills have code fences, and the prose between them is what costs a parser
its time. A fence opened in the first column closes every open block (a paragraph, a list,
a quote, indented code: none of them continues into a fence line, lazily or otherwise), and
its closing line leaves nothing open, so the stretches between such fences parse exactly as
they do in the whole text. Any other fence mark (in a list item or a quote, indented,
mid-line, a backtick fence with a backtick in its info) is left in the prose, whose reader
parses the stretch around it and gives up on the cut when it opens a fence outside any
container that its stretch does not close (core/markdown.py). What the scanner returns is
what markdown-it's fence rule gives (tests hold the two to each other).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from skillkit.core.markdown_model import CodeBlock, Fence

MARK = re.compile(r"```|~~~")
OPENER = re.compile(r"(`{3,}+|~{3,}+)([^\n]*+)")
# A closing line from the newline before it: indented less than four columns (spaces only: a
# tab reaches the fourth), a run of the marker (at least the opening's, checked after), then
# only spaces and tabs. Possessive runs: one attempt per line, linear on any input.
CLOSERS = {marker: re.compile(rf"\n {{0,3}}({marker}{{3,}}+)[ \t]*+(?=\n|\Z)") for marker in "`~"}


class Fenced(NamedTuple):
    """A top-level fenced block from character `start` to `end` (its closing line's newline
    included), the 0-based line after it, and what the reading says of it."""

    start: int
    end: int
    next_line: int
    fence: Fence
    code: CodeBlock


class Cut(NamedTuple):
    """The top-level fences of a text, and where the fence marks left in the prose are."""

    fences: list[Fenced]
    marks: list[int]


def cut_at_fences(text: str) -> Cut | None:
    """The text's top-level fences, or None when a cut there may not be exact."""
    if "\r" in text or "\0" in text:
        return None  # markdown-it rewrites these characters
    fences: list[Fenced] = []
    marks: list[int] = []
    line = counted = 0  # the 0-based line of offset `counted`
    size = len(text)
    tick, tilde = text.find("```"), find_mark(text, "~~~")
    # str.find, not MARK.search: an alternation has no literal prefix and is tried at every position.
    while tick >= 0 or tilde >= 0:
        opener = tick if tilde < 0 or 0 <= tick < tilde else tilde
        run, info = OPENER.match(text, opener).groups()  # type: ignore[union-attr]  # a run of three is there
        line_end = opener + len(run) + len(info)
        if (opener and text[opener - 1] != "\n") or ("`" in info and run[0] == "`"):
            # Indented (a list item's, a quote's, code), mid-line, or paragraph text with
            # code spans: prose, whose reader checks the fence it may open.
            marks.append(opener)
            end = line_end + 1
        else:
            pattern = CLOSERS[run[0]]
            closing = pattern.search(text, line_end)
            while closing is not None and len(closing.group(1)) < len(run):
                closing = pattern.search(text, closing.end())
            if closing is None:
                content_end = end = size
                last = text.rfind("\n") + 1  # markdown-it drops a last line of blanks no newline ends
                if last < size and not text[last:].strip(" \t"):
                    content_end = last
            else:
                content_end = closing.start() + 1
                end = closing.end() + 1 if closing.end() < size else size
            line += text.count("\n", counted, opener)
            words = info.split(None, 1)
            after = line + text.count("\n", opener, end)
            fences.append(Fenced(opener, end, after, Fence(line + 1, 1, run, closing is not None),
                                 CodeBlock(line + 2, words[0].lower() if words else "", text[line_end + 1:content_end])))
            line, counted = after, end
        if 0 <= tick < end:
            tick = text.find("```", end)
        if 0 <= tilde < end:
            tilde = find_mark(text, "~~~", end)
    return Cut(fences, marks)


def find_mark(text: str, mark: str, start: int = 0) -> int:
    """`text.find(mark, start)`, its first character looked for first: memchr speed on the
    many texts without one."""
    first = text.find(mark[0], start)
    return first if first < 0 else text.find(mark, first)
