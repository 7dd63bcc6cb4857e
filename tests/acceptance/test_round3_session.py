"""Acceptance, round 3: session and agent assembly amended (DESIGN 8.4, seed 003; issue 27).

Each turn of `session --format json` gains `uses`, `listing`, a load's `returns`, and a failed
status with `reuse_out_of_scope` for reused output from outside the session; `render --agent NAME
--format json` assembles an agent's instructions. The workspace is the bundled example (its
agent `account-reviewer` preloads `review-activity` v3 and may load `summarize`), copied, with a
second preloaded skill and a tool of its own added for the agent cases.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.acceptance.round3_support import FIXTURES, finished, put, skillkit, walk

SUMMARIZE_BODY = "Summarize the findings in at most five sentences, most serious first. Do not speculate."
SUMMARIZE_DESCRIPTION = "Summarize a review's findings for the account owner in plain language."
REVIEW_FIRST_LINE = "Review account activity and record the evidence for each finding."
CHECKLIST_BODY = "Check every page of activity twice before you write a finding."

FIRST_TURN = """\
agent: account-reviewer
turns:
  - calls:
      - {tool: get_account_activity, input: {account: 7}}            # 0: done
      - {load: summarize}                                            # 1: done, no examples
      - {tool: send_summary}                                         # 2: refused: never a use
      - {load: review-activity}                                      # 3: returns the turn's preload
"""

# the same first turn, then a turn that only plain calls make (no session-file key of round 3)
BASIC_SESSION = FIRST_TURN + """\
  - calls:
      - {tool: get_account_activity, input: {account: 8}}
"""

USES_SESSION = FIRST_TURN + """\
  - calls:
      - {tool: get_account_activity, reuses: {turn: 1, call: 0}}     # 0: reused output of turn 1
      - {tool: get_account_activity, supplied: false}                # 1: declared, not reported
      - {tool: get_account_activity, input: {account: 8}}            # 2: an ordinary use
"""

EXTERNAL_SESSION = """\
agent: account-reviewer
turns:
  - calls:
      - {tool: get_account_activity, input: {account: 7}}
  - calls:
      - {tool: get_account_activity, reuses: {external: ticket-42}}  # output from outside the session
"""

NO_SESSION_OWN_REUSE = """\
agent: account-reviewer
session: false
turns:
  - calls:
      - {tool: get_account_activity, input: {account: 7}}
  - calls:
      - {tool: get_account_activity, reuses: {turn: 1, call: 0}}     # the agent's own earlier invocation
"""


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("platform") / "ws"
    shutil.copytree(FIXTURES / "workspace", root)
    (root / "skillkit.lock").unlink(missing_ok=True)
    put(root, "sessions/basic.yaml", BASIC_SESSION)
    put(root, "sessions/uses.yaml", USES_SESSION)
    put(root, "sessions/external.yaml", EXTERNAL_SESSION)
    put(root, "sessions/own.yaml", NO_SESSION_OWN_REUSE)
    put(root, "tools/record_note.yaml",
        "name: record_note\nversion: 1\ndescription: Record a note on the review.\n")
    put(root, "skills/checklist/SKILL.md",
        "---\nname: checklist\ndescription: A checklist every account review follows before it ends.\n"
        "version: 1\ntools:\n  - name: record_note\n    version: 1\n---\n" + CHECKLIST_BODY + "\n")
    put(root, "agents/loader.yaml",
        "name: loader\nhandler: agent\ntools:\n  - {name: get_account_activity, version: 2}\n"
        "skills:\n  - {name: checklist}\n")
    put(root, "sessions/loader.yaml", "agent: loader\nturns:\n  - calls:\n      - {load: checklist}\n"
        "      - {tool: record_note}\n")
    put(root, "agents/two-preloads.yaml",
        "name: two-preloads\nhandler: agent\ntools:\n  - {name: get_account_activity, version: 2}\n"
        "skills:\n  - {name: review-activity, version: 3, preload: true}\n"
        "  - {name: checklist, preload: true}\n  - {name: summarize}\n")
    return root


@pytest.fixture(scope="module")
def basic_run(platform: Path):
    """The session without reuses: turn 1 refuses one call, so it exits 1."""
    run = finished(skillkit("session", "sessions/basic.yaml", "--format", "json", cwd=platform), 1)
    return run, run.json()


@pytest.fixture(scope="module")
def uses_run(platform: Path):
    """The session whose turn 2 reuses turn 1's output and declares an unreported call."""
    run = finished(skillkit("session", "sessions/uses.yaml", "--format", "json", cwd=platform), 1)
    return run, run.json()


def turn(document: dict[str, Any], number: int) -> dict[str, Any]:
    (found,) = [t for t in document["turns"] if t["turn"] == number]
    return found


def call_uses(entry: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(u["turn"], u["call"]): u for u in entry["uses"] if isinstance(u.get("call"), int)}


def calls_by_index(entry: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {c["index"]: c for c in entry["calls"]}


# ---------------------------------------------------------------------------- uses


def test_uses_name_each_supplied_call_and_load_with_its_version(basic_run) -> None:
    """8.4: "Each turn in `session --format json` adds "uses": a list of {"turn": N, "call": INDEX,
    "kind": "tool"|"skill", "name": ..., "version": N, "execution": ID, "reused": false}"."""
    _, document = basic_run
    uses = call_uses(turn(document, 1))
    tool, load = uses[(1, 0)], uses[(1, 1)]
    for use in (tool, load):
        assert {"turn", "call", "kind", "name", "version", "execution", "reused"} <= set(use), use
        assert use["reused"] is False, use
    assert (tool["kind"], tool["name"], tool["version"]) == ("tool", "get_account_activity", 2), tool
    assert (load["kind"], load["name"], load["version"]) == ("skill", "summarize", 1), load
    assert load["execution"] == calls_by_index(turn(document, 1))[1]["execution"], load


def test_uses_leave_out_refused_calls(basic_run) -> None:
    """8.4: uses leave out "failed calls, rolled-back or refused loads"; seed 003: "A failed call,
    a rolled-back load, and a declared but unreported tool or skill never appear as uses.\""""
    _, document = basic_run
    first = turn(document, 1)
    assert calls_by_index(first)[2]["verdict"] == "refused"
    assert (1, 2) not in call_uses(first), first["uses"]
    assert not any(u.get("name") == "send_summary" for u in first["uses"]), first["uses"]


def test_a_reused_use_names_its_producer_and_supplied_false_is_no_use(uses_run) -> None:
    """8.4: "a reused use names its original producer's turn and call and has "reused": true",
    and uses leave out "calls the session file marks `supplied: false` (declared but not
    reported)"."""
    _, document = uses_run
    second = turn(document, 2)
    uses = call_uses(second)
    assert uses[(1, 0)]["reused"] is True and uses[(1, 0)]["name"] == "get_account_activity", second["uses"]
    assert (2, 0) not in uses, second["uses"]  # the reused call is the producer's use, marked reused
    assert (2, 1) not in uses, second["uses"]  # supplied: false
    assert uses[(2, 2)]["reused"] is False, second["uses"]


def test_each_preload_is_the_turns_own_skill_use_never_reused(basic_run) -> None:
    """Seed 003: each preload "is an ordinary load of the version the turn resolved, with its own
    execution and the turn's own SKILL use, never a reused one"."""
    _, document = basic_run
    for entry in document["turns"]:
        preload_uses = [u for u in entry["uses"] if u.get("kind") == "skill" and u.get("name") == "review-activity"
                        and u.get("turn") == entry["turn"]]
        assert preload_uses, entry["uses"]
        assert all(u["reused"] is False and u["version"] == 3 for u in preload_uses), preload_uses


# ---------------------------------------------------------------------------- what a load returns


def test_a_load_returns_its_instructions_and_empty_examples(basic_run) -> None:
    """8.4: "A load call adds "returns": {"instructions": ..., "examples": [...], "tools": [...]}
    (`examples: []` when none)"; seed 003: "returns the instructions and examples, with examples an
    empty list when there are none"."""
    _, document = basic_run
    returned = calls_by_index(turn(document, 1))[1]["returns"]
    assert set(returned) >= {"instructions", "examples", "tools"}, returned
    assert returned["instructions"].strip() == SUMMARIZE_BODY
    assert returned["examples"] == [] and returned["tools"] == [], returned


def test_a_load_of_a_preloaded_skill_returns_its_examples(basic_run) -> None:
    """Seed 003: a load "returns exactly the instructions and examples of the version it names";
    issue 27: "and the tools it made available", which "leaves out a tool the agent lists itself".
    review-activity v3 has one example; its one tool is the agent's own, so it makes none available."""
    _, document = basic_run
    returned = calls_by_index(turn(document, 1))[3]["returns"]
    assert returned["instructions"].strip().startswith(REVIEW_FIRST_LINE), returned
    (example,) = returned["examples"]
    assert example["situation"] == "A page of activity failed to load."
    assert example["resolution"] == "Mark the review incomplete."
    assert returned["tools"] == [], returned["tools"]


def test_a_load_returns_the_tools_it_made_available(platform: Path) -> None:
    """8.4: a load's "returns" holds its "tools"; issue 27: "the tools it made available".
    checklist v1 lists record_note v1, which the agent `loader` does not have itself."""
    run = finished(skillkit("session", "sessions/loader.yaml", "--format", "json", cwd=platform), 0)
    returned = calls_by_index(turn(run.json(), 1))[0]["returns"]
    assert returned["instructions"].strip() == CHECKLIST_BODY, returned
    assert returned["examples"] == [], returned
    assert [(t["name"], t["version"]) for t in returned["tools"]] == [("record_note", 1)], returned


# ---------------------------------------------------------------------------- the listing


def test_listing_offers_loadable_skills_and_leaves_out_preloads(basic_run) -> None:
    """8.4: "Each turn adds "listing": [{"name": ..., "description": ...}], what the model is
    offered to load"; seed 003: a preloaded skill "is not listed for the model to load"."""
    _, document = basic_run
    for entry in document["turns"]:
        listing = [(item["name"], item["description"]) for item in entry["listing"]]
        assert listing == [("summarize", SUMMARIZE_DESCRIPTION)], entry["listing"]


# ---------------------------------------------------------------------------- reuse_out_of_scope


def test_reused_output_from_outside_the_session_fails_the_turn(platform: Path) -> None:
    """8.4: "reused output from outside the session ... makes the turn, which finalizes, "status":
    "failed" with the finding `reuse_out_of_scope` (exit 1)"."""
    run = finished(skillkit("session", "sessions/external.yaml", "--format", "json", cwd=platform), 1)
    document = run.json()
    assert turn(document, 2).get("status") == "failed", turn(document, 2)
    assert turn(document, 1).get("status") != "failed", turn(document, 1)
    assert any(v == "reuse_out_of_scope" for v in walk(document)), document


def test_reuse_within_the_session_does_not_fail(uses_run) -> None:
    """Seed 003: "A session turn can reuse only output produced in earlier turns of the same
    session": turn 2 reusing turn 1's output is in scope."""
    _, document = uses_run
    assert turn(document, 2).get("status") != "failed", turn(document, 2)
    assert not any(v == "reuse_out_of_scope" for v in walk(document)), document


def test_without_a_session_reusing_the_own_earlier_invocation_is_in_scope(platform: Path) -> None:
    """8.4 / seed 003: without sessions an execution may reuse "only output from its own earlier
    invocations": the agent's own earlier invocation is in scope, and every call is done (exit 0)."""
    run = finished(skillkit("session", "sessions/own.yaml", "--format", "json", cwd=platform), 0)
    document = run.json()
    assert all(t.get("status") != "failed" for t in document["turns"]), document["turns"]
    assert not any(v == "reuse_out_of_scope" for v in walk(document)), document
    (use,) = [u for u in turn(document, 2)["uses"] if u.get("kind") == "tool"]
    assert (use["turn"], use["call"], use["reused"]) == (1, 0, True), use


# ---------------------------------------------------------------------------- render --agent


@pytest.fixture(scope="module")
def agent_render(platform: Path) -> dict[str, Any]:
    run = finished(skillkit("render", "--agent", "two-preloads", "--format", "json", cwd=platform), 0)
    return run.json()


def test_render_agent_json_shape(agent_render: dict[str, Any]) -> None:
    """8.4: "`render --agent NAME ... --format json`: {"agent": ..., "instructions": "...",
    "preloads": [{"skill": ..., "version": N}], "tools": [{"name": ..., "version": N}],
    "tokens": N}"."""
    assert {"agent", "instructions", "preloads", "tools", "tokens"} <= set(agent_render), agent_render
    assert agent_render["agent"] == "two-preloads"
    assert [(p["skill"], p["version"]) for p in agent_render["preloads"]] == [("review-activity", 3), ("checklist", 1)]
    assert isinstance(agent_render["tokens"], int) and agent_render["tokens"] > 0, agent_render


def test_render_agent_instructions_hold_each_preload_in_order(agent_render: dict[str, Any]) -> None:
    """Seed 003: a preloaded skill's "guidance follows the agent's prompt in the agent's
    instructions", preloads "in the order of skills"; a skill only listed for loading is not in."""
    text = agent_render["instructions"]
    assert REVIEW_FIRST_LINE in text and CHECKLIST_BODY in text, text
    assert text.index(REVIEW_FIRST_LINE) < text.index(CHECKLIST_BODY), text
    assert text.rstrip().endswith(CHECKLIST_BODY), text
    assert SUMMARIZE_BODY not in text, text


def test_render_agent_tools_are_offered_from_the_first_call(agent_render: dict[str, Any]) -> None:
    """Issue 27: "the tools offered from the first call"; seed 003: the tools a preloaded skill
    lists "are offered from the turn's first model call", after the agent's own."""
    tools = [(t["name"], t["version"]) for t in agent_render["tools"]]
    assert tools == [("get_account_activity", 2), ("record_note", 1)], agent_render["tools"]
