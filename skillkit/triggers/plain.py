"""Plain (non-regex) triggers, matched as a lorebook engine matches keys (ARCHITECTURE.md,
Contracts: triggers).

- `caseSensitive: false` lower-cases both sides: lower-casing, not case folding, so `STRASSE`
  does not match `Straße` and `İ` lower-cases to `i` + U+0307 as JavaScript's toLowerCase does.
- `matchWholeWords: true`: a single-word trigger must have a non-word character or the text's
  edge on both sides; word characters are Unicode letters and marks, decimal digits and `_`.
  A trigger holding whitespace, or any character of a script written without spaces, matches
  as a substring.
- "Trimmed" and "whitespace" are JavaScript's `trim()` and `\\s`, not Python's `str.strip()`
  (JavaScript's set holds U+FEFF and lacks U+001C-U+001F and U+0085).

`plain_matches` is the straightforward definition, used by the reference matcher; the fast
matcher finds the same occurrences with one merged scan per message (keywords.py).
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass

import regex

# JavaScript's WhiteSpace and LineTerminator: what `trim()` removes and `\s` matches.
JS_WHITESPACE = ("\t\n\v\f\r \u00a0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B))
                 + "\u2028\u2029\u202f\u205f\u3000\ufeff")
_JS_WHITESPACE_SET = frozenset(JS_WHITESPACE)

# Scripts written without spaces between words: a trigger using them has no word edges.
NO_SPACE_SCRIPTS = ("Han", "Hiragana", "Katakana", "Bopomofo", "Thai", "Lao", "Khmer", "Myanmar",
                    "Tibetan", "Yi")
_NO_SPACE = regex.compile("[" + "".join(rf"\p{{Script={name}}}" for name in NO_SPACE_SCRIPTS) + "]")


def js_trim(text: str) -> str:
    """JavaScript's String.prototype.trim."""
    return text.strip(JS_WHITESPACE)


def has_js_whitespace(text: str) -> bool:
    return not _JS_WHITESPACE_SET.isdisjoint(text)


def uses_no_space_script(text: str) -> bool:
    return _NO_SPACE.search(text) is not None


@functools.lru_cache(maxsize=4096)
def is_word_char(char: str) -> bool:
    """Unicode letters (L*), marks (M*), decimal digits (Nd) and `_`."""
    category = unicodedata.category(char)
    return category[0] in "LM" or category == "Nd" or char == "_"


def lower(text: str) -> str:
    """JavaScript's toLowerCase (Python's str.lower uses the same full Unicode mappings,
    final sigma included)."""
    return text.lower()


@dataclass(frozen=True, slots=True)
class PlainTrigger:
    """A trimmed, non-blank plain trigger, ready to match.

    `needle` is what is searched for: the trigger lower-cased unless case-sensitive.
    `whole_word` is the effective rule: asked for, and the trigger is one word of a
    spaced script."""

    source: str
    needle: str
    case_sensitive: bool
    whole_word: bool

    @classmethod
    def build(cls, trigger: str, case_sensitive: bool, match_whole_words: bool) -> PlainTrigger:
        text = js_trim(trigger)
        needle = text if case_sensitive else lower(text)
        whole = match_whole_words and not has_js_whitespace(text) and not uses_no_space_script(text)
        return cls(text, needle, case_sensitive, whole)


def word_edges_ok(text: str, start: int, end: int) -> bool:
    """True when text[start:end] has a non-word character or the text's edge on both sides."""
    return (start == 0 or not is_word_char(text[start - 1])) and (
        end >= len(text) or not is_word_char(text[end]))


def plain_matches(trigger: PlainTrigger, message: str) -> bool:
    """Does the trigger match inside one (trimmed) message? Plain triggers never span messages."""
    haystack = message if trigger.case_sensitive else lower(message)
    needle = trigger.needle
    start = haystack.find(needle)
    if not trigger.whole_word:
        return start >= 0
    while start >= 0:
        if word_edges_ok(haystack, start, start + len(needle)):
            return True
        start = haystack.find(needle, start + 1)
    return False
