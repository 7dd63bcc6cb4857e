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
"""

from __future__ import annotations

import json
from typing import Any

from skillkit.core.errors import InputError
from skillkit.transcripts.limits import MAX_MESSAGES
from skillkit.transcripts.model import Message, ToolCall, arguments_text

HEADER_KEYS = ("user_name", "character_name", "create_date", "chat_metadata")


def looks_like_sillytavern(first_line: str) -> bool:
    """Does the first non-blank line read as a SillyTavern header or message?"""
    try:
        data = json.loads(first_line)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and (any(k in data for k in HEADER_KEYS) or "mes" in data or "is_user" in data)


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


def _text(data: dict[str, Any], path: str, line: int) -> str:
    mes = data.get("mes")
    if mes is None:  # some tools drop `mes` and keep the swipes
        swipes, chosen = data.get("swipes"), data.get("swipe_id", 0)
        if isinstance(swipes, list) and isinstance(chosen, int) and 0 <= chosen < len(swipes):
            mes = swipes[chosen]
        else:
            mes = ""
    if not isinstance(mes, str):
        raise InputError("`mes` must be a string", path, line)
    return mes


def _invocations(extra: dict[str, Any], path: str, line: int) -> tuple[ToolCall, ...]:
    calls: list[ToolCall] = []
    for item in extra["tool_invocations"]:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise InputError("each of `extra.tool_invocations` needs a `name`", path, line)
        calls.append(ToolCall(item["name"], arguments_text(item.get("parameters"))))
    return tuple(calls)


def read_message(index: int, data: dict[str, Any], path: str, line: int) -> Message:
    for flag in ("is_user", "is_system"):
        if flag in data and not isinstance(data[flag], bool):
            raise InputError(f"`{flag}` must be true or false", path, line)
    name = data.get("name")
    name = name if isinstance(name, str) else None
    extra = data.get("extra")
    extra = extra if isinstance(extra, dict) else {}
    text = _text(data, path, line)
    if data.get("is_system"):
        if isinstance(extra.get("tool_invocations"), list):
            return Message(index, "tool", text, name, _invocations(extra, path, line), line=line)
        return Message(index, "system", text, name, hidden=True, line=line)
    if data.get("is_user"):
        return Message(index, "user", text, name, line=line)
    role = "system" if extra.get("type") == "narrator" else "assistant"
    return Message(index, role, text, name, line=line)  # type: ignore[arg-type]


def read_sillytavern(text: str, path: str) -> tuple[Message, ...]:
    messages: list[Message] = []
    seen_first = False
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        data = _load_line(raw, path, number)
        if not seen_first:
            seen_first = True
            if "mes" not in data and "is_user" not in data:
                continue  # the header line
        if len(messages) >= MAX_MESSAGES:
            raise InputError(f"more than {MAX_MESSAGES:,} messages", path, number)
        messages.append(read_message(len(messages), data, path, number))
    return tuple(messages)
