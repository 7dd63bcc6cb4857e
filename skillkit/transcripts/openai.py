"""OpenAI-style chat messages: a JSON list of `{"role", "content", "tool_calls"?, "name"?}`.

Also accepted: an object with a `messages` list (a request body), `developer` as a system
role, legacy `function` messages as tool results and `function_call` on an assistant message.
`content` may be a string, null, or a list of parts; the text parts (`text`, `input_text`,
`output_text`) are joined by a newline, other parts (images, audio) carry no text.
"""

from __future__ import annotations

from typing import Any

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.transcripts.clue import NOT_JSON, Clue
from skillkit.transcripts.jsontext import top_level_messages
from skillkit.transcripts.limits import MAX_MESSAGES
from skillkit.transcripts.model import Message, ToolCall, arguments_text, parts_text

NAME = "openai"
ROLE_OF = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant",
           "tool": "tool", "function": "tool"}


def content_text(content: Any, path: str, line: int) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return parts_text(content, lambda _: InputError("a content part must be an object or a string", path, line))
    raise InputError("`content` must be a string, null or a list of parts", path, line)


def _tool_call(raw: Any, path: str, line: int) -> ToolCall:
    function = raw.get("function", raw) if isinstance(raw, dict) else None
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        raise InputError("a tool call needs a `function` with a `name`", path, line)
    return ToolCall(function["name"], arguments_text(function.get("arguments")))


def tool_calls(data: dict[str, Any], path: str, line: int) -> tuple[ToolCall, ...]:
    calls = data.get("tool_calls")
    if calls is None:
        calls = []
    if not isinstance(calls, list):
        raise InputError("`tool_calls` must be a list", path, line)
    found = [_tool_call(c, path, line) for c in calls]
    if isinstance(data.get("function_call"), dict):
        found.append(_tool_call(data["function_call"], path, line))
    return tuple(found)


def read_message(index: int, data: Any, path: str, line: int) -> Message:
    if not isinstance(data, dict):
        raise InputError("each message must be a JSON object", path, line)
    role = data.get("role")
    if not isinstance(role, str) or role not in ROLE_OF:
        shown = repr(role) if role is not None else "no role"
        raise InputError(f"a message needs a role (system, user, assistant or tool), not {shown}", path, line)
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise InputError("`name` must be a string", path, line)
    return Message(index, ROLE_OF[role], content_text(data.get("content"), path, line),  # type: ignore[arg-type]
                   name, tool_calls(data, path, line), line=line)


def read_openai(text: str, path: str) -> tuple[Message, ...]:
    items = top_level_messages(text, path, MAX_MESSAGES)
    return tuple(read_message(i, data, path, line) for i, (data, line) in enumerate(items))


def sniff(clue: Clue) -> int:
    """A list first is this format (50); a JSON object is, with `messages` (30) or without (10)."""
    if clue.starts_with("["):
        return 50
    if not clue.starts_with("{") or clue.whole is NOT_JSON:
        return 0
    return 30 if isinstance(clue.whole, dict) and "messages" in clue.whole else 10


def read(text: str, path: str, warnings: list[Diagnostic]) -> tuple[Message, ...]:
    return read_openai(text, path)
