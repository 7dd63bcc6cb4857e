"""The seed's "Tools a skill makes available", one test per sentence.

merging/ is clean (agent's own reference, pinned over latest, preloads); conflict/ has two
skills pinning different versions of one tool; unfit/ has tools that no longer fit;
skill-tool-grants/ has a skill whose tool reference carries input and approval.
"""

from __future__ import annotations

from tests.conftest import REPO


def test_a_skills_tools_list_names_each_tool_with_an_optional_version_and_no_input_or_approval(cli, resolve):
    # "A skill's tools lists the tools its procedure uses, each with a name and optionally a
    # version, and no input or approval."
    done = resolve("merging")
    assert [(t["name"], t["version"], t["pinned"]) for t in done.skill("pinned-wins", "browse")["tools"]] == [
        ("fetch", 3, False), ("search", 1, False)]                   # no version: the latest
    assert done.skill("pinned-wins", "triage")["tools"] == [{"name": "fetch", "version": 2, "pinned": True}]
    refused = cli("resolve", "fixtures/platform/skill-tool-grants", cwd=REPO)
    assert refused.code == 1 and refused.stdout == ""
    assert "SKILL.md:7:5: error tool-reference" in refused.stderr
    assert "SKILL.md:8:5: error tool-reference" in refused.stderr
    assert "resolve refuses the workspace" in refused.stderr


def test_when_an_agent_loads_the_skill_its_tools_join_the_agents_tools(resolve):
    # "When an agent loads the skill, those tools join the agent's tools for the rest of its
    # session, or, without a session, the rest of its invocation."
    done = resolve("merging")
    assert done.tools("pinned-first") == [("fetch", 2, "skill:triage"), ("search", 1, "skill:browse")]


def test_before_the_load_the_agent_is_not_offered_the_skills_tools(resolve):
    # "Before the load the agent is not offered them and cannot call them."
    done = resolve("merging")
    offered = {t["name"]: t["offered"] for t in done.agent("preloads")["tools"]}
    assert offered == {"search": "start", "fetch": "start", "notify": "load"}  # notify: only once digest loads
    assert {t["offered"] for t in done.agent("pinned-wins")["tools"]} == {"load"}


def test_a_loads_tools_leave_out_a_tool_the_agent_lists_and_one_an_earlier_load_pinned(resolve):
    # "The load's invocation.tools lists the tool versions it made available, which leaves out a
    # tool the agent lists itself and one an earlier load made available at a pinned version."
    done = resolve("merging")
    assert done.skill("own-wins", "triage")["tools"] == []
    assert done.skill("own-wins", "triage")["leftOut"] == [
        {"name": "fetch", "why": "agent", "note": "the agent's own reference applies"}]
    browse = done.skill("pinned-first", "browse")
    assert [t["name"] for t in browse["tools"]] == ["search"]
    assert browse["leftOut"] == [{"name": "fetch", "why": "pinned-earlier",
                                  "note": "skill:triage made it available pinned v2"}]
    # An earlier load at the latest leaves nothing out: the later pinned load lists it.
    assert done.skill("pinned-wins", "triage")["tools"] == [{"name": "fetch", "version": 2, "pinned": True}]


def test_the_agents_tools_list_skill_tools_after_its_own_with_the_version_calls_use_and_the_load(resolve):
    # "The agent's invocation.tools lists them after its own references, each with the version its
    # calls used, and each call to one of them names the load in skillLoadExecutionId."
    done = resolve("merging")
    assert done.tools("preloads") == [("search", 1, "agent"), ("fetch", 2, "skill:triage"),
                                      ("notify", 2, "skill:digest")]


def test_a_skill_grants_nothing_calls_to_its_tools_are_authorized_as_the_agents(cli, resolve):
    # "A skill grants nothing: a call to one of its tools is authorized as any call the agent
    # makes, by the agent's policies and the tool's own." A skill's reference cannot carry an
    # approval (refused above), and a tool that joins from a skill carries only name and version.
    done = resolve("merging")
    joined = [t for t in done.agent("preloads")["tools"] if t["from"] != "agent"]
    assert joined and all(set(t) == {"name", "version", "from", "pinned", "offered"} for t in joined)
    refused = cli("resolve", "fixtures/platform/skill-tool-grants", cwd=REPO)
    assert "carries no `approval`" in refused.stderr


def test_when_the_agent_lists_the_tool_itself_the_agents_reference_applies(resolve):
    # "When the agent lists the tool in its own tools, the agent's reference applies instead,
    # with its version, fixed input, and approval." own-wins pins fetch 1; triage pins fetch 2.
    done = resolve("merging")
    assert done.tools("own-wins") == [("fetch", 1, "agent")]
    assert done.data["diagnostics"] == []  # the agent's own reference never conflicts with a skill's


def test_when_two_loaded_skills_list_one_tool_a_pinned_version_wins_over_the_latest(resolve):
    # "When two loaded skills list the same tool, a pinned version wins over the latest one"
    done = resolve("merging")
    assert ("fetch", 2, "skill:triage") in done.tools("pinned-wins")   # latest first, then pinned
    assert ("fetch", 2, "skill:triage") in done.tools("pinned-first")  # pinned first, then latest
    assert [t["pinned"] for t in done.agent("pinned-wins")["tools"] if t["name"] == "fetch"] == [True]


def test_two_different_pinned_versions_fail_the_second_load(resolve):
    # "... and two different pinned versions fail the second load."
    done = resolve("conflict")
    assert done.code == 1
    assert done.found("tool-pin-conflict") == [
        ("clash.yaml", 6, "loading skill 'archive' fails: it pins tool 'fetch' at version 1, but skill 'triage', "
                          "loaded earlier, pinned version 2"),
        ("preload-clash.yaml", 5, "loading skill 'triage' fails: it pins tool 'fetch' at version 2, but skill "
                                  "'archive', loaded earlier, pinned version 1"),
    ]
    archive = done.skill("clash", "archive")
    assert not archive["loads"] and archive["tools"] == []
    assert done.tools("clash") == [("fetch", 2, "skill:triage")]  # the failed load added nothing


def test_later_turns_keep_each_tool_at_its_references_version_or_its_latest(resolve, tmp_path):
    # "In a session, later turns keep the tools of the skills the session has loaded, each at its
    # reference's version or its latest one." Without a version, a tool is at its latest: the
    # highest of the catalog's versions and its file's (fetch: 1, 2 published, file 3).
    done = resolve("merging")
    browse = done.skill("pinned-wins", "browse")["tools"]
    assert {"name": "fetch", "version": 3, "pinned": False} in browse
    assert ("notify", 2, "skill:digest") in done.tools("preloads")  # catalog 1, file 2


def test_a_turn_leaves_out_a_kept_tool_whose_latest_version_has_the_name_of_an_agents_tool(resolve):
    # "A turn leaves out a kept tool that no longer fits the agent's tools, such as one whose
    # latest version now has the name of one of the agent's tools or skills, and a harness.log
    # warning in the turn's transcript says why." fetch 2 is named "lookup", like the agent's tool.
    done = resolve("unfit")
    assert done.code == 0  # a warning never stops the command
    assert ("reader.yaml", 6, "tool 'fetch' (from skill 'gather') is left out: its version 2 is named 'lookup' for "
                              "the model, the name of the agent's tool 'lookup'") in done.found("tool-unfit")
    assert "fetch" not in [t[0] for t in done.tools("reader")]


def test_a_turn_leaves_out_a_kept_tool_whose_latest_version_has_the_name_of_an_agents_skill(resolve):
    done = resolve("unfit")
    assert ("reader.yaml", 7, "tool 'pager' (from skill 'paging') is left out: its version 1 is named 'summarize' "
                              "for the model, the name of the agent's skill 'summarize'") in done.found("tool-unfit")
    assert ("reader.yaml", 7, "tool 'grabber' (from skill 'paging') is left out: its version 1 is named 'grab' for "
                              "the model, the name of tool 'mirror', which skill 'gather' made available"
            ) in done.found("tool-unfit")
    assert done.tools("reader") == [("lookup", 1, "agent"), ("mirror", 1, "skill:gather")]
    assert {t["name"]: t["why"] for t in done.skill("reader", "paging")["leftOut"]} == {"pager": "unfit",
                                                                                     "grabber": "unfit"}
