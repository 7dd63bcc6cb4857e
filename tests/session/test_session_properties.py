"""Properties of the session model over random agents, skills, tool references and calls:
a tool call is done only if that tool was offered at that call; invocation.tools lists each
tool once, the agent's own references first; and nothing ever raises."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.platform.inputs import from_data
from skillkit.platform.session import run_session
from skillkit.platform.session_file import session_from_data

TOOLS = [f"t{i}" for i in range(4)]
SKILLS = [f"s{i}" for i in range(4)]
version = st.sampled_from([None, None, None, 1, 2, 3])  # mostly the latest: most references resolve


def ref(names: list[str], **extra: Any) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"name": st.sampled_from(names), "version": version, **extra}).map(
        lambda r: {k: v for k, v in r.items() if v is not None})


workspace = st.fixed_dictionaries({
    # Every tool and skill exists (so most references resolve); which are referenced, at which
    # versions and under which model-facing names is what varies.
    "tools": st.tuples(*(st.tuples(st.just(n), st.integers(1, 2), st.sampled_from(["", "", "m", "s0"])) for n in TOOLS)),
    "skills": st.tuples(*(st.tuples(st.just(n), st.integers(1, 2), st.lists(ref(TOOLS), max_size=3)) for n in SKILLS)),
    "own": st.lists(ref(TOOLS), max_size=3),
    "refs": st.lists(ref(SKILLS, preload=st.booleans()), max_size=4),
    "catalog": st.dictionaries(st.sampled_from(TOOLS + SKILLS), st.lists(st.integers(1, 3), max_size=3), max_size=3),
})
call = st.one_of(st.builds(lambda n: {"load": n}, st.sampled_from(SKILLS)),
                 st.builds(lambda n: {"tool": n}, st.sampled_from([*TOOLS, "m", "s0"])))
turn = st.fixed_dictionaries({"calls": st.lists(call, max_size=6)}, optional={
    "publish": st.dictionaries(st.sampled_from(TOOLS), st.fixed_dictionaries({"kind": st.just("tool"), "versions": st.dictionaries(
        st.integers(2, 4), st.fixed_dictionaries({"modelName": st.sampled_from(["m", "s0", "x"])}), max_size=2)}),
        max_size=2),
    "retry": st.booleans(), "replay": st.just(1)})
session_data = st.fixed_dictionaries({"agent": st.just("a"), "session": st.booleans(),
                                      "limits": st.fixed_dictionaries({}, optional={"tool_calls": st.integers(0, 12)}),
                                      "turns": st.lists(turn, min_size=1, max_size=4)}).map(
    lambda d: {**d, "turns": [{k: v for k, v in d["turns"][0].items() if k != "replay"}, *d["turns"][1:]]})


def sources(ws: dict[str, Any]) -> Any:
    skills = [(f"skills/{n}/SKILL.md", {"name": n, "version": v, "tools": tools}) for n, v, tools in ws["skills"]]
    documents = [("tool", f"tools/{n}.yaml", {"name": n, "version": v, **({"modelName": m} if m else {})})
                 for n, v, m in ws["tools"]]
    kinds = {n: "tool" for n in TOOLS} | {n: "skill" for n in SKILLS}
    catalog = {n: {"kind": kinds[n], "versions": versions} for n, versions in ws["catalog"].items()}
    documents.append(("catalog", "catalog.yaml", {"actions": catalog}))
    documents.append(("agent", "agents/a.yaml", {"name": "a", "tools": ws["own"], "skills": ws["refs"]}))
    return from_data(skills, documents)


@settings(max_examples=300)
@given(workspace, session_data)
def test_a_tool_call_is_done_only_when_offered_and_invocation_tools_list_each_once_agent_first(ws, data):
    built = sources(ws)
    report = run_session(built, built.agents[0], session_from_data(data))
    for turn in report.turns:
        offered: list[str] = []
        for number, event in enumerate(turn["calls"]):
            assert number > 0 or "offered" in event  # said on the first call, then when it changes
            offered = event.get("offered", offered)
            if "tool" in event and event["verdict"] == "done":
                assert event["tool"] in offered
                assert (event["skillLoadExecutionId"] is None) == (event["from"] == "agent")
        names = [t["name"] for t in turn["invocationTools"]]
        assert len(names) == len(set(names))
        sources_in_order = [t["from"] == "agent" for t in turn["invocationTools"]]
        assert sources_in_order == sorted(sources_in_order, reverse=True)  # every "agent" entry first
        assert set(offered) <= set(names)
    report.as_json()


@settings(max_examples=400)
@given(workspace, session_data)
def test_reusing_a_turns_start_gives_what_rejoining_every_kept_load_gives(ws, data):
    # A long session re-joins its kept loads once per change and reuses the outcomes of loads
    # from a turn's start state (skillkit/platform/session.py, invocation.py); re-joining all of
    # them at every turn and loading every time must give the very same report.
    from skillkit.platform import session as module

    built = sources(ws)
    spec = session_from_data(data)
    reused = run_session(built, built.agents[0], spec).as_json()
    original = module._Kept.start

    def every_time(self, invocation, plan, replayed=None):  # type: ignore[no-untyped-def]
        self.snapshot = self.started = None
        original(self, invocation, plan, replayed)
        return None  # and no memo of loads either

    module._Kept.start = every_time  # type: ignore[method-assign]
    try:
        rejoined = run_session(built, built.agents[0], spec).as_json()
    finally:
        module._Kept.start = original  # type: ignore[method-assign]
    assert reused == rejoined
