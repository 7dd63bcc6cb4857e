"""Where each key of a TOML text stands, so a settings error in pyproject.toml points at its
own line (tomllib returns plain data, without positions).

A line scanner, not a parser: tomllib has already accepted the text, so it only needs to follow
table headers (`[a.b]`, `[[a]]`), `key = value` lines (dotted and quoted keys too), and skip
what cannot hold a key (multi-line strings and arrays).
"""

from __future__ import annotations

import re

Path = tuple[str, ...]
_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_PART = rf"\s*(?:{_BARE}|{_QUOTED})\s*"
# _PART opens with its own \s*: a second one beside it would try every split of a run of spaces.
_KEY = re.compile(rf"^((?:{_PART}\.)*{_PART})=")
_HEADER = re.compile(rf"^\s*(\[\[?)((?:{_PART}\.)*{_PART})\]\]?")
_SPLIT = re.compile(rf"{_BARE}|{_QUOTED}")


def _parts(dotted: str) -> Path:
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in _SPLIT.findall(dotted))


def _depth_change(text: str) -> int:
    """How much a value line opens arrays and inline tables, strings left out."""
    bare = re.sub(r"#.*$", "", re.sub(_QUOTED, "", text))
    return bare.count("[") + bare.count("{") - bare.count("]") - bare.count("}")


def key_positions(text: str) -> tuple[dict[Path, tuple[int, int]], dict[Path, tuple[int, int]]]:
    """(key positions, value positions): 1-based (line, column) by the key's full path; the
    value of a table header is the header line."""
    keys: dict[Path, tuple[int, int]] = {}
    values: dict[Path, tuple[int, int]] = {}
    table: Path = ()
    open_brackets = 0
    in_string: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if in_string is not None:  # inside a multi-line string: no key here
            if line.count(in_string) % 2 == 1:
                in_string = None
            continue
        if open_brackets > 0:  # inside a multi-line array or inline table
            open_brackets += _depth_change(line)
            continue
        if header := _HEADER.match(line):
            table = _parts(header[2])
            column = line.index(header[1]) + 1
            keys.setdefault(table, (number, column))
            values.setdefault(table, (number, column))
            continue
        if key := _KEY.match(line):
            path = table + _parts(key[1])
            for end in range(len(table) + 1, len(path) + 1):  # `a.b = 1` also places `a`
                keys.setdefault(path[:end], (number, len(line) - len(line.lstrip()) + 1))
            rest = line[key.end():]
            values.setdefault(path, (number, key.end() + len(rest) - len(rest.lstrip()) + 1))
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    in_string = quote
            if in_string is None:
                open_brackets = max(0, _depth_change(rest))
    return keys, values
