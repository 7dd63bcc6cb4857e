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
from functools import lru_cache

from skillkit.core.markdown_model import CodeBlock, Fence

MARK = re.compile(r"```|~~~")
OPENER = re.compile(r"(`{3,}+|~{3,}+)([^\n]*+)")
# A closing line from the newline before it: indented less than four columns (spaces only: a
# tab reaches the fourth), a run of the marker (at least the opening's, checked after), then
# only spaces and tabs. Possessive runs: one attempt per line, linear on any input.
CLOSERS = {marker: re.compile(rf"\n {{0,3}}({marker}{{3,}}+)[ \t]*+(?=\n|\Z)") for marker in "`~"}


def _word(info: str) -> str:
    """An info string's first word, lowercased, or ''."""
    words = info.split(None, 1)
    return words[0].lower() if words else ""


# Info strings as written, to their words: a collection's hundred thousand fences say
# `python` and `bash` again and again.
_known_word = lru_cache(maxsize=4096)(_word)


class Cut:
    """A text's top-level fences as offsets, and where the fence marks left in the prose are.
    Fence i opens at `starts[i]` with the marker run `runs[i]` and the info `infos[i]` after
    it on its line, its code runs to `code_ends[i]`, and it ends (its closing line's newline
    included) at `ends[i]`.

    Fence and code-block objects, and the line numbers in them, are made only when asked for:
    most texts are asked only for their unclosed fences and their shell blocks, and counting
    every text's lines for every fence was a fifth of a lint run's Markdown reading."""

    __slots__ = ("text", "starts", "runs", "infos", "code_ends", "ends", "closed", "marks", "_counted", "_lines")

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] = []
        self.runs: list[str] = []
        self.infos: list[str] = []  # each opening line after its run, as written
        self.code_ends: list[int] = []
        self.ends: list[int] = []
        self.closed: list[bool] = []
        self.marks: list[int] = []
        self._counted = self._lines = 0  # the 0-based line of offset `_counted`

    def line_at(self, offset: int) -> int:
        """The 0-based line of `offset`, counted on from the last offset asked for (callers
        ask in order: each part of the text is counted once), from the start if it is before."""
        if offset < self._counted:
            self._counted = self._lines = 0
        self._lines += self.text.count("\n", self._counted, offset)
        self._counted = offset
        return self._lines

    def info(self, index: int) -> str:
        """Fence `index`'s info word, lowercased (`bash`), or ''."""
        raw = self.infos[index]
        # remembered when short: a long info string is not kept for the run
        return _known_word(raw) if len(raw) <= 64 else _word(raw)

    def fence(self, index: int, shift: int = 0) -> Fence:
        return Fence(self.line_at(self.starts[index]) + 1 + shift, 1, self.runs[index], self.closed[index])

    def _code_text(self, index: int) -> str:
        """Fence `index`'s code: from the line after its opening line to its closing line."""
        opening_end = self.starts[index] + len(self.runs[index]) + len(self.infos[index])
        return self.text[opening_end + 1:self.code_ends[index]]

    def code(self, index: int, shift: int = 0) -> CodeBlock:
        return CodeBlock(self.line_at(self.starts[index]) + 2 + shift, self.info(index), self._code_text(index))

    def blocks(self, shift: int = 0) -> tuple[tuple[Fence, ...], tuple[CodeBlock, ...]]:
        """Every fence and code block, `shift` lines further down."""
        indices = range(len(self.starts))
        fences = tuple(self.fence(i, shift) for i in indices)
        # each block's line from its fence's: code() would count the lines a second time
        return fences, tuple(CodeBlock(f.line + 1, self.info(i), self._code_text(i)) for i, f in zip(indices, fences))

    def unclosed(self, shift: int = 0) -> tuple[Fence, ...]:
        return tuple(self.fence(i, shift) for i, closed in enumerate(self.closed) if not closed)

    def code_in(self, infos: frozenset[str], shift: int = 0) -> tuple[CodeBlock, ...]:
        return tuple(self.code(i, shift) for i in range(len(self.starts)) if self.info(i) in infos)


def cut_at_fences(text: str) -> Cut | None:
    """The text's top-level fences, or None when a cut there may not be exact."""
    if "\r" in text or "\0" in text:
        return None  # markdown-it rewrites these characters
    cut = Cut(text)
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
            cut.marks.append(opener)
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
            cut.starts.append(opener)
            cut.runs.append(run)
            cut.infos.append(info)
            cut.code_ends.append(content_end)
            cut.ends.append(end)
            cut.closed.append(closing is not None)
        if 0 <= tick < end:
            tick = text.find("```", end)
        if 0 <= tilde < end:
            tilde = find_mark(text, "~~~", end)
    return cut


def find_mark(text: str, mark: str, start: int = 0) -> int:
    """`text.find(mark, start)`, its first character looked for first: memchr speed on the
    many texts without one."""
    first = text.find(mark[0], start)
    return first if first < 0 else text.find(mark, first)
