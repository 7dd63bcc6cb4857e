"""Render's view of the activation engine (skillkit.studio.scene, skillkit.transcripts and
skillkit.studio.activation, read through their public API): the scene's linked skills and
settings, and for every turn which skills are on and which messages its prompt holds.

The prompt of a turn holds the transcript's messages before the generation it writes, less
hidden messages and replies that a swipe or regenerate took back; a continue's text joins
the reply it continues, as chat front ends store it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Collection, Sequence

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.model import Skill
from skillkit.studio.render import SceneView, TurnView
from skillkit.transcripts.model import Transcript

Where = Callable[[tuple[str | int, ...]], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class HistoryMessage:
    role: str
    text: str
    index: int


@dataclass(frozen=True)
class LinkedScene:
    scene: Any                   # activation's Scene, handed back to simulate
    linked: tuple[Skill, ...]    # the linked skills that could be read, in the scene's order
    view: SceneView
    path: str | None             # the scene file's display path, None for the default scene
    where: Where                 # a path in the scene's data -> (line, column)
    diagnostics: tuple[Diagnostic, ...] = ()   # links left out


def scene_for(path: Path | None, skills: Sequence[Skill], unreadable: Collection[str] = ()) -> LinkedScene:
    from skillkit.core.paths import display
    from skillkit.studio.scene import default_scene, load_scene

    scene = load_scene(path, skills, unreadable) if path is not None else default_scene(skills)
    view = SceneView(variables=dict(scene.variables), budget=scene.budget, preset=scene.preset,
                     tool_access=scene.tool_access)
    # The positions the scene's own reading kept: the file is not read and parsed a second time.
    return LinkedScene(scene, scene.linked, view, display(path) if path is not None else None,
                       lambda p: scene.at(tuple(p)), scene.diagnostics)


def history_of(messages: Sequence[Any], turns: Sequence[Any], number: int) -> tuple[HistoryMessage, ...]:
    """The messages turn `number`'s prompt holds (see the module's docstring). One pass over
    the turns before it (for what swipes took back), one over the messages before it."""
    taken_back: list[range] = []
    last_reply: tuple[int, ...] = ()   # the messages of the generation a swipe would replace
    first = len(messages)
    for turn in turns:
        first = min(turn.messages) if turn.messages else len(messages)
        if turn.kind in ("swipe", "regenerate") and last_reply:
            taken_back.append(range(min(last_reply), first))
        if turn.kind in ("reply", "swipe", "regenerate"):
            last_reply = tuple(turn.messages)
        if turn.number == number:
            break
    gone = {index for span in taken_back for index in span}
    history: list[HistoryMessage] = []
    for message in messages[:first]:
        if message.hidden or message.index in gone:
            continue
        if message.event == "continue" and history and history[-1].role == "assistant":
            joined = history[-1]
            history[-1] = HistoryMessage(joined.role, joined.text + message.text, joined.index)
            continue
        history.append(HistoryMessage(message.role, message.text, message.index))
    return tuple(history)


def load_turn(linked: LinkedScene, transcript: Transcript | None, skills: Sequence[Skill], wanted: int | None,
              unreadable: Collection[str] = (), progress: Callable[[int, int], None] | None = None) -> TurnView:
    """Turn `wanted` (default: the last, the next reply when there is one) as activation gives
    it, with every linked skill's verdict and the messages its prompt holds. Without a
    transcript: one turn, the next reply, with an empty history, on which only `always` skills
    are on. Only that turn is judged (skillkit.studio.activation_turn): a long history costs
    what one turn needs."""
    from skillkit.studio.activation_turn import activate_turn

    loaded = transcript if transcript is not None else Transcript("<no transcript>", "yaml", ())
    turn, planned = activate_turn(skills, linked.scene, loaded, wanted, unreadable=unreadable, progress=progress)
    ids = {s.name: s.id for s in linked.linked}
    chosen = TurnView(turn.turn, turn.answering, tuple(ids.get(name, name) for name in turn.on()), turn.kind,
                      verdicts=turn.verdicts)
    return replace(chosen, history=history_of(loaded.messages, planned, chosen.number))
