"""action.yml: its shell steps run as a script on a fixture repository, as the runner would run
them (no network: the upload step is a `uses:` step and is skipped, and the install step is
replaced by the skillkit already installed from this checkout)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES, REPO
from tests.sarif_check import validate_sarif

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def test_the_action_is_composite_with_the_documented_inputs():
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "profile", "strict"} <= set(ACTION["inputs"])
    uses = [step.get("uses", "") for step in ACTION["runs"]["steps"]]
    assert any(u.startswith("actions/setup-python@") for u in uses)
    assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses)
    install = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "install")
    assert '"$GITHUB_ACTION_PATH"' in install["run"]
    assert "## GitHub Action" in (REPO / "README.md").read_text(encoding="utf-8")


def run_action(repo: Path, tmp_path: Path, **given: str) -> tuple[int, dict[str, str]]:
    """Run the action's shell steps in order; return the code of the first failing step (0 if
    none) and the step outputs."""
    inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()} | given
    outputs: dict[str, dict[str, str]] = {}
    bin_dir = tmp_path / "bin"  # `python` is the one set up (here: the tests', which has skillkit)
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (bin_dir / "python").chmod(0o755)

    def value(expression: str) -> str:
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        found = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
        assert found, f"the test knows no expression {expression!r}"
        return outputs.get(found[1], {}).get(found[2], "")

    for step in ACTION["runs"]["steps"]:
        if "run" not in step or step.get("id") == "install":
            continue
        output_file = tmp_path / f"{step['id']}.out"
        output_file.write_text("")
        env = {**os.environ, "GITHUB_ACTION_PATH": str(REPO), "GITHUB_OUTPUT": str(output_file),
               "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
        env |= {key: EXPRESSION.sub(lambda m: value(m[1]), str(v)) for key, v in step.get("env", {}).items()}
        assert "${{" not in step["run"], "expressions go through env:, never into the script"
        done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env, capture_output=True, text=True,
                              check=False)
        outputs[step["id"]] = dict(line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
        if done.returncode != 0:
            return done.returncode, outputs.get("lint", {}) | {"failed": step["id"], "stderr": done.stderr}
    return 0, outputs.get("lint", {})


@pytest.fixture
def fixture_repo(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(FIXTURES / "lint" / "broken", repo / "content")
    (repo / ".git").mkdir()
    return repo


def test_findings_write_a_valid_sarif_and_fail_the_job(fixture_repo, tmp_path):
    code, outputs = run_action(fixture_repo, tmp_path, paths="content/skills")
    assert code == 1 and outputs["exit-code"] == "1" and outputs["failed"] == "verdict"
    log = validate_sarif((fixture_repo / "skillkit.sarif").read_text(encoding="utf-8"))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"content/skills/Bad_Name/SKILL.md", "content/skills/odd,name/SKILL.md"}


def test_a_clean_tree_passes_and_strict_fails_on_warnings(fixture_repo, tmp_path):
    shutil.rmtree(fixture_repo / "content")
    skill = fixture_repo / "skills" / "warn"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: warn\ndescription: |\n  two\n  lines\n---\nBody\n")
    (tmp_path / "plain").mkdir()
    assert run_action(fixture_repo, tmp_path / "plain", **{"sarif-file": "out.sarif"})[0] == 0
    assert validate_sarif((fixture_repo / "out.sarif").read_text())["runs"][0]["results"]
    (tmp_path / "strict").mkdir()
    assert run_action(fixture_repo, tmp_path / "strict", strict="true")[0] == 1


def test_nothing_to_check_stops_at_the_lint_step(fixture_repo, tmp_path):
    code, outputs = run_action(fixture_repo, tmp_path, paths="content/missing")
    assert code == 2 and outputs["exit-code"] == "2" and outputs["failed"] == "lint"


@pytest.fixture
def configured_repo(tmp_path):
    """A repository whose [tool.skillkit] says warnings fail and the Claude API's rules apply."""
    repo = tmp_path / "configured"
    skill = repo / "skills" / "claude-notes"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: claude-notes\ndescription: |\n  Notes for the team,\n  kept short.\n"
                                    "---\nBody\n", encoding="utf-8")
    (repo / "pyproject.toml").write_text('[tool.skillkit]\nprofile = "claude-api"\nstrict = true\n', encoding="utf-8")
    (repo / ".git").mkdir()
    return repo


def rules_in(sarif: Path) -> set[str]:
    return {r["ruleId"] for r in validate_sarif(sarif.read_text(encoding="utf-8"))["runs"][0]["results"]}


def test_the_repositorys_settings_decide_what_the_workflow_leaves_unset(configured_repo, tmp_path):
    """No profile or strict input: [tool.skillkit] decides, as pre-commit's `skillkit lint` does."""
    code, outputs = run_action(configured_repo, tmp_path)
    assert code == 1 and outputs["exit-code"] == "1"
    assert rules_in(configured_repo / "skillkit.sarif") == {"name-reserved", "description-multiline"}
    hook = subprocess.run([sys.executable, "-m", "skillkit", "lint", "."], cwd=configured_repo, capture_output=True,
                          text=True, check=False)
    assert hook.returncode == 1  # what pre-commit runs fails the same


def test_what_the_workflow_sets_wins_over_the_settings(configured_repo, tmp_path):
    (tmp_path / "a").mkdir()
    code, outputs = run_action(configured_repo, tmp_path / "a", profile="default", strict="false")
    assert code == 0 and outputs["exit-code"] == "0"  # the default profile knows no reserved words
    assert rules_in(configured_repo / "skillkit.sarif") == {"description-multiline"}
    (tmp_path / "b").mkdir()
    other = configured_repo / "ci.yaml"
    other.write_text("profile: default\n", encoding="utf-8")
    code, _ = run_action(configured_repo, tmp_path / "b", config="ci.yaml")
    assert code == 0  # the named settings file in place of [tool.skillkit]: not strict
    (tmp_path / "c").mkdir()
    code, outputs = run_action(configured_repo, tmp_path / "c", strict="yes")
    assert code == 2 and "the strict input is" in outputs["stderr"]


def test_the_lint_step_passes_no_option_the_workflow_did_not_set():
    script = next(s for s in ACTION["runs"]["steps"] if s.get("id") == "lint")["run"]
    for option in ("--profile", "--strict", "--no-strict", "--config"):
        for line in script.splitlines():
            if "skillkit lint" in line:
                assert option not in line, line  # only through `given`, filled from inputs that are set
