"""Plain prose read without a parser (core/markdown.py hands it stretches that nothing before
or after changes). A stretch qualifies when every line starts in the first column with a
letter (of any script: `保存`, `Ünder`), a table's `|`, a list item's marker, a heading's `#` or a quote's `>`, each marker
followed by one space and text (so no line opens a code block or an HTML block); when its
code spans are single backticks paired on each line; and when, outside code spans, every
bracket, parenthesis, `<`, `&` and backslash belongs to a `[text](target)`. Then the links
are exactly what CommonMark reads (tests/lint/test_markdown.py holds the two to each other):
a code span wins over a link that would overlap it, a link's text may hold a code span, and
a link written across lines counts only where every line is a paragraph's own.
"""

from __future__ import annotations

import re

from skillkit.core.markdown_model import Link, Reading

# How a line of a plain stretch may start: a letter of any script (a line of Chinese prose
# is a paragraph's as one of English is), a table's `|`, emphasis or a link, a
# list item's marker followed by at most four spaces and text (five would open code), a
# heading's `#`, a quote's `>`; or the line is a rule or a setext underline (`---`, `===`).
# A line may also start with what opens no block and means nothing at a line's start: `(`,
# `（`, `@`, `“`, `✅`, `—`, `/` (any character but a letter, digit, space, control or one of
# `#>+*=~<|[!\&:-_` and the backtick), a lone backtick or underscore (`` `code` ``, `_em_`),
# or a number not a list item's marker (`2.2 Linux`, `1.首先`). Such a line reads as a line
# starting with a letter does: tens of stretches a collection went to the parser for them.
STARTS = (r"[^\W\d_]|\d{1,9}(?![\d.)])|\||\*{1,2}[^ \t\n*]|!?\[|(?:[-*+]|\d{1,9}[.)]) {1,4}[^ \t\n]|#{1,6}(?:[ \t]|\n|\Z)"
          r"|> [^ \t\n]|[-*_=][-*_= ]*(?:\n|\Z)"
          r"|[^\w\s#>+*=~<|\[!\\&:`\-\x00-\x1f\x7f-\x9f]|`[^`\s]|_[^_\s]|\d{1,9}[.)]\S")
# A non-blank line that starts otherwise, indented lines aside (see INDENTED). Each pattern
# starts with a literal (`\n`) so it is searched for at memchr speed; the first line is
# matched on its own (anchored: searched, each would be tried at every position).
OTHER_FIRST = re.compile(rf"\A(?! *(?:\n|\Z))(?! *(?:{STARTS}))")
OTHER_LINE = re.compile(rf"\n(?! *(?:\n|\Z))(?! *(?:{STARTS}))")
# An indented line is a paragraph's continuation, a list item's or a nested list's, unless
# it opens indented code: first, or after a blank line; and one indented four columns or
# more only right after a paragraph's own line (a letter in column 1, or a list item's
# marker and a letter): after a heading, a rule, a quote or anything else it may be code.
CODE_FIRST = re.compile(r"\A(?:[ \t]*+\n)*+ ")
CODE_PLACE = re.compile(r"\n[ \t]*\n ")
# (A line of spaces only is a blank line, whatever its indent: vendor documentation ends list
# items with them.)
DEEP = re.compile(r"\n {4}(?=[ \t]*[^ \t\n])")
# What a paragraph's line starts with, past a list item's marker and its one to four spaces
# (`-   请参阅`, `1.  **创建**`): a letter, emphasis, a link or a code span. An indented line
# right after it continues that paragraph; indented code cannot interrupt one.
PARAGRAPH_LINE = re.compile(r"(?:(?:[-*+]|\d{1,9}[.)]) {1,4})?(?:[^\W\d_]|\*{1,2}[^ \t\n*]|!?\[|`[^`\n])")
# A destination markdown-it refuses (validateLink) or rewrites (punycode of a host).
UNSAFE = re.compile(r"(?i)(?:vbscript|javascript|file|data):")
LETTER_FIRST = re.compile(r"\A(?=[ \t]*[^ \t\n])(?![^\W\d_])")
LETTER_LINE = re.compile(r"\n(?=[ \t]*[^ \t\n])(?![^\W\d_])")
# `!` is looked at before the match: a pattern that starts with `(!?)` has no literal prefix.
# A link's text may hold parentheses (`[任务(ArkTS)](task.md)`): only brackets end it.
LINK = re.compile(r"\[([^\[\]`\\<]*)\]\(([^\s()`\\<]+)(?:[ \t]+\"[^\"\\\n]*\")?\)")
# Outside links and code spans: `[`, `<` opening a tag or an autolink, escapes and entities
# change what a stretch reads; a bare `&`, a parenthesis, a `<` before no letter (`Callback<>`)
# and a `]` with no `[` left to close do not.
SPECIAL = re.compile(r"[\[`\\]|<(?=[A-Za-z/!?])")
# Its characters as one class: searched at a character class's speed (an alternation is tried at
# every position: three times slower over a collection's prose), each `<` then looked at.
SPECIAL_CHARACTER = re.compile(r"[\[`\\<]")
TAG_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz/!?")
# A backslash before punctuation no link is made of (`image\_text`, `\*`): that character,
# literally, wherever it stands; blanked (same length) before the search for what is special.
HARMLESS_ESCAPE = re.compile(r"\\[_*#.+=|~^%$@&,;:'-]")
ENTITY = re.compile(r"&#?[A-Za-z0-9]+;")
CODE_SPAN = re.compile(r"`[^`\n]+`")
NEEDS_ENCODING = re.compile(r"%(?![0-9A-Fa-f]{2})|[\"{}|^]")


def plain(text: str) -> Reading | None:
    """The links of a stretch of plain prose, or None when it is not that simple."""
    if OTHER_FIRST.match(text) or OTHER_LINE.search(text):
        return None
    if (text[:1] == " " or "\n " in text) and (CODE_FIRST.match(text) or CODE_PLACE.search(text)
                                                 or not _deep_lines_continue(text)):
        return None
    if "&" in text and ENTITY.search(text):
        return None  # an entity in a destination is decoded: leave it to the parser
    if "`" in text:
        if "``" in text or any(line.count("`") % 2 for line in text.split("\n")):
            return None
        text = CODE_SPAN.sub(_blank, text)  # same length: positions still count
    if "\\" in text:
        text = HARMLESS_ESCAPE.sub("  ", text)
    if _special(LINK.sub("", text)):
        return None
    links = []
    # Lines counted up to `counted`, and where the last of them starts: one pass, not a count
    # (nor a search back for the line's start) from the text's start per link.
    line, counted, line_start = 0, 0, 0
    for match in LINK.finditer(text):
        if "\n" in match.group(1) and (LETTER_FIRST.match(text) or LETTER_LINE.search(text)):
            return None  # a list item or heading may end before the link's text does
        target = match.group(2)
        if ":" in target and (UNSAFE.match(target) or not target.isascii()):
            return None  # markdown-it drops the link, or rewrites its host: leave it the parse
        at = match.start(2)
        newlines = text.count("\n", counted, at)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, at) + 1
        counted = at
        column = at - line_start
        image = match.start() > 0 and text[match.start() - 1] == "!"
        links.append(Link(line + 1, column + 1, normalise(match.group(2)), "image" if image else "link"))
    return Reading(tuple(links))


def _special(text: str) -> bool:
    """SPECIAL.search(text) is not None."""
    at = 0
    while (found := SPECIAL_CHARACTER.search(text, at)) is not None:
        at = found.end()
        if found.group() != "<" or text[at:at + 1] in TAG_START:
            return True
    return False


def _deep_lines_continue(text: str) -> bool:
    """Whether every line indented four columns or more follows a paragraph's own line."""
    for match in DEEP.finditer(text):
        previous = text.rfind("\n", 0, match.start()) + 1
        if not PARAGRAPH_LINE.match(text, previous):
            return False
    return True


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def normalise(target: str) -> str:
    """A destination as markdown-it's normalizeLink gives it: percent-encoded where needed."""
    if target.isascii() and not NEEDS_ENCODING.search(target):
        return target
    from mdurl import encode  # markdown-it's own encoder (installed with it)

    return str(encode(target))
