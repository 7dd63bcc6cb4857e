"""Acceptance, round 3: assembly amended (DESIGN 8.3, seed 000; issue 27), through the real CLI.

Of two linked skills with one name, `render` and `simulate` keep the first and leave the other
out with a diagnostic, whatever lint's `name-unique` says; `render --format json` lists every
linked skill with `on` and a reason, in the scene's order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.acceptance.round3_support import finished, put, skill_md, skillkit

FIRST_TEXT = "The first sword skill's text."
SECOND_TEXT = "The second sword skill's text."


def studio_skill(root: Path, folder: str, name: str, when: str, body: str, triggers: list[str] | None = None,
                 name_note: str = "") -> None:
    extra = f"when: {when}"
    if triggers is not None:
        extra += f"\ntriggers: {json.dumps(triggers)}"
    text = skill_md(name + name_note, description=f"The {folder} skill, for the round-3 tests.",
                    extra=extra, body=body + "\n")
    put(root, f"skills/{folder}/SKILL.md", text)


def chat(root: Path, messages: list[dict[str, Any]]) -> Path:
    return put(root, "chat.json", json.dumps(messages))


def scene(root: Path, skills: list[str], **more: Any) -> Path:
    return put(root, "scenes/scene.yaml", json.dumps({"skills": skills, **more}))


@pytest.fixture
def two_of_one_name(tmp_path: Path) -> Path:
    """`sword` and `blade`, both named `sword` (blade's folder mismatch silenced, so it has no
    error of its own): only their shared name sets them apart."""
    root = tmp_path / "ws"
    studio_skill(root, "sword", "sword", "always", FIRST_TEXT)
    studio_skill(root, "blade", "sword", "mentioned", SECOND_TEXT, triggers=["hello"],
                 name_note=" # skillkit: ignore[name-folder]")
    chat(root, [{"role": "user", "content": "hello there"}])
    return root


def render_json(root: Path, *args: str) -> tuple[Any, dict[str, Any]]:
    run = finished(skillkit("render", "chat.json", "--skills", "skills", "--scene", "scenes/scene.yaml",
                            "--format", "json", *args, cwd=root), 0, 1)
    return run, run.json()


@pytest.mark.parametrize("order,kept,gone", [
    (["sword", "blade"], FIRST_TEXT, SECOND_TEXT),
    (["blade", "sword"], SECOND_TEXT, FIRST_TEXT),
], ids=["sword-first", "blade-first"])
def test_render_keeps_the_first_of_two_linked_skills_with_one_name(two_of_one_name: Path, order, kept, gone) -> None:
    """8.3: "In `render` and `simulate`, of two linked skills with one name the first is kept and
    the other left out with a diagnostic, whatever lint's `name-unique` says of them."
    (Issue 27: "with two linked skills named alike, `render` drops both (exit 1, no block)".)"""
    scene(two_of_one_name, order)
    run, document = render_json(two_of_one_name)
    block = document["skillsBlock"] or ""
    assert block == f"### Skills\n\n## sword\n{kept}", (block, str(run))
    assert gone not in json.dumps(document["messages"]), document["messages"]
    assert run.stderr.strip(), f"no diagnostic for the skill left out: {run}"


@pytest.mark.parametrize("order,kept_when", [
    (["sword", "blade"], "always"),
    (["blade", "sword"], "mentioned"),
], ids=["sword-first", "blade-first"])
def test_simulate_keeps_the_first_of_two_linked_skills_with_one_name(two_of_one_name: Path, order, kept_when) -> None:
    """8.3: "In `render` and `simulate`, of two linked skills with one name the first is kept and
    the other left out with a diagnostic, whatever lint's `name-unique` says of them.\""""
    scene(two_of_one_name, order)
    run = finished(skillkit("simulate", "chat.json", "--skills", "skills", "--scene", "scenes/scene.yaml",
                            "--format", "json", cwd=two_of_one_name), 0, 1)
    turns = run.json()["turns"]
    assert turns, str(run)
    for turn in turns:
        swords = [s for s in turn["skills"] if s["name"] == "sword"]
        assert len(swords) == 1, (turn, str(run))
        assert swords[0]["when"] == kept_when and swords[0]["on"] is True, swords
    assert run.stderr.strip(), f"no diagnostic for the skill left out: {run}"


def test_render_json_lists_every_linked_skill_with_on_and_reason_in_scene_order(tmp_path: Path) -> None:
    """8.3: "`render --format json` adds `"skills": [{"name": ..., "on": true|false, "reason":
    "Mentioned: sword."}]` for every linked skill, in the scene's order." Off skills included
    (issue 27: "off skills and every reason are missing")."""
    root = tmp_path / "ws"
    studio_skill(root, "weather", "weather", "mentioned", "Describe the weather.", triggers=["rain"])
    studio_skill(root, "anchor", "anchor", "always", "Always here.")
    studio_skill(root, "sword", "sword", "mentioned", "Swing it.", triggers=["sword"])
    studio_skill(root, "lore", "lore", "picked", "Old songs.", triggers=["kingdom"])
    chat(root, [{"role": "user", "content": "I draw my sword."}])
    scene(root, ["weather", "sword", "lore", "anchor"])
    _, document = render_json(root)
    skills = document["skills"]
    assert [s["name"] for s in skills] == ["weather", "sword", "lore", "anchor"], skills
    assert [s["on"] for s in skills] == [False, True, False, True], skills
    for entry in skills:
        assert set(entry) >= {"name", "on", "reason"}, entry
        assert isinstance(entry["reason"], str) and entry["reason"].strip(), entry
    assert "sword" in skills[1]["reason"], skills[1]  # "Mentioned: sword."


def test_render_json_skills_agree_with_simulate_for_the_rendered_turn(tmp_path: Path) -> None:
    """8.3 with 4.5: render assembles one turn "as the studio would", and its `skills` carry each
    linked skill's verdict: the same `on` as `simulate` gives on that turn (here the next reply)."""
    root = tmp_path / "ws"
    studio_skill(root, "weather", "weather", "mentioned", "Describe the weather.", triggers=["rain"])
    studio_skill(root, "sword", "sword", "mentioned", "Swing it.", triggers=["sword"])
    chat(root, [{"role": "user", "content": "rain again"}, {"role": "assistant", "content": "Yes."},
                {"role": "user", "content": "my sword"}])
    scene(root, ["sword", "weather"])
    _, document = render_json(root)
    run = finished(skillkit("simulate", "chat.json", "--skills", "skills", "--scene", "scenes/scene.yaml",
                            "--format", "json", cwd=root), 0)
    last = run.json()["turns"][-1]
    expected = [(s["name"], s["on"]) for s in last["skills"]]
    assert [(s["name"], s["on"]) for s in document["skills"]] == expected, (document["skills"], last)
