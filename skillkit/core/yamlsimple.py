"""The common frontmatter read without the YAML parser: `key: value` lines, one level of
`key:` blocks of them, values plain or quoted without escapes, in ASCII.

A SKILL.md's frontmatter is a handful of such lines (`name`, `description`, `license`, a
`metadata` block), and libyaml's event stream costs ~40 us a document before a value is
built: a third of reading a skill. Anything else (a list, a flow collection, a block scalar,
a comment, an anchor, a tag, a blank line, a tab, a continued line, a non-string key or value
such as `true` or `1`, a duplicate key) is left to core/yamlparse.py, which also reports the
errors. The answer, data and positions alike, is the parser's (tests/lint/test_yaml_simple.py
holds the two to each other).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

# A key (a plain word), its colon, and a value after one or more spaces (its trailing spaces
# are stripped after: a lazy match would try the end at every character of a long description).
LINE = re.compile(r"( {0,2})([A-Za-z][A-Za-z0-9_-]*):(?: +(.*))?")
# ASCII that libyaml refuses anywhere (its printable set), and tab and CR, which it reads its own way.
UNPRINTABLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")
# libyaml's limits, left to it: a simple key of more than 1,024 characters is an error, and a
# frontmatter this long may hold more nodes than core/yamlparse.py's MAX_NODES allows.
MAX_KEY = 1000
MAX_TEXT = 65_536
# What may not start a plain value: YAML's indicators, and quotes (read below).
INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
LOADER = yaml.SafeLoader("")  # one resolver and constructor for implicit scalar types (core/yamlparse.py too)
_STR = "tag:yaml.org,2002:str"


def _resolves_to_text(word: str) -> bool:
    return LOADER.resolve(yaml.ScalarNode, word, (True, False)) == _STR


_known_text = lru_cache(maxsize=4096)(_resolves_to_text)


def _is_text(word: str) -> bool:
    """Whether a plain scalar is a string (not a bool, number, null, date, `<<` or `=`).
    Keys and short values are remembered: every skill says `name`, `license: MIT`."""
    return _known_text(word) if len(word) <= 40 else _resolves_to_text(word)


def _value(raw: str) -> str | None:
    """A value as the parser reads it, when it is a string it reads simply; else None."""
    first = raw[0]
    if first == '"' or first == "'":
        inner = raw[1:-1]
        if len(raw) < 2 or raw[-1] != first or first in inner or "\\" in inner:
            return None
        return inner
    if first in INDICATORS or ": " in raw or " #" in raw or raw.endswith(":") or not _is_text(raw):
        return None
    return raw


def simple_mapping(text: str, line_offset: int) -> tuple[dict[str, Any], dict[tuple[Any, ...], tuple[int, int]],
                                                          dict[tuple[Any, ...], tuple[int, int]]] | None:
    """(data, value positions, key positions) as core/yamlparse.py gives them, or None when
    the text is not that simple."""
    if not text or len(text) > MAX_TEXT or not text.isascii() or not text.endswith("\n") or UNPRINTABLE.search(text):
        return None  # (a control character is the parser's error to report; a tab or CR its to read)
    data: dict[str, Any] = {}
    positions: dict[tuple[Any, ...], tuple[int, int]] = {(): (1 + line_offset, 1)}
    keys: dict[tuple[Any, ...], tuple[int, int]] = {}
    block: dict[str, Any] | None = None  # the `key:` block being filled
    block_key = ""
    for number, line in enumerate(text[:-1].split("\n"), start=1 + line_offset):
        match = LINE.fullmatch(line)
        if match is None:
            return None
        indent, key, raw = match.groups()
        raw = raw.rstrip(" ") or None if raw is not None else None
        if len(key) > MAX_KEY or not _is_text(key):
            return None
        if indent:
            if block is None or len(indent) != 2 or raw is None or key in block:
                return None
            value = _value(raw)
            if value is None:
                return None
            if not block:
                positions[(block_key,)] = (number, 3)  # a block mapping starts at its first key
            keys[(block_key, key)] = (number, 3)
            positions[(block_key, key)] = (number, match.start(3) + 1)
            block[key] = value
            continue
        if block is not None and not block:
            return None  # `key:` with nothing under it: null, the parser's to read
        if key in data:
            return None
        keys[(key,)] = (number, 1)
        if raw is None:
            block, block_key = {}, key
            data[key] = block
            continue
        block = None
        value = _value(raw)
        if value is None:
            return None
        positions[(key,)] = (number, match.start(3) + 1)
        data[key] = value
    if block is not None and not block:
        return None
    return data, positions, keys
