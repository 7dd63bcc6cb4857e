"""`skillkit session`: the platform's loads, turn by turn (README, `skillkit session`;
ARCHITECTURE.md, Contracts: sessions).

A pure function from the workspace's sources, an agent and a session file to the turns'
events. Each turn is an invocation that resolves the agent's references when it starts (a
turn's `publish` moves "latest" first). In a session, a turn starts with the tools of the
skills earlier turns loaded (kept), then loads the preloaded skills, then runs its calls;
without a session (`session: false`) every turn starts from the agent's own tools alone.
Kept tools re-join before the preloads (they were the session's first), so a preload that pins
a tool at another version than a kept load did is the second load, and fails; a preloaded skill
is never kept: every turn preloads it again, at the version that turn resolves.
A turn with `retry: true` retries the one before: that turn's loads rolled back with it, so
its tools are not kept, and the retry loads again, from the versions it resolves. A turn with
`replay: N` replays turn N: it preloads the versions turn N preloaded, under loads of its own.

Each turn also reports what the model is offered to load (`listing`), what every load
returned, and its uses (skillkit/platform/uses.py): a turn that finalizes with reused output
from outside its scope fails (`reuse_out_of_scope`) and its loads roll back, as a retried
turn's do.

A report says a list only when it changes, so that 50,000 calls print in a fraction of a
second: a call's `offered` appears on the turn's first call and after each change (a load),
a turn's `skills` (its references as resolved) on the first turn and when a publish moves one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from skillkit.core.collector import no_collection
from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.platform.catalog import build_catalog
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import AgentSource, Sources
from skillkit.platform.invocation import Event, Invocation, Kept, Snapshot
from skillkit.platform.session_file import Call, SessionSpec, Turn
from skillkit.platform.references import Resolved
from skillkit.platform.session_plan import Plan, make_plan, publish
from skillkit.platform.uses import OUT_OF_SCOPE, Ledger, Stray, turn_uses

Progress = Callable[[int, int], None]
OnStart = Callable[[int, Invocation], None]


@dataclass(frozen=True)
class SessionReport:
    agent: str
    session: bool
    turns: tuple[Event, ...]
    diagnostics: tuple[Diagnostic, ...]  # the agent's references, by resolve's rules, over every catalog state

    @property
    def ok(self) -> bool:
        """No call refused, no load failed, no turn failed to finalize."""
        return not any(t["status"] == "failed" or any(e["verdict"] == "refused" for e in (*t["preloads"], *t["calls"]))
                       for t in self.turns)

    def as_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "session": self.session, "turns": list(self.turns),
                "diagnostics": [d.as_json() for d in self.diagnostics]}


class _Kept:
    """The loads a session keeps, by skill (a skill loaded again keeps its place, under its
    newest load), and the state a turn starts in: once they re-join, and once the preloads
    load. Both are reused while the plan and what is kept stay the same (a later load of a
    kept version changes only its execution); loads kept since re-join on top of the first,
    which is what re-joining every load in order gives, since they come last."""

    def __init__(self) -> None:
        self.loads: dict[str, Kept] = {}
        self.generation = 0  # moves when a kept skill changes version or what it lists
        self.key: tuple[int, int] = (-1, -1)
        self.joined = 0      # how many of `loads` the snapshots hold
        self.snapshot: Snapshot | None = None  # once the kept loads re-joined
        self.started: Snapshot | None = None   # once the preloads loaded too
        self.plan: object = None  # held, so that its id stays its own
        self.memo: dict[Any, Any] = {}

    def add(self, loads: list[Kept]) -> None:
        for load in loads:
            name = load.skill.action.name
            old = self.loads.get(name)
            if old is not None and (old.skill.version != load.skill.version or
                                    old.skill.action.versions[old.skill.version]
                                    is not load.skill.action.versions[load.skill.version]):
                self.generation += 1
            self.loads[name] = load

    def copy(self) -> _Kept:
        other = _Kept()
        other.loads = dict(self.loads)
        return other

    def start(self, invocation: Invocation, plan: Plan, replayed: list[Resolved] | None = None) -> dict[Any, Any] | None:
        """Re-join the kept loads, then preload; returns the memo of loads from this start
        state (see `Invocation._load`). A replay preloads `replayed` (the versions the original
        turn preloaded), in a state of its own: nothing is reused, or kept for reuse."""
        if replayed is not None:
            for load in self.loads.values():
                invocation.keep(load)
            for skill in replayed if invocation.calls_tools else ():
                invocation.preload(skill)
            return None
        key = (id(plan), self.generation)
        loads = list(self.loads.values())
        executions = {name: k.execution for name, k in self.loads.items()}
        if self.started is not None and key == self.key and self.joined == len(loads):
            invocation.restore(self.started, executions)
            return self.memo
        fresh = loads
        if self.snapshot is not None and key == self.key:
            invocation.restore(self.snapshot, executions)
            fresh = loads[self.joined:]
        for load in fresh:
            invocation.keep(load)
        self.key, self.plan, self.joined, self.snapshot = key, plan, len(loads), invocation.snapshot()
        if invocation.calls_tools:
            for skill in plan.preloads:
                invocation.preload(skill)
        self.started, self.memo = invocation.snapshot(), {}
        return self.memo


def _guidance(preloads: list[Event], before: dict[str, Any]) -> dict[str, Any]:
    """A preload's guidance follows the agent's prompt, the same from turn to turn until the
    skill changes: say whether it did (`new` on the first turn it is preloaded)."""
    now = {p["skill"]: p["version"] for p in preloads if p["verdict"] == "done"}
    for preload in preloads:
        if preload["verdict"] == "done":
            earlier = before.get(preload["skill"])
            preload["guidance"] = "new" if earlier is None else "same" if earlier == preload["version"] else "changed"
    return now


def fixed_references(agent_data: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """The agent's own tool references by name (their fixed `input` and `approval`)."""
    tools = (agent_data or {}).get("tools") or ()
    return {t["name"]: t for t in tools if isinstance(t, Mapping) and isinstance(t.get("name"), str)}


def run_session(sources: Sources, agent: AgentSource, spec: SessionSpec,
                fixed: Mapping[str, Mapping[str, Any]] | None = None, progress: Progress | None = None,
                on_start: OnStart | None = None) -> SessionReport:
    """Run the session's turns. `on_start(number, invocation)` sees each turn once it has
    started: its kept tools re-joined and its skills preloaded, before its first model call."""
    # a long session builds hundreds of thousands of small dicts (its events), none in a cycle
    with no_collection():
        return _run(sources, agent, spec, fixed, progress, on_start)


def _run(sources: Sources, agent: AgentSource, spec: SessionSpec, fixed: Mapping[str, Mapping[str, Any]] | None,
         progress: Progress | None, on_start: OnStart | None) -> SessionReport:
    findings = Findings()
    actions = build_catalog(sources, findings)
    plan = make_plan(agent, actions, sources.catalog_path, findings)
    kept = _Kept()
    before = kept  # what the turn before kept when it started: a retry starts from there
    turns: list[Event] = []
    total = len(spec.turns)
    said: list[Event] | None = None  # the skill references the last turn reported
    guidance: dict[str, Any] = {}  # the version each preloaded skill's guidance came from, last turn
    preloaded: list[list[Resolved]] = []  # what each turn preloaded: a replay preloads the same versions
    ledger = Ledger(spec.session)
    strays: list[Diagnostic] = []
    for number, turn in enumerate(spec.turns, 1):
        if turn.publish:
            actions = publish(actions, turn.publish, spec.path, spec.locate)
            plan = make_plan(agent, actions, sources.catalog_path, findings)
        if turn.retry:
            kept = before.copy()
            if turns:  # the retried turn's loads rolled back with it
                _roll_back(turns[-1], ledger)
        before = kept.copy()
        invocation = Invocation(plan, number, spec.tool_calls, fixed or {}, spec.session)
        replayed = preloaded[turn.replay - 1] if turn.replay else None
        invocation.memo = kept.start(invocation, plan, replayed)  # every turn that starts alike is in the same state
        preloaded.append(replayed if replayed is not None else plan.preloads)
        guidance = _guidance(invocation.preloads, guidance)
        if on_start is not None:
            on_start(number, invocation)
        for index, call in enumerate(turn.calls):
            invocation.call(index, call)
            if call.reuses is not None or not call.supplied:  # what the handler reported of its output
                _output(invocation.calls[index], call)
        uses, failed = _finalize(spec, number, turn, invocation, ledger, strays)
        if spec.session and not failed:
            kept.add(invocation.loads)
        event: Event = {"turn": number, "status": "failed" if failed else "finalized"}
        if plan.report != said:  # said when they change: the first turn, and after a publish moves one
            event["skills"] = said = plan.report
        event.update(listing=plan.listing, preloads=invocation.preloads, calls=invocation.calls,
                     invocationTools=invocation.tools(), uses=uses, warnings=invocation.warnings)
        if turn.retry:
            event["retry"] = True
        if turn.replay:
            event["replay"] = turn.replay
        turns.append(event)
        if progress is not None:
            progress(number, total)
    return SessionReport(agent.name, spec.session, tuple(turns), tuple(sorted((*findings.sorted(), *strays))))


def _finalize(spec: SessionSpec, number: int, turn: Turn, invocation: Invocation, ledger: Ledger,
              strays: list[Diagnostic]) -> tuple[list[Event], bool]:
    """The turn's uses, and whether it fails to finalize (reused output out of scope): then its
    loads roll back with it, and each stray reuse is a `reuse_out_of_scope` finding."""
    uses, out_of_scope = turn_uses(ledger, number, turn.calls, invocation.preloads, invocation.calls)
    if not out_of_scope:
        return uses, False
    strays.extend(_stray(spec, number, stray) for stray in out_of_scope)
    return ledger.roll_back(number, uses), True


def _output(event: Event, call: Call) -> None:
    if call.reuses is not None:
        reuse = call.reuses
        event["reuses"] = {"external": reuse.external} if reuse.external is not None else \
            {"turn": reuse.turn, "call": reuse.call}
    if not call.supplied:
        event["supplied"] = False


def _roll_back(event: Event, ledger: Ledger) -> None:
    """A turn that a retry takes back: its loads rolled back, so they are no uses of it."""
    if event["status"] == "finalized":
        event["status"] = "rolled-back"
    event["uses"] = ledger.roll_back(event["turn"], event["uses"])


def _stray(spec: SessionSpec, number: int, stray: Stray) -> Diagnostic:
    scope = ("a session turn can reuse only output produced in earlier turns of the same session" if spec.session
             else "an invocation of an agent without a session can reuse only output of its own earlier invocations")
    line, column = spec.locate("turns", number - 1, "calls", stray.call, "reuses")
    return Diagnostic(spec.path, line, column, OUT_OF_SCOPE, Severity.ERROR,
                      f"turn {number} fails to finalize: call {stray.call} reuses output out of scope, as "
                      f"{stray.why}; {scope}")
