"""Seed 003's sentences that no command showed before (output uses, what a load returns, what
the model is offered), each through `skillkit session` or `skillkit render --agent`, each
quoting the sentence it holds. Reports are also held to the generated report schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.conftest import REPO
from tests.session.conftest import agent, skill, tool

# One agent with a tool of its own, a preloaded skill with an example, and a skill to load.
GUIDE = ("---\nname: guide\ndescription: How to review.\nversion: 2\nexamples:\n"
         "  - {situation: A page failed., resolution: Mark it incomplete., reason: Partial is not clean.}\n"
         "---\nReview with care.\n")
FILES = {**tool("fetch"), **tool("notes"), **skill("summarize", tools="[{name: notes}]"),
         "skills/guide/SKILL.md": GUIDE,
         "agents/a.yaml": "name: a\nprompt: You review accounts.\ntools: [{name: fetch}]\n"
                          "skills: [{name: guide, preload: true}, {name: summarize}]\n"}


def schema(stem: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((REPO / "schemas" / f"{stem}.schema.json").read_text(encoding="utf-8")))


def uses(ran, turn: int) -> list[tuple]:
    return [(u["turn"], u["call"], u["kind"], u["name"], u["version"], u["execution"], u["reused"])
            for u in ran.turn(turn)["uses"]]


def test_uses_list_the_tool_answers_and_skill_guidance_supplied(session) -> None:
    """"An invocation's uses lists the tool answers and skill guidance its handler reported
    supplying to it; for an agent, Twisp derives them from its calls." And of preloads: "Each is
    an ordinary load of the version the turn resolved, with its own execution and the turn's own
    SKILL use, never a reused one.\""""
    ran = session(FILES, "turns:\n  - calls: [{tool: fetch}, {load: summarize}, {tool: notes}]\n")
    assert ran.code == 0, ran.stderr
    assert uses(ran, 1) == [(1, None, "skill", "guide", 2, "t1-l1", False), (1, 0, "tool", "fetch", 1, "t1-c0", False),
                            (1, 1, "skill", "summarize", 1, "t1-l2", False), (1, 2, "tool", "notes", 1, "t1-c2", False)]
    assert ran.turn(1)["uses"][0]["preload"] is True and ran.turn(1)["status"] == "finalized"
    schema("session-report").validate(ran.data)


def test_each_use_names_the_call_or_load_that_produced_it_and_its_version(session) -> None:
    """"Each use names the committed call or load that produced the output and the version of
    that execution holding it." A repeated load returns the same execution, so its output is the
    first load's; a load of the preloaded skill returns the turn's preload."""
    ran = session(FILES, "turns:\n  - calls: [{load: summarize}, {load: summarize}, {load: guide}]\n"
                         "  - publish: {summarize: {versions: [2]}}\n    calls: [{load: summarize}]\n")
    assert uses(ran, 1) == [(1, None, "skill", "guide", 2, "t1-l1", False),
                            (1, 0, "skill", "summarize", 1, "t1-l2", False)]
    assert uses(ran, 2) == [(2, None, "skill", "guide", 2, "t2-l1", False),
                            (2, 0, "skill", "summarize", 2, "t2-l2", False)]


def test_reused_output_is_marked_and_keeps_its_original_producer(session) -> None:
    """"A use of output carried forward from earlier is marked reused and keeps its original
    producer." A reuse of a reuse names the first producer."""
    ran = session(FILES, "turns:\n  - calls: [{tool: fetch}, {load: summarize}]\n"
                         "  - calls: [{tool: fetch, reuses: {turn: 1, call: 0}}, {load: summarize, reuses: {turn: 1, "
                         "call: 1}}]\n  - calls: [{tool: fetch, reuses: {turn: 2, call: 0}}]\n")
    assert ran.code == 0, ran.stderr
    assert uses(ran, 2)[1:] == [(1, 0, "tool", "fetch", 1, "t1-c0", True), (1, 1, "skill", "summarize", 1, "t1-l2", True)]
    assert uses(ran, 3)[1:] == [(1, 0, "tool", "fetch", 1, "t1-c0", True)]
    assert ran.call(2, 0)["reuses"] == {"turn": 1, "call": 0}
    text = session(FILES, "turns:\n  - calls: [{tool: fetch}]\n  - calls: [{tool: fetch, reuses: {turn: 1, call: 0}}]\n",
                   fmt="text").stdout
    assert "reuses the output of turn 1 call 0" in text and "reused tool fetch v1 (turn 1 call 0, t1-c0)" in text


@pytest.mark.parametrize("in_session", [True, False])
def test_reused_output_from_outside_the_scope_fails_the_turn_with_reuse_out_of_scope(session, in_session) -> None:
    """"A session turn can reuse only output produced in earlier turns of the same session, and
    an execution of an action without sessions only output from its own earlier invocations;
    finalizing with any other reused output fails with reuse_out_of_scope." The failed turn's
    loads roll back with it: a later turn does not keep their tools."""
    text = (f"session: {'true' if in_session else 'false'}\nturns:\n"
            "  - calls: [{tool: fetch}]\n"
            "  - calls: [{tool: fetch, reuses: {turn: 1, call: 0}}]\n"          # an earlier turn: in scope
            "  - calls: [{load: summarize}, {tool: fetch, reuses: {external: nightly}}]\n"
            "  - calls: [{tool: notes}]\n")
    ran = session(FILES, text)
    assert ran.code == 1
    assert [t["status"] for t in ran.data["turns"]] == ["finalized", "finalized", "failed", "finalized"]
    scope = "earlier turns of the same session" if in_session else "its own earlier invocations"
    assert [(d["line"], d["column"], d["rule"], d["severity"]) for d in ran.data["diagnostics"]] == [
        (5, 54, "reuse_out_of_scope", "error")]
    assert "outside this" in ran.data["diagnostics"][0]["message"] and scope in ran.data["diagnostics"][0]["message"]
    assert [u["kind"] for u in ran.turn(3)["uses"]] == ["tool"]  # the preload and the load rolled back
    assert ran.turn(3)["uses"][0] | {} == {"turn": None, "call": None, "kind": "tool", "name": "fetch", "version": None,
                                           "execution": None, "reused": True, "external": "nightly"}
    assert ran.verdicts(4) == ["refused"]  # summarize's notes was not kept: its load rolled back
    schema("session-report").validate(ran.data)
    text_run = session(FILES, text, fmt="text")
    assert "fails to finalize (reuse_out_of_scope)" in text_run.stdout
    assert "sessions/s.yaml:5:54: error reuse_out_of_scope turn 3 fails to finalize" in text_run.stderr


@pytest.mark.parametrize("reuse, why", [
    ("{turn: 2, call: 0}", "turn 2 is this turn, not an earlier one"),
    ("{turn: 1, call: 1}", "call 1 of turn 1 was refused"),
])
def test_reused_output_not_from_an_earlier_committed_call_is_out_of_scope(session, reuse, why) -> None:
    ran = session(FILES, "turns:\n  - calls: [{tool: fetch}, {tool: nope}]\n"
                         f"  - calls: [{{tool: fetch}}, {{tool: fetch, reuses: {reuse}}}]\n")
    assert ran.turn(2)["status"] == "failed"
    assert why in ran.data["diagnostics"][-1]["message"]


def test_a_failed_call_a_rolled_back_load_and_an_unreported_output_are_never_uses(session) -> None:
    """"A failed call, a rolled-back load, and a declared but unreported tool or skill never
    appear as uses." A refused call, the loads of a turn a retry takes back, and a call marked
    `supplied: false` are left out; a rolled-back load's output cannot be reused either."""
    ran = session(FILES, "turns:\n  - calls: [{tool: notes}, {load: summarize}, {tool: fetch, supplied: false}]\n"
                         "  - retry: true\n    calls: [{tool: fetch, reuses: {turn: 1, call: 1}}]\n")
    assert ran.call(1, 0)["verdict"] == "refused" and ran.call(1, 2)["supplied"] is False
    assert ran.turn(1)["status"] == "rolled-back" and uses(ran, 1) == []
    assert ran.turn(2)["status"] == "failed"
    assert "call 1 of turn 1 is a load that rolled back with turn 1" in ran.data["diagnostics"][-1]["message"]
    lint = session(FILES, "turns:\n  - calls: [{tool: fetch, reuses: {external: x}}]\n", fmt="text")
    assert lint.code == 1


def test_a_load_returns_exactly_the_instructions_and_examples_of_its_version(session) -> None:
    """"A load is a call through invokeAction with an empty input object. It returns exactly the
    instructions and examples of the version it names." A version the workspace holds no file
    of has unknown guidance (null), never a guess."""
    ran = session(FILES, "turns:\n  - calls: [{load: summarize}, {load: guide}]\n"
                         "  - publish: {summarize: {versions: [2]}}\n    calls: [{load: summarize}]\n")
    assert ran.turn(1)["preloads"][0]["returns"] == {
        "instructions": "Review with care.", "tools": [],
        "examples": [{"situation": "A page failed.", "resolution": "Mark it incomplete.", "reason": "Partial is not clean."}]}
    assert ran.call(1, 1)["returns"] == ran.turn(1)["preloads"][0]["returns"]  # the turn's preload
    assert ran.call(1, 0)["returns"] == {"instructions": "Do the summarize thing.", "examples": [],
                                         "tools": [{"name": "notes", "version": 1}]}
    assert ran.call(2, 0)["returns"]["instructions"] is None and ran.call(2, 0)["returns"]["examples"] is None


def test_loading_returns_examples_an_empty_list_when_there_are_none(session) -> None:
    """"Loading takes an empty input object, and returns the instructions and examples, with
    examples an empty list when there are none.\""""
    ran = session(FILES, "turns:\n  - calls: [{load: summarize, input: {}}]\n")
    assert ran.call(1, 0)["returns"]["examples"] == []
    text = session(FILES, "turns:\n  - calls: [{load: summarize}]\n", fmt="text").stdout
    assert "returns: 1 line of instructions, 0 examples" in text


def test_the_model_is_offered_names_and_descriptions_and_no_preloaded_skill(session) -> None:
    """"A skill needs a portable name, which the model sees with its description", and of a
    preloaded one: "The skill is not listed for the model to load.\""""
    ran = session(FILES, "turns:\n  - calls: []\n")
    assert ran.turn(1)["listing"] == [{"name": "summarize", "description": "The summarize skill."}]
    text = session(FILES, "turns:\n  - calls: []\n", fmt="text").stdout
    assert "listed for the model to load: summarize (The summarize skill.)" in text


def _workspace(root: Path) -> Path:
    for relative, content in FILES.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(content, encoding="utf-8")
    (root / "sessions").mkdir()
    (root / "sessions" / "s.yaml").write_text(
        "agent: a\nturns:\n  - calls: [{load: summarize}]\n  - publish: {guide: {versions: [3]}}\n    calls: []\n",
        encoding="utf-8")
    return root


def test_preloaded_guidance_follows_the_agents_prompt_and_its_tools_are_offered_first(cli, tmp_path: Path) -> None:
    """"Its guidance follows the agent's prompt in the agent's instructions, where it stays the
    same from turn to turn until the skill changes, and the tools it lists are offered from the
    turn's first model call." `render --agent` assembles them, as render does the Skills block."""
    root = _workspace(tmp_path)
    fresh = cli("render", "--agent", "a", "--format", "json", cwd=root)
    assert fresh.code == 0, fresh.stderr
    data = json.loads(fresh.stdout)
    schema("render-agent-report").validate(data)
    assert data["instructions"] == ("You review accounts.\n\n## guide\nReview with care.\n\nExamples:\n"
                                    "- Situation: A page failed.\n  Resolution: Mark it incomplete.\n"
                                    "  Reason: Partial is not clean.")
    assert data["preloads"] == [{"skill": "guide", "version": 2}]
    assert data["tools"] == [{"name": "fetch", "version": 1}] and data["tokens"] > 10
    kept = json.loads(cli("render", "--agent", "a", "--session", "sessions/s.yaml", "--turn", "1", "--format", "json",
                          cwd=root).stdout)
    assert kept["instructions"] == data["instructions"]
    later = cli("render", "--agent", "a", "--session", "sessions/s.yaml", "--turn", "2", "--format", "json", cwd=root)
    assert later.code == 0
    assert json.loads(later.stdout)["tools"] == [{"name": "fetch", "version": 1}, {"name": "notes", "version": 1}]
    assert json.loads(later.stdout)["preloads"] == []  # guide 3 has no file here: its guidance is not guessed
    assert "guide' version 3: the workspace does not hold that version's instructions" in later.stderr
    text = cli("render", "--agent", "a", cwd=root)
    assert "Tools offered from the first model call: fetch v1 (agent)" in text.stdout
    assert "Tokens (o200k_base):" in text.stdout and "You review accounts." in text.stdout


def test_render_agent_refuses_studio_options_and_unknown_names(cli, tmp_path: Path) -> None:
    root = _workspace(tmp_path)
    for args in (["--agent", "a", "--scene", "scenes/x.yaml"], ["--agent", "b"], ["--agent", "a", "--turn", "2"],
                 ["--agent", "a", "--session", "sessions/s.yaml", "--turn", "5"]):
        outcome = cli("render", *args, cwd=root)
        assert outcome.code == 2 and "Traceback" not in outcome.stderr, (args, outcome)


def test_render_json_meets_its_report_schema(cli) -> None:
    outcome = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--format", "json",
                  cwd=REPO / "fixtures" / "render" / "workspace")
    schema("render-report").validate(json.loads(outcome.stdout))
    for name in ("review", "retry"):
        ran = cli("session", f"sessions/{name}.yaml", "--format", "json", cwd=REPO / "fixtures" / "workspace")
        schema("session-report").validate(json.loads(ran.stdout))
