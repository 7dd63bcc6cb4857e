"""One message model for every transcript format.

A transcript is its messages in the order given; `Message.index` is the 0-based position a
turn's `answering` refers to. Events the chat front end records (a continue, a swipe or a
regenerate) are marked on the message they produced (`Message.event`), so the messages stay
the single sequence and `Transcript.events` lists them for whoever wants them apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Literal

from skillkit.core.diagnostics import Diagnostic

Role = Literal["system", "user", "assistant", "tool"]
EventKind = Literal["continue", "swipe", "regenerate"]
ROLES: tuple[str, ...] = ("system", "user", "assistant", "tool")
EVENTS: tuple[str, ...] = ("continue", "swipe", "regenerate")


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call as the model made it. `arguments` is the raw JSON text (None when the
    transcript holds something that is not text or a JSON object)."""

    name: str
    arguments: str | None

    def skill_name(self) -> str | None:
        """The `name` argument of open_skill / close_skill, or None when unreadable."""
        if self.arguments is None:
            return None
        try:
            data = json.loads(self.arguments)
        except (ValueError, RecursionError):
            return None
        name = data.get("name") if isinstance(data, dict) else None
        return name if isinstance(name, str) else None


@dataclass(frozen=True, slots=True)
class Message:
    index: int
    role: Role
    text: str
    name: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    hidden: bool = False               # in the chat, but not sent to the model nor scanned
    event: EventKind | None = None     # this assistant message is a continue / swipe / regenerate
    line: int | None = None            # where it starts in the file, for messages to people


@dataclass(frozen=True, slots=True)
class Event:
    kind: EventKind
    message: int        # the index of the message the event produced
    line: int | None


@dataclass(frozen=True)
class Transcript:
    path: str
    format: str                        # "openai" | "sillytavern" | "yaml"
    messages: tuple[Message, ...]
    warnings: tuple[Diagnostic, ...] = ()  # values read leniently, as the chat front end reads them

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(Event(m.event, m.index, m.line) for m in self.messages if m.event is not None)


def arguments_text(value: object) -> str | None:
    """A tool call's `arguments`: JSON text as given, an object re-encoded, anything else None."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        try:
            return json.dumps(value)
        except (TypeError, ValueError, RecursionError):
            return None
    return None


TEXT_PARTS = ("text", "input_text", "output_text")


def parts_text(parts: list[Any], bad_part: Callable[[int], Exception]) -> str:
    """Content given as a list of parts (DESIGN 4.4): its text parts joined by a newline; other
    parts (images, audio) carry no text. `bad_part(index)` is the error for a part that is
    neither a string nor a mapping (each reader places it in its own file format)."""
    texts: list[str] = []
    for index, part in enumerate(parts):
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict):
            if part.get("type", "text") in TEXT_PARTS and isinstance(part.get("text"), str):
                texts.append(part["text"])
        else:
            raise bad_part(index)
    return "\n".join(texts)
