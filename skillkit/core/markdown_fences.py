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
# A line that may open an HTML block at the top level, which could hold a fence mark: the
# caller looks for one in the prose pieces, and parses the text whole when there is one.
HTML_LINE = re.compile(r"^ {0,3}<", re.M)
RUN = re.compile(r"`+|~+")


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
    tick, tilde = text.find("```"), text.find("~~~")
    # str.find, not MARK.search: an alternation has no literal prefix and is tried at every position.
    while tick >= 0 or tilde >= 0:
        opener = tick if tilde < 0 or 0 <= tick < tilde else tilde
        marker = text[opener]
        run_end = RUN.match(text, opener).end()  # type: ignore[union-attr]
        line_end = text.find("\n", opener)
        line_end = len(text) if line_end < 0 else line_end
        if (opener and text[opener - 1] != "\n") or (marker == "`" and "`" in text[run_end:line_end]):
            # Indented (a list item's, a quote's, code), mid-line, or paragraph text with
            # code spans: prose, whose reader checks the fence it may open.
            marks.append(opener)
            end = line_end + 1
        else:
            line += text.count("\n", counted, opener)
            close_start, close_end = _closer(text, line_end + 1, marker, run_end - opener)
            content_end = close_start if close_start >= 0 else _last_line_end(text)
            end = close_end if close_start >= 0 else len(text)
            info_words = text[run_end:line_end].split(maxsplit=1)
            fence = Fence(line + 1, 1, text[opener:run_end], close_start >= 0)
            block = CodeBlock(line + 2, info_words[0].lower() if info_words else "", text[line_end + 1:content_end])
            line += text.count("\n", opener, end)
            counted = end
            fences.append(Fenced(opener, end, line, fence, block))
        if tick >= 0 and tick < end:
            tick = text.find("```", end)
        if tilde >= 0 and tilde < end:
            tilde = text.find("~~~", end)
    return Cut(fences, marks)


def _last_line_end(text: str) -> int:
    """Where the text's lines end: markdown-it drops a last line of only blanks that no
    newline ends."""
    last = text.rfind("\n") + 1
    return last if last < len(text) and not text[last:].strip(" \t") else len(text)


def _closer(text: str, at: int, marker: str, length: int) -> tuple[int, int]:
    """The start of the line closing a fence opened with `length` markers, and the offset just
    past that line (its newline included), searching from offset `at`; (-1, -1) when none
    does. A closer is indented less than four columns (a tab counts to the next multiple of
    four), a run of at least `length` markers, then only spaces and tabs."""
    run = marker * 3
    while at < len(text):
        found = text.find(run, at)
        if found < 0:
            return -1, -1
        line_start = text.rfind("\n", 0, found) + 1
        line_end = text.find("\n", found)
        line_end = len(text) if line_end < 0 else line_end
        indent = text[line_start:found]
        if _columns(indent) < 4 and not indent.strip(" \t"):
            run_end = RUN.match(text, found).end()  # type: ignore[union-attr]
            if run_end - found >= length and not text[run_end:line_end].strip(" \t"):
                return line_start, min(line_end + 1, len(text))
        at = line_end + 1
    return -1, -1


def _columns(indent: str) -> int:
    width = 0
    for char in indent:
        width = width + 4 - width % 4 if char == "\t" else width + 1
    return width
