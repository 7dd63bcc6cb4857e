"""SillyTavern chat JSONL, as SillyTavern exports it.

The first line is a header (`user_name`, `character_name`, `create_date`, `chat_metadata`);
each further line is one message of the chat array: `name`, `is_user`, `is_system`, `mes`
(the shown swipe's text), `swipes` / `swipe_id`, `extra`. A message's index is its place in
that array (SillyTavern's message id), the header not counted.

How messages map (read from SillyTavern's script.js and tool-calling.js):
- `is_user` -> user; a narrator message (`extra.type == "narrator"`, sent by /sys) -> system;
  any other -> assistant.
- `is_system: true` marks a message the prompt leaves out: hidden messages, comments, and
  the record SillyTavern writes after a reply's tool calls (`extra.tool_invocations`, each
  `{name, parameters, result}` with `parameters` a JSON string). That record becomes a tool
  message carrying the calls; the others are hidden: not scanned, not answered.
- The export holds only the swipe that is shown, so a swiped-away reply and its tool calls
  are already gone: the file needs no swipe events.

Values of the wrong JSON type are read as SillyTavern's JavaScript reads them, with a warning,
never a refused file: a flag (`is_user`, `is_system`) is tested for truthiness (`""`, `0`,
`null` and `false` are false; a non-empty string, a non-zero number and `true` are true), and
a `mes` that is not a string (missing, `null`, a number) is empty, as the prompt builder's
`getRegexedString` returns `''` for anything but a string (extensions/regex/engine.js) before
World Info scans it.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.core.findings import TRANSCRIPT_VALUE
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.limits import MAX_MESSAGES
from skillkit.transcripts.model import Message, ToolCall, arguments_text

NAME = "sillytavern"
HEADER_KEYS = ("user_name", "character_name", "create_date", "chat_metadata")
LENIENT_RULE = TRANSCRIPT_VALUE.id  # the warning for a value read as SillyTavern reads it


def looks_like_sillytavern(first_line: str) -> bool:
    """Does the first non-blank line read as a SillyTavern header or message?"""
    try:
        data = json.loads(first_line)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and (any(k in data for k in HEADER_KEYS) or "mes" in data or "is_user" in data)


def sniff(clue: Clue) -> int:
    """An object whose first line reads as SillyTavern's: 40 with more lines, 20 alone (then a
    whole JSON object with `messages` is OpenAI's)."""
    if not clue.starts_with("{") or not looks_like_sillytavern(clue.first_line):
        return 0
    return 40 if clue.several_lines else 20


def read(text: str, path: str, warnings: list[Diagnostic]) -> tuple[Message, ...]:
    return read_sillytavern(text, path, warnings)


def _load_line(text: str, path: str, line: int) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path, line, exc.colno) from None
    except (ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise InputError(f"invalid JSON: {reason}", path, line) from None
    if not isinstance(data, dict):
        raise InputError("each line must be a JSON object", path, line)
    return data


def js_truthy(value: object) -> bool:
    """JavaScript's truthiness of a JSON value: `""`, `0`, `null` and `false` are false; every
    other value (a non-empty string, a non-zero number, a list or object, even empty) is true."""
    if isinstance(value, (list, dict)):
        return True
    return bool(value)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "a list", dict: "an object"}.get(type(value), "a value")


class Lenient:
    """The values read leniently, one warning per kind of value (a chat holds thousands of lines
    alike): where it first stands and on how many lines."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.seen: dict[tuple[str, str], tuple[int, int, str]] = {}  # (key, what) -> (first line, lines, read as)

    def note(self, key: str, what: str, line: int, read_as: str) -> None:
        first, lines, _ = self.seen.get((key, what), (line, 0, read_as))
        self.seen[(key, what)] = (first, lines + 1, read_as)

    def warnings(self) -> list[Diagnostic]:
        out = []
        for (key, what), (first, lines, read_as) in self.seen.items():
            where = f"on {lines:,} lines (the first here)" if lines > 1 else "here"
            out.append(TRANSCRIPT_VALUE.at(self.path, first, 1,
                                           f"`{key}` is {what} {where}: read as {read_as}, as SillyTavern reads it"))
        return sorted(out)


def _flag(data: dict[str, Any], key: str, line: int, lenient: Lenient) -> bool:
    value = data.get(key, False)
    if isinstance(value, bool):
        return value
    truth = js_truthy(value)
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, (list, dict)) else _json_type(value)
    lenient.note(key, shown if len(shown) <= 20 else _json_type(value), line, "true" if truth else "false")
    return truth


def _text(data: dict[str, Any], line: int, lenient: Lenient) -> str:
    mes = data.get("mes")
    if isinstance(mes, str):
        return mes
    what = "missing" if "mes" not in data else _json_type(mes)
    lenient.note("mes", what, line, "empty text")
    return ""


def _invocations(extra: dict[str, Any], path: str, line: int) -> tuple[ToolCall, ...]:
    calls: list[ToolCall] = []
    for item in extra["tool_invocations"]:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise InputError("each of `extra.tool_invocations` needs a `name`", path, line)
        calls.append(ToolCall(item["name"], arguments_text(item.get("parameters"))))
    return tuple(calls)


def read_message(index: int, data: dict[str, Any], path: str, line: int, lenient: Lenient | None = None) -> Message:
    lenient = lenient if lenient is not None else Lenient(path)
    name = data.get("name")
    name = name if isinstance(name, str) else None
    extra = data.get("extra")
    extra = extra if isinstance(extra, dict) else {}
    text = _text(data, line, lenient)
    if _flag(data, "is_system", line, lenient):
        if isinstance(extra.get("tool_invocations"), list):
            return Message(index, "tool", text, name, _invocations(extra, path, line), line=line)
        return Message(index, "system", text, name, hidden=True, line=line)
    if _flag(data, "is_user", line, lenient):
        return Message(index, "user", text, name, line=line)
    role = "system" if extra.get("type") == "narrator" else "assistant"
    return Message(index, role, text, name, line=line)  # type: ignore[arg-type]


def _lines(text: str) -> Iterator[str]:
    """text.split("\n") one line at a time: a 55 MiB chat is not copied whole into a list first."""
    start = 0
    while (end := text.find("\n", start)) != -1:
        yield text[start:end]
        start = end + 1
    yield text[start:]


def read_sillytavern(text: str, path: str, warnings: list[Diagnostic] | None = None) -> tuple[Message, ...]:
    """The chat's messages; what was read leniently goes to `warnings` (when given)."""
    messages: list[Message] = []
    lenient = Lenient(path)
    seen_first = False
    for number, raw in enumerate(_lines(text), start=1):
        if not raw.strip():
            continue
        data = _load_line(raw, path, number)
        if not seen_first:
            seen_first = True
            if "mes" not in data and "is_user" not in data:
                continue  # the header line
        if len(messages) >= MAX_MESSAGES:
            raise InputError(f"more than {MAX_MESSAGES:,} messages", path, number)
        messages.append(read_message(len(messages), data, path, number, lenient))
    if warnings is not None:
        warnings.extend(lenient.warnings())
    return tuple(messages)
