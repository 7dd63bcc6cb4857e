"""`skillkit session` on the example workspace's sessions, through the real CLI, against golden
outputs (SKILLKIT_UPDATE_GOLDEN=1 rewrites them after a deliberate change); and lint of session
files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import REPO

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"
REVIEW = "fixtures/workspace/sessions/review.yaml"


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("session", ["review", "retry"])
def test_the_example_sessions_match_their_golden_reports(cli, session):
    path = f"fixtures/workspace/sessions/{session}.yaml"
    text = cli("session", path, cwd=REPO)
    data = cli("session", path, "--format", "json", cwd=REPO)
    assert text.code == data.code == (1 if session == "review" else 0)
    assert "Traceback" not in text.stderr + data.stderr
    json.loads(data.stdout)
    golden(f"{session}.txt", text.stdout)
    golden(f"{session}.json", data.stdout)


def test_the_review_session_shows_every_rule(cli):
    data = json.loads(cli("session", REVIEW, "--format", "json", cwd=REPO).stdout)
    one, two, three, four = data["turns"]
    assert [p["event"] for p in one["preloads"]] == ["skill.preload"]
    assert one["calls"][0]["approval"] == "never" and one["calls"][0]["input"] == {"account": 7, "pageSize": 50}
    assert one["calls"][1]["preload"] and one["calls"][3]["repeat"]
    assert one["calls"][4]["verdict"] == "refused"
    assert two["skills"][1]["version"] == 2  # the publish moved "latest"
    assert [c["verdict"] for c in two["calls"]] == ["refused", "done", "done"]
    assert two["calls"][2]["skillLoadExecutionId"] == "t2-l2"
    assert three["calls"][0]["skillLoadExecutionId"] == "t2-l2" and "skills" not in three  # kept; unchanged
    assert four["warnings"][0]["log"] == "harness.log"
    assert four["calls"][-1]["reason"].startswith("over limits.tool_calls")


def test_text_honours_no_color_and_color_always(cli, monkeypatch):
    plain = cli("session", REVIEW, cwd=REPO).stdout
    assert "\x1b[" not in plain
    monkeypatch.delenv("NO_COLOR")
    coloured = cli("session", REVIEW, "--color", "always", cwd=REPO).stdout
    assert "\x1b[" in coloured


def test_the_command_is_documented(cli):
    outcome = cli("session", "--help")
    assert outcome.code == 0 and "SESSION" in outcome.stdout and "--agent" in outcome.stdout


def test_lint_checks_the_example_sessions_and_finds_nothing(cli):
    # Named as pre-commit names them: each is checked with its whole workspace as context.
    outcome = cli("lint", REVIEW, "fixtures/workspace/sessions/retry.yaml", cwd=REPO)
    assert (outcome.code, outcome.stdout) == (0, "All checks passed (2 files).\n")


def test_lint_reports_a_broken_session_at_its_position(cli, workspace_copy):
    (workspace_copy / "sessions" / "broken.yaml").write_text(
        "agent: account-reviewr\nturns:\n  - calls:\n      - {load: summarize, tool: x}\n")
    (workspace_copy / "sessions" / "calls.yaml").write_text(
        "agent: account-reviewer\nturns:\n  - calls:\n      - {load: nope}\n      - {tool: nothing}\n")
    outcome = cli("lint", ".", "--format", "json", cwd=workspace_copy)
    found = [(Path(d["path"]).name, d["line"], d["column"], d["rule"]) for d in json.loads(outcome.stdout)["diagnostics"]]
    assert outcome.code == 1
    assert found == [("broken.yaml", 1, 8, "session-agent"), ("broken.yaml", 4, 9, "session-file"),
                     ("calls.yaml", 4, 16, "session-calls"), ("calls.yaml", 5, 16, "session-calls")]
