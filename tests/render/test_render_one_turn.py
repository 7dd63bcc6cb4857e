"""render judges only the turn it renders (skillkit.studio.activation_turn), and says exactly
what simulate says of that turn: checked turn by turn on the fixtures' scenes and transcripts
(open/close calls, continues, swipes) and on a generated chat where picked skills open and
close, with mixed scan depths."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from skillkit.cli.library import read_library
from skillkit.core.model import Skill
from skillkit.studio.activation import simulate
from skillkit.studio.activation_turn import activate_turn
from skillkit.studio.scene import Scene, default_scene, load_scene
from skillkit.transcripts import load_transcript
from skillkit.transcripts.model import Message, ToolCall, Transcript
from tests.conftest import FIXTURES


def assert_same_as_simulate(skills: list[Skill], scene: Scene, transcript: Transcript) -> None:
    full = simulate(skills, scene, transcript)
    for turn in full.turns:
        one, planned = activate_turn(skills, scene, transcript, turn.turn)
        assert one.verdicts == turn.verdicts, turn.turn
        assert (one.turn, one.answering, one.kind, one.calls) == (turn.turn, turn.answering, turn.kind, turn.calls)
        assert [p.number for p in planned] == [t.turn for t in full.turns[:len(planned)]]


@pytest.mark.parametrize("scene_name, transcript_name", [
    ("tavern.yaml", "activation.yaml"), ("tavern.yaml", "tavern.jsonl"), ("tavern.yaml", "openai.json"),
    ("locked.yaml", "activation.yaml"), (None, "activation.yaml"), (None, "tavern.jsonl"),
])
def test_one_turn_is_what_simulate_says_of_it(scene_name: str | None, transcript_name: str) -> None:
    skills = list(read_library(FIXTURES / "studio" / "tavern").skills)
    scene = (load_scene(FIXTURES / "studio" / "tavern" / "scenes" / scene_name, skills) if scene_name
             else default_scene(skills))
    assert_same_as_simulate(skills, scene, load_transcript(FIXTURES / "transcripts" / transcript_name))


def _chat(rng: random.Random, words: list[str], picked: list[str], replies: int) -> Transcript:
    messages: list[Message] = []

    def text() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))

    def calls() -> tuple[ToolCall, ...]:
        if rng.random() < 0.3:
            return (ToolCall(rng.choice(("open_skill", "close_skill")), json.dumps({"name": rng.choice(picked)})),)
        return ()

    for _ in range(replies):
        messages.append(Message(len(messages), "user", text()))
        messages.append(Message(len(messages), "assistant", text(), tool_calls=calls()))
        # A swipe, regenerate or continue of that reply now and then (its calls taken back or kept).
        event = rng.choice((None, None, "swipe", "regenerate", "continue"))
        if event is not None:
            messages.append(Message(len(messages), "assistant", text(), tool_calls=calls(), event=event))
    return Transcript("generated", "yaml", tuple(messages))


@pytest.mark.parametrize("seed", range(4))
def test_picked_skills_open_and_close_as_in_simulate(seed: int) -> None:
    rng = random.Random(seed)
    words = ["tea", "moon", "sword", "rain", "quiet", "door", "lamp", "road"]
    base = list(read_library(FIXTURES / "studio" / "tavern").skills)[0]
    skills = []
    for index in range(12):
        when = ("picked", "mentioned", "always")[index % 3]
        skills.append(replace(base, name=f"s{index}", folder=Path(f"s{index}"), path=f"skills/s{index}/SKILL.md",
                              when=when, triggers=tuple(rng.sample(words, 2)), scan_depth=rng.choice((1, 2, 4)),
                              close_when_unmentioned=when == "picked" and index % 2 == 0,
                              secondary_triggers=(), fields={}))
    picked = [s.name for s in skills if s.when == "picked"] + ["nobody"]
    chat = _chat(rng, words, picked, 40)
    kinds = {t.kind for t in simulate(skills, default_scene(skills), chat).turns}
    assert {"reply", "swipe", "regenerate", "continue"} <= kinds
    assert_same_as_simulate(skills, default_scene(skills), chat)


def test_only_the_rendered_turn_judges_the_mentioned_skills(monkeypatch) -> None:
    """The cost of a long history: every skill is judged on the rendered turn alone."""
    from skillkit.studio import activation

    judged: list[str] = []
    real = activation._Walk.judge

    def counting(self, index, planned, mention):  # type: ignore[no-untyped-def]
        judged.append(self.skills[index].when)
        return real(self, index, planned, mention)

    monkeypatch.setattr(activation._Walk, "judge", counting)
    base = list(read_library(FIXTURES / "studio" / "tavern").skills)[0]
    skills = [replace(base, name=f"m{i}", folder=Path(f"m{i}"), path=f"skills/m{i}/SKILL.md", when="mentioned",
                      triggers=(f"word{i}",), secondary_triggers=(), fields={}) for i in range(30)]
    chat = Transcript("long", "yaml", tuple(Message(i, ("user", "assistant")[i % 2], f"word{i % 40} here")
                                            for i in range(401)))
    turn, planned = activate_turn(skills, default_scene(skills), chat, None)
    assert len(planned) == 201 and judged == ["mentioned"] * 30
    assert turn.on() == simulate(skills, default_scene(skills), chat).turns[-1].on()
