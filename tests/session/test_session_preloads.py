"""Seed 003's "Preloaded skills", turn by turn: one test per rule, each on a small workspace of
its own, asserting `skillkit session --format json`."""

from __future__ import annotations

from tests.session.conftest import agent, skill, tool

FILES = {**tool("t"), **tool("u"), **skill("p", tools="[{name: t}]"), **skill("q"), **skill("s", tools="[{name: u}]"),
         **agent(skills="[{name: s}, {name: q, preload: true}, {name: p, preload: true}]")}


def test_a_skill_the_agent_always_needs_can_be_preloaded(session):
    # "A skill the agent always needs can be preloaded with preload: true."
    ran = session(FILES, "agent: a\nturns:\n  - calls: []\n")
    assert [(s["name"], s["preload"]) for s in ran.turn(1)["skills"]] == [("s", False), ("q", True), ("p", True)]


def test_every_turn_and_every_invocation_without_a_session_preloads_in_the_order_of_skills(session):
    # "At the start of every turn, and of every invocation of an agent without a session, the
    # agent loads each preloaded skill, in the order of skills, before its first model call."
    for mode in ("true", "false"):
        ran = session(FILES, f"agent: a\nsession: {mode}\nturns:\n  - calls: []\n  - calls: []\n", name=f"{mode}.yaml")
        for number in (1, 2):
            assert [(p["skill"], p["execution"]) for p in ran.turn(number)["preloads"]] == [
                ("q", f"t{number}-l1"), ("p", f"t{number}-l2")]


def test_each_preload_is_an_ordinary_load_of_the_version_the_turn_resolved_never_a_reused_one(session):
    # "Each is an ordinary load of the version the turn resolved, with its own execution and the
    # turn's own SKILL use, never a reused one."
    ran = session(FILES, "agent: a\nturns:\n  - calls: []\n  - publish: {p: {versions: [2]}}\n    calls: []\n")
    assert [(p["skill"], p["version"], p["execution"]) for p in ran.turn(1)["preloads"]][1] == ("p", 1, "t1-l2")
    assert [(p["skill"], p["version"], p["execution"]) for p in ran.turn(2)["preloads"]][1] == ("p", 2, "t2-l2")


def test_a_preloads_tools_are_offered_from_the_turns_first_model_call(session):
    # "... and the tools it lists are offered from the turn's first model call."
    ran = session(FILES, "agent: a\nturns:\n  - calls:\n      - {tool: t}\n")
    assert ran.turn(1)["preloads"][1]["tools"] == [{"name": "t", "version": 1}]
    call = ran.call(1, 0)
    assert (call["offered"], call["verdict"], call["skillLoadExecutionId"]) == (["t"], "done", "t1-l2")


def test_a_preloaded_skill_is_not_listed_and_a_load_of_it_returns_the_turns_preload(session):
    # "The skill is not listed for the model to load; if other skills are listed and the model
    # asks for a preloaded one anyway, the load returns the turn's preload."
    ran = session(FILES, "agent: a\nturns:\n  - calls:\n      - {load: p}\n")
    assert [s["listed"] for s in ran.turn(1)["skills"]] == [True, False, False]
    call = ran.call(1, 0)
    assert (call["verdict"], call["execution"], call["preload"]) == ("done", "t1-l2", True)
    assert ran.code == 0


def test_with_no_other_skill_listed_there_is_no_load_to_ask_for(session):
    files = {**skill("p"), **agent(skills="[{name: p, preload: true}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: p}\n")
    assert ran.code == 1 and ran.verdicts(1) == ["refused"]
    assert ran.call(1, 0)["reason"].startswith("no skill is listed for the model to load")


def test_the_transcript_records_each_preload_as_a_skill_preload_event_before_the_first_model_call(session):
    # "The transcript records each preload as a skill.preload event before the turn's first model call."
    ran = session(FILES, "agent: a\nturns:\n  - calls:\n      - {load: s}\n")
    assert [p["event"] for p in ran.turn(1)["preloads"]] == ["skill.preload", "skill.preload"]
    assert ran.call(1, 0)["execution"] == "t1-l3"  # the model's load comes after both preloads
    text = session(FILES, "agent: a\nturns:\n  - calls:\n      - {load: s}\n", name="text.yaml", fmt="text").stdout
    assert text.index("skill.preload q") < text.index("skill.preload p") < text.index("call 0: load s")


def test_a_preload_does_not_count_against_limits_tool_calls(session):
    # "A preload does not count against limits.tool_calls."
    ran = session(FILES, "agent: a\nlimits: {tool_calls: 1}\nturns:\n  - calls:\n      - {tool: t}\n      - {tool: t}\n")
    assert ran.verdicts(1) == ["done", "refused"]
    assert ran.call(1, 1)["reason"] == "over limits.tool_calls: the invocation may make 1 call, and this is call 2"
    assert ran.code == 1


def test_a_preload_that_fails_is_a_failed_load(session):
    files = {**tool("t", 2), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **skill("one", tools="[{name: t, version: 1}]"), **skill("two", tools="[{name: t, version: 2}]"),
             **agent(skills="[{name: one, preload: true}, {name: two, preload: true}]")}
    ran = session(files, "agent: a\nturns:\n  - calls: []\n")
    assert [p["verdict"] for p in ran.turn(1)["preloads"]] == ["done", "refused"]
    assert ran.code == 1


def test_a_preloads_guidance_stays_the_same_from_turn_to_turn_until_the_skill_changes(session):
    # "Its guidance follows the agent's prompt in the agent's instructions, where it stays the
    # same from turn to turn until the skill changes"
    ran = session(FILES, "agent: a\nturns:\n  - calls: []\n  - calls: []\n  - publish: {p: {versions: [2]}}\n"
                         "    calls: []\n")
    assert [[(p["skill"], p["guidance"]) for p in ran.turn(n)["preloads"]] for n in (1, 2, 3)] == [
        [("q", "new"), ("p", "new")], [("q", "same"), ("p", "same")], [("q", "same"), ("p", "changed")]]


def test_a_preload_pinning_a_tool_against_a_kept_pin_is_the_second_load_and_fails(session):
    # Kept tools were the session's before the turn began: a preload of a version pinning the
    # tool otherwise is "the second load" of "two different pinned versions".
    files = {**tool("t", 2), "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
             **skill("k", tools="[{name: t, version: 1}]"), **skill("p"),
             **agent(skills="[{name: p, preload: true}, {name: k}]")}
    ran = session(files, "agent: a\nturns:\n  - calls:\n      - {load: k}\n"
                         "  - publish: {p: {versions: {2: {tools: [{name: t, version: 2}]}}}}\n    calls: []\n")
    assert [p["verdict"] for p in ran.turn(1)["preloads"]] == ["done"]
    second = ran.turn(2)["preloads"][0]
    assert (second["version"], second["verdict"], second["execution"]) == (2, "refused", None)
    assert "pins tool 't' at version 2, but skill 'k', loaded earlier, pinned version 1" in second["reason"]
    assert ran.tools(2) == [("t", 1, "skill:k")] and ran.code == 1


def test_a_replay_preloads_the_version_the_original_turn_did_under_a_load_of_its_own(session):
    # "A replay preloads the version the original turn did, under a load of its own."
    ran = session(FILES, "agent: a\nturns:\n  - calls: []\n  - publish: {p: {versions: [2]}}\n    calls: []\n"
                         "  - replay: 1\n    calls:\n      - {load: p}\n")
    assert [(p["skill"], p["version"], p["execution"]) for p in ran.turn(2)["preloads"]][1] == ("p", 2, "t2-l2")
    replay = ran.turn(3)
    assert replay["replay"] == 1
    assert [(p["skill"], p["version"], p["execution"]) for p in replay["preloads"]] == [("q", 1, "t3-l1"), ("p", 1, "t3-l2")]
    assert (ran.call(3, 0)["version"], ran.call(3, 0)["execution"]) == (1, "t3-l2")  # the load returns that preload
    later = session(FILES, "agent: a\nturns:\n  - replay: 1\n", name="later.yaml")
    assert later.code == 2 and "turns[0].replay: must be the number of an earlier turn" in later.stderr
