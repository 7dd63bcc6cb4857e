"""Seed 003's "Loading a skill" and "Skill references", over time: one test per sentence,
each on a small workspace of its own, asserting `skillkit session --format json`."""

from __future__ import annotations

from tests.session.conftest import agent, skill, tool


def test_a_load_is_a_call_through_invoke_action_with_an_empty_input_object(session):
    # "A load is a call through invokeAction with an empty input object."
    files = {**skill("s"), **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s, input: {}}\n")
    assert ran.verdicts(1) == ["done"]
    given = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s, input: {page: 2}}\n", name="given.yaml")
    assert given.code == 2 and "a load is a call through invokeAction with an empty input object" in given.stderr


def test_an_agent_can_load_only_the_skill_versions_its_invocation_resolved(session):
    # "An agent can load only the skill versions its invocation resolved."
    files = {**skill("s"), **skill("other"), **agent(skills="[{name: s}, {name: gone}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n      - {load: other}\n"
                         "      - {load: gone}\n")
    assert ran.code == 1
    assert ran.verdicts(1) == ["done", "refused", "refused"]
    assert ran.call(1, 1)["reason"] == "skill 'other' is not in the agent's skills, so the invocation did not resolve it"
    assert "reference to skill 'gone' does not resolve" in ran.call(1, 2)["reason"]
    assert [d["rule"] for d in ran.data["diagnostics"]] == ["skill-ref-missing"]


def test_repeating_a_load_returns_the_same_execution(session):
    # "An agent's loads of one skill version within one invocation share one identity, so
    # repeating a load returns the same execution"
    files = {**skill("s"), **skill("u"), **agent(skills="[{name: s}, {name: u}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n      - {load: u}\n      - {load: s}\n"
                         "  - calls:\n      - {load: s}\n")
    first, again = ran.call(1, 0), ran.call(1, 2)
    assert (first["execution"], again["execution"], again.get("repeat")) == ("t1-l1", "t1-l1", True)
    assert ran.call(1, 1)["execution"] == "t1-l2"
    assert ran.call(2, 0)["execution"] == "t2-l1"  # another turn is another invocation: a load of its own
    assert ran.code == 0


def test_a_retried_invocation_loads_again_from_the_version_it_resolves(session):
    # "a retried invocation loads again, from the version it resolves."
    files = {**skill("s"), **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nsession: false\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - retry: true\n    publish: {s: {versions: [2]}}\n    calls:\n      - {load: s}\n")
    assert (ran.call(1, 0)["version"], ran.call(1, 0)["execution"]) == (1, "t1-l1")
    assert ran.turn(2)["retry"] is True
    assert (ran.call(2, 0)["version"], ran.call(2, 0)["execution"]) == (2, "t2-l1")


def test_a_retried_turn_of_a_session_keeps_nothing_of_the_turn_it_retries(session):
    # The retried turn's loads rolled back with its transaction: their tools are not kept.
    files = {**tool("t"), **skill("s", tools="[{name: t}]"), **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n"
                         "  - retry: true\n    calls:\n      - {tool: t}\n")
    assert ran.turn(2)["calls"][0]["offered"] == []
    assert ran.verdicts(2) == ["refused"]


def test_each_name_resolves_to_the_skills_action_and_reads_return_it_as_action_id(session):
    # "When the definition is written, each name resolves to the skill's action, and reads return
    # it as actionId."
    files = {**skill("s"), **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls: []\n")
    assert ran.turn(1)["skills"] == [{"name": "s", "actionId": "s", "version": 1, "pinned": False,
                                      "preload": False, "listed": True, "resolves": True}]


def test_a_reference_that_fails_the_write_resolves_nothing_to_load(session):
    # "A missing, duplicate, disabled, or deleted skill, an action that is not a skill, a version
    # the skill does not have, or a skill whose name is also the name the model sees for one of
    # the action's tools fails the write."
    files = {**skill("s"), **skill("d"), **skill("v"), **tool("t"), **tool("m", model="clash"), **skill("clash"),
             "catalog.yaml": "actions:\n  d: {kind: skill, versions: [1], state: disabled}\n",
             **agent(tools="[{name: m}]", skills="[{name: s}, {name: s}, {name: d}, {name: t}, {name: v, version: 9}, "
                                                 "{name: clash}, {name: nope}]")}
    calls = "".join(f"      - {{load: {n}}}\n" for n in ("s", "d", "t", "v", "clash", "nope"))
    ran = session(files, f"agent: a\nturns:\n  - calls:\n{calls}")
    assert ran.verdicts(1) == ["done"] + ["refused"] * 5
    assert {d["rule"] for d in ran.data["diagnostics"]} == {
        "skill-ref-duplicate", "skill-ref-state", "skill-ref-kind", "skill-ref-version", "skill-ref-tool-name",
        "skill-ref-missing"}
    assert [s["resolves"] for s in ran.turn(1)["skills"]] == [True, True, False, False, False, False, False]


def test_a_reference_with_a_version_always_loads_that_version_and_one_without_the_latest_at_each_turn(session):
    # "Versions follow the tool rule: a reference with a version always loads that version, and
    # one without loads the skill's latest version, resolved when each execution starts, so
    # editing a skill reaches such an action at its next invocation or turn."
    files = {**skill("pinned"), **skill("moving"), **agent(skills="[{name: pinned, version: 1}, {name: moving}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: pinned}\n      - {load: moving}\n"
                         "  - publish: {pinned: {versions: [2]}, moving: {versions: [2]}}\n"
                         "    calls:\n      - {load: pinned}\n      - {load: moving}\n")
    assert [c["version"] for c in ran.turn(1)["calls"]] == [1, 1]
    assert [c["version"] for c in ran.turn(2)["calls"]] == [1, 2]
    assert [(s["version"], s["pinned"]) for s in ran.turn(2)["skills"]] == [(1, True), (2, False)]


def test_like_tools_a_skills_list_is_accepted_only_by_handler_kinds_that_call_tools(session):
    # "Like tools, a skills list is accepted only by handler kinds that call tools."
    files = {**skill("s"), **agent(skills="[{name: s}]", handler="http")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: s}\n")
    assert ran.code == 1 and ran.verdicts(1) == ["refused"]
    assert "handler 'http' calls no tools" in ran.call(1, 0)["reason"]
    assert [d["rule"] for d in ran.data["diagnostics"]] == ["handler-kind"]


def test_declaring_a_skill_makes_it_available_and_is_not_a_record_that_it_was_used(session):
    # "Declaring a skill makes it available; it is not a record that the skill was used."
    files = {**tool("t"), **skill("s", tools="[{name: t}]"), **agent(skills="[{name: s}]")}
    ran = session(files, "agent: a\nturns:\n  - calls: []\n")
    assert ran.turn(1)["skills"][0]["listed"] is True
    assert ran.turn(1)["calls"] == [] and ran.turn(1)["preloads"] == [] and ran.tools(1) == []
