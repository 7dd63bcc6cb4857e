"""Render's view of the activation engine (skillkit.studio.scene, skillkit.transcripts and
skillkit.studio.activation, read through their public API): the scene's linked skills and
settings, and for every turn which skills are on and which messages its prompt holds.

The prompt of a turn holds the transcript's messages before the generation it writes, less
hidden messages and replies that a swipe or regenerate took back; a continue's text joins
the reply it continues, as chat front ends store it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Collection, Sequence

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.model import Skill
from skillkit.studio.render import SceneView, TurnView

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


def _where_in(path: Path | None) -> Where:
    """Positions in the scene file, read once with the positions-keeping YAML parser."""
    if path is None:
        return lambda _: (1, 1)
    from skillkit.core.reader import read_text
    from skillkit.core.yamlparse import parse_yaml

    source, _ = read_text(path, path.as_posix())
    parsed = parse_yaml(source.text, path.as_posix()) if source is not None else None
    return (lambda p: parsed.where(tuple(p))) if parsed is not None else (lambda _: (1, 1))


def scene_for(path: Path | None, skills: Sequence[Skill], unreadable: Collection[str] = ()) -> LinkedScene:
    from skillkit.core.paths import display
    from skillkit.studio.scene import default_scene, load_scene

    scene = load_scene(path, skills, unreadable) if path is not None else default_scene(skills)
    view = SceneView(variables=dict(scene.variables), budget=scene.budget, preset=scene.preset,
                     tool_access=scene.tool_access)
    return LinkedScene(scene, scene.linked, view, display(path) if path is not None else None, _where_in(path),
                       scene.diagnostics)


def _histories(messages: Sequence[Any], turns: Sequence[Any]) -> list[tuple[HistoryMessage, ...]]:
    """The messages each turn's prompt holds (see the module's docstring)."""
    taken_back: set[int] = set()
    last_reply: tuple[int, ...] = ()   # the messages of the generation a swipe would replace
    out = []
    for turn in turns:
        first = min(turn.messages) if turn.messages else len(messages)
        if turn.kind in ("swipe", "regenerate") and last_reply:
            taken_back.update(range(min(last_reply), first))
        if turn.kind in ("reply", "swipe", "regenerate"):
            last_reply = tuple(turn.messages)
        history: list[HistoryMessage] = []
        for message in messages[:first]:
            if message.hidden or message.index in taken_back:
                continue
            if message.event == "continue" and history and history[-1].role == "assistant":
                joined = history[-1]
                history[-1] = HistoryMessage(joined.role, joined.text + message.text, joined.index)
                continue
            history.append(HistoryMessage(message.role, message.text, message.index))
        out.append(tuple(history))
    return out


def load_turns(linked: LinkedScene, transcript: Path | None, skills: Sequence[Skill],
               unreadable: Collection[str] = ()) -> list[TurnView]:
    """Every turn activation gives (a reply, a continue, a swipe, the next reply), with what
    is on and the messages its prompt holds. Without a transcript: one turn, the next reply,
    with an empty history, on which only `always` skills are on (nothing to scan, nothing open)."""
    if transcript is None:
        return [TurnView(1, None, tuple(s.id for s in linked.linked if s.when == "always"), "next", ())]
    from skillkit.core.paths import display
    from skillkit.studio.activation import simulate
    from skillkit.transcripts import load_transcript

    loaded = load_transcript(transcript, display(transcript))
    simulation = simulate(skills, linked.scene, loaded, unreadable=unreadable)
    ids = {s.name: s.id for s in simulation.skills}
    histories = _histories(loaded.messages, simulation.turns)
    return [TurnView(t.turn, t.answering, tuple(ids.get(name, name) for name in t.on()), t.kind, history)
            for t, history in zip(simulation.turns, histories)]
