"""Seed 003's "Tools a skill makes available", over time: one test per rule, each on a small
workspace of its own, asserting `skillkit session --format json`."""

from __future__ import annotations

from tests.session.conftest import agent, skill, tool

LOAD_THEN_CALL = "agent: a\nturns:\n  - calls:\n      - {tool: t}\n      - {load: s}\n      - {tool: t}\n"


def test_before_the_load_the_agent_is_not_offered_them_and_cannot_call_them(session):
    # "Before the load the agent is not offered them and cannot call them."
    files = {**tool("own"), **tool("t"), **skill("s", tools="[{name: t}]"),
             **agent(tools="[{name: own}]", skills="[{name: s}]")}
    ran = session(files, LOAD_THEN_CALL)
    before, load, after = ran.turn(1)["calls"]
    assert before["offered"] == ["own"] and before["verdict"] == "refused"
    assert before["reason"] == ("tool 't' is not offered before a load makes it available: skill 's' lists it, "
                                "and no load of it happened in this session yet")
    assert after["offered"] == ["own", "t"] and after["verdict"] == "done"
    assert ran.code == 1


def test_the_tools_join_for_the_rest_of_the_session_or_without_one_the_rest_of_the_invocation(session):
    # "When an agent loads the skill, those tools join the agent's tools for the rest of its
    # session, or, without a session, the rest of its invocation."
    files = {**tool("t"), **skill("s", tools="[{name: t}]"), **agent(skills="[{name: s}]")}
    text = "agent: a\nsession: {}\nturns:\n  - calls:\n      - {{load: s}}\n  - calls:\n      - {{tool: t}}\n"
    kept = session(files, text.format("true"), name="kept.yaml")
    assert kept.verdicts(2) == ["done"] and kept.call(2, 0)["skillLoadExecutionId"] == "t1-l1"
    alone = session(files, text.format("false"), name="alone.yaml")
    assert alone.verdicts(2) == ["refused"] and alone.call(2, 0)["offered"] == []
    assert "no load of it happened in this invocation" in alone.call(2, 0)["reason"]


def test_the_loads_invocation_tools_leave_out_the_agents_own_and_an_earlier_pinned_one(session):
    # "The load's invocation.tools lists the tool versions it made available, which leaves out a
    # tool the agent lists itself and one an earlier load made available at a pinned version."
    files = {**tool("own"), **tool("t", 2), **tool("u"), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **skill("first", tools="[{name: t, version: 1}]"),
             **skill("second", tools="[{name: own}, {name: t}, {name: u}]"),
             **agent(tools="[{name: own}]", skills="[{name: first}, {name: second}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: first}\n      - {load: second}\n")
    assert ran.call(1, 0)["tools"] == [{"name": "t", "version": 1}]
    assert ran.call(1, 1)["tools"] == [{"name": "u", "version": 1}]


def test_the_agents_invocation_tools_list_them_after_its_own_each_call_naming_the_load(session):
    # "The agent's invocation.tools lists them after its own references, each with the version
    # its calls used, and each call to one of them names the load in skillLoadExecutionId."
    files = {**tool("own"), **tool("t", 3), **tool("u"), **skill("s", tools="[{name: u}, {name: t}]"), **skill("p"),
             **agent(tools="[{name: own}]", skills="[{name: p, preload: true}, {name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n      - {tool: t}\n      - {tool: own}\n")
    assert ran.tools(1) == [("own", 1, "agent"), ("u", 1, "skill:s"), ("t", 3, "skill:s")]
    assert (ran.call(1, 1)["version"], ran.call(1, 1)["skillLoadExecutionId"]) == (3, "t1-l2")
    assert ran.call(1, 2)["skillLoadExecutionId"] is None


def test_a_skill_grants_nothing_the_agents_own_reference_applies_with_its_version_input_and_approval(session):
    # "A skill grants nothing: a call to one of its tools is authorized as any call the agent
    # makes, by the agent's policies and the tool's own. When the agent lists the tool in its own
    # tools, the agent's reference applies instead, with its version, fixed input, and approval."
    files = {**tool("t", 2), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **skill("s", tools="[{name: t, version: 1}]"),
             **agent(tools="[{name: t, version: 2, input: {page: 50}, approval: always}]", skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n      - {tool: t, input: {account: 7}}\n")
    assert ran.call(1, 0)["tools"] == []
    call = ran.call(1, 1)
    assert (call["version"], call["from"], call["skillLoadExecutionId"]) == (2, "agent", None)
    assert (call["input"], call["approval"]) == ({"account": 7, "page": 50}, "always")


def test_a_pinned_version_wins_over_the_latest_one(session):
    # "When two loaded skills list the same tool, a pinned version wins over the latest one"
    files = {**tool("t", 2), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **skill("latest", tools="[{name: t}]"), **skill("pin", tools="[{name: t, version: 1}]"),
             **agent(skills="[{name: latest}, {name: pin}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: latest}\n      - {tool: t}\n"
                         "      - {load: pin}\n      - {tool: t}\n")
    assert (ran.call(1, 1)["version"], ran.call(1, 1)["skillLoadExecutionId"]) == (2, "t1-l1")
    assert ran.call(1, 2)["tools"] == [{"name": "t", "version": 1}]
    assert (ran.call(1, 3)["version"], ran.call(1, 3)["skillLoadExecutionId"]) == (1, "t1-l2")
    assert ran.tools(1) == [("t", 1, "skill:pin")]


def test_two_different_pinned_versions_fail_the_second_load(session):
    # "and two different pinned versions fail the second load."
    files = {**tool("t", 2), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **tool("u"), **skill("one", tools="[{name: t, version: 1}]"),
             **skill("two", tools="[{name: u}, {name: t, version: 2}]"), **agent(skills="[{name: one}, {name: two}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: one}\n      - {load: two}\n      - {tool: u}\n")
    assert ran.code == 1
    second = ran.call(1, 1)
    assert (second["verdict"], second["execution"]) == ("refused", None)
    assert second["reason"] == ("loading skill 'two' fails: it pins tool 't' at version 2, but skill 'one', "
                                "loaded earlier, pinned version 1")
    assert ran.verdicts(1)[2] == "refused"  # none of the failed load's tools joined
    assert ran.tools(1) == [("t", 1, "skill:one")]


def test_later_turns_keep_the_tools_each_at_its_references_version_or_its_latest_one(session):
    # "In a session, later turns keep the tools of the skills the session has loaded, each at its
    # reference's version or its latest one."
    files = {**tool("t"), **tool("p"), **skill("s", tools="[{name: t}, {name: p, version: 1}]"),
             **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - publish: {t: {versions: [2]}, p: {versions: [2]}}\n    calls:\n      - {tool: t}\n"
                         "      - {tool: p}\n")
    assert ran.turn(2)["calls"][0]["offered"] == ["t", "p"]
    assert [(c["tool"], c["version"], c["skillLoadExecutionId"]) for c in ran.turn(2)["calls"]] == [
        ("t", 2, "t1-l1"), ("p", 1, "t1-l1")]
    assert ran.tools(2) == [("t", 2, "skill:s"), ("p", 1, "skill:s")]


def test_a_turn_leaves_out_a_kept_tool_that_no_longer_fits_with_a_harness_log_warning(session):
    # "A turn leaves out a kept tool that no longer fits the agent's tools, such as one whose
    # latest version now has the name of one of the agent's tools or skills, and a harness.log
    # warning in the turn's transcript says why."
    files = {**tool("own", model="lookup"), **tool("t"), **skill("s", tools="[{name: t}]"),
             **agent(tools="[{name: own}]", skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - publish: {t: {versions: {2: {modelName: lookup}}}}\n    calls:\n      - {tool: t}\n")
    assert ran.turn(1)["warnings"] == []
    assert ran.turn(2)["warnings"] == [{
        "log": "harness.log", "tool": "t",
        "message": "kept tool 't' no longer fits the agent's tools, so this turn leaves it out: its version 2 is "
                   "named 'lookup' for the model, the name of the agent's tool 'own'"}]
    assert ran.call(2, 0)["offered"] == ["own"] and ran.call(2, 0)["verdict"] == "refused"
    assert ran.tools(2) == [("own", 1, "agent")]


def test_a_tool_no_skill_lists_and_the_agent_does_not_have_is_refused(session):
    files = {**tool("t"), **agent(tools="[{name: t}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {tool: nope}\n")
    assert ran.call(1, 0)["reason"] == "tool 'nope' is not among the agent's tools, and no skill it may load lists it"


def test_a_tool_is_called_by_its_name_or_the_name_the_model_sees(session):
    files = {**tool("t", model="seen"), **agent(tools="[{name: t}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {tool: seen}\n      - {tool: t}\n")
    assert [(c["tool"], c["verdict"]) for c in ran.turn(1)["calls"]] == [("t", "done"), ("t", "done")]


def test_a_kept_tool_whose_latest_version_takes_the_name_of_one_of_the_agents_skills_is_left_out(session):
    # "... such as one whose latest version now has the name of one of the agent's tools or skills"
    files = {**tool("t"), **skill("s", tools="[{name: t}]"), **skill("notes"),
             **agent(skills="[{name: s}, {name: notes}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - publish: {t: {versions: {2: {modelName: notes}}}}\n    calls:\n      - {tool: t}\n")
    assert [w["tool"] for w in ran.turn(2)["warnings"]] == ["t"]
    assert "the name of the agent's skill 'notes'" in ran.turn(2)["warnings"][0]["message"]
    assert ran.verdicts(2) == ["refused"]


def test_a_kept_tool_disabled_since_is_left_out_with_a_warning_and_a_disabled_skill_no_longer_loads(session):
    # A turn resolves its references when it starts: what a publish disabled does not resolve.
    files = {**tool("t"), **skill("s", tools="[{name: t}]"), **skill("u"), **agent(skills="[{name: s}, {name: u}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - publish: {t: {state: disabled}, u: {state: disabled}}\n"
                         "    calls:\n      - {tool: t}\n      - {load: u}\n")
    assert ran.turn(2)["warnings"] == [{"log": "harness.log", "tool": "t", "message":
                                        "kept tool 't' is left out: the reference to it in skill 's' no longer resolves"}]
    assert ran.verdicts(2) == ["refused", "refused"]
    assert "reference to skill 'u' does not resolve" in ran.call(2, 1)["reason"]
    assert {d["rule"] for d in ran.data["diagnostics"]} == {"tool-ref-state", "skill-ref-state"}
