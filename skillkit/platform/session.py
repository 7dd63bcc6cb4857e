"""`skillkit session`: the platform's loads, turn by turn (DESIGN 4.9, seed 003).

A pure function from the workspace's sources, an agent and a session file to the turns'
events. Each turn is an invocation that resolves the agent's references when it starts (a
turn's `publish` moves "latest" first). In a session, a turn starts with the tools of the
skills earlier turns loaded (kept), then loads the preloaded skills, then runs its calls;
without a session (`session: false`) every turn starts from the agent's own tools alone.
A turn with `retry: true` retries the one before: that turn's loads rolled back with it, so
its tools are not kept, and the retry loads again, from the versions it resolves.

A report says a list only when it changes, so that 50,000 calls read (and print) in well under
a second: a call's `offered` appears on the turn's first call and after each change (a load),
a turn's `skills` (its references as resolved) on the first turn and when a publish moves one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from skillkit.core.diagnostics import Diagnostic
from skillkit.platform.catalog import build_catalog
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import AgentSource, Sources
from skillkit.platform.invocation import Event, Invocation, Kept, Snapshot
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

    def write_json(self, out: TextIO) -> None:
        """The JSON document, one turn per line: json's C encoder runs only without indentation,
        and a session of 50,000 calls indented costs seconds to print."""
        def dumps(value: object) -> str:
            return json.dumps(value, ensure_ascii=False)

        out.write(f'{{"agent": {dumps(self.agent)}, "session": {dumps(self.session)},\n "turns": [\n')
        out.write(",\n".join(f"  {dumps(turn)}" for turn in self.turns))
        diagnostics = ",\n".join(f"  {dumps(d.as_json())}" for d in self.diagnostics)
        out.write(f'\n ],\n "diagnostics": [{chr(10) + diagnostics + chr(10) + " " if diagnostics else ""}]}}\n')


class _Kept:
    """The loads a session keeps, by skill (a skill loaded again keeps its place, under its
    newest load), and the state once they re-join at a turn's start, reused while neither the
    plan nor what is kept changes (a later load of a kept version changes only its execution)."""

    def __init__(self) -> None:
        self.loads: dict[str, Kept] = {}
        self.generation = 0  # moves when what is kept changes: a skill, a version, what it lists
        self.key: tuple[int, int] = (-1, -1)
        self.snapshot: Snapshot | None = None
        self.plan: object = None  # held, so that its id stays its own

    def add(self, loads: list[Kept]) -> None:
        for load in loads:
            name = load.skill.action.name
            old = self.loads.get(name)
            if old is None or old.skill.version != load.skill.version or \
                    old.skill.action.versions[old.skill.version] is not load.skill.action.versions[load.skill.version]:
                self.generation += 1
            self.loads[name] = load

    def copy(self) -> _Kept:
        other = _Kept()
        other.loads, other.generation = dict(self.loads), self.generation + 1
        return other

    def start(self, invocation: Invocation, plan: object) -> None:
        if not self.loads:
            return
        key = (id(plan), self.generation)
        if self.snapshot is not None and key == self.key:
            invocation.restore(self.snapshot, {name: k.execution for name, k in self.loads.items()})
            return
        for load in self.loads.values():
            invocation.keep(load)
        self.key, self.plan, self.snapshot = key, plan, invocation.snapshot()


def fixed_references(agent_data: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """The agent's own tool references by name (their fixed `input` and `approval`)."""
    tools = (agent_data or {}).get("tools") or ()
    return {t["name"]: t for t in tools if isinstance(t, Mapping) and isinstance(t.get("name"), str)}


def run_session(sources: Sources, agent: AgentSource, spec: SessionSpec,
                fixed: Mapping[str, Mapping[str, Any]] | None = None, progress: Progress | None = None) -> SessionReport:
    findings = Findings()
    actions = build_catalog(sources, findings)
    plan = make_plan(agent, actions, sources.catalog_path, findings)
    kept = _Kept()
    before = kept  # what the turn before kept when it started: a retry starts from there
    turns: list[Event] = []
    total = len(spec.turns)
    said: list[Event] | None = None  # the skill references the last turn reported
    for number, turn in enumerate(spec.turns, 1):
        if turn.publish:
            actions = publish(actions, turn.publish, spec.path, spec.locate)
            plan = make_plan(agent, actions, sources.catalog_path, findings)
        if turn.retry:
            kept = before.copy()
        before = kept.copy()
        invocation = Invocation(plan, number, spec.tool_calls, fixed or {}, spec.session)
        kept.start(invocation, plan)
        if invocation.calls_tools:
            for skill in plan.preloads:
                invocation.preload(skill)
        for index, call in enumerate(turn.calls):
            invocation.call(index, call)
        if spec.session:
            kept.add(invocation.loads)
        event: Event = {"turn": number}
        if plan.report != said:  # said when they change: the first turn, and after a publish moves one
            event["skills"] = said = plan.report
        event.update(preloads=invocation.preloads, calls=invocation.calls, invocationTools=invocation.tools(),
                     warnings=invocation.warnings)
        if turn.retry:
            event["retry"] = True
        turns.append(event)
        if progress is not None:
            progress(number, total)
    return SessionReport(agent.name, spec.session, tuple(turns), findings.sorted())
