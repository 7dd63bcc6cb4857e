"""skillkit's own transcript form: YAML a person writes by hand, with explicit events.

```yaml
messages:
  - system: Bob keeps the tavern.
  - user: Tell me about the old kingdom.
    name: Alice                       # optional speaker name (never scanned)
  - assistant: Let me remember.
    calls:                            # tool calls the reply makes
      - open_skill: lore              #   shorthand: tool name -> the skill name argument
      - tool: close_skill             #   long form: `arguments` as the model sent it
        arguments: '{"name": "sword"}'
  - tool: Opened lore.                # a tool result
  - assistant: The kingdom fell at Greyford.
  - continue: " And the crown was lost."   # the reply goes on: appended to it, a turn of its own
  - swipe: A different answer.        # replaces the last reply, taking back its opens/closes
  - regenerate: Another answer.       # the same as a swipe
  - user: A note the model never sees.
    hidden: true                      # in the chat, not sent: not scanned, not answered
```

A top-level list is read as the `messages` list. Each entry holds exactly one of `system`,
`user`, `assistant`, `tool`, `continue`, `swipe`, `regenerate` (its text; empty or null for
none), or the long form `role:` + `content:` (where `content` may also be a list of parts, as in
OpenAI messages: its text parts joined by a newline). A continue, swipe or regenerate must come right
after a reply (an assistant message or its tool results).
"""

from __future__ import annotations

import json
from typing import Any

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.core.yamlparse import ParsedYaml, parse_yaml
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.limits import MAX_MESSAGES
from skillkit.transcripts.model import EVENTS, ROLES, Message, ToolCall, arguments_text, parts_text

NAME = "yaml"
KINDS = ROLES + EVENTS
OPTIONAL = ("name", "calls", "hidden")
TOP_LEVEL = ("messages", "description")


def _fail(message: str, parsed: ParsedYaml, path: str, at: tuple[str | int, ...]) -> InputError:
    line, column = parsed.where(at)
    return InputError(message, path, line, column)


def _text(value: Any, parsed: ParsedYaml, path: str, at: tuple[str | int, ...]) -> str:
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise _fail("a message's text must be a string", parsed, path, at)
    return str(value)


def _call(raw: Any, parsed: ParsedYaml, path: str, at: tuple[str | int, ...]) -> ToolCall:
    if isinstance(raw, dict) and "tool" in raw:
        if not isinstance(raw["tool"], str) or set(raw) - {"tool", "arguments"}:
            raise _fail("a long-form call is `tool:` (a name) and `arguments:`", parsed, path, at)
        return ToolCall(raw["tool"], arguments_text(raw.get("arguments", "{}")))
    if isinstance(raw, dict) and len(raw) == 1:
        (tool, value), = raw.items()
        if isinstance(value, str):
            return ToolCall(tool, json.dumps({"name": value}))
        return ToolCall(tool, arguments_text(value))
    raise _fail("a call is `open_skill: NAME`, or `tool:` with `arguments:`", parsed, path, at)


def _calls(raw: Any, parsed: ParsedYaml, path: str, at: tuple[str | int, ...]) -> tuple[ToolCall, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail("`calls` must be a list", parsed, path, at + ("calls",))
    return tuple(_call(c, parsed, path, at + ("calls", i)) for i, c in enumerate(raw))


def _entry(index: int, raw: Any, parsed: ParsedYaml, path: str, at: tuple[str | int, ...]) -> Message:
    if not isinstance(raw, dict):
        raise _fail("each message is a mapping such as `user: Hello`", parsed, path, at)
    if "role" in raw:
        kind, text = raw["role"], raw.get("content")
        rest = set(raw) - {"role", "content", *OPTIONAL}
        if not isinstance(kind, str) or kind not in ROLES:
            raise _fail(f"`role` must be one of {', '.join(ROLES)}", parsed, path, at + ("role",))
    else:
        kinds = [k for k in raw if k in KINDS]
        rest = set(raw) - set(KINDS) - set(OPTIONAL)
        if len(kinds) != 1:
            raise _fail(f"each message holds exactly one of {', '.join(KINDS)}", parsed, path, at)
        kind, text = kinds[0], raw[kinds[0]]
    if rest:
        raise _fail(f"unknown key {sorted(rest)[0]!r}", parsed, path, at + (sorted(rest)[0],))
    name, hidden = raw.get("name"), raw.get("hidden", False)
    if name is not None and not isinstance(name, str):
        raise _fail("`name` must be a string", parsed, path, at + ("name",))
    if not isinstance(hidden, bool):
        raise _fail("`hidden` must be true or false", parsed, path, at + ("hidden",))
    calls = _calls(raw.get("calls"), parsed, path, at)
    if calls and kind not in ("assistant", *EVENTS):
        raise _fail("only a reply (assistant, continue, swipe, regenerate) makes calls", parsed, path, at)
    line = parsed.where(at)[0]
    event = kind if kind in EVENTS else None
    role = "assistant" if event else kind
    if "role" in raw and isinstance(text, list):  # the long form mirrors an OpenAI message
        body = parts_text(text, lambda i: _fail("a content part must be a mapping or a string", parsed, path,
                                                  at + ("content", i)))
    else:
        body = _text(text, parsed, path, at)
    return Message(index, role, body, name, calls, hidden, event, line)  # type: ignore[arg-type]


def read_yaml_form(text: str, path: str) -> tuple[Message, ...]:
    parsed = parse_yaml(text, path)
    errors = [d for d in parsed.diagnostics if str(d.severity) == "error"]
    if errors or not parsed.ok:
        first = min(errors) if errors else None
        raise InputError(first.message if first else "unreadable YAML", path,
                         first.line if first else 1, first.column if first else 1)
    data, prefix = parsed.data, ()
    if isinstance(data, dict):
        unknown = sorted(set(data) - set(TOP_LEVEL))
        if unknown:
            raise _fail(f"unknown key {unknown[0]!r} (a transcript holds `messages`)", parsed, path, (unknown[0],))
        data, prefix = data.get("messages", []), ("messages",)
    if not isinstance(data, list):
        raise _fail("a YAML transcript is a list of messages, or a mapping with `messages`", parsed, path, prefix)
    if len(data) > MAX_MESSAGES:
        raise _fail(f"more than {MAX_MESSAGES:,} messages", parsed, path, prefix)
    messages = tuple(_entry(i, raw, parsed, path, prefix + (i,)) for i, raw in enumerate(data))
    _check_events(messages, path)
    return messages


def sniff(clue: Clue) -> int:
    """Whatever no other format claims is this one (the weakest claim)."""
    return 1


def read(text: str, path: str, warnings: list[Diagnostic]) -> tuple[Message, ...]:
    return read_yaml_form(text, path)


def _check_events(messages: tuple[Message, ...], path: str) -> None:
    """A continue, swipe or regenerate acts on the reply right before it."""
    previous: Message | None = None
    for message in messages:
        if message.hidden:
            continue
        if message.event is not None and (previous is None or previous.role not in ("assistant", "tool")):
            raise InputError(f"a {message.event} needs a reply right before it", path, message.line)
        previous = message
