"""Acceptance: `skillkit resolve` against DESIGN 4.6 and 5 and the platform seed, black-box.

Every case builds its own workspace in tmp_path (skills/, tools/, agents/, an optional
catalog.yaml, no skillkit.yaml unless the case needs one: it is optional) and drives the real CLI.
Written from the contract only: command, options, the JSON shape, exit codes and the reference
rules ("Skill references", "Tools a skill makes available", "Preloaded skills").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import FIXTURES

BASE = FIXTURES / "acceptance" / "platform" / "reviewer"
DIAGNOSTIC_KEYS = {"path", "line", "column", "rule", "severity", "message"}


# --------------------------------------------------------------------------- building workspaces


def make_workspace(
    root: Path,
    *,
    skills: dict[str, dict[str, Any]] | None = None,
    tools: dict[str, dict[str, Any]] | None = None,
    agents: dict[str, dict[str, Any] | str] | None = None,
    catalog: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> Path:
    """Write a workspace: skills get a name and a description unless given; agents may be raw YAML."""
    root.mkdir(parents=True, exist_ok=True)
    for name, fields in (skills or {}).items():
        fields = dict(fields)
        body = fields.pop("_body", f"Follow the {name} procedure step by step.\n")
        front = {"name": name, "description": f"The {name} procedure, for tests.", **fields}
        folder = root / "skills" / name
        folder.mkdir(parents=True, exist_ok=True)
        text = "---\n" + yaml.safe_dump(front, sort_keys=False) + "---\n" + body
        (folder / "SKILL.md").write_text(text, encoding="utf-8")
    for name, fields in (tools or {}).items():
        (root / "tools").mkdir(exist_ok=True)
        data = {"name": name, "version": 1, "description": f"The {name} tool.", **fields}
        (root / "tools" / f"{name}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    for name, spec in (agents or {}).items():
        (root / "agents").mkdir(exist_ok=True)
        text = spec if isinstance(spec, str) else yaml.safe_dump({"name": name, "handler": "agent", **spec}, sort_keys=False)
        (root / "agents" / f"{name}.yaml").write_text(text, encoding="utf-8")
    if catalog is not None:
        (root / "catalog.yaml").write_text(yaml.safe_dump({"actions": catalog}, sort_keys=False), encoding="utf-8")
    if settings is not None:
        (root / "skillkit.yaml").write_text(yaml.safe_dump(settings, sort_keys=False), encoding="utf-8")
    return root


def resolve(cli, ws: Path, *args: str):
    """Run `skillkit resolve --format json` in the workspace; never a traceback."""
    out = cli("resolve", "--format", "json", *args, cwd=ws)
    assert "Traceback" not in out.stderr + out.stdout
    return out


def resolved(cli, ws: Path, *args: str) -> tuple[int, dict[str, Any], str]:
    out = resolve(cli, ws, *args)
    try:
        data = json.loads(out.stdout)
    except json.JSONDecodeError:  # pragma: no cover - a failure message, not a branch
        pytest.fail(f"resolve --format json printed no JSON (exit {out.code}):\n{out.stdout}\n{out.stderr}")
    return out.code, data, out.stderr


def agent(data: dict[str, Any], name: str) -> dict[str, Any]:
    matches = [a for a in data["agents"] if a["name"] == name]
    assert len(matches) == 1, data["agents"]
    return matches[0]


def tools_of(data: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    entries = agent(data, name)["tools"]
    names = [t["name"] for t in entries]
    assert len(names) == len(set(names)), f"a tool listed twice in the effective set: {names}"
    return {t["name"]: t for t in entries}


def errors(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in data["diagnostics"] if d["severity"] == "error"]


def warnings(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in data["diagnostics"] if d["severity"] == "warning"]


def assert_broken(cli, ws: Path, *words: str, path: str | None = None, line: int | None = None) -> dict[str, Any]:
    """resolve exits 1 with an error diagnostic that names every word (at path:line when given)."""
    code, data, stderr = resolved(cli, ws)
    assert code == 1, (data, stderr)
    found = [
        d
        for d in errors(data)
        if all(w in d["message"] for w in words)
        and (path is None or d["path"] == path)
        and (line is None or d["line"] == line)
    ]
    assert found, f"no error naming {words} at {path}:{line}: {data['diagnostics']}"
    assert not (ws / "skillkit.lock").exists(), "a lock was written for broken references"
    return data


def ordinary(**extra: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Two plain skills most cases reference."""
    return {"alpha": {"version": 1}, "beta": {"version": 1}, **extra}


# --------------------------------------------------------------------------- shape and text


def test_json_shape_on_the_example_platform_workspace(cli, tmp_path: Path) -> None:
    import shutil

    ws = tmp_path / "ws"
    shutil.copytree(BASE, ws)
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert set(data) >= {"agents", "diagnostics"}
    assert isinstance(data["agents"], list) and isinstance(data["diagnostics"], list)
    reviewer = agent(data, "account-reviewer")
    assert set(reviewer) >= {"name", "skills", "tools"}
    assert isinstance(reviewer["skills"], list) and len(reviewer["skills"]) == 2
    for tool in reviewer["tools"]:
        assert set(tool) >= {"name", "version", "from"}
        assert tool["from"] == "agent" or tool["from"].startswith("skill:")
        assert isinstance(tool["version"], int) and not isinstance(tool["version"], bool)
    tools = tools_of(data, "account-reviewer")
    # The agent's own pinned reference, then the note-taking tool that review-activity brings (latest).
    assert tools["get_account_activity"] == {**tools["get_account_activity"], "version": 2, "from": "agent"}
    assert tools["record_note"]["from"] == "skill:review-activity"
    assert tools["record_note"]["version"] == 3  # catalog [1, 2] plus the file's 3
    assert list(tools) == ["get_account_activity", "record_note"]  # the agent's own first


def test_text_shows_pinned_and_latest_now_n(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 4}, "beta": {"version": 2}},
        catalog={
            "alpha": {"kind": "skill", "versions": [1, 2, 3], "state": "enabled"},
            "beta": {"kind": "skill", "versions": [1], "state": "enabled"},
        },
        agents={"bot": {"skills": [{"name": "alpha"}, {"name": "beta", "version": 1}]}},
    )
    out = cli("resolve", cwd=ws)
    assert out.code == 0, out
    assert "Traceback" not in out.stderr
    assert "latest, now 4" in out.stdout
    assert "latest, now 2" not in out.stdout  # beta is pinned
    assert "bot" in out.stdout and "alpha" in out.stdout and "beta" in out.stdout


def test_resolve_takes_the_workspace_as_an_argument(cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": {"skills": [{"name": "alpha"}]}})
    out = cli("resolve", str(ws), "--format", "json", cwd=tmp_path)
    assert out.code == 0, out
    assert agent(json.loads(out.stdout), "bot")["tools"] == []
    assert (ws / "skillkit.lock").is_file()


def test_a_path_that_does_not_exist_is_a_usage_error(cli, tmp_path: Path) -> None:
    out = cli("resolve", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert out.code == 2
    assert "Traceback" not in out.stderr


def test_diagnostics_are_shaped_as_lint_and_point_at_the_reference(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        agents={"bot": "name: bot\nhandler: agent\nskills:\n  - {name: alpha}\n  - {name: ghost}\n"},
    )
    data = assert_broken(cli, ws, "ghost", path="agents/bot.yaml", line=5)
    for diagnostic in data["diagnostics"]:
        assert set(diagnostic) >= DIAGNOSTIC_KEYS
        assert diagnostic["line"] >= 1 and diagnostic["column"] >= 1
        assert diagnostic["severity"] in {"error", "warning", "info"}
        assert isinstance(diagnostic["rule"], str) and diagnostic["rule"]


# --------------------------------------------------------------------------- skill references


def test_missing_skill(cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": {"skills": [{"name": "ghost"}]}})
    assert_broken(cli, ws, "ghost", path="agents/bot.yaml")


def test_duplicate_skill(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        agents={"bot": "name: bot\nhandler: agent\nskills:\n  - {name: alpha}\n  - {name: beta}\n  - {name: alpha, version: 1}\n"},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml", line=6)


@pytest.mark.parametrize("state", ["disabled", "deleted"])
def test_disabled_or_deleted_skill(cli, tmp_path: Path, state: str) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        catalog={"alpha": {"kind": "skill", "versions": [1], "state": state}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_disabled_skill_known_only_to_the_catalog(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        catalog={"old-review": {"kind": "skill", "versions": [1], "state": "disabled"}},
        agents={"bot": {"skills": [{"name": "old-review", "version": 1}]}},
    )
    assert_broken(cli, ws, "old-review", path="agents/bot.yaml")


def test_a_tool_is_not_a_skill(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {}},
        agents={"bot": {"skills": [{"name": "fetch_page"}]}},
    )
    assert_broken(cli, ws, "fetch_page", path="agents/bot.yaml")


def test_catalog_action_of_another_kind_is_not_a_skill(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        catalog={"lookup": {"kind": "http", "versions": [1], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "lookup"}]}},
    )
    assert_broken(cli, ws, "lookup", path="agents/bot.yaml")


def test_a_version_the_skill_does_not_have(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 3}},
        catalog={"alpha": {"kind": "skill", "versions": [1, 2], "state": "enabled"}},
        agents={"bot": "name: bot\nhandler: agent\nskills:\n  - {name: alpha, version: 5}\n"},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml", line=4)


def test_every_version_the_catalog_and_the_file_know_is_referenceable(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 3}},
        catalog={"alpha": {"kind": "skill", "versions": [1, 2], "state": "enabled"}},
        agents={
            "one": {"skills": [{"name": "alpha", "version": 1}]},
            "three": {"skills": [{"name": "alpha", "version": 3}]},
        },
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert errors(data) == []


def test_skill_named_as_a_tool_the_model_sees(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {"modelName": "alpha"}},
        agents={"bot": {"tools": [{"name": "fetch_page"}], "skills": [{"name": "alpha"}]}},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_skill_named_as_the_model_name_of_the_pinned_tool_version(cli, tmp_path: Path) -> None:
    # The agent pins v1 of the tool, whose catalog record says the model sees it as "alpha".
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {"version": 2, "modelName": "fetch"}},
        catalog={"fetch_page": {"kind": "tool", "state": "enabled", "versions": {1: {"modelName": "alpha"}, 2: {}}}},
        agents={"bot": {"tools": [{"name": "fetch_page", "version": 1}], "skills": [{"name": "alpha"}]}},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_skills_on_a_handler_that_calls_no_tools(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        agents={"hook": {"handler": "http", "skills": [{"name": "alpha"}]}},
    )
    assert_broken(cli, ws, path="agents/hook.yaml")


def test_a_non_agent_handler_without_skills_is_fine(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        agents={"hook": {"handler": "http"}, "bot": {"skills": [{"name": "alpha"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)


def test_a_skill_added_in_this_change_is_referenceable_before_it_is_published(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 1}, "fresh": {"version": 1}},
        catalog={"alpha": {"kind": "skill", "versions": [1], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "fresh", "version": 1}, {"name": "alpha"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)


# --------------------------------------------------------------------------- tool references


def test_missing_tool_of_the_agent(cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": {"tools": [{"name": "no_such_tool"}]}})
    assert_broken(cli, ws, "no_such_tool", path="agents/bot.yaml")


@pytest.mark.parametrize("state", ["disabled", "deleted"])
def test_disabled_or_deleted_tool_of_the_agent(cli, tmp_path: Path, state: str) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1], "state": state}},
        agents={"bot": {"tools": [{"name": "fetch_page"}]}},
    )
    assert_broken(cli, ws, "fetch_page", path="agents/bot.yaml")


def test_a_skill_is_not_a_tool(cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": {"tools": [{"name": "alpha"}]}})
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_a_tool_version_it_does_not_have(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {"version": 2}},
        agents={"bot": "name: bot\nhandler: agent\ntools:\n  - {name: fetch_page, version: 7}\n"},
    )
    assert_broken(cli, ws, "fetch_page", path="agents/bot.yaml", line=4)


def test_duplicate_tool_of_the_agent(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {}},
        agents={"bot": "name: bot\nhandler: agent\ntools:\n  - {name: fetch_page}\n  - {name: fetch_page, version: 1}\n"},
    )
    assert_broken(cli, ws, "fetch_page", path="agents/bot.yaml", line=5)


def _broken_skill_tool(cli, ws: Path, tool: str) -> None:
    """A skill's tool reference that breaks a rule refuses the workspace, naming the tool."""
    out = resolve(cli, ws)
    assert out.code == 1, out
    assert tool in out.stdout + out.stderr
    assert "skills/alpha/SKILL.md" in out.stdout + out.stderr
    assert not (ws / "skillkit.lock").exists()


def test_missing_tool_of_a_skill(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "no_such_tool"}]}),
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    _broken_skill_tool(cli, ws, "no_such_tool")


@pytest.mark.parametrize("state", ["disabled", "deleted"])
def test_disabled_or_deleted_tool_of_a_skill(cli, tmp_path: Path, state: str) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "fetch_page"}]}),
        tools={"fetch_page": {}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1], "state": state}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    _broken_skill_tool(cli, ws, "fetch_page")


def test_a_skill_listing_a_skill_as_a_tool(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "beta"}]}),
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    _broken_skill_tool(cli, ws, "beta")


def test_a_skill_pinning_a_tool_version_it_does_not_have(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "fetch_page", "version": 9}]}),
        tools={"fetch_page": {"version": 2}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    _broken_skill_tool(cli, ws, "fetch_page")


@pytest.mark.parametrize("key", ["input", "approval"])
def test_a_skill_tool_reference_carries_no_input_or_approval(cli, tmp_path: Path, key: str) -> None:
    value: Any = {"pageSize": 5} if key == "input" else "never"
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "fetch_page", key: value}]}),
        tools={"fetch_page": {}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    out = resolve(cli, ws)
    assert out.code == 1, out
    assert key in out.stdout + out.stderr


# --------------------------------------------------------------------------- tools a skill makes available


def test_a_skill_tool_joins_at_its_latest_version(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "fetch_page"}]}),
        tools={"fetch_page": {"version": 3}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1, 2], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"] == {**tools_of(data, "bot")["fetch_page"], "version": 3, "from": "skill:alpha"}


def test_the_agents_own_reference_wins(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(alpha={"version": 1, "tools": [{"name": "fetch_page", "version": 2}]}),
        tools={"fetch_page": {"version": 2}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1, 2], "state": "enabled"}},
        agents={
            "bot": {
                "tools": [{"name": "fetch_page", "version": 1, "input": {"size": 5}, "approval": "never"}],
                "skills": [{"name": "alpha"}],
            }
        },
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    tools = tools_of(data, "bot")
    assert list(tools) == ["fetch_page"]
    assert tools["fetch_page"]["version"] == 1 and tools["fetch_page"]["from"] == "agent"


def _two_skills_one_tool(root: Path, first: dict[str, Any], second: dict[str, Any], **agent: Any) -> Path:
    return make_workspace(
        root,
        skills={
            "alpha": {"version": 1, "tools": [{"name": "fetch_page", **first}]},
            "beta": {"version": 1, "tools": [{"name": "fetch_page", **second}]},
        },
        tools={"fetch_page": {"version": 3}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1, 2], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "alpha"}, {"name": "beta"}], **agent}},
    )


@pytest.mark.parametrize("pinned_first", [True, False])
def test_pinned_beats_latest_across_skills(cli, tmp_path: Path, pinned_first: bool) -> None:
    pin, latest = {"version": 1}, {}
    ws = _two_skills_one_tool(tmp_path / "ws", *((pin, latest) if pinned_first else (latest, pin)))
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert errors(data) == []
    entry = tools_of(data, "bot")["fetch_page"]
    assert entry["version"] == 1
    assert entry["from"] == ("skill:alpha" if pinned_first else "skill:beta")


def test_two_latest_references_come_from_the_first_load(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {}, {})
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"] == {**tools_of(data, "bot")["fetch_page"], "version": 3, "from": "skill:alpha"}


def test_the_same_pin_twice_is_fine(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {"version": 2}, {"version": 2})
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["version"] == 2


def test_two_different_pins_fail_naming_both_skills_and_the_tool(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {"version": 1}, {"version": 2})
    assert_broken(cli, ws, "alpha", "beta", "fetch_page")


def test_two_different_pins_do_not_matter_when_the_agent_lists_the_tool(cli, tmp_path: Path) -> None:
    # The agent's reference applies instead of either skill's: no second load makes it available.
    ws = _two_skills_one_tool(tmp_path / "ws", {"version": 1}, {"version": 2}, tools=[{"name": "fetch_page", "version": 3}])
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["from"] == "agent"


def test_two_different_pins_in_different_agents_are_fine(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {"version": 1}, {"version": 2})
    (ws / "agents" / "bot.yaml").write_text(
        yaml.safe_dump({"name": "bot", "handler": "agent", "skills": [{"name": "alpha"}]}), encoding="utf-8"
    )
    (ws / "agents" / "other.yaml").write_text(
        yaml.safe_dump({"name": "other", "handler": "agent", "skills": [{"name": "beta"}]}), encoding="utf-8"
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["version"] == 1
    assert tools_of(data, "other")["fetch_page"]["version"] == 2


# --------------------------------------------------------------------------- preloaded skills and load order


def test_preloaded_skills_load_first_in_the_order_of_skills(cli, tmp_path: Path) -> None:
    # Every skill makes its own tool available; the effective set lists the agent's own tool, then
    # the skills' tools in load order: preloaded first (c, d), then the others (a, b), each in order.
    names = ["a", "b", "c", "d"]
    ws = make_workspace(
        tmp_path / "ws",
        skills={f"skill-{n}": {"version": 1, "tools": [{"name": f"tool_{n}"}]} for n in names},
        tools={**{f"tool_{n}": {} for n in names}, "own_tool": {}},
        agents={
            "bot": {
                "tools": [{"name": "own_tool"}],
                "skills": [
                    {"name": "skill-a"},
                    {"name": "skill-c", "preload": True},
                    {"name": "skill-b"},
                    {"name": "skill-d", "preload": True},
                ],
            }
        },
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    tools = agent(data, "bot")["tools"]
    assert [t["name"] for t in tools] == ["own_tool", "tool_c", "tool_d", "tool_a", "tool_b"]
    assert [t["from"] for t in tools] == ["agent", "skill:skill-c", "skill:skill-d", "skill:skill-a", "skill:skill-b"]


def test_a_preloaded_skill_provides_a_shared_latest_tool(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {}, {})
    (ws / "agents" / "bot.yaml").write_text(
        yaml.safe_dump({"name": "bot", "handler": "agent", "skills": [{"name": "alpha"}, {"name": "beta", "preload": True}]}),
        encoding="utf-8",
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["from"] == "skill:beta"


def test_conflicting_pins_with_a_preload_still_name_both(cli, tmp_path: Path) -> None:
    ws = _two_skills_one_tool(tmp_path / "ws", {"version": 1}, {"version": 2})
    (ws / "agents" / "bot.yaml").write_text(
        yaml.safe_dump({"name": "bot", "handler": "agent", "skills": [{"name": "alpha"}, {"name": "beta", "preload": True}]}),
        encoding="utf-8",
    )
    assert_broken(cli, ws, "alpha", "beta", "fetch_page")


# --------------------------------------------------------------------------- versions and the catalog


def test_without_a_catalog_the_files_are_the_catalog(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 2, "tools": [{"name": "fetch_page"}]}},
        tools={"fetch_page": {"version": 4}},
        agents={"bot": {"skills": [{"name": "alpha"}]}, "pinned": {"skills": [{"name": "alpha", "version": 2}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"] == {**tools_of(data, "bot")["fetch_page"], "version": 4, "from": "skill:alpha"}
    text = cli("resolve", cwd=ws).stdout
    assert "latest, now 2" in text


def test_without_a_catalog_only_the_files_version_exists(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 2}},
        agents={"bot": {"skills": [{"name": "alpha", "version": 1}]}},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_latest_is_the_highest_of_the_catalog_and_the_file(cli, tmp_path: Path) -> None:
    # The catalog's 5 is higher than the file's 3: latest is 5 even though the file is older.
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 1, "tools": [{"name": "fetch_page"}]}},
        tools={"fetch_page": {"version": 3}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1, 5, 2], "state": "enabled"}},
        agents={"bot": {"tools": [{"name": "fetch_page"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["version"] == 5


def test_semantic_versions_order_as_semver(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": "1.9.0", "tools": [{"name": "fetch_page"}]}},
        tools={"fetch_page": {"version": "9.1.0"}},
        catalog={
            "alpha": {"kind": "skill", "versions": ["1.2.0", "1.10.0", "1.9.3"], "state": "enabled"},
            "fetch_page": {"kind": "tool", "versions": ["2.0.0", "10.0.0"], "state": "enabled"},
        },
        agents={"bot": {"tools": [{"name": "fetch_page"}], "skills": [{"name": "alpha"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["version"] == "10.0.0"
    text = cli("resolve", cwd=ws).stdout
    assert "latest, now 1.10.0" in text


def test_a_semantic_version_the_skill_does_not_have(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": "1.2.0"}},
        catalog={"alpha": {"kind": "skill", "versions": ["1.0.0", "1.1.0"], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "alpha", "version": "1.3.0"}]}},
    )
    assert_broken(cli, ws, "alpha", path="agents/bot.yaml")


def test_a_catalog_record_says_what_a_version_lists(cli, tmp_path: Path) -> None:
    # alpha v1 exists only in the catalog; its record lists the tool v1 brings.
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 2}},
        tools={"fetch_page": {}},
        catalog={"alpha": {"kind": "skill", "state": "enabled", "versions": {1: {"tools": [{"name": "fetch_page"}]}}}},
        agents={"bot": {"skills": [{"name": "alpha", "version": 1}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert tools_of(data, "bot")["fetch_page"]["from"] == "skill:alpha"


def test_unknown_tools_of_a_version_are_a_warning_not_a_guess(cli, tmp_path: Path) -> None:
    # The catalog knows alpha v1 exists but not what it lists; the file (v2) lists fetch_page.
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 2, "tools": [{"name": "fetch_page"}]}},
        tools={"fetch_page": {}},
        catalog={"alpha": {"kind": "skill", "versions": [1], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "alpha", "version": 1}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)  # warnings never stop a command
    assert errors(data) == []
    assert any("alpha" in w["message"] for w in warnings(data)), data["diagnostics"]
    assert "fetch_page" not in tools_of(data, "bot"), "the file's tools were guessed for v1"


def test_unknown_model_name_of_a_tool_version_is_a_warning(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        tools={"fetch_page": {"version": 2, "modelName": "fetch"}},
        catalog={"fetch_page": {"kind": "tool", "versions": [1, 2], "state": "enabled"}},
        agents={"bot": {"tools": [{"name": "fetch_page", "version": 1}], "skills": [{"name": "alpha"}]}},
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 0, (data, stderr)
    assert any("fetch_page" in w["message"] for w in warnings(data)), data["diagnostics"]


# --------------------------------------------------------------------------- the lock


def _locked_workspace(root: Path) -> Path:
    return make_workspace(
        root,
        skills={"alpha": {"version": 2, "tools": [{"name": "fetch_page"}]}},
        tools={"fetch_page": {}},
        catalog={"alpha": {"kind": "skill", "versions": [1, 2], "state": "enabled"}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )


def test_resolve_writes_a_stable_lock_and_check_passes(cli, tmp_path: Path) -> None:
    ws = _locked_workspace(tmp_path / "ws")
    assert resolve(cli, ws).code == 0
    lock = (ws / "skillkit.lock").read_bytes()
    assert lock
    assert resolve(cli, ws).code == 0
    assert (ws / "skillkit.lock").read_bytes() == lock  # same references, same lock
    assert resolve(cli, ws, "--check").code == 0


def test_check_without_a_lock_fails_and_writes_nothing(cli, tmp_path: Path) -> None:
    ws = _locked_workspace(tmp_path / "ws")
    assert resolve(cli, ws, "--check").code == 1
    assert not (ws / "skillkit.lock").exists()


def test_check_fails_when_latest_moves(cli, tmp_path: Path) -> None:
    ws = _locked_workspace(tmp_path / "ws")
    assert resolve(cli, ws).code == 0
    lock = (ws / "skillkit.lock").read_bytes()
    (ws / "catalog.yaml").write_text(
        yaml.safe_dump({"actions": {"alpha": {"kind": "skill", "versions": [1, 2, 3], "state": "enabled"}}}),
        encoding="utf-8",
    )
    out = resolve(cli, ws, "--check")
    assert out.code == 1, out
    assert (ws / "skillkit.lock").read_bytes() == lock  # --check writes nothing
    assert resolve(cli, ws).code == 0  # a plain run brings it up to date
    assert resolve(cli, ws, "--check").code == 0


def test_check_fails_when_a_skill_starts_bringing_a_tool(cli, tmp_path: Path) -> None:
    ws = _locked_workspace(tmp_path / "ws")
    (ws / "tools" / "other_tool.yaml").write_text("name: other_tool\nversion: 1\ndescription: Another.\n", encoding="utf-8")
    assert resolve(cli, ws).code == 0
    skill = ws / "skills" / "alpha" / "SKILL.md"
    skill.write_text(skill.read_text(encoding="utf-8").replace("name: fetch_page", "name: other_tool"), encoding="utf-8")
    assert resolve(cli, ws, "--check").code == 1


def test_the_lock_option_names_another_file(cli, tmp_path: Path) -> None:
    ws = _locked_workspace(tmp_path / "ws")
    lock = tmp_path / "elsewhere.lock"
    assert resolve(cli, ws, "--lock", str(lock)).code == 0
    assert lock.is_file() and not (ws / "skillkit.lock").exists()
    assert resolve(cli, ws, "--lock", str(lock), "--check").code == 0


# --------------------------------------------------------------------------- refusing a broken workspace


@pytest.mark.parametrize(
    "text",
    [
        "---\nname: broken\n---\nNo description.\n",  # a required field missing
        "---\nname: broken\ndescription: [unclosed\n---\nBody.\n",  # bad YAML
        "---\nname: broken\ndescription: Fine.\nversion: 0\n---\nBody.\n",  # a version below 1
    ],
)
def test_a_workspace_with_a_broken_skill_is_refused(cli, tmp_path: Path, text: str) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": {"skills": [{"name": "alpha"}]}})
    (ws / "skills" / "broken").mkdir()
    (ws / "skills" / "broken" / "SKILL.md").write_text(text, encoding="utf-8")
    out = cli("resolve", cwd=ws)
    assert out.code == 1, out
    assert "Traceback" not in out.stderr
    assert "skills/broken/SKILL.md" in out.stdout + out.stderr
    # json is for machines: the document says why, shaped as lint's diagnostics
    code, data, _ = resolved(cli, ws)
    assert code == 1
    assert any(d["path"] == "skills/broken/SKILL.md" and d["severity"] == "error" for d in data["diagnostics"]), data
    assert all(set(d) >= DIAGNOSTIC_KEYS for d in data["diagnostics"])
    assert not (ws / "skillkit.lock").exists()


def test_warnings_never_stop_resolve(cli, tmp_path: Path) -> None:
    # A description on two lines is a warning (clients fold it).
    ws = make_workspace(
        tmp_path / "ws",
        skills={"alpha": {"version": 1, "description": "First line.\nSecond line."}},
        agents={"bot": {"skills": [{"name": "alpha"}]}},
    )
    out = resolve(cli, ws)
    assert out.code == 0, out
    assert (ws / "skillkit.lock").is_file()


def test_a_broken_agent_file_is_refused(cli, tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", skills=ordinary(), agents={"bot": "name: bot\nhandler: agent\nskills: [\n"})
    out = resolve(cli, ws)
    assert out.code == 1, out
    assert "agents/bot.yaml" in out.stdout + out.stderr


def test_every_broken_reference_is_reported_in_one_run(cli, tmp_path: Path) -> None:
    ws = make_workspace(
        tmp_path / "ws",
        skills=ordinary(),
        agents={
            "one": {"skills": [{"name": "ghost-one"}]},
            "two": {"tools": [{"name": "ghost_tool"}], "skills": [{"name": "alpha", "version": 9}]},
        },
    )
    code, data, stderr = resolved(cli, ws)
    assert code == 1
    messages = " ".join(d["message"] for d in errors(data))
    for word in ("ghost-one", "ghost_tool", "alpha"):
        assert word in messages, data["diagnostics"]
