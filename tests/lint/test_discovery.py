"""Discovery (DESIGN 5.1) through the real CLI: what lint finds is what clients load."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import write_skill


def ok(root: Path, name: str, extra: str = "") -> Path:
    return write_skill(root, name, f"name: {Path(name).name}\ndescription: A skill that the discovery tests walk to.\n{extra}")


def checked(cli, *args: str | Path, cwd: Path) -> tuple[list[str], dict[str, str]]:
    outcome = cli("lint", "--show-files", "--format", "json", *args, cwd=cwd)
    assert outcome.code == 0, outcome.stderr
    shown = json.loads(outcome.stdout)
    return shown["files"], {o["path"]: o["reason"] for o in shown["left_out"]}


def report(cli, *args: str | Path, cwd: Path) -> tuple[int, list[dict]]:
    outcome = cli("lint", "--format", "json", *args, cwd=cwd)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    return outcome.code, json.loads(outcome.stdout)["diagnostics"] if outcome.stdout else []


def test_hidden_folders_are_walked_and_tool_folders_are_not(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    for folder in (".claude/skills", ".codex/skills", ".agents/skills", ".github/skills", "skills/.curated",
                   "skills/.system"):
        ok(tmp_path / folder, "s-" + folder.replace("/", "-").replace(".", ""))
    for tool in (".venv/lib", "venv", "node_modules/pkg", ".tox", ".nox", ".mypy_cache", ".pytest_cache",
                 ".ruff_cache", "lib/site-packages", "__pycache__", ".skillkit_cache", ".skillkit-new-x"):
        ok(tmp_path / tool, "copy")
    files, left = checked(cli, cwd=tmp_path)
    assert files == sorted(files) and len(files) == 6 and all(f.endswith("/SKILL.md") for f in files)
    assert left[".venv/"] == "tool folder" and left["lib/site-packages/"] == "tool folder"
    assert left[".skillkit_cache/"] == left[".skillkit-new-x/"] == "skillkit temporary file"
    assert ".git/" in left
    named, _ = checked(cli, "skills/.curated", cwd=tmp_path)  # a hidden folder named on its own
    assert named == ["skills/.curated/s-skills-curated/SKILL.md"]


def test_gitignore_nested_info_exclude_and_settings_exclude(cli, tmp_path: Path) -> None:
    (tmp_path / ".git" / "info").mkdir(parents=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("scratch/\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("# generated\ngenerated/\n", encoding="utf-8")
    (tmp_path / "skillkit.yaml").write_text("exclude: [drafts/]\n", encoding="utf-8")
    for name in ("skills/keep", "generated/copy", "scratch/tmp", "drafts/wip", "skills/sub/inner", "skills/sub/again"):
        ok(tmp_path, name)
    (tmp_path / "skills" / "sub" / ".gitignore").write_text("again/\n", encoding="utf-8")
    files, left = checked(cli, cwd=tmp_path)
    assert files == ["skills/keep/SKILL.md", "skills/sub/inner/SKILL.md"]
    assert left["generated/"] == "ignored by .gitignore:2 (generated/)"
    assert left["scratch/"] == "ignored by .git/info/exclude:1 (scratch/)"
    assert left["drafts/"] == "excluded by the settings' `exclude` (drafts/)"
    assert left["skills/sub/again/"] == "ignored by skills/sub/.gitignore:1 (again/)"
    (tmp_path / "skillkit.yaml").write_text("exclude: [drafts/]\nrespect-gitignore: false\n", encoding="utf-8")
    files, _ = checked(cli, cwd=tmp_path)
    assert "generated/copy/SKILL.md" in files and "skills/sub/again/SKILL.md" in files
    assert "drafts/wip/SKILL.md" not in files


def test_named_paths_are_checked_even_hidden_or_ignored(cli, tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("generated/\n", encoding="utf-8")
    ok(tmp_path / "skills", "real")
    bad = write_skill(tmp_path / "generated", "copy", "name: Copy\ndescription: x")
    code, found = report(cli, "generated/copy", cwd=tmp_path)
    assert code == 1 and {d["path"] for d in found} == {"generated/copy/SKILL.md"}
    code, found = report(cli, bad, cwd=tmp_path)
    assert code == 1 and "name-format" in {d["rule"] for d in found}
    code, found = report(cli, ".", cwd=tmp_path)
    assert code == 0 and found == []


def test_a_skill_folder_is_never_a_workspace(cli, tmp_path: Path) -> None:
    """Codex keeps agents/openai.yaml in a skill; a Kubernetes manifest lives in infra/agents/."""
    ok(tmp_path / "skills", "codex")
    (tmp_path / "skills" / "codex" / "agents").mkdir()
    (tmp_path / "skills" / "codex" / "agents" / "openai.yaml").write_text("interface:\n  display_name: X\n",
                                                                            encoding="utf-8")
    (tmp_path / "infra" / "agents").mkdir(parents=True)
    (tmp_path / "infra" / "agents" / "deploy.yaml").write_text("apiVersion: apps/v1\nkind: Deployment\n",
                                                                 encoding="utf-8")
    (tmp_path / "ci" / "tools").mkdir(parents=True)
    (tmp_path / "ci" / "tools" / "steps.yml").write_text("- run: make\n", encoding="utf-8")
    files, _ = checked(cli, cwd=tmp_path)
    assert files == ["skills/codex/SKILL.md", "skills/codex/agents/openai.yaml"]  # Codex's own, as Codex reads it
    assert report(cli, cwd=tmp_path) == (0, [])


def test_nested_skills_are_reported_on_a_walk_and_linted_when_named(cli, tmp_path: Path) -> None:
    ok(tmp_path / "skills", "outer")
    write_skill(tmp_path / "skills" / "outer" / "examples", "inner", "name: Inner\ndescription: x")
    code, found = report(cli, cwd=tmp_path)
    assert code == 0 and [(d["path"], d["rule"]) for d in found] == [("skills/outer/SKILL.md", "skill-nested")]
    assert "skills/outer/examples/inner/SKILL.md" in found[0]["message"]
    code, found = report(cli, "skills/outer/examples/inner", cwd=tmp_path)
    assert code == 1 and "name-format" in {d["rule"] for d in found}


def test_unreadable_paths_on_a_walk_are_findings(cli, tmp_path: Path) -> None:
    ok(tmp_path / "skills", "healthy")
    ok(tmp_path / "skills", "also-healthy", "triggers: nope\n")
    (tmp_path / "skills" / "gone").mkdir()
    os.symlink(tmp_path / "nowhere" / "SKILL.md", tmp_path / "skills" / "gone" / "SKILL.md")
    (tmp_path / "skills" / "pipe").mkdir()
    os.mkfifo(tmp_path / "skills" / "pipe" / "SKILL.md")
    (tmp_path / "skills" / "odd" / "SKILL.md").mkdir(parents=True)
    code, found = report(cli, cwd=tmp_path)
    assert code == 1
    unreadable = {d["path"]: d["message"] for d in found if d["rule"] == "file-unreadable"}
    assert set(unreadable) == {"skills/gone/SKILL.md", "skills/pipe/SKILL.md", "skills/odd/SKILL.md"}
    assert "link whose target does not exist" in unreadable["skills/gone/SKILL.md"]
    assert any(d["path"] == "skills/also-healthy/SKILL.md" for d in found)  # the rest is still checked
    # Named on the command line, what cannot be opened is exit 2; a healthy file beside it lints alone.
    assert cli("lint", "skills/gone/SKILL.md", cwd=tmp_path).code == 2
    assert cli("lint", "skills/pipe/SKILL.md", cwd=tmp_path).code == 2
    assert report(cli, "skills/healthy/SKILL.md", cwd=tmp_path) == (0, [])


def test_unrelated_repositories_share_no_names(cli, tmp_path: Path) -> None:
    for repo in ("one", "two"):
        (tmp_path / repo / ".git").mkdir(parents=True)
        ok(tmp_path / repo / "skills" / "tools-for-x", "same")
    code, found = report(cli, "one", "two", cwd=tmp_path)
    assert (code, found) == (0, [])
    plain = tmp_path / "plain"  # no repository at all: one workspace per path given
    ok(plain / "a", "same")
    ok(plain / "b", "same")
    assert report(cli, "plain/a", "plain/b", cwd=tmp_path) == (0, [])
    ok(tmp_path / "one" / "staging", "same")  # a copy no client loads (outside skills/, client folders): no clash
    assert report(cli, "one", "two", cwd=tmp_path) == (0, [])
    ok(tmp_path / "one" / "skills" / "elsewhere", "same")  # twice in one skills/ collection still clashes
    code, found = report(cli, "one", "two", cwd=tmp_path)
    assert code == 1 and {d["rule"] for d in found} == {"name-unique"}


@pytest.mark.parametrize("command", [
    ["lint"], ["lint", "--show-files"], ["pack", ".", "-o", "out.zip"], ["resolve", "."],
    ["simulate", "chat.yaml", "--skills", "."], ["render", "chat.yaml", "--skills", "."],
])
def test_nothing_to_check_is_exit_2_naming_what_was_left_out(cli, tmp_path: Path, command: list[str]) -> None:
    (tmp_path / ".gitignore").write_text("generated/\n", encoding="utf-8")
    (tmp_path / "skills").mkdir()
    ok(tmp_path / "generated", "copy")
    ok(tmp_path / ".venv", "vendored")
    (tmp_path / "chat.yaml").write_text("- {role: user, content: hello}\n", encoding="utf-8")
    outcome = cli(*command, cwd=tmp_path)
    assert outcome.code == 2, outcome.stdout + outcome.stderr
    assert "nothing to check" in outcome.stderr and "Traceback" not in outcome.stderr
    assert "generated/ (ignored by .gitignore:1 (generated/))" in outcome.stderr
    assert ".venv/ (tool folder)" in outcome.stderr


def test_pack_holds_what_lint_checks(cli, tmp_path: Path) -> None:
    """One walk: hidden skills packed and linted, gitignored copies and tool folders neither."""
    import zipfile

    (tmp_path / "skillkit.yaml").write_text("name: demo\nversion: 1\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("generated/\n", encoding="utf-8")
    ok(tmp_path / "skills", "plain")
    ok(tmp_path / "skills" / ".curated", "curated")
    ok(tmp_path / ".claude" / "skills", "project")
    ok(tmp_path / "generated", "copy")
    ok(tmp_path / "node_modules" / "x", "dep")
    files, _ = checked(cli, cwd=tmp_path)
    assert cli("pack", ".", "-o", "../demo.zip", cwd=tmp_path).code == 0
    with zipfile.ZipFile(tmp_path.parent / "demo.zip") as archive:
        packed = sorted(n for n in archive.namelist() if n.endswith("SKILL.md"))
    assert packed == files == [".claude/skills/project/SKILL.md", "skills/.curated/curated/SKILL.md",
                               "skills/plain/SKILL.md"]


def test_a_named_kind_folder_is_checked_in_its_workspace(cli, tmp_path: Path) -> None:
    ok(tmp_path / "skills", "real")
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "a.yaml").write_text("name: a\nhandler: agent\nskills:\n  - {name: gone}\n", encoding="utf-8")
    code, found = report(cli, "agents", cwd=tmp_path)
    assert code == 1 and {d["path"] for d in found} == {"agents/a.yaml"}


def test_a_very_deep_tree_is_walked_without_recursion(cli, tmp_path: Path) -> None:
    deep = tmp_path / "skills"
    for _ in range(600):
        deep = deep / "d"
    ok(deep, "bottom")
    code, found = report(cli, cwd=tmp_path)
    assert (code, found) == (0, [])


def test_show_files_in_text(cli, tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("generated/\n", encoding="utf-8")
    ok(tmp_path / "skills", "real")
    ok(tmp_path / "generated", "copy")
    outcome = cli("lint", "--show-files", cwd=tmp_path)
    assert outcome.code == 0
    assert outcome.stdout == ("skills/real/SKILL.md\n\nLeft out (1):\n"
                              "  generated/: ignored by .gitignore:1 (generated/)\n")
