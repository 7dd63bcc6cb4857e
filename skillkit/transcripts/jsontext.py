"""JSON with line numbers: every element of a top-level array knows the line it starts on.

The stdlib parser reports where a syntax error is but not where a valid value sits, and a
message without a `role` needs its line in the error. So the top-level array (or the
`messages` array of a top-level object) is walked here element by element with
`raw_decode`, which returns each element's end offset. Every failure, including a document
nested deeply enough to exhaust the parser's recursion, becomes an InputError with a line.
"""

from __future__ import annotations

import bisect
import json
import re
from typing import Any

from skillkit.core.errors import InputError

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class Positions:
    """Offset -> (line, column), 1-based, for one text."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def decode_value(text: str, offset: int, path: str, where: Positions) -> tuple[Any, int]:
    """One JSON value starting at `offset` -> (value, end offset); InputError on any failure."""
    try:
        return _DECODER.raw_decode(text, offset)
    except json.JSONDecodeError as exc:
        line, column = where.at(exc.pos)
        raise InputError(f"invalid JSON: {exc.msg}", path, line, column) from None
    except RecursionError:
        raise InputError("invalid JSON: nested too deeply", path, *where.at(offset)) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise InputError(f"invalid JSON: {exc}", path, *where.at(offset)) from None


def _skip(text: str, offset: int) -> int:
    match = _SPACE.match(text, offset)
    return match.end() if match else offset


def _expect(text: str, offset: int, char: str, path: str, where: Positions, what: str) -> int:
    offset = _skip(text, offset)
    if not text.startswith(char, offset):
        found = repr(text[offset]) if offset < len(text) else "the end of the file"
        raise InputError(f"invalid JSON: expected {what}, found {found}", path, *where.at(offset))
    return offset + 1


def array_elements(text: str, offset: int, path: str, where: Positions,
                   limit: int) -> tuple[list[tuple[Any, int]], int]:
    """The array starting at `offset` (at its `[`) -> [(element, line)], end offset."""
    offset = _expect(text, offset, "[", path, where, "'['")
    items: list[tuple[Any, int]] = []
    offset = _skip(text, offset)
    if text.startswith("]", offset):
        return items, offset + 1
    while True:
        offset = _skip(text, offset)
        if len(items) >= limit:
            raise InputError(f"more than {limit:,} messages", path, *where.at(offset))
        value, end = decode_value(text, offset, path, where)
        items.append((value, where.at(offset)[0]))
        offset = _skip(text, end)
        if text.startswith("]", offset):
            return items, offset + 1
        offset = _expect(text, offset, ",", path, where, "',' or ']'")


def top_level_messages(text: str, path: str, limit: int) -> list[tuple[Any, int]]:
    """A JSON document that is a list of messages, or an object whose `messages` is one."""
    where = Positions(text)
    start = _skip(text, 0)
    if text.startswith("[", start):
        items, end = array_elements(text, start, path, where, limit)
    elif text.startswith("{", start):
        items, end = _messages_of_object(text, start, path, where, limit)
    else:
        raise InputError("invalid JSON: expected a list of messages", path, *where.at(start))
    end = _skip(text, end)
    if end < len(text):
        raise InputError("invalid JSON: extra data after the messages", path, *where.at(end))
    return items


def _messages_of_object(text: str, offset: int, path: str, where: Positions,
                        limit: int) -> tuple[list[tuple[Any, int]], int]:
    offset = _expect(text, offset, "{", path, where, "'{'")
    found: list[tuple[Any, int]] | None = None
    offset = _skip(text, offset)
    if text.startswith("}", offset):
        offset += 1
    else:
        while True:
            offset = _skip(text, offset)
            key, offset = decode_value(text, offset, path, where)
            if not isinstance(key, str):
                raise InputError("invalid JSON: object keys must be strings", path, *where.at(offset))
            offset = _skip(text, _expect(text, offset, ":", path, where, "':'"))
            if key == "messages" and text.startswith("[", offset):
                found, offset = array_elements(text, offset, path, where, limit)
            else:
                _, offset = decode_value(text, offset, path, where)
            offset = _skip(text, offset)
            if text.startswith("}", offset):
                offset += 1
                break
            offset = _expect(text, offset, ",", path, where, "',' or '}'")
    if found is None:
        raise InputError("a JSON object transcript needs a `messages` list", path, 1, 1)
    return found, offset
