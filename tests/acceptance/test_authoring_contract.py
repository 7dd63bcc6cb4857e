"""Acceptance: `skillkit new` and `skillkit import` against DESIGN 4.8, black-box.

The lorebooks are written here: a SillyTavern World Info export and a Character Card V2 JSON
with a `character_book`, each with entries that exercise what a skill can and cannot carry.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

WORLD_INFO: dict[str, Any] = {
    "entries": {
        "0": {
            "uid": 0,
            "key": ["sword", "blade"],
            "keysecondary": ["fight", "duel"],
            "comment": "Bob's sword",
            "content": "Bob swings his sword in wide arcs and never strikes first.",
            "constant": False,
            "selective": True,
            "selectiveLogic": 0,
            "order": 100,
            "position": 4,
            "depth": 2,
            "disable": False,
            "excludeRecursion": True,
            "preventRecursion": True,
            "probability": 100,
            "useProbability": True,
            "group": "weapons",
            "groupOverride": False,
            "groupWeight": 100,
            "scanDepth": None,
            "caseSensitive": None,
            "matchWholeWords": None,
            "automationId": "",
            "role": None,
            "vectorized": False,
            "displayIndex": 0,
        },
        "1": {
            "uid": 1,
            "key": ["/\\bsnow(ing|fall)?\\b/i", "weather"],
            "keysecondary": [],
            "comment": "Weather",
            "content": "It has been snowing for three days; the roads are closed.",
            "constant": False,
            "selective": False,
            "selectiveLogic": 0,
            "order": 90,
            "position": 0,
            "disable": False,
            "probability": 100,
            "useProbability": True,
            "scanDepth": 4,
            "caseSensitive": True,
            "matchWholeWords": True,
            "displayIndex": 1,
        },
        "2": {
            "uid": 2,
            "key": [],
            "keysecondary": [],
            "comment": "Setting",
            "content": "The story takes place in the mountain town of Greyford.",
            "constant": True,
            "selective": False,
            "order": 10,
            "position": 0,
            "disable": False,
            "probability": 100,
            "displayIndex": 2,
        },
        "3": {
            "uid": 3,
            "key": ["dragon"],
            "keysecondary": [],
            "comment": "Château de l'Ouest",
            "content": "The western castle burned a century ago.",
            "constant": False,
            "selective": False,
            "order": 100,
            "position": 1,
            "disable": False,
            "probability": 100,
            "displayIndex": 3,
        },
    }
}

CARD_V2: dict[str, Any] = {
    "spec": "chara_card_v2",
    "spec_version": "2.0",
    "data": {
        "name": "Bob",
        "description": "A retired swordsman who runs the tavern.",
        "personality": "gruff",
        "scenario": "",
        "first_mes": "What'll it be?",
        "mes_example": "",
        "creator_notes": "",
        "system_prompt": "",
        "post_history_instructions": "",
        "alternate_greetings": [],
        "tags": [],
        "creator": "tests",
        "character_version": "1",
        "extensions": {},
        "character_book": {
            "name": "Bob's lore",
            "scan_depth": 3,
            "token_budget": 500,
            "recursive_scanning": False,
            "extensions": {},
            "entries": [
                {
                    "keys": ["tavern", "inn"],
                    "content": "The Rusty Flagon has six rooms and a cellar nobody goes into.",
                    "extensions": {"position": 1, "depth": 4},
                    "enabled": True,
                    "insertion_order": 10,
                    "case_sensitive": False,
                    "name": "Tavern",
                    "priority": 10,
                    "id": 1,
                    "comment": "Tavern",
                    "selective": False,
                    "secondary_keys": [],
                    "constant": False,
                    "position": "before_char",
                },
                {
                    "keys": ["cellar"],
                    "content": "The cellar holds Bob's old armour.",
                    "extensions": {},
                    "enabled": True,
                    "insertion_order": 20,
                    "case_sensitive": True,
                    "name": "Cellar",
                    "priority": 5,
                    "id": 2,
                    "comment": "Cellar",
                    "selective": True,
                    "secondary_keys": ["armour", "armor"],
                    "constant": False,
                    "position": "after_char",
                },
            ],
        },
    },
}


def run(cli, *args: Any, cwd: Path):
    out = cli(*args, cwd=cwd)
    assert "Traceback" not in out.stderr + out.stdout, out
    return out


def frontmatter(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), text[:40]
    end = text.index("\n---\n", 4)
    return yaml.safe_load(text[4:end]), text[end + 5 :]


def skills_in(folder: Path) -> dict[str, tuple[dict[str, Any], str]]:
    return {p.parent.name: frontmatter(p) for p in sorted(folder.glob("*/SKILL.md"))}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def lint_clean(cli, path: Path, *extra: str) -> None:
    out = run(cli, "lint", str(path), *extra, cwd=path.parent)
    assert out.code == 0, out


# --------------------------------------------------------------------------- skillkit new


PROFILES = {"studio": "studio", "platform": "platform", "agent-skills": "agent-skills"}


@pytest.mark.parametrize("world", ["studio", "platform", "agent-skills"])
def test_new_scaffolds_a_skill_that_lints_clean(cli, tmp_path: Path, world: str) -> None:
    out = run(cli, "new", "night-watch", "--world", world, cwd=tmp_path)
    assert out.code == 0, out
    skill = tmp_path / "skills" / "night-watch" / "SKILL.md"
    assert skill.is_file()
    front, body = frontmatter(skill)
    assert front["name"] == "night-watch"
    assert isinstance(front["description"], str) and front["description"].strip()
    assert body.strip()
    lint_clean(cli, skill.parent, "--strict")
    lint_clean(cli, skill.parent, "--strict", "--profile", PROFILES[world])


def test_new_default_world_lints_clean(cli, tmp_path: Path) -> None:
    assert run(cli, "new", "lantern", cwd=tmp_path).code == 0
    lint_clean(cli, tmp_path / "skills" / "lantern", "--strict")


def test_new_platform_skill_is_a_platform_skill(cli, tmp_path: Path) -> None:
    assert run(cli, "new", "audit", "--world", "platform", cwd=tmp_path).code == 0
    front, body = frontmatter(tmp_path / "skills" / "audit" / "SKILL.md")
    assert front.get("version", 1) == 1
    assert body.strip(), "a platform skill's body must not be blank"


def test_new_dir_option(cli, tmp_path: Path) -> None:
    out = run(cli, "new", "lantern", "--dir", "workspace/my-skills", cwd=tmp_path)
    assert out.code == 0, out
    assert (tmp_path / "workspace" / "my-skills" / "lantern" / "SKILL.md").is_file()
    assert not (tmp_path / "skills").exists()
    absolute = tmp_path / "abs"
    assert run(cli, "new", "lantern", "--dir", str(absolute), cwd=tmp_path).code == 0
    assert (absolute / "lantern" / "SKILL.md").is_file()


def test_new_in_a_workspace_keeps_the_workspace_clean(cli, tmp_path: Path) -> None:
    for name, world in (("one", "studio"), ("two", "platform"), ("three", "agent-skills")):
        assert run(cli, "new", name, "--world", world, cwd=tmp_path).code == 0
    lint_clean(cli, tmp_path / "skills")


@pytest.mark.parametrize(
    "name",
    ["Weather", "bad_name", "-lead", "trail-", "dou--ble", "a" * 65, "with space", "../escape", "a/b", "", "café", "."],
)
def test_new_refuses_an_invalid_name(cli, tmp_path: Path, name: str) -> None:
    out = run(cli, "new", name, cwd=tmp_path)
    assert out.code == 2, out
    assert not list(tmp_path.rglob("SKILL.md"))
    assert not (tmp_path / "escape").exists()


def test_new_accepts_the_longest_name(cli, tmp_path: Path) -> None:
    name = "a" + "-b" * 31 + "c"
    assert len(name) == 64
    assert run(cli, "new", name, cwd=tmp_path).code == 0
    lint_clean(cli, tmp_path / "skills" / name)


def test_new_refuses_an_existing_folder_without_force(cli, tmp_path: Path) -> None:
    folder = tmp_path / "skills" / "lantern"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: lantern\ndescription: Mine.\n---\nMine.\n", encoding="utf-8")
    (folder / "notes.md").write_text("keep me", encoding="utf-8")
    before = snapshot(folder)
    out = run(cli, "new", "lantern", cwd=tmp_path)
    assert out.code == 2, out
    assert snapshot(folder) == before
    out = run(cli, "new", "lantern", "--force", cwd=tmp_path)
    assert out.code == 0, out
    front, _ = frontmatter(folder / "SKILL.md")
    assert front["name"] == "lantern" and front["description"] != "Mine."
    assert (folder / "notes.md").read_text(encoding="utf-8") == "keep me"  # overwritten, not emptied
    lint_clean(cli, folder)


# --------------------------------------------------------------------------- skillkit import


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def test_import_world_info(cli, tmp_path: Path) -> None:
    source = write_json(tmp_path / "world.json", WORLD_INFO)
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code == 0, out
    skills = skills_in(tmp_path / "out")
    assert len(skills) == 4, list(skills)
    by_body = {body.strip(): (name, front) for name, (front, body) in skills.items()}
    # every entry's content is carried as the skill's text
    for entry in WORLD_INFO["entries"].values():
        assert entry["content"] in by_body, (entry["content"], list(by_body))
    name, sword = by_body[WORLD_INFO["entries"]["0"]["content"]]
    assert sword["name"] == name
    assert sword["triggers"] == ["sword", "blade"]
    assert sword["secondaryTriggers"] == ["fight", "duel"]
    assert sword.get("selectiveLogic", "andAny") == "andAny"
    assert sword.get("when", "picked") in ("mentioned", "picked")
    _, weather = by_body[WORLD_INFO["entries"]["1"]["content"]]
    assert weather["triggers"] == ["/\\bsnow(ing|fall)?\\b/i", "weather"]
    assert weather["scanDepth"] == 4 and weather["caseSensitive"] is True and weather["matchWholeWords"] is True
    _, setting = by_body[WORLD_INFO["entries"]["2"]["content"]]
    assert setting["when"] == "always"  # a constant entry is always on
    # what a skill cannot carry is printed
    report = (out.stdout + out.stderr).lower()
    for lost in ("position", "order", "group"):
        assert lost in report, (lost, report)
    lint_clean(cli, tmp_path / "out")


def test_import_world_info_switches_on_as_the_lorebook_did(cli, tmp_path: Path) -> None:
    source = write_json(tmp_path / "world.json", WORLD_INFO)
    assert run(cli, "import", str(source), "-o", "skills", cwd=tmp_path).code == 0
    transcript = write_json(
        tmp_path / "chat.json",
        [{"role": "user", "content": "Bob draws his sword for the duel."}, {"role": "assistant", "content": "..."}],
    )
    out = run(cli, "simulate", str(transcript), "--skills", "skills", "--format", "json", cwd=tmp_path)
    assert out.code == 0, out
    turns = json.loads(out.stdout)["turns"]
    on = {s["name"] for s in turns[0]["skills"] if s["on"]}
    names = {body.strip(): name for name, (_, body) in skills_in(tmp_path / "skills").items()}
    assert names[WORLD_INFO["entries"]["0"]["content"]] in on  # sword + duel
    assert names[WORLD_INFO["entries"]["2"]["content"]] in on  # constant
    assert names[WORLD_INFO["entries"]["3"]["content"]] not in on  # no dragon


def test_import_character_card_v2(cli, tmp_path: Path) -> None:
    source = write_json(tmp_path / "bob.json", CARD_V2)
    out = run(cli, "import", str(source), cwd=tmp_path)  # default DIR: skills/
    assert out.code == 0, out
    skills = skills_in(tmp_path / "skills")
    assert len(skills) == 2, list(skills)
    by_body = {body.strip(): front for front, body in skills.values()}
    tavern = by_body[CARD_V2["data"]["character_book"]["entries"][0]["content"]]
    assert tavern["triggers"] == ["tavern", "inn"]
    cellar = by_body[CARD_V2["data"]["character_book"]["entries"][1]["content"]]
    assert cellar["triggers"] == ["cellar"]
    assert cellar["secondaryTriggers"] == ["armour", "armor"]
    # The entry's top-level `case_sensitive` is not read by SillyTavern's card import (only
    # `extensions.case_sensitive` is: convertCharacterBook), so the skill keeps the default.
    assert cellar.get("caseSensitive", False) is False
    report = (out.stdout + out.stderr).lower()
    assert "position" in report or "order" in report or "priority" in report, report
    lint_clean(cli, tmp_path / "skills")


def test_import_entries_with_the_same_title_do_not_collide(cli, tmp_path: Path) -> None:
    data = copy.deepcopy(WORLD_INFO)
    data["entries"]["1"]["comment"] = data["entries"]["0"]["comment"]
    data["entries"]["3"]["comment"] = ""
    data["entries"]["2"]["comment"] = "!!!"
    source = write_json(tmp_path / "world.json", data)
    assert run(cli, "import", str(source), "-o", "out", cwd=tmp_path).code == 0
    skills = skills_in(tmp_path / "out")
    assert len(skills) == 4, list(skills)
    lint_clean(cli, tmp_path / "out")


def test_import_overwrites_nothing_without_force(cli, tmp_path: Path) -> None:
    source = write_json(tmp_path / "world.json", WORLD_INFO)
    assert run(cli, "import", str(source), "-o", "out", cwd=tmp_path).code == 0
    some = sorted((tmp_path / "out").glob("*/SKILL.md"))[0]
    some.write_text(some.read_text(encoding="utf-8") + "\nMy own edit.\n", encoding="utf-8")
    before = snapshot(tmp_path / "out")
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code != 0, out
    assert snapshot(tmp_path / "out") == before
    out = run(cli, "import", str(source), "-o", "out", "--force", cwd=tmp_path)
    assert out.code == 0, out
    assert "My own edit." not in some.read_text(encoding="utf-8")


def test_import_writes_nothing_when_one_skill_already_exists(cli, tmp_path: Path) -> None:
    source = write_json(tmp_path / "world.json", WORLD_INFO)
    assert run(cli, "import", str(source), "-o", "first", cwd=tmp_path).code == 0
    taken = sorted((tmp_path / "first").iterdir())[0].name
    mine = tmp_path / "out" / taken
    mine.mkdir(parents=True)
    (mine / "SKILL.md").write_text("mine", encoding="utf-8")
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code != 0, out
    assert snapshot(tmp_path / "out") == {f"{taken}/SKILL.md": b"mine"}


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[]",
        b"42",
        b'{"hello": "world"}',
        b'{"entries": 5}',
        b'{"spec": "chara_card_v2", "data": {"name": "Nobody"}}',
        b'{"spec": "chara_card_v2", "data": {"name": "Bob", "character_book": {"entries": "nope"}}}',
    ],
    ids=["empty", "broken-json", "binary", "list", "number", "no-entries", "entries-number",
         "card-without-lorebook", "card-bad-book"],
)
def test_import_malformed_input_exits_2(cli, tmp_path: Path, content: bytes) -> None:
    source = tmp_path / "input.json"
    source.write_bytes(content)
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code == 2, out
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_import_a_missing_file_exits_2(cli, tmp_path: Path) -> None:
    assert run(cli, "import", str(tmp_path / "absent.json"), cwd=tmp_path).code == 2


def test_an_entry_whose_content_is_not_text_is_reported_as_such(cli, tmp_path: Path) -> None:
    # One odd entry does not make the file unusable: it is skipped, and the report says why.
    data = copy.deepcopy(WORLD_INFO)
    data["entries"]["9"] = {"uid": 9, "key": ["odd"], "comment": "Odd one", "content": ["not", "text"]}
    source = write_json(tmp_path / "world.json", data)
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code == 0, out
    assert len(skills_in(tmp_path / "out")) == 4
    report = out.stdout + out.stderr
    assert "Odd one" in report and "not text" in report, report


def test_a_disabled_entry_is_not_carried_and_is_listed(cli, tmp_path: Path) -> None:
    data = copy.deepcopy(WORLD_INFO)
    data["entries"]["3"]["disable"] = True
    source = write_json(tmp_path / "world.json", data)
    out = run(cli, "import", str(source), "-o", "out", cwd=tmp_path)
    assert out.code == 0, out
    bodies = {body.strip() for _, body in skills_in(tmp_path / "out").values()}
    assert data["entries"]["3"]["content"] not in bodies
    assert "Château" in out.stdout + out.stderr


def test_import_beside_other_skills_leaves_them_alone(cli, tmp_path: Path) -> None:
    mine = tmp_path / "skills" / "mine"
    mine.mkdir(parents=True)
    (mine / "SKILL.md").write_text("---\nname: mine\ndescription: Mine.\n---\nMine.\n", encoding="utf-8")
    source = write_json(tmp_path / "world.json", WORLD_INFO)
    assert run(cli, "import", str(source), cwd=tmp_path).code == 0
    assert (mine / "SKILL.md").read_text(encoding="utf-8") == "---\nname: mine\ndescription: Mine.\n---\nMine.\n"
    assert len(skills_in(tmp_path / "skills")) == 5
    lint_clean(cli, tmp_path / "skills")


def test_new_refuses_an_unknown_world(cli, tmp_path: Path) -> None:
    assert run(cli, "new", "lantern", "--world", "narnia", cwd=tmp_path).code == 2
    assert not (tmp_path / "skills").exists()


def test_new_refuses_a_file_in_the_way(cli, tmp_path: Path) -> None:
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "lantern").write_text("a file", encoding="utf-8")
    for extra in ((), ("--force",)):
        out = run(cli, "new", "lantern", *extra, cwd=tmp_path)
        assert out.code == 2, out
        assert (tmp_path / "skills" / "lantern").read_text(encoding="utf-8") == "a file"


def test_new_platform_skill_in_a_semver_workspace_lints_clean(cli, tmp_path: Path) -> None:
    # One workspace uses one kind of version: the new skill takes the kind of those beside it.
    ws = tmp_path / "ws"
    (ws / "skills" / "review").mkdir(parents=True)
    (ws / "skills" / "review" / "SKILL.md").write_text(
        '---\nname: review\ndescription: Review things.\nversion: "2.1.0"\n---\nReview.\n', encoding="utf-8")
    assert run(cli, "new", "audit", "--world", "platform", cwd=ws).code == 0
    lint_clean(cli, ws)
    front, _ = frontmatter(ws / "skills" / "audit" / "SKILL.md")
    assert isinstance(front["version"], str)
