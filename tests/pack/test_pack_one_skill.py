"""`skillkit pack skills/a` in a workspace of many skills packs that skill folder alone."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from skillkit.pack import MANIFEST_NAME
from tests.conftest import write_skill


def _workspace(root: Path, names: tuple[str, ...] = ("a", "b", "c")) -> Path:
    (root / ".git").mkdir(parents=True)
    (root / "skillkit.yaml").write_text("name: acme-skills\nversion: 2.0.0\n", encoding="utf-8")
    for name in names:
        write_skill(root / "skills", name, f"name: {name}\ndescription: Does {name} things when asked about {name}.")
    (root / "skills" / "a" / "references").mkdir()
    (root / "skills" / "a" / "references" / "more.md").write_text("More about a.\n", encoding="utf-8")
    (root / "skills" / "a" / "SKILL.md").write_text(
        "---\nname: a\ndescription: Does a things when asked about a.\n---\nRead [more](references/more.md).\n",
        encoding="utf-8")
    return root


def _manifest(pack: Path) -> dict:
    with zipfile.ZipFile(pack) as archive:
        return json.loads(archive.read(MANIFEST_NAME))


def test_one_skill_folder_of_a_workspace_of_many_packs_alone(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path / "repo")
    out = tmp_path / "a.zip"
    result = cli("pack", "skills/a", "-o", out, cwd=root)
    assert result.code == 0, result.stderr
    assert "internal error" not in result.stderr
    with zipfile.ZipFile(out) as archive:
        assert archive.namelist() == [MANIFEST_NAME, "SKILL.md", "references/more.md"]
    manifest = _manifest(out)
    assert manifest["skills"] == [{"name": "a", "path": ".", "version": 1}]
    assert manifest["name"] == "a" and manifest["version"] is None
    assert result.stdout.startswith("packed a: 2 files, 1 skill -> ")


def test_a_sibling_skill_with_errors_does_not_refuse_the_pack_of_another(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path / "repo")
    (root / "skills" / "b" / "SKILL.md").write_text("no frontmatter at all\n", encoding="utf-8")
    result = cli("pack", "skills/a", "-o", tmp_path / "a.zip", cwd=root)
    assert result.code == 0, result.stderr


def test_the_skill_alone_is_still_checked_against_its_workspace(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path / "repo")
    write_skill(root / "skills", "b", "name: a\ndescription: Claims the name of skill a, which clashes.")
    result = cli("pack", "skills/a", "-o", tmp_path / "a.zip", cwd=root)
    assert result.code == 1
    assert "name-unique" in result.stderr and not (tmp_path / "a.zip").exists()


def test_the_whole_workspace_still_packs_every_skill(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path / "repo")
    result = cli("pack", ".", "-o", tmp_path / "all.zip", cwd=root)
    assert result.code == 0, result.stderr
    manifest = _manifest(tmp_path / "all.zip")
    assert [s["path"] for s in manifest["skills"]] == ["skills/a", "skills/b", "skills/c"]
    assert manifest["name"] == "acme-skills" and "packed acme-skills 2.0.0: " in result.stdout


def test_agent_skills_target_of_one_skill_folder_writes_that_skill(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path / "repo")
    result = cli("pack", "skills/a", "--target", "agent-skills", "-o", tmp_path / "out", cwd=root)
    assert result.code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.skill"]
