"""JavaScript regex triggers (ARCHITECTURE.md, Contracts: triggers), run with the `regex`
module as Node.js 20 runs them.

A lorebook regex trigger is a JavaScript RegExp literal `/pattern/flags`. `compile_js` parses
the pattern with JavaScript's grammar (jsregex_parse) and emits an equivalent `regex`
pattern (version 0, no global flags) in which every JavaScript-specific meaning is spelled
out instead of left to `regex`'s defaults:

* \\d \\w \\b \\B are ASCII; \\s is JavaScript's exact set; `$` without `m` is the very end.
* `i` is applied by expanding literals and classes into the characters JavaScript treats as
  equal (upper-casing of code units without `u`, simple case folding with `u`), because
  `regex`'s IGNORECASE folds differently (it lets `İ` match `i`, for one).
* Without `u`, JavaScript sees UTF-16 code units: pattern and text are both turned into code
  units (an astral character becomes two surrogate "characters"), so `.` or `[^a]` match half
  an emoji exactly as in Node.js.
* A backreference to a group that has not matched matches the empty string.

Known gaps, all rare in triggers (see tests/triggers/test_jsregex.py for the measured table):
a backreference under `i` compares with `regex`'s folding; captures inside a repeated group
are not reset at each iteration as JavaScript does, which only shows through a backreference
to them; Unicode property data is the installed `regex` module's, Node.js 20 has Unicode 17.
"""

from __future__ import annotations

import bisect
import functools
from typing import Iterator

import msgspec
import regex

from skillkit.core import regex_time
from skillkit.triggers.backtrack import alternatives_overlap, polynomial_chain
from skillkit.triggers.codepoints import MAX_CP as _MAX_CP
from skillkit.triggers.codepoints import Ranges, complement, normalize
from skillkit.triggers.jsregex_parse import (
    Alternation,
    Anchor,
    AnyChar,
    Backref,
    Char,
    CharClass,
    ClassEscape,
    ClassItem,
    ClassRange,
    Group,
    JSRegexError,
    Look,
    Node,
    ParsedPattern,
    Property,
    Repeat,
    Sequence,
    parse_pattern,
)

__all__ = [
    "JSRegex",
    "JSRegexError",
    "RegexTrigger",
    "compile_js",
    "js_test",
    "matches_empty",
    "nested_quantifier",
    "parse_regex_trigger",
]

MAX_PATTERN_CHARS = 4096  # compiling is not time-bounded, so the pattern's length is
MAX_UNROLLED = 20_000  # `regex` unrolls a{n}: ~270 bytes of compiled code per copy
_INFINITE_REPEAT = 2**31 - 1  # V8 reads any larger count as "unbounded"


# JavaScript's WhiteSpace and LineTerminator code points: the set of \s and of trim().
_JS_SPACE: Ranges = [
    (0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
    (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF),
]
_JS_TRIM = "".join(chr(cp) for lo, hi in _JS_SPACE for cp in range(lo, hi + 1))
_DIGITS: Ranges = [(0x30, 0x39)]
_ASCII_WORD: Ranges = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
# With `u` and `i`, JavaScript's word characters also hold ſ and K (their folds are ASCII).
_UNICODE_IGNORE_CASE_WORD: Ranges = [*_ASCII_WORD, (0x017F, 0x017F), (0x212A, 0x212A)]

_ANY = r"[\u0000-\U0010ffff]"
_NOTHING = "(?!)"
_NOT_LINE_END = r"[^\n\r\u2028\u2029]"
_SURROGATE = regex.compile(r"[\ud800-\udfff]")


# --- the trigger literal -----------------------------------------------------------------


class RegexTrigger(msgspec.Struct, frozen=True):
    pattern: str  # the text between the slashes, with `\/` kept as written
    flags: str  # as written, e.g. "gi"


def parse_regex_trigger(trigger: str) -> RegexTrigger | None:
    """`/pattern/flags` after JavaScript's trim -> RegexTrigger; anything else -> None (plain).

    The trigger contract: a non-empty pattern with no unescaped `/`, flags from `gimsuy` each at most
    once. An unescaped `/` makes the trigger plain even inside `[...]` (where a JavaScript
    literal would allow it): that is the contract's wording, and what SillyTavern's parser does
    (it rejects any `/` not preceded by a backslash). Whether JavaScript compiles the
    pattern is a separate question for compile_js.
    """
    text = trigger.strip(_JS_TRIM)
    if len(text) < 3 or text[0] != "/":
        return None
    i = 1
    while i < len(text) and text[i] != "/":
        i += 2 if text[i] == "\\" else 1
    if i >= len(text):
        return None  # no closing slash (a final `\/` is an escaped slash, not the end)
    pattern, flags = text[1:i], text[i + 1 :]
    if not pattern or any(f not in "gimsuy" for f in flags) or len(set(flags)) != len(flags):
        return None
    return RegexTrigger(pattern, flags)


# --- JavaScript's view of a string -------------------------------------------------------


def _utf16_units(text: str) -> str:
    """Without `u` JavaScript sees UTF-16 code units: an astral character is two of them."""
    if text.isascii() or max(text) < "\U00010000":
        return text
    return "".join(c if c < "\U00010000" else _surrogate_pair(ord(c)) for c in text)


def _surrogate_pair(cp: int) -> str:
    cp -= 0x10000
    return chr(0xD800 + (cp >> 10)) + chr(0xDC00 + (cp & 0x3FF))


def _code_points(text: str) -> str:
    """With `u` JavaScript sees code points: a surrogate pair held in a str is one character."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _js_view(pattern: str, unicode: bool) -> tuple[str, list[int]]:
    """The pattern as JavaScript reads it, and for each of its positions the offset in `pattern`."""
    view = _code_points(pattern) if unicode else _utf16_units(pattern)
    if view == pattern:
        return view, list(range(len(pattern) + 1))
    offsets: list[int] = []
    for i, c in enumerate(pattern):
        if not unicode and c >= "\U00010000":
            offsets += [i, i]
        elif unicode and "\udc00" <= c <= "\udfff" and i and "\ud800" <= pattern[i - 1] <= "\udbff":
            continue  # second half of a pair that became one code point
        else:
            offsets.append(i)
    return view, offsets + [len(pattern)]


# --- sets of code points (ranges: skillkit/triggers/codepoints.py) -----------------------


def _contains(ranges: Ranges, cp: int) -> bool:
    """`ranges` must be normalized."""
    i = bisect.bisect_right(ranges, (cp, _MAX_CP + 1)) - 1
    return i >= 0 and ranges[i][0] <= cp <= ranges[i][1]


def _esc(cp: int) -> str:
    if cp < 0x80 and (chr(cp).isalnum() or cp == 0x5F):
        return chr(cp)
    return f"\\u{cp:04x}" if cp <= 0xFFFF else f"\\U{cp:08x}"


def _class_text(ranges: Ranges, props: list[str], negated: bool) -> str:
    if not ranges and not props:
        return _ANY if negated else _NOTHING
    body = "".join(_esc(lo) if lo == hi else f"{_esc(lo)}-{_esc(hi)}" for lo, hi in ranges)
    return f"[{'^' if negated else ''}{body}{''.join(props)}]"


# --- case-insensitive matching as JavaScript does it --------------------------------------

# Case pairs Node.js 20 (Unicode 17) has that Python 3.11's str methods (Unicode 14) lack;
# measured by running every BMP character through /c/gi in node.
_NEW_PAIRS = ((0x0264, 0xA7CB), (0x019B, 0xA7DC), (0x1C89, 0x1C8A), (0xA7CC, 0xA7CD),
              (0xA7CE, 0xA7CF), (0xA7D2, 0xA7D3), (0xA7D4, 0xA7D5), (0xA7DA, 0xA7DB))
# With `u`: simple case foldings that are no lower/upper mapping, and new astral scripts.
_FOLD_ONLY_PAIRS = ((0x0390, 0x1FD3), (0x03B0, 0x1FE3), (0xFB05, 0xFB06))
_NEW_ASTRAL_BLOCKS = ((0x10D50, 0x10D65, 0x20), (0x16EA0, 0x16EB8, 0x1B))  # Garay, Beria Erfe
_CASED_LIMIT = 0x1F000  # no code point above this has a case mapping
_DOTTED_DOTLESS_I = (0x0130, 0x0131)  # excluded from simple case folding (Turkic-only)


@functools.cache
def _case_classes(unicode: bool) -> tuple[tuple[int, ...], ...]:
    """The sets of characters JavaScript's `i` treats as equal (only sets of two or more).

    Without `u` (ECMA-262 Canonicalize): a code unit stands for its upper case when that is
    one code unit and does not turn a non-ASCII character into an ASCII one, so ſ ≠ s,
    ß ≠ ẞ and İ, ı match only themselves. With `u`: simple case folding (ſ = s, ẞ = ß,
    K = k), computed here from single-character lower/upper mappings.
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    pairs: list[tuple[int, int]] = list(_NEW_PAIRS)
    if unicode:
        for method in ("lower", "upper"):
            for cp, mapped in _changed(_CASED_LIMIT, method):
                if cp not in _DOTTED_DOTLESS_I and len(mapped) == 1 and ord(mapped) not in _DOTTED_DOTLESS_I:
                    pairs.append((cp, ord(mapped)))
        pairs += _FOLD_ONLY_PAIRS
        pairs += [(cp, cp + d) for lo, hi, d in _NEW_ASTRAL_BLOCKS for cp in range(lo, hi + 1)]
    else:
        # Each code unit's key is its upper case (when one code unit, not non-ASCII to ASCII),
        # else itself; the units sharing a key are equal. Only changed units have another key.
        def key_of(cp: int, upper: str) -> int:
            return ord(upper) if len(upper) == 1 and not (cp >= 0x80 and ord(upper) < 0x80) else cp

        by_key: dict[int, list[int]] = {}
        for cp, upper in _changed(0x10000, "upper"):
            if (key := key_of(cp, upper)) != cp:
                by_key.setdefault(key, []).append(cp)
        for key, members in by_key.items():
            if key_of(key, chr(key).upper()) == key:
                members.append(key)  # the key's own unit keys to itself
            members.sort()
        pairs += [(members[0], m) for members in by_key.values() for m in members[1:]]
    for a, b in pairs:
        union(a, b)
    classes: dict[int, set[int]] = {}
    for a, b in pairs:
        for cp in (a, b):
            classes.setdefault(find(cp), set()).add(cp)
    return tuple(sorted(tuple(sorted(members)) for members in classes.values() if len(members) > 1))


def _changed(limit: int, method: str) -> Iterator[tuple[int, str]]:
    """(code point, its `str.upper` or `str.lower`) for every character below `limit` that
    the method changes, surrogates left out. Mapped 512 at a time: a call a character was
    most of a lint's fixed cost. A chunk whose mapping changes length (`ß` -> `SS`) is mapped
    a character at a time, and so is capital sigma, which `lower` maps by its neighbours."""
    for start in range(0, limit, 512):
        points = [cp for cp in range(start, min(start + 512, limit)) if not 0xD800 <= cp <= 0xDFFF]
        chunk = "".join(map(chr, points))
        mapped = getattr(chunk, method)()
        if mapped == chunk:
            continue
        if len(mapped) != len(chunk) or (method == "lower" and "\u03a3" in chunk):
            for cp in points:
                one = getattr(chr(cp), method)()
                if one != chr(cp):
                    yield cp, one
            continue
        for cp, before, after in zip(points, chunk, mapped):
            if before != after:
                yield cp, after


@functools.cache
def _case_class_of(unicode: bool) -> dict[int, tuple[int, ...]]:
    return {cp: members for members in _case_classes(unicode) for cp in members}


def _close_over_case(ranges: Ranges, props: regex.Pattern[str] | None, unicode: bool) -> Ranges:
    """Add every character that is case-equal to a member: JavaScript's class test under `i`."""
    extra: Ranges = []
    for members in _case_classes(unicode):
        if any(_contains(ranges, m) or (props is not None and props.match(chr(m))) for m in members):
            extra.extend((m, m) for m in members)
    return normalize(ranges + extra) if extra else ranges


# --- emitting a `regex` pattern ----------------------------------------------------------


class _Emitter:
    def __init__(self, parsed: ParsedPattern, flags: str) -> None:
        self.names = parsed.names
        self.ignore_case = "i" in flags
        self.multiline = "m" in flags
        self.dot_all = "s" in flags
        self.unicode = "u" in flags
        self.word = _UNICODE_IGNORE_CASE_WORD if self.unicode and self.ignore_case else _ASCII_WORD
        # Set while emitting when the pattern could see past one message (see JSRegex).
        self.crosses = "y" in flags
        self.open_groups: list[int] = []  # capture groups being emitted, innermost last

    def emit(self, node: Node) -> str:
        match node:
            case Char(cp):
                return self.char(cp)
            case CharClass():
                return self.char_class(node)
            case AnyChar():
                self.crosses = True  # the dot matches U+0001, the joiner
                return _ANY if self.dot_all else _NOT_LINE_END
            case Anchor(kind):
                self.crosses = True
                return self.anchor(kind)
            case Group(body, None, _):
                return f"(?:{self.emit(body)})"
            case Group(body, index, _):
                self.open_groups.append(index)
                inner = self.emit(body)
                self.open_groups.pop()
                return f"({inner})"
            case Look(body, behind, negative):
                self.crosses = True
                return f"(?{'<' if behind else ''}{'!' if negative else '='}{self.emit(body)})"
            case Backref():
                self.crosses = True
                return self.backref(node)
            case Repeat():
                return self.repeat(node)
            case Sequence(items):
                return "".join(self.emit(item) for item in items)
            case Alternation(alternatives):
                return "|".join(self.emit(alt) for alt in alternatives)
        raise AssertionError(f"unknown node {node!r}")

    def char(self, cp: int) -> str:
        if cp in (0x01, 0x0A):
            self.crosses = True
        members = _case_class_of(self.unicode).get(cp) if self.ignore_case else None
        return "[" + "".join(map(_esc, members)) + "]" if members else _esc(cp)

    def char_class(self, node: CharClass) -> str:
        ranges, props = self.members(node.items)
        props_rx = regex.compile(f"[{''.join(props)}]", regex.V0) if props else None
        if self.ignore_case:
            ranges = _close_over_case(ranges, props_rx, self.unicode)
        for cp in (0x01, 0x0A):
            inside = _contains(ranges, cp) or (props_rx is not None and props_rx.match(chr(cp)) is not None)
            if inside != node.negated:
                self.crosses = True
        return _class_text(ranges, props, node.negated)

    def members(self, items: tuple[ClassItem, ...]) -> tuple[Ranges, list[str]]:
        ranges: Ranges = []
        props: list[str] = []
        for item in items:
            if isinstance(item, ClassRange):
                ranges.append((item.lo, item.hi))
            elif isinstance(item, ClassEscape):
                base = {"d": _DIGITS, "s": _JS_SPACE, "w": self.word}[item.kind.lower()]
                ranges += base if item.kind.islower() else complement(base)
            elif isinstance(item, Property):
                props.append(f"\\{'P' if item.negated else 'p'}{{{item.name}}}")
        return normalize(ranges), props

    def anchor(self, kind: str) -> str:
        if kind == "^":
            return f"(?<!{_NOT_LINE_END})" if self.multiline else r"\A"
        if kind == "$":
            return f"(?!{_NOT_LINE_END})" if self.multiline else r"\Z"
        w = _class_text(self.word, [], False)
        if kind == "b":
            return f"(?:(?<={w})(?!{w})|(?<!{w})(?={w}))"
        return f"(?:(?<={w})(?={w})|(?<!{w})(?!{w}))"

    def backref(self, node: Backref) -> str:
        index = node.index if node.index is not None else self.names[node.name or ""]
        if index in self.open_groups:
            # Inside its own group the capture is not set yet (JavaScript sets it when the
            # group closes and clears it at every repetition), so the reference matches "".
            return "(?:)"
        # JavaScript: a group that has not matched (yet) makes the reference match "".
        text = f"(?({index})\\{index})"
        return f"(?i:{text})" if self.ignore_case else f"(?:{text})"

    def repeat(self, node: Repeat) -> str:
        body = self.emit(node.body)
        if isinstance(node.body, Look):
            # A quantified lookahead (Annex B) either runs once or not at all; {0} keeps
            # its groups defined so that group numbers stay JavaScript's.
            return f"(?:{body}){{0}}" if node.min == 0 else body
        high = None if node.max is None or node.max >= _INFINITE_REPEAT else node.max
        quantifier = {(0, None): "*", (1, None): "+", (0, 1): "?"}.get((node.min, high))
        if quantifier is None:
            quantifier = f"{{{node.min},}}" if high is None else (
                f"{{{node.min}}}" if high == node.min else f"{{{node.min},{high}}}")
        if not isinstance(node.body, Group):
            body = f"(?:{body})"
        return body + quantifier + ("?" if node.lazy else "")


def _unrolled_size(node: Node) -> int:
    """Roughly how many copies `regex` makes when it unrolls the minimum repeat counts."""
    match node:
        case Repeat(body, low):
            return _unrolled_size(body) * max(low, 1)
        case Group(body) | Look(body):
            return _unrolled_size(body) + 1
        case Sequence(items):
            return sum(map(_unrolled_size, items)) + 1
        case Alternation(alternatives):
            return sum(map(_unrolled_size, alternatives)) + 1
    return 1


# --- the API -----------------------------------------------------------------------------


class JSRegex(msgspec.Struct, frozen=True):
    source: str  # pattern as given
    flags: str
    compiled: regex.Pattern[str]
    sticky: bool  # y flag: only matches at the scan text's start
    # True when the pattern might match text spanning the joiner between messages, or
    # depends on position/anchors/lookaround, so it must run on the whole joined scan text.
    # False only if it provably cannot match "\x01" or "\n" and uses no ^ $ \b \B,
    # lookaround, backreference or y flag.
    crosses_messages: bool


def _check_flags(flags: str) -> None:
    # `d` (match indices) is accepted by Node.js and changes nothing for test(); `v` is
    # Node's unicodeSets mode, a different grammar this translator does not implement.
    for flag in flags:
        if flag not in "dgimsuy":
            reason = "the v flag is not supported" if flag == "v" else f"Invalid flags: '{flags}'"
            raise JSRegexError(reason, None)
    if len(set(flags)) != len(flags):
        raise JSRegexError(f"Invalid flags: '{flags}'", None)


class RegexBudgetSpent(JSRegexError):
    """Not compiled: the run's regex time budget (core/regex_time.py) is spent."""


_COMPILED: set[tuple[str, str]] = set()  # what _compile_js's cache holds: free to hand out again


def compile_js(pattern: str, flags: str) -> JSRegex:
    """Translate a JavaScript regex; raises JSRegexError when Node.js 20 would not compile it
    (or when it is too long or too big to compile safely: see MAX_PATTERN_CHARS, MAX_UNROLLED),
    RegexBudgetSpent when the run's regex time budget is spent before a new pattern."""
    if (pattern, flags) in _COMPILED:
        return _compile_js(pattern, flags)
    compiled = regex_time.current().compile(lambda: _compile_js(pattern, flags), RegexBudgetSpent)
    if len(_COMPILED) < 1024:
        _COMPILED.add((pattern, flags))
    return compiled


@functools.lru_cache(maxsize=1024)
def _compile_js(pattern: str, flags: str) -> JSRegex:
    _check_flags(flags)
    if len(pattern) > MAX_PATTERN_CHARS:
        raise JSRegexError(f"pattern longer than {MAX_PATTERN_CHARS} characters", None)
    unicode = "u" in flags
    view, offsets = _js_view(pattern, unicode)
    try:
        parsed = parse_pattern(view, unicode)
    except JSRegexError as exc:
        offset = None if exc.offset is None else offsets[min(exc.offset, len(offsets) - 1)]
        raise JSRegexError(str(exc), offset) from None
    if _unrolled_size(parsed.root) > MAX_UNROLLED:
        raise JSRegexError("repeat counts too large to compile safely", None)
    emitter = _Emitter(parsed, flags)
    try:
        compiled = regex.compile(emitter.emit(parsed.root), regex.V0)
    except (regex.error, OverflowError, RecursionError) as exc:
        # e.g. a property name this version of `regex` does not know yet
        raise JSRegexError(f"the regex module cannot run this pattern: {exc}", None) from None
    return JSRegex(pattern, flags, compiled, "y" in flags, emitter.crosses)


def js_test(rx: JSRegex, text: str, timeout: float = 0.25) -> bool:
    """RegExp.prototype.test on a fresh regex (lastIndex 0): `g` changes nothing, `y` anchors
    at the start. Raises TimeoutError when the match runs longer than `timeout` seconds."""
    find = rx.compiled.match if rx.sticky else rx.compiled.search
    unicode = "u" in rx.flags
    # Charged to the run's budget (the text's conversion included), which may shorten the
    # timeout, or refuse to run it at all once it is spent (BudgetSpent).
    return regex_time.current().evaluate(rx, timeout,
                                     lambda limit: find(_subject(text, unicode), timeout=limit) is not None)


_SUBJECTS: dict[tuple[str, bool], str] = {}  # a message's text as JavaScript sees it, for the next regex


def _subject(text: str, unicode: bool) -> str:
    """`text` as code points (`u`) or UTF-16 units, converted once for the many regexes that
    test one message (a megabyte of astral characters cost a join per regex)."""
    if text.isascii():
        return text
    key = (text, unicode)
    found = _SUBJECTS.get(key)
    if found is None:
        if len(_SUBJECTS) >= 4:
            _SUBJECTS.clear()
        found = _SUBJECTS[key] = _code_points(text) if unicode else _utf16_units(text)
    return found


def matches_empty(rx: JSRegex) -> bool:
    """True when the regex matches the empty string (/a*/, /(x)?/, /^/): such a trigger fires on anything."""
    try:
        return js_test(rx, "")
    except TimeoutError:
        return False


_HOLDS = "a quantified group holds a quantifier"
_OVERLAP = "a quantified group's alternatives overlap"
_CHAIN = "unbounded repeats over overlapping characters follow each other (polynomial time)"


@functools.lru_cache(maxsize=1024)  # pure; a collection's skills share their patterns
def nested_quantifier(pattern: str) -> str | None:
    """A static check for catastrophic backtracking: a repeated group holding a variable
    quantifier ((a+)+, (\\w+\\s?)*) or overlapping literal alternatives ((a|aa)+).
    Returns "SOURCE : reason" for the first one, None when there is none (or the pattern
    does not parse)."""
    parsed: ParsedPattern | None = None
    for unicode in (False, True):
        try:
            parsed = parse_pattern(pattern, unicode)
            break
        except JSRegexError:
            continue
    if parsed is None:
        return None
    found = _find_nested(parsed.root, None)
    if found is None:
        return None
    outer, reason = found
    source = pattern[outer.span[0] : outer.span[1]]
    if len(source) > 60:
        source = source[:57] + "..."
    return f"{source} : {reason}"


def _varies(node: Repeat) -> bool:
    return node.max is None or node.max > max(node.min, 1)


def _find_nested(node: Node, outer: Repeat | None) -> tuple[Repeat, str] | None:
    match node:
        case Repeat(body):
            if outer is not None and _varies(node):
                return outer, _HOLDS
            repeats = node.max is None or node.max > 1
            if repeats and _alternatives_overlap(body):
                return node, _OVERLAP
            return _find_nested(body, outer if outer is not None or not repeats else node)
        case Group(body) | Look(body):
            return _find_nested(body, outer)
        case Sequence(items):
            if (chain := polynomial_chain(node)) is not None:
                return chain, _CHAIN
            for item in items:
                if (found := _find_nested(item, outer)) is not None:
                    return found
        case Alternation(items):
            for item in items:
                if (found := _find_nested(item, outer)) is not None:
                    return found
    return None


def _alternatives_overlap(node: Node) -> bool:
    """(a|aa), (ab|abab), (\\w|\\d), ([a-c]|[b-d]): one alternative can match the start of another."""
    while isinstance(node, Group):
        node = node.body
    if not isinstance(node, Alternation):
        return False
    return alternatives_overlap(node.alternatives)