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
from dataclasses import dataclass

_CLASSES = {
    "alnum": "a-zA-Z0-9", "alpha": "a-zA-Z", "blank": " \\t", "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9", "graph": "\\x21-\\x7e", "lower": "a-z", "print": "\\x20-\\x7e",
    "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"), "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z", "xdigit": "0-9a-fA-F",
}
_ANY_FOLDERS = "(?:.*/)?"


@dataclass(frozen=True, slots=True)
class Pattern:
    """One compiled line. `regex` is None for a pattern git would never match."""

    source: str
    regex: re.Pattern[str] | None
    negated: bool
    folders_only: bool

    def matches(self, path: str, is_dir: bool) -> bool:
        if self.folders_only and not is_dir:
            return False
        return self.regex is not None and self.regex.fullmatch(path) is not None


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


def translate(pattern: str) -> str | None:
    """The body of a gitignore pattern (no `!`, no trailing `/`) -> a regex over a relative
    posix path, or None when the pattern is invalid and matches nothing."""
    out: list[str] = []
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
                    out.append(".*")          # `dir/**`: everything inside
                else:
                    out.append(_ANY_FOLDERS)  # `**/` and `/**/`: zero or more folders
                    end += 1
            else:
                out.append("[^/]*")
            index = end
        elif char == "?":
            out.append("[^/]")
            index += 1
        elif char == "[":
            piece, index = _bracket(pattern, index)
            if piece is None:
                return None
            out.append(piece)
        elif char == "\\":
            if index + 1 >= len(pattern):
                return None
            out.append(re.escape(pattern[index + 1]))
            index += 2
        else:
            out.append(re.escape(char))
            index += 1
    return "".join(out)


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
    regex = translate(body)
    if regex is not None and not anchored:
        regex = _ANY_FOLDERS + regex
    compiled = re.compile(regex, re.DOTALL) if regex is not None else None
    return Pattern(line, compiled, negated, folders_only)


def compile_lines(lines: list[str] | tuple[str, ...]) -> tuple[Pattern, ...]:
    return tuple(p for p in map(compile_line, lines) if p is not None)


@dataclass(frozen=True, slots=True)
class IgnoreLayer:
    """The patterns of one ignore file, applied to paths below `base` ("" for the root)."""

    base: str
    patterns: tuple[Pattern, ...]

    def verdict(self, path: str, is_dir: bool) -> bool | None:
        """True ignored, False re-included, None when no pattern of this layer matches."""
        if self.base:
            if not path.startswith(self.base + "/"):
                return None
            path = path[len(self.base) + 1:]
        for pattern in reversed(self.patterns):
            if pattern.matches(path, is_dir):
                return not pattern.negated
        return None


def ignored(layers: list[IgnoreLayer] | tuple[IgnoreLayer, ...], path: str, is_dir: bool) -> bool:
    """Layers go from lowest to highest precedence; the last one with a match decides."""
    for layer in reversed(layers):
        verdict = layer.verdict(path, is_dir)
        if verdict is not None:
            return verdict
    return False
