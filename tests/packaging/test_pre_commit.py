"""The real pre-commit runs the `skillkit-lint` hook from this repository on a throwaway repo.

This is the one test that may use the package registry: pre-commit installs the hook's
environment (skillkit and its dependencies) as a user's machine would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, require_module, require_tool

GOOD = "---\nname: good\ndescription: A skill that passes.\n---\nDo the thing.\n"
BAD = "---\nname: Bad\ndescription: A skill whose name breaks the rules.\n---\nDo the thing.\n"


def git(cwd: Path, *args: str) -> None:
    subprocess.run([require_tool("git", "pre-commit works on a git repository"), *args], cwd=cwd, check=True,
                   capture_output=True)


@pytest.mark.slow
def test_pre_commit_try_repo_passes_a_good_skill_and_fails_a_bad_one(tmp_path):
    # As `sys.executable -m pre_commit`: the test extras' pre-commit, found with no venv activated.
    require_module("pre_commit", "the test extras: pip install -e '.[test]'")
    require_tool("git", "pre-commit works on a git repository")
    project = tmp_path / "project"
    for name, text in (("good", GOOD), ("Bad", BAD)):
        (project / "skills" / name).mkdir(parents=True)
        (project / "skills" / name / "SKILL.md").write_text(text)
    git(project, "init", "-q")
    git(project, "add", ".")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}

    def try_repo(*files: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(REPO), "skillkit-lint", "--files", *files],
                              cwd=project, env=env, capture_output=True, text=True, timeout=900, check=False)

    good = try_repo("skills/good/SKILL.md")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout
    bad = try_repo("skills/good/SKILL.md", "skills/Bad/SKILL.md")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "skills/Bad/SKILL.md:2:7: error name-format" in bad.stdout
    assert "skills/good/SKILL.md" not in bad.stdout.split("Failed", 1)[1]
