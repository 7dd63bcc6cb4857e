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


class Piece(NamedTuple):
    """A stretch of prose (`fence` None) or a fenced block, from character `start` to `end`,
    beginning on 0-based line `line`."""

    start: int
    end: int
    line: int
    fence: tuple[Fence, CodeBlock] | None


def fenced_pieces(text: str) -> list[Piece] | None:
    """The text cut into prose and top-level fences, or None when that cut may not be exact."""
    if "\r" in text or "\0" in text:
        return None  # markdown-it rewrites these characters
    pieces: list[Piece] = []
    prose_start = prose_line = 0
    line = counted = 0  # the 0-based line of offset `counted`
    at = 0
    while True:
        match = MARK.search(text, at)
        if match is None:
            break
        opener = match.start()
        marker = text[opener]
        run_end = _run_end(text, opener, marker)
        line_end = _line_end(text, opener)
        if opener != text.rfind("\n", 0, opener) + 1 or (marker == "`" and "`" in text[run_end:line_end]):
            # Indented (a list item's, a quote's, code), mid-line, or paragraph text with
            # code spans: prose, whose reader checks the fence it may open.
            at = line_end + 1
            continue
        line += text.count("\n", counted, opener)
        counted = opener
        close_start, close_end = _closer(text, line_end + 1, marker, run_end - opener)
        content_end = close_start if close_start >= 0 else _last_line_end(text)
        end = close_end if close_start >= 0 else len(text)
        if opener > prose_start:
            pieces.append(Piece(prose_start, opener, prose_line, None))
        info_words = text[run_end:line_end].split(maxsplit=1)
        fence = Fence(line + 1, 1, text[opener:run_end], close_start >= 0)
        block = CodeBlock(line + 2, info_words[0].lower() if info_words else "", text[line_end + 1:content_end])
        pieces.append(Piece(opener, end, line, (fence, block)))
        line += text.count("\n", opener, end)
        counted = prose_start = end
        prose_line = line
        if end >= len(text):
            break
        at = end
    if prose_start < len(text):
        pieces.append(Piece(prose_start, len(text), prose_line, None))
    return pieces


def _last_line_end(text: str) -> int:
    """Where the text's lines end: markdown-it drops a last line of only blanks that no
    newline ends."""
    last = text.rfind("\n") + 1
    return last if last < len(text) and not text[last:].strip(" \t") else len(text)


def _run_end(text: str, at: int, marker: str) -> int:
    while at < len(text) and text[at] == marker:
        at += 1
    return at


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


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
        line_end = _line_end(text, found)
        indent = text[line_start:found]
        if _columns(indent) < 4 and not indent.strip(" \t"):
            run_end = _run_end(text, found, marker)
            if run_end - found >= length and not text[run_end:line_end].strip(" \t"):
                return line_start, min(line_end + 1, len(text))
        at = line_end + 1
    return -1, -1


def _columns(indent: str) -> int:
    width = 0
    for char in indent:
        width = width + 4 - width % 4 if char == "\t" else width + 1
    return width
