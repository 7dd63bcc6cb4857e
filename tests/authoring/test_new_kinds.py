"""`skillkit new scene|agent|tool|transcript NAME`: each file lints clean (the transcript reads
in simulate), the skill stays the default; the transcript schema matches the reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from skillkit.core.fields.transcript import EVENTS, ROLES
from skillkit.transcripts import model
from tests.conftest import FIXTURES, REPO

SCHEMA = Draft202012Validator(json.loads((REPO / "schemas" / "transcript.schema.json").read_text()))


@pytest.mark.parametrize(("world", "skill_world"), [("default", "studio"), ("studio", "studio"),
                                                   ("platform", "platform")])
def test_every_kind_scaffolds_and_lints_clean(cli, tmp_path, world, skill_world):
    (tmp_path / ".git").mkdir()
    for argv in (["scene", "tavern"], ["agent", "reviewer"], ["tool", "get_activity"],
                 ["weather", "--world", skill_world],
                 ["transcript", "first-chat"]):
        outcome = cli("new", *argv, cwd=tmp_path)
        assert outcome.code == 0, outcome.stderr
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == [
        "agents/reviewer.yaml", "scenes/tavern.yaml", "skills/weather/SKILL.md", "tools/get_activity.yaml",
        "transcripts/first-chat.yaml"]
    lint = cli("lint", "--profile", world, "--format", "json", cwd=tmp_path)
    assert lint.code == 0 and json.loads(lint.stdout)["diagnostics"] == [], lint.stdout
    assert json.loads(lint.stdout)["summary"]["files"] == 4
    simulate = cli("simulate", "transcripts/first-chat.yaml", cwd=tmp_path)
    assert simulate.code == 0, simulate.stderr


def test_the_skill_stays_the_default_and_a_kind_refuses_to_overwrite(cli, tmp_path):
    assert cli("new", "scene", cwd=tmp_path).code == 0  # one word: a skill named `scene`
    assert (tmp_path / "skills" / "scene" / "SKILL.md").is_file()
    assert cli("new", "scene", "x", "-o", "elsewhere", cwd=tmp_path).code == 0
    assert (tmp_path / "elsewhere" / "x.yaml").is_file()
    again = cli("new", "scene", "x", "--dir", "elsewhere", cwd=tmp_path)
    assert again.code == 2 and "--force" in again.stderr
    assert cli("new", "scene", "x", "--dir", "elsewhere", "--force", cwd=tmp_path).code == 0
    bad = cli("new", "widget", "x", cwd=tmp_path)
    assert bad.code == 2 and "unknown kind" in bad.stderr
    assert cli("new", "tool", "../up", cwd=tmp_path).code == 2


def test_import_takes_dir_and_new_takes_o(cli, tmp_path):
    assert cli("import", str(FIXTURES / "import" / "worldinfo.json"), "--dir", "imported", cwd=tmp_path).code == 0
    assert any((tmp_path / "imported").iterdir())
    assert cli("new", "fresh", "-o", "mine", cwd=tmp_path).code == 0
    assert (tmp_path / "mine" / "fresh" / "SKILL.md").is_file()


def test_the_schema_knows_the_readers_roles_and_events():
    assert (ROLES, EVENTS) == (model.ROLES, model.EVENTS)


@pytest.mark.parametrize("path", sorted(FIXTURES.rglob("transcripts/*.yaml")), ids=lambda p: p.name)
def test_the_schema_accepts_every_yaml_transcript_fixture(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(SCHEMA.iter_errors(data if isinstance(data, dict) else {"messages": data})) == []


@pytest.mark.parametrize("bad", [
    {"messages": [{"user": "a", "assistant": "b"}]},
    {"messages": [{"speaker": "a"}]},
    {"messages": [{"role": "narrator", "content": "x"}]},
    {"messages": [], "extra": 1},
    {"messages": [{"user": "a", "hidden": "yes"}]},
])
def test_the_schema_refuses_what_the_reader_refuses(cli, tmp_path, bad):
    assert list(SCHEMA.iter_errors(bad))
    file = tmp_path / "t.yaml"
    file.write_text(yaml.safe_dump(bad))
    (tmp_path / "skills").mkdir()
    assert cli("simulate", str(file), "--skills", str(tmp_path / "skills"), cwd=tmp_path).code == 2


def modeline_schema(text: str) -> Path:
    """The schema file under schemas/ that a YAML file's first line (a `yaml-language-server`
    modeline) names by its published `$id`."""
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema="), first
    url = first.split("$schema=", 1)[1]
    local = REPO / "schemas" / url.rsplit("/", 1)[1]
    assert json.loads(local.read_text(encoding="utf-8"))["$id"] == url
    return local


def test_the_yaml_that_new_and_import_write_names_its_schema_for_the_editor(cli, tmp_path):
    for kind, name in (("scene", "tavern"), ("agent", "reviewer"), ("tool", "get_activity"),
                       ("transcript", "first-chat")):
        assert cli("new", kind, name, cwd=tmp_path).code == 0
        written = next(tmp_path.glob(f"*/{name}.yaml")).read_text(encoding="utf-8")
        assert modeline_schema(written).name == f"{kind}.schema.json"
    card = FIXTURES / "import" / "card-v2.json"
    assert cli("import", str(card), cwd=tmp_path).code == 0
    scenes = sorted((tmp_path / "scenes").glob("*.yaml"))
    assert len(scenes) == 2, scenes  # tavern.yaml and the card's own
    for path in scenes:
        assert modeline_schema(path.read_text(encoding="utf-8")).name == "scene.schema.json"
