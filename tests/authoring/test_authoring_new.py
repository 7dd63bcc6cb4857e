"""`skillkit new`: a scaffold per world that lints clean, and the refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from skillkit.authoring.new import render_files
from skillkit.core.resources import data_dir

WORLDS = ["studio", "platform", "agent-skills"]


def frontmatter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    return yaml.safe_load(text.split("\n---\n", 1)[0].removeprefix("---\n"))


def lint_summary(cli, target: Path, *extra: str) -> dict:
    out = cli("lint", target, "--format", "json", *extra)
    assert out.code == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("world", WORLDS)
def test_each_world_scaffolds_a_skill_that_lints_clean(cli, tmp_path: Path, world: str) -> None:
    out = cli("new", "night-market", "--world", world, cwd=tmp_path)
    assert out.code == 0, out.stderr
    folder = tmp_path / "skills" / "night-market"
    assert f"Created skills/night-market/ ({world})" in out.stdout
    for profile in ("default", world):
        report = lint_summary(cli, folder, "--profile", profile)
        assert report["diagnostics"] == [], (profile, report)


def test_the_studio_scaffold_teaches_its_fields(cli, tmp_path: Path) -> None:
    cli("new", "weather", cwd=tmp_path)
    path = tmp_path / "skills" / "weather" / "SKILL.md"
    data = frontmatter(path)
    assert data["name"] == "weather" and data["when"] == "mentioned" and data["triggers"] == ["weather"]
    assert {"scanDepth", "caseSensitive", "matchWholeWords", "selectiveLogic", "secondaryTriggers"} <= set(data)
    text = path.read_text(encoding="utf-8")
    assert "# always: on every turn | mentioned" in text and "closeWhenUnmentioned" in text


def test_the_platform_scaffold_has_its_fields(tmp_path: Path, cli) -> None:
    cli("new", "review-activity", "--world", "platform", cwd=tmp_path)
    data = frontmatter(tmp_path / "skills" / "review-activity" / "SKILL.md")
    assert data["version"] == 1 and data["tools"] == [] and data["examples"] == [] and data["config"] == {}


def test_the_agent_skills_scaffold_has_a_reference_file(tmp_path: Path, cli) -> None:
    out = cli("new", "pdf-tables", "--world", "agent-skills", cwd=tmp_path)
    folder = tmp_path / "skills" / "pdf-tables"
    assert "SKILL.md, references/REFERENCE.md" in out.stdout
    body = (folder / "SKILL.md").read_text(encoding="utf-8")
    assert "[references/REFERENCE.md](references/REFERENCE.md)" in body and "`scripts/`" in body
    assert (folder / "references" / "REFERENCE.md").is_file()
    assert set(frontmatter(folder / "SKILL.md")) == {"name", "description", "metadata"}


@pytest.mark.parametrize("name", ["yes", "null", "2024-01-01", "0x1f", "1e3", "123"])
def test_names_that_yaml_would_misread_stay_strings(cli, tmp_path: Path, name: str) -> None:
    assert cli("new", name, cwd=tmp_path).code == 0
    folder = tmp_path / "skills" / name
    assert frontmatter(folder / "SKILL.md")["name"] == name
    assert lint_summary(cli, folder)["diagnostics"] == []


def test_dir_option_places_the_folder(cli, tmp_path: Path) -> None:
    out = cli("new", "lore", "--dir", "workspace/skills", cwd=tmp_path)
    assert out.code == 0 and (tmp_path / "workspace" / "skills" / "lore" / "SKILL.md").is_file()


@pytest.mark.parametrize("name, reason", [
    ("Weather", "lower-case"), ("my_skill", "only a-z"), ("a--b", "doubled hyphen"), ("x" * 65, "at most 64"),
])
def test_an_invalid_name_is_refused_with_the_reason(cli, tmp_path: Path, name: str, reason: str) -> None:
    out = cli("new", name, cwd=tmp_path)
    assert out.code == 2 and f"invalid skill name {name!r}" in out.stderr and reason in out.stderr
    assert "Traceback" not in out.stderr and not (tmp_path / "skills").exists()


def test_an_existing_folder_is_refused_unless_forced(cli, tmp_path: Path) -> None:
    folder = tmp_path / "skills" / "weather"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("mine\n", encoding="utf-8")
    (folder / "notes.txt").write_text("keep me\n", encoding="utf-8")
    out = cli("new", "weather", cwd=tmp_path)
    assert out.code == 2 and "skills/weather already exists; pass --force" in out.stderr
    assert (folder / "SKILL.md").read_text(encoding="utf-8") == "mine\n"
    forced = cli("new", "weather", "--force", cwd=tmp_path)
    assert forced.code == 0 and "Overwrote skills/weather/" in forced.stdout
    assert frontmatter(folder / "SKILL.md")["name"] == "weather"
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "keep me\n"


def test_a_file_in_the_way_is_refused_even_when_forced(cli, tmp_path: Path) -> None:
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "weather").write_text("a file", encoding="utf-8")
    out = cli("new", "weather", "--force", cwd=tmp_path)
    assert out.code == 2 and "exists and is not a folder" in out.stderr


def test_an_unknown_world_is_a_usage_error(cli, tmp_path: Path) -> None:
    out = cli("new", "weather", "--world", "moon", cwd=tmp_path)
    assert out.code == 2 and not (tmp_path / "skills").exists()


def test_no_staging_folder_is_left_behind(cli, tmp_path: Path) -> None:
    cli("new", "weather", cwd=tmp_path)
    assert [p.name for p in (tmp_path / "skills").iterdir()] == ["weather"]


def test_templates_come_from_the_data_folder() -> None:
    for world in WORLDS:
        assert (data_dir("templates") / "new" / world / "SKILL.md.j2").is_file()
        assert "SKILL.md" in render_files("probe", world)


def test_help_teaches_the_command(cli) -> None:
    out = cli("new", "--help")
    assert out.code == 0
    for word in ("--world", "--dir", "--force", "Exit 0", "Examples"):
        assert word in out.stdout
