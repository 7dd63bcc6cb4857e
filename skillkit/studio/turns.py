"""Which turns a transcript has, what each answers, and what history each one scans
(ARCHITECTURE.md, Contracts: turns).

A *reply* is an assistant message; tool results right after it, and assistant messages that
continue after those results, belong to the same reply. Two assistant messages in a row with
no tool results between them are two replies. A reply *answers* the newest message before it
that is not a tool message: a user or system message, or, in a group chat or after a hidden
user turn, another reply (none: `answering` is None and nothing is scanned). That is what
SillyTavern scans at generation time: the newest messages of the chat, whoever wrote them.

Every reply is a turn; so is every continue (the same reply generated further: it scans what
the reply scanned and, per the studio, closes nothing) and every swipe or regenerate (a new
reply in place of the last one, which takes back what that reply did). When the transcript
ends on a message that is not part of a reply, one more turn stands for the next reply; a
transcript that ends inside a reply (on its tool results) adds none.

Hidden messages are skipped entirely. Tool messages take no scan slot. A continue's text is
appended to the reply message it continues, as chat front ends store it. With `names` (a
scene's `includeNames`), each scanned message reads `Name: text`, as SillyTavern's
`world_info_include_names` builds it, the name given by `names(message)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal

from skillkit.transcripts.model import Message, ToolCall, Transcript
from skillkit.triggers.plain import js_trim
from skillkit.triggers.scan import Unit

TurnKind = Literal["reply", "continue", "swipe", "regenerate", "next"]
Names = Callable[[Message], "str | None"]


@dataclass(frozen=True)
class PlannedTurn:
    number: int                     # 1-based
    kind: TurnKind
    answering: int | None           # index of the answered message
    answered: Unit | None           # its place in this turn's history (the scan chain)
    messages: tuple[int, ...]       # the messages this generation wrote
    calls: tuple[ToolCall, ...]     # their tool calls, in order


@dataclass
class _Open:
    """A turn being collected."""

    kind: TurnKind
    answered: Unit | None
    messages: list[int] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)


class _Planner:
    def __init__(self, names: Names | None = None) -> None:
        self.names = names
        self.turns: list[PlannedTurn] = []
        self.current: _Open | None = None
        self.reply_base: Unit | None = None      # the history top before the current reply
        self.in_reply = False
        self.top: Unit | None = None              # newest unit of the current history
        self.reply_answers: Unit | None = None    # what the current reply answers
        self.raw: dict[int, str] = {}             # unit id -> untrimmed text (for continues)
        self.next_id = 0
        self.previous_role: str | None = None

    def push(self, message: Message, text: str | None = None, replace: bool = False) -> Unit:
        raw = message.text if text is None else text
        base = self.top.prev if replace and self.top is not None else self.top
        first_message = self.top.message if replace and self.top is not None else message.index
        name = self.names(message) if self.names is not None else None
        # SillyTavern trims `${name}: ${mes}` as a whole: the text's leading spaces stay.
        scanned = js_trim(f"{name}: {raw}" if name else raw)
        unit = Unit(self.next_id, first_message, scanned, base, 0 if base is None else base.pos + 1)
        self.next_id += 1
        self.raw[unit.id] = raw
        self.top = unit
        return unit

    def close_turn(self) -> None:
        if self.current is not None:
            c = self.current
            answering = None if c.answered is None else c.answered.message
            self.turns.append(PlannedTurn(len(self.turns) + 1, c.kind, answering, c.answered,
                                          tuple(c.messages), tuple(c.calls)))
            self.current = None

    def start_turn(self, kind: TurnKind, answered: Unit | None) -> None:
        self.close_turn()
        self.current = _Open(kind, answered)

    def take(self, message: Message) -> None:
        assert self.current is not None
        self.current.messages.append(message.index)
        self.current.calls.extend(message.tool_calls)

    def feed(self, message: Message) -> None:
        role, event = message.role, message.event
        if event in ("swipe", "regenerate") and self.in_reply:
            self.top = self.reply_base               # the replaced reply leaves the history
            self.start_turn(event, self.reply_answers)  # type: ignore[arg-type]
            self.push(message)
        elif event == "continue" and self.in_reply:
            self.start_turn("continue", self.reply_answers)
            if self.previous_role == "assistant" and self.top is not None:
                self.push(message, self.raw[self.top.id] + message.text, replace=True)
            else:
                self.push(message)
        elif role == "assistant":
            if not (self.in_reply and self.previous_role == "tool"):
                self.begin_reply()
            self.push(message)
        elif role == "tool":
            if not self.in_reply:
                self.begin_reply()  # results with no assistant message saved before them
        else:  # user, system
            self.close_turn()
            self.in_reply = False
            self.push(message)
        if self.current is not None and self.in_reply:
            self.take(message)
        self.previous_role = role

    def begin_reply(self) -> None:
        self.in_reply = True
        self.reply_base = self.reply_answers = self.top   # the newest message before it, a reply or not
        self.start_turn("reply", self.top)

    def finish(self) -> tuple[PlannedTurn, ...]:
        self.close_turn()
        if self.previous_role in (None, "user", "system"):
            self.current = _Open("next", self.top)
            self.close_turn()
        return tuple(self.turns)


def plan_turns(transcript: Transcript, names: Names | None = None) -> tuple[PlannedTurn, ...]:
    """The turns of `transcript`; `names`, when given, is the speaker name each scanned message
    is prefixed with (None: the text alone)."""
    planner = _Planner(names)
    for message in transcript.messages:
        if not message.hidden:
            planner.feed(message)
    return planner.finish()
