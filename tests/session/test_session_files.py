"""Session files that cannot be used: a clear message with file:line:column, exit 2, no
traceback; and how the command finds its workspace and agent."""

from __future__ import annotations

import json

import pytest

from tests.session.conftest import agent, skill, tool

FILES = {**tool("t"), **skill("s", tools="[{name: t}]"), **agent(skills="[{name: s}]")}


@pytest.mark.parametrize("name, text, expected", [
    ("s.yaml", "agent: a\nturns: [\n", "sessions/s.yaml:3:1: not a session: YAML syntax error"),
    ("s.yaml", "agent: a\nagent: a\nturns: []\n", "sessions/s.yaml:2:1: not a session: duplicate key"),
    ("s.json", '{"agent": "a",\n "turns": [}\n', "sessions/s.json:2:12: not a session: invalid JSON"),
    ("s.yaml", "agent: b\nturns: []\n", "sessions/s.yaml:1:8: no agent 'b' in the workspace (its agents: a)"),
    ("s.yaml", "agent: A\nturns: []\n", "sessions/s.yaml:1:8: no agent 'A' in the workspace; did you mean `a`?"),
    ("s.yaml", "agent: a\nturns:\n  - calls:\n      - {nothing: 1}\n",
     "sessions/s.yaml:4:9: turns[0].calls[0]: a call is `{load: SKILL}` (a skill load) or `{tool: NAME, input: "
     "{...}}` (a tool call), not both or neither"),
    ("s.yaml", "agent: a\nturns:\n  - calls:\n      - {load: s, tool: t}\n", "sessions/s.yaml:4:9: turns[0].calls[0]"),
    ("s.yaml", "agent: a\nturns:\n  - calls:\n      - skill s\n", "sessions/s.yaml:4:9: turns[0].calls[0]: a call is"),
    ("s.json", '{"agent": "a", "turns": [\n  {"calls": [{"tool": "t"},\n             {"lod": "s"}]}]}\n',
     "sessions/s.json:3:14: turns[0].calls[1]: a call is"),
    ("s.yaml", "agent: a\nsesion: false\nturns: []\n",
     "sessions/s.yaml:2:1: sesion: unknown key `sesion`; did you mean `session`?"),
    ("s.yaml", "agent: a\n", "sessions/s.yaml:1:1: the session: `turns` is required"),
    ("s.yaml", "- agent: a\n", "sessions/s.yaml:1:1: the session: must be a mapping"),
    ("s.yaml", "agent: a\nlimits: {tool_calls: -1}\nturns: []\n", "sessions/s.yaml:2:22: limits.tool_calls: must be"),
    ("s.yaml", "agent: a\nturns:\n  - publish: {new: {versions: [1]}}\n",
     "sessions/s.yaml:3:20: publish: 'new' is not in the catalog or the workspace; give its `kind`"),
    ("s.yaml", "agent: a\nturns:\n  - calls:\n      - {tool: t, input: 3}\n",
     "sessions/s.yaml:4:26: turns[0].calls[0].input: must be a mapping"),
])
def test_a_session_that_cannot_be_used_is_exit_2_with_its_position(session, name, text, expected):
    ran = session(FILES, text, name=name)
    assert ran.code == 2 and ran.stdout == ""
    assert ran.stderr.startswith(f"skillkit: error: {expected}"), ran.stderr


def test_a_missing_session_file_is_exit_2(cli, tmp_path):
    outcome = cli("session", "nope.yaml", cwd=tmp_path)
    assert outcome.code == 2 and "nope.yaml" in outcome.stderr and "Traceback" not in outcome.stderr


def test_agent_picks_the_agent_when_the_file_names_none(session):
    files = {**FILES, **agent("b")}
    ran = session(files, "turns:\n  - calls:\n      - {load: s}\n", "--agent", "a")
    assert (ran.code, ran.data["agent"]) == (0, "a")
    unnamed = session(files, "turns: []\n", name="unnamed.yaml")
    assert unnamed.code == 2 and "names no agent: pick one with --agent (a, b)" in unnamed.stderr
    unknown = session(files, "turns: []\n", "--agent", "bb", name="unknown.yaml")
    assert unknown.code == 2 and "--agent: no agent 'bb' in the workspace; did you mean `b`?" in unknown.stderr
    both = session(files, "agent: a\nturns: []\n", "--agent", "b", name="both.yaml")
    assert both.code == 2 and "--agent 'b': sessions/both.yaml names agent 'a'" in both.stderr


def test_the_workspace_s_only_agent_needs_no_naming(session):
    ran = session(FILES, "turns:\n  - calls:\n      - {load: s}\n")
    assert (ran.code, ran.data["agent"]) == (0, "a")


def test_the_workspace_is_the_root_above_the_session_or_the_one_given(cli, tmp_path):
    root = tmp_path / "ws"
    for relative, content in {**FILES, "sessions/s.yaml": "agent: a\nturns:\n  - calls:\n      - {load: s}\n"}.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(content)
    found = cli("session", "ws/sessions/s.yaml", "--format", "json", cwd=tmp_path)
    assert found.code == 0 and json.loads(found.stdout)["turns"][0]["calls"][0]["execution"] == "t1-l1"
    outside = tmp_path / "run.yaml"
    outside.write_text("agent: a\nturns: []\n")
    given = cli("session", "run.yaml", "--workspace", "ws", "--format", "json", cwd=tmp_path)
    assert given.code == 0 and json.loads(given.stdout)["agent"] == "a"
    nowhere = cli("session", "run.yaml", cwd=tmp_path)
    assert nowhere.code == 2 and "not a workspace" in nowhere.stderr


def test_a_workspace_with_broken_files_is_refused_as_resolve_refuses_it(session):
    ran = session({**FILES, "agents/bad.yaml": "name: [\n"}, "agent: a\nturns: []\n")
    assert ran.code == 1 and "session refuses the workspace" in ran.stderr
    assert ran.data["turns"] == [] and [d["path"] for d in ran.data["diagnostics"]] == ["agents/bad.yaml"]


def test_a_long_session_runs_in_json_too(cli, tmp_path, session):
    calls = [{"load": "s"}, {"tool": "t"}] * 30
    body = json.dumps({"agent": "a", "turns": [{"calls": calls}] * 300})
    ran = session(FILES, body, name="long.json")
    assert ran.code == 0 and len(ran.data["turns"]) == 300
    assert all(c["verdict"] == "done" for t in ran.data["turns"] for c in t["calls"])


def test_a_yaml_session_over_the_node_limit_says_to_write_it_as_json(session):
    calls = "".join("      - {tool: t}\n" for _ in range(35_000))
    ran = session(FILES, f"agent: a\nturns:\n  - calls:\n{calls}", name="long.yaml")
    assert ran.code == 2 and "more than 100,000 YAML nodes (write a session this long as JSON" in ran.stderr
