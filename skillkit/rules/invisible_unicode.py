"""`invisible-unicode`: characters a reviewer cannot see in a skill's text."""

from __future__ import annotations

import re
from functools import cache
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import skill_texts
from skillkit.rules.base import Hit, RuleContext, skill_rule

ANY = "[\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f\u200b-\u200f\u2060-\u2064\ufeff\u061c\u180e]"
# An emoji tag sequence (the flags of England, Scotland, Wales): U+1F3F4, tags, U+E007F.
FLAG_SEQUENCE = "\U0001f3f4[\U000e0020-\U000e007e]{1,32}\U000e007f"
JOINERS = "\u200c\u200d"  # ZWNJ / ZWJ: part of emoji sequences and of Indic and Persian spelling
SHOWN = 120


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    # Compiled on first use: most texts are ASCII and never get here.
    return re.compile(pattern)


def _is_bidi(char: str) -> bool:
    return 0x202A <= ord(char) <= 0x202E or 0x2066 <= ord(char) <= 0x2069


def _is_tag(char: str) -> bool:
    return 0xE0000 <= ord(char) <= 0xE007F


def _allowed(text: str, at: int, char: str, start: int, flags: list[range]) -> bool:
    if char == "\ufeff" and at == 0 and start == 1:
        return True  # a byte-order mark opening a bundled file
    if char in JOINERS:
        before, after = text[at - 1:at], text[at + 1:at + 2]
        return bool(before and after and not before.isascii() and not after.isascii()
                    and not before.isspace() and not after.isspace())
    return _is_tag(char) and any(at in span for span in flags)


def _kind(char: str) -> str:
    if _is_bidi(char):
        return "a bidirectional control: it reorders how the text around it shows"
    if _is_tag(char):
        return "a Unicode tag character: invisible, it can carry text a reviewer never sees"
    return "an invisible format character"


def _visible(line: str, first: int) -> str:
    """The line with each flagged character written as `<U+XXXX>`, cut around the first."""
    lead = max(first - SHOWN // 2, 0)
    piece = line[lead:lead + SHOWN]
    shown = _compiled(ANY).sub(lambda m: f"<U+{ord(m.group(0)):04X}>", piece)
    return ("..." if lead else "") + shown + ("..." if lead + SHOWN < len(line) else "")


def findings(path: str, text: str, first_line: int) -> Iterable[Hit]:
    """One hit per line holding invisible characters: an error when one of them is a
    bidirectional control or a tag character, else a warning."""
    if text.isascii():
        return
    import unicodedata  # for the characters' names, only where there are some
    flags = [range(m.start(), m.end()) for m in _compiled(FLAG_SEQUENCE).finditer(text)] if "\U0001f3f4" in text else []
    by_line: dict[int, list[int]] = {}
    row, counted = 0, 0
    for match in _compiled(ANY).finditer(text):
        if not _allowed(text, match.start(), match.group(0), first_line, flags):
            row += text.count("\n", counted, match.start())  # counted on from the last one: linear
            counted = match.start()
            by_line.setdefault(row, []).append(match.start())
    for row, offsets in by_line.items():
        line_start = text.rfind("\n", 0, offsets[0]) + 1
        line_end = text.find("\n", offsets[0])
        line = text[line_start:line_end if line_end >= 0 else len(text)]
        chars = list(dict.fromkeys(text[o] for o in offsets))
        serious = any(_is_bidi(c) or _is_tag(c) for c in chars)
        first = chars[0]
        names = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'FORMAT CHARACTER')}" for c in chars[:3])
        more = f" and {len(chars) - 3} more" if len(chars) > 3 else ""
        yield Hit(path, first_line + row, offsets[0] - line_start + 1,
                  f"{names}{more} ({_kind(first)}): `{_visible(line, offsets[0] - line_start)}`",
                  Severity.ERROR if serious else Severity.WARNING)


@skill_rule("invisible-unicode", Severity.ERROR, bodily=True)
def invisible_unicode(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    r"""Invisible Unicode in the frontmatter, the body or any bundled text file.

    A skill is text a model follows and scripts it runs, reviewed by people who see only what
    their editor draws. Bidirectional controls (U+202A-U+202E, U+2066-U+2069) reorder how a
    line shows, so code reads one way and runs another (the "Trojan Source" attack,
    CVE-2021-42574); Unicode tag characters (U+E0000-U+E007F) draw nothing and can spell out
    hidden instructions a model still reads. Both are errors. Zero-width and other format
    characters (U+200B-U+200F, U+2060-U+2064, U+061C, U+180E, U+FEFF past the start of a
    file) are warnings: they hide nothing by themselves, but make equal-looking words differ.
    Left alone: joiners inside emoji and non-Latin words, emoji flag sequences, a byte-order
    mark at the start of a bundled file.

    Example: a script line `if access_level != "user<U+202E> <U+2066>// Check if admin<U+2069> <U+2066>":`
    shows in an editor as a comparison with "user" followed by a comment, but the string it
    compares against holds the comment. The message shows the line with each character
    written as `<U+202E>`. Fix: delete the characters; `grep -nP '[\x{202A}-\x{202E}\x{2066}-\x{2069}]'`
    finds them."""
    for _source, path, text, first_line in skill_texts(doc):
        yield from findings(path, text, first_line)


RULES = (invisible_unicode,)
