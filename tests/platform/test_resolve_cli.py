"""`skillkit resolve` through the real CLI: the json contract (README, `skillkit resolve`), the text tree,
exit codes, refusing a broken workspace, and `--lock`."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, WORKSPACE
from tests.platform.conftest import PLATFORM

GOLDEN = PLATFORM / "golden"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def test_the_example_workspace_resolves_cleanly_with_the_json_contract(resolve):
    done = resolve(WORKSPACE)
    assert done.code == 0, done.data
    assert set(done.data) >= {"agents", "diagnostics"}
    assert done.data["diagnostics"] == []
    (agent,) = done.data["agents"]
    assert agent["name"] == "account-reviewer"
    assert [s["name"] for s in agent["skills"]] == ["review-activity", "summarize"]
    # Each tool is {name, version, from}: the version resolved to what loads now, from "agent" or "skill:<name>".
    assert [{k: t[k] for k in ("name", "version", "from")} for t in agent["tools"]] == [
        {"name": "get_account_activity", "version": 2, "from": "agent"}]


def test_json_diagnostics_are_shaped_as_lints(resolve):
    done = resolve("conflict")
    for diagnostic in done.data["diagnostics"]:
        assert list(diagnostic) == ["path", "line", "column", "rule", "severity", "message"]
        assert diagnostic["severity"] in ("error", "warning", "info") and diagnostic["line"] >= 1


def test_json_versions_are_numbers_or_semantic_version_strings(resolve):
    done = resolve("semver")
    assert done.tools("planner-latest") == [("fetch", "1.0.0-beta.11", "skill:planner")]
    assert done.skill("planner-latest", "planner")["version"] == "2.0.0"    # the release above 2.0.0-rc.1
    assert done.skill("planner-pinned", "planner")["version"] == "1.10.0"   # pinned, and above 1.2.0
    assert resolve("merging").tools("own-wins") == [("fetch", 1, "agent")]


@pytest.mark.parametrize("name", ["merging", "conflict", "unfit"])
def test_json_output_matches_its_golden_file(resolve, name):
    done = resolve(name)
    done.data.pop("lock")
    golden = GOLDEN / f"{name}.json"
    if UPDATE:
        golden.write_text(json.dumps(done.data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert done.data == json.loads(golden.read_text(encoding="utf-8"))


def test_text_output_is_a_tree_of_agents_skills_and_tools(cli):
    outcome = cli("resolve", "fixtures/platform/merging", "--check", cwd=REPO)
    golden = GOLDEN / "merging.txt"
    if UPDATE:
        golden.write_text(outcome.stdout, encoding="utf-8")
    assert outcome.code == 0 and outcome.stdout == golden.read_text(encoding="utf-8")
    assert "\x1b[" not in outcome.stdout  # NO_COLOR is set by the test environment


def test_text_output_puts_diagnostics_on_stderr_lint_style(cli):
    outcome = cli("resolve", "fixtures/platform/conflict", "--check", cwd=REPO)
    assert outcome.code == 1
    assert ("fixtures/platform/conflict/agents/clash.yaml:6:5: error tool-pin-conflict loading skill 'archive' "
            "fails") in outcome.stderr
    assert "archive  latest, now 1 · its load fails (see the diagnostics)" in outcome.stdout


def test_warnings_never_stop_the_command(cli, tmp_path):
    outcome = cli("resolve", "fixtures/platform/unfit", "--lock", tmp_path / "x.lock", cwd=REPO)
    assert outcome.code == 0 and "warning tool-unfit" in outcome.stderr and (tmp_path / "x.lock").is_file()


def test_a_workspace_with_agent_or_skill_file_errors_is_refused_whole(cli, tmp_path):
    workspace = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", workspace)
    (workspace / "agents" / "own-wins.yaml").write_text("name: own-wins\nskills:\n  - {version: 2}\n")
    outcome = cli("resolve", workspace, "--format", "json", cwd=tmp_path)
    assert outcome.code == 1
    body = json.loads(outcome.stdout)  # the json document carries the reason, as lint's does
    assert body["agents"] == [] and body["lock"]["status"] == "not-written"
    assert [(d["line"], d["column"], d["rule"]) for d in body["diagnostics"]
            if d["path"].endswith("merging/agents/own-wins.yaml")] == [(3, 5, "agent-file")]
    assert "resolve refuses the workspace" in outcome.stderr
    outcome = cli("resolve", workspace, cwd=tmp_path)
    assert outcome.code == 1 and outcome.stdout == ""
    assert "merging/agents/own-wins.yaml:3:5: error agent-file" in outcome.stderr


def test_a_scene_with_errors_does_not_stop_resolve(cli, tmp_path):
    workspace = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", workspace)
    (workspace / "scenes").mkdir()
    (workspace / "scenes" / "broken.yaml").write_text("skills: [nowhere]\n")
    assert cli("resolve", workspace, "--check", cwd=tmp_path).code == 0


@pytest.mark.parametrize("target,message", [
    ("no-such-folder", "no such folder"),
    ("fixtures/platform/merging/catalog.yaml", "not a folder"),
    ("fixtures/platform", "not a workspace"),
])
def test_a_folder_that_is_not_a_workspace_is_a_usage_error(cli, target, message):
    outcome = cli("resolve", target, cwd=REPO)
    assert outcome.code == 2 and message in outcome.stderr and "Traceback" not in outcome.stderr


def test_the_workspace_defaults_to_the_current_folder(cli, tmp_path):
    workspace = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", workspace)
    outcome = cli("resolve", "--check", cwd=workspace)
    assert outcome.code == 0 and "skillkit.lock is up to date." in outcome.stdout


def test_help_teaches_the_command(cli):
    outcome = cli("resolve", "--help")
    assert outcome.code == 0
    for word in ("--check", "--lock", "--format", "Exit 0", "Examples"):
        assert word in outcome.stdout


def test_no_agents_is_fine(cli, tmp_path):
    (tmp_path / "skills" / "solo").mkdir(parents=True)
    (tmp_path / "skills" / "solo" / "SKILL.md").write_text("---\nname: solo\ndescription: Alone.\n---\nHi.\n")
    outcome = cli("resolve", ".", cwd=tmp_path)
    assert outcome.code == 0 and "No agents in this workspace." in outcome.stdout
    assert json.loads(Path(tmp_path / "skillkit.lock").read_text()) == {"agents": {}, "lockVersion": 1}
