"""One turn's prompt, put together: which skills are on (from activation), the Skills block and
where it stands (assembly), the history that fits (budget), and the tools (tools).

The core of `skillkit render`; it returns values and never prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from skillkit.core.model import Skill
from skillkit.studio import tools as scene_tools
from skillkit.studio.assembly import Assembly, ChatMessage, PromptMessage, assemble
from skillkit.studio.budget import Budget, BudgetLimits, fit
from skillkit.studio.preset import Preset, expand
from skillkit.studio.verdicts import Verdict
from skillkit.tokens import TokenCounter


@dataclass(frozen=True)
class TurnView:
    """What activation says of one turn: its number, the index of the message it answers (None
    when it answers nothing), the ids of the skills that are on, its kind, the messages its
    prompt holds (None: every message before the turn's reply, found by `reply_starts`), and
    each linked skill's verdict with its reason."""

    number: int
    answering: int | None
    on: tuple[str, ...]
    kind: str = "reply"
    history: Sequence[ChatMessage] | None = None
    verdicts: tuple[Verdict, ...] = ()   # every linked skill's, in the scene's order, with its reason


@dataclass(frozen=True)
class SceneView:
    """The parts of a scene that rendering reads."""

    variables: Mapping[str, object] = field(default_factory=dict)
    budget: Mapping[str, Any] | None = None
    preset: Any = None
    tool_access: bool = True


@dataclass(frozen=True)
class Rendering:
    turn: TurnView
    next_reply: bool
    assembly: Assembly
    budget: Budget
    messages: tuple[PromptMessage, ...]
    tools: tuple[dict[str, Any], ...]
    open_answers: Mapping[str, str]
    variables: Mapping[str, object]
    preset: Preset | None

    @property
    def skills_block(self) -> str | None:
        return self.assembly.skills_block


def reply_starts(messages: Sequence[ChatMessage]) -> list[int]:
    """Where each reply starts (DESIGN 4.4): an assistant message starts a reply unless it
    continues one after that reply's tool results."""
    starts: list[int] = []
    previous: str | None = None
    in_reply = False
    for position, message in enumerate(messages):
        if message.role == "assistant":
            if not (in_reply and previous == "tool"):
                starts.append(position)
            in_reply = True
        elif message.role != "tool":
            in_reply = False
        previous = message.role
    return starts


def merged_variables(scene: SceneView, overrides: Mapping[str, str]) -> dict[str, object]:
    return {**scene.variables, **overrides}


def render_turn(*, linked: Sequence[Skill], scene: SceneView, messages: Sequence[ChatMessage],
                turn: TurnView, overrides: Mapping[str, str], context: int | None,
                counter: TokenCounter) -> Rendering:
    variables = merged_variables(scene, overrides)
    if turn.history is not None:
        shown, next_reply = list(turn.history), turn.kind == "next"
    else:
        starts = reply_starts(messages)
        next_reply = turn.number > len(starts)
        shown = list(messages[:len(messages) if next_reply else starts[turn.number - 1]])
    lead = 0
    while lead < len(shown) and shown[lead].role == "system":
        lead += 1
    preset = expand(scene.preset) if scene.preset is not None else None
    assembly = assemble(linked=linked, on=turn.on, variables=variables, preset=preset,
                        leading=shown[:lead], history=shown[lead:])
    definitions = scene_tools.definitions(linked, scene.tool_access)
    extra = {"Tools": counter.count(scene_tools.definitions_text(definitions))} if definitions else {}
    positions = {m.index: p for p, m in enumerate(shown[lead:])}
    must_keep = positions.get(turn.answering) if turn.answering is not None else None
    budget = fit(before=assembly.before, history=assembly.history, after=assembly.after, must_keep_from=must_keep,
                 limits=BudgetLimits.of(scene.budget, context), counter=counter, extra=extra)
    return Rendering(turn, next_reply, assembly, budget, tuple(assembly.messages(budget.kept)), tuple(definitions),
                     scene_tools.open_answers(linked, variables) if definitions else {}, variables, preset)
