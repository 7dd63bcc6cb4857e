"""The common frontmatter read without the YAML parser: `key: value` lines, one level of
`key:` blocks of them, and lists of scalars, in ASCII. A value is plain or quoted without
escapes, `true`/`false`, a decimal integer, or a one-line list of these (`[a, 'b', 3]`); a
top-level `key:` may also hold a block list of them (`- a` lines, indented two or not at all).

A SKILL.md's frontmatter is a handful of such lines (`name`, `description`, `license`, a
`metadata` block, `allowed-tools`, a studio skill's `triggers: [...]`), and libyaml's event
stream costs ~40 us a document before a value is built: a third of reading a skill. Anything
else (a flow mapping, a nested list, a block scalar, a comment, an anchor, a tag, a blank line,
a tab, a continued line, a non-string key, a value such as `yes`, `1.5`, `-1` or `~`, a
duplicate key, a trailing comma) is left to core/yamlparse.py, which also reports the
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
# The plain scalars besides strings that the fast path reads: the bools (as YAML 1.1 spells the
# common ones) and decimal integers short enough to be plainly ints (`01` is octal, `1_0` 10).
BOOLS = {"true": True, "false": False, "True": True, "False": False}
INT = re.compile(r"0|[1-9][0-9]{0,17}")
# A block list's item: `- value` at the key's indent or two more (others are the parser's).
ITEM = re.compile(r"( {0,2})- +([^ ].*)")
# What ends a plain scalar inside `[...]`, or is doubtful there: libyaml ends one at `:?`,
# PyYAML's own scanner (without libyaml) at any `?`.
FLOW_MARKS = frozenset(",[]{}#?")
_NOT = object()  # "not read simply": False, 0 and "" are values
NodePath = tuple[Any, ...]
Positions = dict[NodePath, tuple[int, int]]


def _resolves_to_text(word: str) -> bool:
    return LOADER.resolve(yaml.ScalarNode, word, (True, False)) == _STR


_known_text = lru_cache(maxsize=4096)(_resolves_to_text)


def _is_text(word: str) -> bool:
    """Whether a plain scalar is a string (not a bool, number, null, date, `<<` or `=`).
    Keys and short values are remembered: every skill says `name`, `license: MIT`."""
    return _known_text(word) if len(word) <= 40 else _resolves_to_text(word)


def _scalar(raw: str, flow: bool = False) -> Any:
    """A scalar as the parser reads it (a string, bool or int) when it reads it simply; else _NOT.
    `flow`: the scalar is an item of `[...]`, where flow indicators end a plain scalar."""
    first = raw[0]
    if first == '"' or first == "'":
        inner = raw[1:-1]
        # (a backslash escapes only between double quotes: `'/\\bx\\b/i'` is a studio trigger)
        if len(raw) < 2 or raw[-1] != first or first in inner or (first == '"' and "\\" in inner):
            return _NOT
        return inner
    if first in INDICATORS or ": " in raw or " #" in raw or raw.endswith(":"):
        return _NOT
    if _is_text(raw):  # the common case first: no bool or int is text
        return _NOT if flow and not FLOW_MARKS.isdisjoint(raw) else raw
    if raw in BOOLS:
        return BOOLS[raw]
    return int(raw) if INT.fullmatch(raw) else _NOT


def _flow(raw: str, column: int) -> tuple[list[Any], list[int]] | None:
    """A one-line `[a, 'b', 3]` of scalars starting at `column`: its items and their columns."""
    if raw[-1] != "]":
        return None
    inner = raw[1:-1]
    if not inner.strip(" "):
        return [], []
    items: list[Any] = []
    columns: list[int] = []
    at = column + 1  # where the piece after `[` or a comma starts
    for piece in inner.split(","):  # (a quoted item holding a comma is split and then refused)
        item = piece.lstrip(" ")
        value = _scalar(item.rstrip(" "), flow=True) if item else _NOT  # `[a,]`, `[,a]`: the parser's
        if value is _NOT:
            return None
        items.append(value)
        columns.append(at + len(piece) - len(item))
        at += len(piece) + 1
    return items, columns


def _put_list(into: dict[str, Any], key: str, raw: str, path: NodePath, at: tuple[int, int],
              positions: Positions) -> bool:
    """Reads `raw`, a `[...]` at `at`, into into[key] with its positions; False when not simple."""
    flow = _flow(raw, at[1])
    if flow is None:
        return False
    positions[path] = at  # the list at its `[`, then each item at its first character
    for index, column in enumerate(flow[1]):
        positions[path + (index,)] = (at[0], column)
    into[key] = flow[0]
    return True


class _Reader:
    """The lines read so far, and the top-level `key:` block (a mapping or list) being filled."""

    __slots__ = ("data", "positions", "keys", "block", "block_key", "indent")

    def __init__(self, line_offset: int) -> None:
        self.data: dict[str, Any] = {}
        self.positions: Positions = {(): (1 + line_offset, 1)}
        self.keys: Positions = {}
        self.block: dict[str, Any] | list[Any] | None = None  # {} when just opened
        self.block_key = ""
        self.indent = ""  # a block list's: "" or two spaces

    def line(self, number: int, line: str) -> bool:
        """Reads one line: `key: value`, `key:` opening a block, `  key: value` in it, or `- item`."""
        match = LINE.fullmatch(line)
        if match is None:  # (a key starts with a letter: a list's `- ` line is never a key's)
            return self.item(number, line)
        indent, key, raw = match.groups()
        raw = raw.rstrip(" ") or None if raw is not None else None
        if len(key) > MAX_KEY or not _is_text(key):
            return False
        block = self.block
        if indent:  # an entry of the block mapping
            if not isinstance(block, dict) or len(indent) != 2 or raw is None or key in block:
                return False
            if not block:
                self.positions[(self.block_key,)] = (number, 3)  # a block mapping starts at its first key
            path, into = (self.block_key, key), block
            self.keys[path] = (number, 3)
        else:
            if block is not None and not block:
                return False  # `key:` with nothing under it: null, the parser's to read
            if key in self.data:
                return False
            path, into = (key,), self.data
            self.keys[path] = (number, 1)
            if raw is None:
                self.block, self.block_key = {}, key
                into[key] = self.block
                return True
            self.block = None
        at = (number, match.start(3) + 1)
        if raw[0] == "[":
            return _put_list(into, key, raw, path, at, self.positions)
        value = _scalar(raw)
        if value is _NOT:
            return False
        self.positions[path] = at
        into[key] = value
        return True

    def item(self, number: int, line: str) -> bool:
        """`- value` in a block list, indented as its first item is."""
        match = ITEM.fullmatch(line)
        if match is None or self.block is None:
            return False
        indent, raw = match.groups()
        if not self.block:  # the first item: a just-opened `key:` becomes a list
            if len(indent) == 1:
                return False
            self.block, self.indent = [], indent
            self.data[self.block_key] = self.block
            self.positions[(self.block_key,)] = (number, len(indent) + 1)  # a block list starts at its first `-`
        elif not isinstance(self.block, list) or indent != self.indent:
            return False
        value = _scalar(raw.rstrip(" "))
        if value is _NOT:
            return False
        self.positions[(self.block_key, len(self.block))] = (number, match.start(2) + 1)
        self.block.append(value)
        return True


def simple_mapping(text: str, line_offset: int) -> tuple[dict[str, Any], Positions, Positions] | None:
    """(data, value positions, key positions) as core/yamlparse.py gives them, or None when
    the text is not that simple."""
    if not text or len(text) > MAX_TEXT or not text.isascii() or not text.endswith("\n") or UNPRINTABLE.search(text):
        return None  # (a control character is the parser's error to report; a tab or CR its to read)
    reader = _Reader(line_offset)
    read = reader.line
    for number, line in enumerate(text[:-1].split("\n"), start=1 + line_offset):
        if not read(number, line):
            return None
    if reader.block is not None and not reader.block:
        return None
    return reader.data, reader.positions, reader.keys
