"""Scenes: linked skills in order, no duplicates; gone, unreadable and same-named skills left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillkit.core.errors import InputError
from skillkit.core.model import Skill
from skillkit.studio.scene import default_scene, link, load_scene
from tests.conftest import FIXTURES


def skill(folder: str, name: str | None = None, when: str = "always") -> Skill:
    return Skill(name=name or folder, description="d", body="b", path=f"skills/{folder}/SKILL.md",
                 folder=Path("skills") / folder, fields={}, when=when)


def test_a_scene_file_links_in_its_order_and_reads_its_settings():
    scene = load_scene(FIXTURES / "studio" / "tavern" / "scenes" / "locked.yaml")
    assert scene.skill_ids == ("greeting", "lore", "herbs")
    assert scene.tool_access is False
    assert load_scene(FIXTURES / "studio" / "tavern" / "scenes" / "no-access-key.yaml").tool_access is True


def test_links_left_out_each_with_a_diagnostic():
    scene = load_scene(FIXTURES / "studio" / "links" / "scenes" / "messy.yaml")
    linked = link(scene, [skill("alpha"), skill("beta")], unreadable={"broken"})
    assert [s.name for s in linked.skills] == ["beta", "alpha"]
    assert [(d.line, d.column, d.message) for d in linked.diagnostics] == [
        (2, 16, "linked skill 'ghost' is not found; it is left out"),
        (2, 23, "linked skill 'broken' has errors; it is left out"),
        (2, 38, "skill 'beta' is linked twice; the second link is left out"),
    ]
    assert all(d.rule == "scene-links" and str(d.severity) == "warning" for d in linked.diagnostics)


def test_a_skill_whose_name_a_linked_skill_already_has_is_left_out():
    scene = load_scene(FIXTURES / "studio" / "dupes" / "scenes" / "both.yaml")
    linked = link(scene, [skill("alpha"), skill("alpha-copy", name="alpha")])
    assert [s.id for s in linked.skills] == ["alpha-copy"]
    assert "has the name 'alpha', which the linked skill 'alpha-copy' already has" in linked.diagnostics[0].message


def test_without_a_scene_every_skill_is_linked_in_name_order_with_tool_access_on():
    scene = default_scene([skill("zeta"), skill("alpha"), skill("mid")])
    assert scene.path is None and scene.tool_access is True
    assert [s.name for s in scene.linked] == ["alpha", "mid", "zeta"]
    twins = default_scene([skill("a", "same"), skill("b", "same")])
    assert [s.id for s in twins.linked] == ["a"] and "already has" in twins.diagnostics[0].message


def test_load_scene_with_skills_resolves_the_links():
    scene = load_scene(FIXTURES / "studio" / "tavern" / "scenes" / "locked.yaml",
                       [skill("herbs", when="picked"), skill("greeting"), skill("lore", when="picked")])
    assert [s.name for s in scene.linked] == ["greeting", "lore", "herbs"]


@pytest.mark.parametrize("text, line", [("skills: nope\n", 1), ("skills: [a]\ntoolAccess: maybe\n", 2),
                                        ("skills: [\n", 2)])
def test_an_invalid_scene_file_is_an_input_error_with_its_line(tmp_path, text, line):
    path = tmp_path / "scene.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_scene(path)
    assert caught.value.line == line


def test_a_missing_scene_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError):
        load_scene(tmp_path / "none.yaml")
    with pytest.raises(InputError):
        load_scene(tmp_path)


def test_include_names_is_read_and_off_by_default(tmp_path):
    from skillkit.studio.scene import speaker_names
    from skillkit.transcripts.model import Message

    assert load_scene(FIXTURES / "studio" / "fidelity" / "scenes" / "names.yaml").include_names is True
    assert load_scene(FIXTURES / "studio" / "fidelity" / "scenes" / "plain.yaml").include_names is False
    assert speaker_names(default_scene([])) is None
    path = tmp_path / "s.yaml"
    path.write_text("includeNames: true\nvariables: {user: Ann}\n", encoding="utf-8")
    names = speaker_names(load_scene(path))
    assert names is not None
    # the transcript's own name first, else the scene's user (a reply without `char`: no name)
    assert [names(Message(0, "user", "hi", "Zed")), names(Message(1, "user", "hi")),
            names(Message(2, "assistant", "yo")), names(Message(3, "system", "rules"))] == ["Zed", "Ann", None, None]
    path.write_text("includeNames: yes please\n", encoding="utf-8")
    with pytest.raises(InputError):
        load_scene(path)
