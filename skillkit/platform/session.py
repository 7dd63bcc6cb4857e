"""`skillkit session`: the platform's loads, turn by turn (DESIGN 4.9, seed 003).

A pure function from the workspace's sources, an agent and a session file to the turns'
events. Each turn is an invocation that resolves the agent's references when it starts (a
turn's `publish` moves "latest" first). In a session, a turn starts with the tools of the
skills earlier turns loaded (kept), then loads the preloaded skills, then runs its calls;
without a session (`session: false`) every turn starts from the agent's own tools alone.
A turn with `retry: true` retries the one before: that turn's loads rolled back with it, so
its tools are not kept, and the retry loads again, from the versions it resolves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from skillkit.core.diagnostics import Diagnostic
from skillkit.platform.catalog import build_catalog
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import AgentSource, Sources
from skillkit.platform.invocation import Event, Invocation, Kept
from skillkit.platform.session_file import SessionSpec
from skillkit.platform.session_plan import make_plan, publish

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SessionReport:
    agent: str
    session: bool
    turns: tuple[Event, ...]
    diagnostics: tuple[Diagnostic, ...]  # the agent's references, by resolve's rules, over every catalog state

    @property
    def ok(self) -> bool:
        """No call refused, no load failed."""
        return not any(e["verdict"] == "refused" for t in self.turns for e in (*t["preloads"], *t["calls"]))

    def as_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "session": self.session, "turns": list(self.turns),
                "diagnostics": [d.as_json() for d in self.diagnostics]}


def _kept_after(kept: list[Kept], loads: list[Kept]) -> list[Kept]:
    """A skill loaded again in a later turn keeps its place, under its newest load."""
    out = {k.skill.action.name: k for k in kept}
    for load in loads:
        out[load.skill.action.name] = load
    return list(out.values())


def fixed_references(agent_data: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """The agent's own tool references by name (their fixed `input` and `approval`)."""
    tools = (agent_data or {}).get("tools") or ()
    return {t["name"]: t for t in tools if isinstance(t, Mapping) and isinstance(t.get("name"), str)}


def run_session(sources: Sources, agent: AgentSource, spec: SessionSpec,
                fixed: Mapping[str, Mapping[str, Any]] | None = None, progress: Progress | None = None) -> SessionReport:
    findings = Findings()
    actions = build_catalog(sources, findings)
    plan = make_plan(agent, actions, sources.catalog_path, findings)
    kept: list[Kept] = []
    starts: list[list[Kept]] = []  # what each turn kept when it started: a retry starts from its predecessor's
    turns: list[Event] = []
    total = len(spec.turns)
    for number, turn in enumerate(spec.turns, 1):
        if turn.publish:
            actions = publish(actions, turn.publish, spec.path)
            plan = make_plan(agent, actions, sources.catalog_path, findings)
        if turn.retry and starts:
            kept = starts[-1]
        starts.append(kept)
        invocation = Invocation(plan, number, spec.tool_calls, fixed or {}, spec.session)
        for load in kept:
            invocation.keep(load)
        if invocation.calls_tools:
            for skill in plan.preloads:
                invocation.preload(skill)
        for index, call in enumerate(turn.calls):
            invocation.call(index, call)
        if spec.session:
            kept = _kept_after(kept, invocation.loads)
        event: Event = {"turn": number, "skills": plan.report, "preloads": invocation.preloads,
                        "calls": invocation.calls, "invocationTools": invocation.tools(),
                        "warnings": invocation.warnings}
        if turn.retry:
            event["retry"] = True
        turns.append(event)
        if progress is not None:
            progress(number, total)
    return SessionReport(agent.name, spec.session, tuple(turns), findings.sorted())
