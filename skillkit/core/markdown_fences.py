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
# Possessive runs: one attempt per line, linear on any input.
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
    tick, tilde = text.find("```"), _find(text, "~~~", 0)
    # str.find, not MARK.search: an alternation has no literal prefix and is tried at every position.
    while tick >= 0 or tilde >= 0:
        opener = tick if tilde < 0 or 0 <= tick < tilde else tilde
        opening = OPENER.match(text, opener)
        assert opening is not None  # a run of three at `opener`
        run, info = opening.groups()
        line_end = opening.end()
        if (opener and text[opener - 1] != "\n") or (run[0] == "`" and "`" in info):
            # Indented (a list item's, a quote's, code), mid-line, or paragraph text with
            # code spans: prose, whose reader checks the fence it may open.
            marks.append(opener)
            end = line_end + 1
        else:
            line += text.count("\n", counted, opener)
            closing = _closer(text, line_end, run)
            if closing is None:
                content_end = end = len(text)
                last = text.rfind("\n") + 1  # markdown-it drops a last line of blanks no newline ends
                if last < len(text) and not text[last:].strip(" \t"):
                    content_end = last
            else:
                content_end, end = closing.start() + 1, min(closing.end() + 1, len(text))
            words = info.split(maxsplit=1)
            fence = Fence(line + 1, 1, run, closing is not None)
            block = CodeBlock(line + 2, words[0].lower() if words else "", text[line_end + 1:content_end])
            line += text.count("\n", opener, end)
            counted = end
            fences.append(Fenced(opener, end, line, fence, block))
        if 0 <= tick < end:
            tick = text.find("```", end)
        if 0 <= tilde < end:
            tilde = _find(text, "~~~", end)
    return Cut(fences, marks)


def _find(text: str, mark: str, start: int) -> int:
    """`text.find(mark, start)`, its first character looked for first: memchr speed on the
    many texts without one."""
    first = text.find(mark[0], start)
    return first if first < 0 else text.find(mark, first)


def _closer(text: str, at: int, run: str) -> re.Match[str] | None:
    """The line closing a fence opened with `run`, searched from the newline at `at`: indented
    less than four columns (spaces only: a tab reaches the fourth), a run of the same marker
    at least as long, then only spaces and tabs. The match spans from the newline before it
    to its end."""
    pattern = CLOSERS[run[0]]
    found = pattern.search(text, at)
    while found is not None and len(found.group(1)) < len(run):
        found = pattern.search(text, found.end())
    return found
