"""DESIGN 4: paths in machine formats are from the repository's top (the nearest folder holding
`.git`), else from the working folder: the same tree gives the same JSON from any folder."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import write_skill


def _paths(cli, cwd: Path, target: str) -> list[str]:
    outcome = cli("lint", "--format", "json", target, cwd=cwd)
    assert outcome.code == 1, outcome.stderr
    return [d["path"] for d in json.loads(outcome.stdout)["diagnostics"]]


def test_json_paths_are_from_the_repository_top_in_any_folder(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write_skill(tmp_path / "pkg" / "skills", "a", "name: a\ndescription: Does a thing for a user.\nwhen: sometimes")
    expected = ["pkg/skills/a/SKILL.md"]
    assert _paths(cli, tmp_path, "pkg") == expected
    assert _paths(cli, tmp_path / "pkg", ".") == expected
    assert _paths(cli, tmp_path / "pkg" / "skills" / "a", "SKILL.md") == expected


def test_without_a_repository_they_are_from_the_working_folder(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "pkg" / "skills", "a", "name: a\ndescription: Does a thing for a user.\nwhen: sometimes")
    assert _paths(cli, tmp_path / "pkg", ".") == ["skills/a/SKILL.md"]
