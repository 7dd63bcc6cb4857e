"""Session files (`sessions/<name>.yaml` at a workspace root), checked before they are run:
the agent exists, and every call names something the agent could ever be offered.
`skillkit session` runs them turn by turn; these rules catch what is wrong whatever happens."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import YamlDoc
from skillkit.rules.base import Hit, RuleContext, WorkspaceView, documented, workspace_rule

SESSION_FILE = documented("session-file", Severity.ERROR, """
    A `sessions/<name>.yaml` file names an `agent` (optional when `--agent` picks one), and its
    `turns` each hold `calls` in order, each either a skill load `{load: SKILL}` or a tool call
    `{tool: NAME, input: {...}}`, never both or neither, each optionally with `reuses` (`{turn,
    call}` or `{external}`) and `supplied`; `publish` holds catalog entries (as in `catalog.yaml`)
    and `retry` is true or false. Unknown keys are errors.""", world="platform")


def _agents(view: WorkspaceView) -> dict[str, Mapping[str, Any]]:
    return {d.data["name"]: d.data for d in view.of_kind("agent") if isinstance(d.data.get("name"), str)}


def _agent_of(session: YamlDoc, agents: dict[str, Mapping[str, Any]]) -> Mapping[str, Any] | None:
    name = session.data.get("agent")
    if name is None and len(agents) == 1:
        return next(iter(agents.values()))
    return agents.get(name) if isinstance(name, str) else None


@workspace_rule("session-agent", Severity.ERROR, world="platform")
def session_agent(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A session's `agent` is an agent of the workspace (`agents/<name>.yaml`).

    `skillkit session` cannot run a session for an agent that does not exist; one that names no
    agent runs only with `--agent`, or when the workspace has a single agent."""
    agents = _agents(view)
    for session in view.of_kind("session"):
        name = session.data.get("agent")
        if isinstance(name, str) and name not in agents:
            # imported for a finding only: platform.session_file costs ~15 ms to import, paid
            # by every lint (a pre-commit run of one skill has no session at all)
            from skillkit.platform.session_file import did_you_mean

            hint = did_you_mean(name, agents) or f" (its agents: {', '.join(sorted(agents)) or 'none'})"
            yield Hit(session.path, *session.at("agent"), f"no agent {name!r} in this workspace{hint}")


def _calls(session: YamlDoc) -> Iterator[tuple[tuple[str | int, ...], Mapping[str, Any]]]:
    turns = session.data.get("turns")
    for t, turn in enumerate(turns if isinstance(turns, list) else ()):
        calls = turn.get("calls") if isinstance(turn, Mapping) else None
        for c, call in enumerate(calls if isinstance(calls, list) else ()):
            if isinstance(call, Mapping):
                yield ("turns", t, "calls", c), call


def _published(session: YamlDoc) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every (action, version record) the session's turns publish."""
    turns = session.data.get("turns")
    for turn in turns if isinstance(turns, list) else ():
        publish = turn.get("publish") if isinstance(turn, Mapping) else None
        for name, entry in publish.items() if isinstance(publish, Mapping) else ():
            versions = entry.get("versions") if isinstance(entry, Mapping) else None
            for record in versions.values() if isinstance(versions, Mapping) else ():
                if isinstance(record, Mapping):
                    yield str(name), record


def _names(refs: object) -> set[str]:
    return {r["name"] for r in refs if isinstance(r, Mapping) and isinstance(r.get("name"), str)} \
        if isinstance(refs, (list, tuple)) else set()


def _reachable(view: WorkspaceView, session: YamlDoc, agent: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """The skills the agent may load, and every name a tool call could use: the agent's tools,
    those any version of its skills lists (in the catalog, the files or the session's
    publishes), and the names the model sees for them."""
    from skillkit.platform.catalog import build_catalog
    from skillkit.platform.findings import Findings
    from skillkit.platform.inputs import from_view

    actions = build_catalog(from_view(view), Findings())
    skills = _names(agent.get("skills"))
    tools = _names(agent.get("tools"))
    published = list(_published(session))
    for skill in skills:
        action = actions.get(skill)
        for listing in action.versions.values() if action is not None else ():
            tools |= {r.name for r in listing.tools or ()}
        tools |= {n for name, record in published if name == skill for n in _names(record.get("tools"))}
    seen = set(tools)
    for tool in tools:
        action = actions.get(tool)
        seen |= {v.model_name for v in action.versions.values() if v.model_name} if action is not None else set()
        seen |= {r["modelName"] for name, r in published if name == tool and isinstance(r.get("modelName"), str)}
    return skills, seen


@workspace_rule("session-calls", Severity.ERROR, world="platform")
def session_calls(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """Each call of a session names something its agent could be offered: a load names one of
    the agent's `skills`, and a tool call names one of the agent's own tools or a tool that some
    version of one of its skills lists (by its name or the name the model sees).

    Such a call is refused whenever it is made, so it is an error before the session runs. A
    call to a tool that a skill lists is checked by `skillkit session`, which knows whether a load
    made it available in time."""
    agents = _agents(view)
    for session in view.of_kind("session"):
        agent = _agent_of(session, agents)
        if agent is None:
            continue
        skills, tools = _reachable(view, session, agent)
        for path, call in _calls(session):
            load, tool = call.get("load"), call.get("tool")
            if isinstance(load, str) and "tool" not in call and load not in skills:
                yield Hit(session.path, *session.at(*path, "load"),
                          f"agent {agent['name']!r} has no skill {load!r}: the load would be refused")
            elif isinstance(tool, str) and "load" not in call and tool not in tools:
                yield Hit(session.path, *session.at(*path, "tool"),
                          f"tool {tool!r} is neither a tool of agent {agent['name']!r} nor listed by a skill it may "
                          f"load: the call would be refused")


@workspace_rule("reuse_out_of_scope", Severity.ERROR, world="platform")
def reuse_out_of_scope(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A session turn can reuse only output produced in earlier turns of the same session, and an
    invocation of an agent without sessions only output of its own earlier invocations; a turn
    that finalizes with any other reused output fails, and its loads roll back.

    A call says its output was carried forward with `reuses: {turn: N, call: I}` or, from outside
    the session, `reuses: {external: LABEL}`. Lint reports what the file shows alone (output from
    outside, or from this or a later turn); `skillkit session` also fails a turn that reuses the
    output of a refused call or of a load that rolled back."""
    for session in view.of_kind("session"):
        for path, call in _calls(session):
            reuse, turn = call.get("reuses"), path[1]
            if call.get("supplied") is False or not isinstance(reuse, Mapping):
                continue  # output not reported as supplied is no use, and cannot fail the turn
            if isinstance(reuse.get("external"), str):
                yield Hit(session.path, *session.at(*path, "reuses"),
                          f"turn {turn + 1} reuses output from outside the session ({reuse['external']!r}): the turn "
                          f"fails to finalize")  # type: ignore[operator]
            elif isinstance(reuse.get("turn"), int) and reuse["turn"] > turn:  # type: ignore[operator]
                yield Hit(session.path, *session.at(*path, "reuses", "turn"),
                          f"turn {turn + 1} reuses output of turn {reuse['turn']}, which is not an earlier turn: "
                          f"the turn fails to finalize")  # type: ignore[operator]


RULES = (SESSION_FILE, session_agent, session_calls, reuse_out_of_scope)
