"""gitignore syntax, as git reads it (gitignore(5) and wildmatch with WM_PATHNAME).

- Blank lines and lines starting with `#` are ignored; `\\#` and `\\!` start a literal one.
- Trailing spaces are dropped unless escaped with a backslash.
- `!` negates: a later pattern re-includes what an earlier one excluded.
- A trailing `/` matches folders only.
- A `/` at the start or in the middle anchors the pattern to the ignore file's folder;
  otherwise it matches a name at any depth.
- `*` and `?` never match `/`; `[...]` is a class (`!` or `^` negates, ranges, `[:alpha:]`);
  `**/` leading, `/**/` inside and `/**` trailing span folders; other `**` are plain `*`.
- An invalid pattern (an unclosed `[`, a lone trailing `\\`) matches nothing, as in git.
- Last match wins. A file inside an excluded folder cannot be re-included (the walk never
  enters the folder), exactly git's rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import msgspec

_CLASSES = {
    "alnum": "a-zA-Z0-9", "alpha": "a-zA-Z", "blank": " \\t", "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9", "graph": "\\x21-\\x7e", "lower": "a-z", "print": "\\x20-\\x7e",
    "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"), "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z", "xdigit": "0-9a-fA-F",
}
_ANY_FOLDERS = "(?:.*/)?"


class Pattern(msgspec.Struct, frozen=True):
    """One compiled line. `matcher` is None for a pattern git would never match; `basename`:
    a pattern without `/` matches the last part of a path, at any depth."""

    source: str
    matcher: re.Pattern[str] | Glob | _Exact | None
    negated: bool
    folders_only: bool
    basename: bool = False
    number: int = 0  # its line in the ignore file (1-based), for `--show-files`

    def matches(self, path: str, is_dir: bool) -> bool:
        if self.folders_only and not is_dir or self.matcher is None:
            return False
        if self.basename:
            path = path.rpartition("/")[2]
        return bool(self.matcher.fullmatch(path))


def _strip_trailing_spaces(line: str) -> str:
    end, index = 0, 0
    while index < len(line):
        if line[index] == "\\" and index + 1 < len(line):
            index += 2
            end = index
            continue
        index += 1
        if line[index - 1] != " ":
            end = index
    return line[:end]


def _bracket(pattern: str, start: int) -> tuple[str | None, int]:
    """A `[...]` class from `start` -> (regex, index after it); None when git would abort the
    match (an unclosed class, an unknown `[:name:]`). Mirrors wildmatch's loop: a `]` right
    after the opening (or its `!`/`^`) is literal; `x-y` is a range whose first character
    always matches (so a reversed range matches just that one); a range or a `[:class:]`
    cannot start another range."""
    index = start + 1
    negate = index < len(pattern) and pattern[index] in "!^"
    index += negate
    items: list[str] = []
    previous: str | None = None  # the character a following `-` would start a range from
    first = True
    while index < len(pattern):
        char = pattern[index]
        if char == "]" and not first:
            body = "".join(items)
            return (f"[^/{body}]" if negate else f"(?!/)[{body}]"), index + 1
        first = False
        if char == "\\":
            index += 1
            if index >= len(pattern):
                return None, len(pattern)
            previous = pattern[index]
            items.append(re.escape(previous))
            index += 1
        elif char == "-" and previous is not None and index + 1 < len(pattern) and pattern[index + 1] != "]":
            index += 1
            high = pattern[index]
            if high == "\\":
                index += 1
                if index >= len(pattern):
                    return None, len(pattern)
                high = pattern[index]
            if ord(previous) <= ord(high):
                items.append(f"{re.escape(previous)}-{re.escape(high)}")
            previous = None
            index += 1
        elif pattern.startswith("[:", index):
            close = pattern.find("]", index + 2)
            if close < 0:
                return None, len(pattern)
            if close > index + 2 and pattern[close - 1] == ":":
                name = pattern[index + 2:close - 1]
                if name not in _CLASSES:
                    return None, len(pattern)
                items.append(_CLASSES[name])
                previous = None
                index = close + 1
            else:  # not a class after all: a literal `[`
                previous = "["
                items.append(re.escape(previous))
                index += 1
        else:
            previous = char
            items.append(re.escape(char))
            index += 1
    return None, len(pattern)


# Token kinds of a compiled pattern: one character (a compiled one-character regex), or one
# of the three repeats: `*` (no `/`), a trailing `/**` (anything), `**/` (zero or more folders).
STAR, ALL, FOLDERS = "star", "all", "folders"
_REGEX_OF = {STAR: "[^/]*", ALL: ".*", FOLDERS: _ANY_FOLDERS}


def tokens(pattern: str) -> list[re.Pattern[str] | str] | None:
    """The body of a gitignore pattern (no `!`, no trailing `/`) -> its tokens, or None when
    the pattern is invalid and matches nothing."""
    out: list[re.Pattern[str] | str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "*":
            end = index
            while end < len(pattern) and pattern[end] == "*":
                end += 1
            at_start = index == 0 or pattern[index - 1] == "/"
            at_end = end == len(pattern) or pattern[end] == "/"
            if end - index >= 2 and at_start and at_end:
                if end == len(pattern):
                    out.append(ALL)      # `dir/**`: everything inside
                else:
                    out.append(FOLDERS)  # `**/` and `/**/`: zero or more folders
                    end += 1
            elif not out or out[-1] != STAR:  # `a**b` is `a*b`: one repeat, not two
                out.append(STAR)
            index = end
        elif char == "?":
            out.append(re.compile("[^/]"))
            index += 1
        elif char == "[":
            piece, index = _bracket(pattern, index)
            if piece is None:
                return None
            out.append(re.compile(piece))
        elif char == "\\":
            if index + 1 >= len(pattern):
                return None
            out.append(re.compile(re.escape(pattern[index + 1]), re.DOTALL))
            index += 2
        else:
            out.append(re.compile(re.escape(char), re.DOTALL))
            index += 1
    return out


def translate(pattern: str) -> str | None:
    """The body of a gitignore pattern -> a regex over a relative posix path, or None when the
    pattern is invalid. Used as is only for patterns with at most one repeat (see Glob)."""
    found = tokens(pattern)
    if found is None:
        return None
    return "".join(_REGEX_OF[t] if isinstance(t, str) else t.pattern for t in found)


class Glob:
    """A pattern with several repeats (`*a*a*a*b`), matched by following every position of the
    pattern at once (a Thompson NFA): O(len(path) * len(pattern)), never exponential, where a
    backtracking regex takes minutes on one 40-character name. State 2i: before token i;
    2i+1: inside token i, a `**/` that has consumed characters and waits for its `/`."""

    __slots__ = ("_tokens", "_end", "_needle")

    def __init__(self, found: list[re.Pattern[str] | str], needle: str = "") -> None:
        self._tokens = found
        self._end = 2 * len(found)
        self._needle = needle  # a literal every match holds: most paths are refused by one `in`

    def _close(self, states: set[int]) -> set[int]:
        """Add what is reached without consuming: past any repeat, which may match nothing."""
        stack = list(states)
        while stack:
            state = stack.pop()
            if state % 2 == 0 and state < self._end and isinstance(self._tokens[state // 2], str):
                if state + 2 not in states:
                    states.add(state + 2)
                    stack.append(state + 2)
        return states

    def fullmatch(self, path: str) -> bool:
        if self._needle not in path:
            return False
        states = self._close({0})
        for char in path:
            after: set[int] = set()
            for state in states:
                if state >= self._end:
                    continue
                token = self._tokens[state // 2]
                if state % 2:  # inside `**/`: any character, and a `/` may end it
                    after.add(state)
                    if char == "/":
                        after.add(state + 1)
                elif token == STAR:
                    if char != "/":
                        after.add(state)
                elif token == ALL:
                    after.add(state)
                elif token == FOLDERS:
                    after.add(state + 1)
                    if char == "/":
                        after.add(state + 2)
                elif not isinstance(token, str) and token.fullmatch(char):
                    after.add(state + 2)
            if not after:
                return False
            states = self._close(after)
        return self._end in states


class _Exact:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def fullmatch(self, path: str) -> bool:
        return path == self.text


class _Suffix(_Exact):
    """`*.log` against a name (no `/` in it): the name ends with `.log`."""

    def fullmatch(self, path: str) -> bool:
        return path.endswith(self.text)


def _needle(body: str) -> str:
    """The longest run of plain characters of a pattern, outside classes: every path it
    matches holds that run."""
    runs, current, index = [], "", 0
    while index < len(body):
        char = body[index]
        if char in "*?[\\/":  # (a `/` too: a `**/` may match no folder at all)
            runs.append(current)
            current = ""
            if char == "[":
                close = body.find("]", index + 2)
                index = len(body) if close < 0 else close
        else:
            current += char
        index += 1
    runs.append(current)
    return max(runs, key=len)


def compile_line(line: str) -> Pattern | None:
    """One line of an ignore file -> a Pattern, or None for a blank line or a comment."""
    text = _strip_trailing_spaces(line.rstrip("\r"))
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    body = text[1:] if negated else text
    folders_only = body.endswith("/")
    body = body[:-1] if folders_only else body  # one `/` only, as git: `b//` is `b/`, anchored
    if not body:
        return None
    anchored = "/" in body
    body = body[1:] if body.startswith("/") else body
    if body.startswith("**/") and "/" not in body[3:]:
        body, anchored = body[3:], False  # `**/foo` is `foo` at any depth, as git reads it
    found = tokens(body)
    if found is None:
        return Pattern(line, None, negated, folders_only)
    # The common lines (`node_modules/`, `/dist`, `*.log`) as a string test: a walk asks every
    # pattern about every entry, and a comparison costs a fraction of a regex call.
    if not any(c in body for c in "*?[\\"):
        return Pattern(line, _Exact(body), negated, folders_only, basename=not anchored)
    if not anchored and body.startswith("*") and not any(c in body[1:] for c in "*?[\\"):
        return Pattern(line, _Suffix(body[1:]), negated, folders_only, basename=True)
    repeats = sum(1 for t in found if isinstance(t, str))
    stars = sum(1 for t in found if t == STAR)
    # `re` cannot backtrack badly over one `*`, nor over a few `**/` (each ends at a `/`, a
    # literal): `**/docs/*` is a regex. More stars take the linear-time Glob.
    matcher: re.Pattern[str] | Glob = (re.compile(translate(body) or "", re.DOTALL)
                                       if repeats <= 1 or stars <= 1 and repeats <= 3 else Glob(found, _needle(body)))
    return Pattern(line, matcher, negated, folders_only, basename=not anchored)


def compile_lines(lines: list[str] | tuple[str, ...]) -> tuple[Pattern, ...]:
    compiled = ((number, compile_line(line)) for number, line in enumerate(lines, start=1))
    return tuple(msgspec.structs.replace(p, number=number) for number, p in compiled if p is not None)


@dataclass(frozen=True, slots=True)  # not a Struct: _index is set in __post_init__, kept out of ==
class IgnoreLayer:
    """The patterns of one ignore file, applied to paths below `base` ("" for the root)."""

    base: str
    patterns: tuple[Pattern, ...]
    source: str = ""  # the ignore file, as `--show-files` names it
    # Without `!` lines any match ignores, so names (`node_modules/`, `*.log`) are looked up in
    # a dict and a suffix list, and only the other patterns are tried one by one.
    _index: tuple[dict[str, list[Pattern]], list[Pattern], tuple[Pattern, ...]] | None = field(
        default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if any(p.negated for p in self.patterns):
            return
        names: dict[str, list[Pattern]] = {}
        suffixes, others = [], []
        for pattern in self.patterns:
            if pattern.basename and type(pattern.matcher) is _Exact:
                names.setdefault(pattern.matcher.text, []).append(pattern)
            elif pattern.basename and type(pattern.matcher) is _Suffix:
                suffixes.append(pattern)
            else:
                others.append(pattern)
        object.__setattr__(self, "_index", (names, suffixes, tuple(reversed(others))))

    def deciding(self, path: str, is_dir: bool) -> Pattern | None:
        """The last pattern of this layer that matches (without `!` lines: one that does), or None."""
        if self.base:
            if not path.startswith(self.base + "/"):
                return None
            path = path[len(self.base) + 1:]
        if self._index is not None:
            names, suffixes, others = self._index
            name = path.rpartition("/")[2]
            for pattern in names.get(name, ()):
                if is_dir or not pattern.folders_only:
                    return pattern
            for pattern in suffixes:
                if name.endswith(pattern.matcher.text) and (is_dir or not pattern.folders_only):  # type: ignore[union-attr]
                    return pattern
            return next((p for p in others if p.matches(path, is_dir)), None)
        for pattern in reversed(self.patterns):
            if pattern.matches(path, is_dir):
                return pattern
        return None

    def verdict(self, path: str, is_dir: bool) -> bool | None:
        """True ignored, False re-included, None when no pattern of this layer matches."""
        pattern = self.deciding(path, is_dir)
        return None if pattern is None else not pattern.negated


def deciding(layers: list[IgnoreLayer] | tuple[IgnoreLayer, ...], path: str,
             is_dir: bool) -> tuple[IgnoreLayer, Pattern] | None:
    """The layer and pattern that ignore `path`, or None when it is kept (no match, or a `!`
    re-includes it). Layers go from lowest to highest precedence; the last match decides."""
    for layer in reversed(layers):
        pattern = layer.deciding(path, is_dir)
        if pattern is not None:
            return None if pattern.negated else (layer, pattern)
    return None


def ignored(layers: list[IgnoreLayer] | tuple[IgnoreLayer, ...], path: str, is_dir: bool) -> bool:
    return deciding(layers, path, is_dir) is not None
