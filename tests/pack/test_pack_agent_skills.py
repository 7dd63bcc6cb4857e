"""`skillkit pack --target agent-skills`: the `.skill` layout and the reduced frontmatter."""

from __future__ import annotations

import datetime
import stat
import zipfile
from pathlib import Path

import pytest

from skillkit.core.frontmatter import split
from skillkit.core.reader import SourceText
from skillkit.core.yamlparse import parse_yaml
from skillkit.pack.reduce import reduce_frontmatter, skill_text
from tests.conftest import WORKSPACE, write_skill


@pytest.fixture
def exported(cli, tmp_path: Path) -> Path:
    out = tmp_path / "skills"
    outcome = cli("pack", WORKSPACE, "--target", "agent-skills", "-o", out)
    assert outcome.code == 0, outcome.stderr
    return out


def frontmatter(text: str) -> dict:
    document, _ = split(SourceText("SKILL.md", text, False))
    assert document is not None
    return parse_yaml(document.yaml_text, "SKILL.md").data


def test_one_skill_file_per_skill_in_the_upload_layout(exported: Path) -> None:
    skills = sorted(p.name for p in exported.iterdir())
    assert skills == ["greeting.skill", "lore.skill", "pdf-tables.skill", "review-activity.skill",
                      "summarize.skill", "sword.skill", "weather.skill"]
    for file in exported.iterdir():
        name = file.stem
        with zipfile.ZipFile(file) as archive:
            infos = archive.infolist()
        entries = [i.filename for i in infos]
        assert {e.split("/", 1)[0] for e in entries} == {name}, "one top-level folder named after the skill"
        assert [e for e in entries if e.rsplit("/", 1)[-1] == "SKILL.md"] == [f"{name}/SKILL.md"]
        assert not [e for e in entries if e.endswith("/")], "files only, no folder entries"
        assert all(stat.S_ISREG(i.external_attr >> 16) for i in infos), "no links"
        assert entries == sorted(entries)


def test_other_files_travel_with_their_skill(exported: Path) -> None:
    with zipfile.ZipFile(exported / "pdf-tables.skill") as archive:
        assert archive.namelist() == ["pdf-tables/SKILL.md", "pdf-tables/references/REFERENCE.md",
                                      "pdf-tables/scripts/extract.py"]
        assert archive.getinfo("pdf-tables/scripts/extract.py").external_attr >> 16 == 0o100755
        # a SKILL.md with nothing to reduce travels byte for byte
        assert archive.read("pdf-tables/SKILL.md") == (WORKSPACE / "skills/pdf-tables/SKILL.md").read_bytes()


def test_the_result_passes_the_agent_skills_profile(cli, exported: Path, tmp_path: Path) -> None:
    unzipped = tmp_path / "unzipped"
    for file in exported.iterdir():
        with zipfile.ZipFile(file) as archive:
            archive.extractall(unzipped)
    for profile in ("agent-skills", "claude-api"):
        outcome = cli("lint", unzipped, "--profile", profile, "--strict")
        assert outcome.code == 0, outcome.stdout


def test_studio_and_platform_fields_move_under_metadata_or_are_dropped_and_reported(cli, tmp_path: Path) -> None:
    outcome = cli("pack", WORKSPACE, "--target", "agent-skills", "-o", tmp_path / "out")
    assert "  kept under metadata: when, triggers, closeWhenUnmentioned, scanDepth" in outcome.stdout
    assert ("  dropped: tools (a structure a metadata string cannot hold), examples (a structure a metadata "
            "string cannot hold), config (empty)") in outcome.stdout
    with zipfile.ZipFile(tmp_path / "out" / "lore.skill") as archive:
        data = frontmatter(archive.read("lore/SKILL.md").decode())
    assert data == {
        "name": "lore", "description": "The history of the old kingdom, for when the conversation turns to it.",
        "metadata": {"when": "picked", "triggers": '["kingdom","king","crown"]', "closeWhenUnmentioned": "true",
                     "scanDepth": "4"},
    }
    with zipfile.ZipFile(tmp_path / "out" / "review-activity.skill") as archive:
        text = archive.read("review-activity/SKILL.md").decode()
    assert frontmatter(text)["metadata"] == {"version": "3"}
    assert text.endswith("3. If any page fails to load, mark the review incomplete.\n")


def test_reduction_rules() -> None:
    reduced = reduce_frontmatter({
        "name": "x", "description": "d", "version": "1.2.0", "probability": 0.5, "caseSensitive": False,
        "metadata": {"author": "me", "when": "kept"}, "when": "always", "allowed-tools": ["Read", "Bash(git:*)"],
        "created": datetime.date(2024, 5, 1), "secondaryTriggers": [], "tools": [{"name": "t"}], "nothing": None,
    })
    assert reduced.frontmatter == {
        "name": "x", "description": "d", "allowed-tools": "Read Bash(git:*)",
        "metadata": {"author": "me", "when": "kept", "version": "1.2.0", "probability": "0.5",
                     "caseSensitive": "false", "created": "2024-05-01"},
    }
    assert reduced.moved == ("version", "probability", "caseSensitive", "created")
    assert reduced.converted == ("allowed-tools",)
    assert dict(reduced.dropped) == {"when": "`metadata` already has `when`", "secondaryTriggers": "empty",
                                     "tools": "a structure a metadata string cannot hold", "nothing": "empty"}


def test_the_frontmatter_style_is_stable() -> None:
    text = skill_text({"name": "x", "description": "A long line " * 20, "metadata": {"version": "3"}}, "Body\n")
    assert text == ("---\nname: x\ndescription: '" + "A long line " * 20 + "'\nmetadata:\n  version: '3'\n---\nBody\n")


def test_exports_are_reproducible(cli, tmp_path: Path) -> None:
    for run in ("a", "b"):
        assert cli("pack", WORKSPACE, "--target", "agent-skills", "-o", tmp_path / run).code == 0
    for file in (tmp_path / "a").iterdir():
        assert file.read_bytes() == (tmp_path / "b" / file.name).read_bytes()


def test_a_second_skill_md_inside_a_skill_is_refused(cli, workspace_copy: Path, tmp_path: Path) -> None:
    nested = workspace_copy / "skills" / "sword" / "old"
    nested.mkdir()
    (nested / "SKILL.md").write_text("---\nname: old\ndescription: x\n---\n", encoding="utf-8")
    outcome = cli("pack", workspace_copy, "--target", "agent-skills", "-o", tmp_path / "out")
    assert outcome.code == 1 and "skills/sword/old/SKILL.md" in outcome.stderr
    assert not (tmp_path / "out").exists()


def test_a_lone_skill_folder_exports(cli, tmp_path: Path) -> None:
    skill = write_skill(tmp_path / "src", "solo", "name: solo\ndescription: One skill on its own.\nwhen: always")
    outcome = cli("pack", skill.parent, "--target", "agent-skills", "-o", tmp_path / "out")
    assert outcome.code == 0, outcome.stderr
    with zipfile.ZipFile(tmp_path / "out" / "solo.skill") as archive:
        assert archive.namelist() == ["solo/SKILL.md"]
