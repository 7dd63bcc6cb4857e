"""The hooks' file filter passes what discovery counts (ARCHITECTURE.md,
Contracts: discovery), and the whole-repository hook catches
what a one-file run cannot."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, write_skill

HOOKS = {hook["id"]: hook for hook in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("path, passed", [
    ("SKILL.md", True), ("skills/a/SKILL.md", True), (".claude/skills/a/SKILL.md", True),
    ("skills/.curated/a/SKILL.md", True), ("skillkit.yaml", True), ("catalog.yaml", True),
    ("agents/a.yaml", True), ("tools/t.yml", True), ("scenes/s.yaml", True),
    ("infra/agents/deploy.yaml", False), ("ci/tools/steps.yml", False),
    ("skills/a/agents/openai.yaml", False), ("skills/a/references/notes.md", False),
    (".venv/lib/pkg/SKILL.md", False), ("node_modules/x/SKILL.md", False),
])
def test_one_file_hook_passes_what_lint_counts(path: str, passed: bool) -> None:
    hook = HOOKS["skillkit-lint"]
    assert (re.search(hook["files"], path) is not None and re.search(hook["exclude"], path) is None) is passed


def test_workspace_hook_runs_on_every_commit_without_file_names() -> None:
    hook = HOOKS["skillkit-lint-workspace"]
    assert hook["pass_filenames"] is False and hook["always_run"] is True and hook["entry"] == "skillkit lint"


def test_what_the_workspace_hook_catches_and_what_a_one_file_run_is_spared(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write_skill(tmp_path / "skills", "weather", "name: weather\ndescription: Weather for scenes.")
    write_skill(tmp_path / "skills", "sword", "name: sword\ndescription: A sword.",
                body="See [the notes](references/notes.md).\n")
    (tmp_path / "skills" / "sword" / "references").mkdir()
    (tmp_path / "skills" / "sword" / "references" / "notes.md").write_text("Notes.\n", encoding="utf-8")
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "s.yaml").write_text("skills: [weather, sword]\n", encoding="utf-8")
    assert cli("lint", cwd=tmp_path).code == 0
    # A commit deletes a linked skill and a linked file: pre-commit passes no file names for
    # deletions, so only the whole-repository run sees them.
    (tmp_path / "skills" / "sword" / "references" / "notes.md").unlink()
    for file in (tmp_path / "skills" / "weather").iterdir():
        file.unlink()
    (tmp_path / "skills" / "weather").rmdir()
    outcome = cli("lint", cwd=tmp_path)
    assert outcome.code == 1 and "scenes/s.yaml" in outcome.stdout and "skills/sword/SKILL.md" in outcome.stdout
    # A dangling SKILL.md link elsewhere is a finding of the whole run, and never stops a
    # one-file run of a healthy skill.
    (tmp_path / "skills" / "sword" / "references" / "notes.md").write_text("Notes.\n", encoding="utf-8")
    (tmp_path / "skills" / "broken").mkdir()
    os.symlink(tmp_path / "gone.md", tmp_path / "skills" / "broken" / "SKILL.md")
    assert cli("lint", "skills/sword/SKILL.md", cwd=tmp_path).code == 0
    outcome = cli("lint", cwd=tmp_path)
    assert outcome.code == 1 and "skills/broken/SKILL.md:1:1: error file-unreadable" in outcome.stdout
