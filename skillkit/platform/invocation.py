"""One invocation of an agent: a session turn, or a run of an agent without a session.

The seed's rules over time ("Loading a skill", "Tools a skill makes available", "Preloaded
skills"), on resolve's own merging (`Merge`, `load_skill`):
- the agent can load only the skill versions its invocation resolved; loads of one version
  share one execution, so a repeated load returns it;
- a skill's tools join the agent's tools when it loads; before, they are neither offered nor
  callable; a pinned version wins over the latest, and a second load pinning another version
  of a tool fails;
- preloaded skills load first, each with an execution of its own (not counted against
  `limits.tool_calls`); a model load of a preloaded skill returns the turn's preload;
- a session's kept tools re-join at this turn's versions, and one that no longer fits is left
  out with a `harness.log` warning.
Events are JSON-shaped dicts: they are what `--format json` prints (DESIGN 4.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skillkit.platform.agents import TOOL_CALLING_HANDLER, load_skill
from skillkit.platform.merge import Merge
from skillkit.platform.model import BROKEN, CONFLICT, JOINED, UNFIT, SkillEntry, ToolEntry
from skillkit.platform.references import Resolved
from skillkit.platform.session_file import Call
from skillkit.platform.session_plan import Plan
from skillkit.platform.versions import Version

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Kept:
    """A load a session keeps: later turns keep the tools it made available."""

    skill: Resolved
    execution: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    taken: dict[str, tuple[str, str]]
    joined: dict[str, ToolEntry]
    left_out: dict[str, str]
    warnings: list[Event]
    preloads: tuple[tuple[str, Version, Event], ...] = ()  # each preload's event, its execution to number


def _conflict(entry: SkillEntry) -> str:
    return next((t.note for t in entry.tools if t.outcome == CONFLICT), "the load fails")


class Invocation:
    def __init__(self, plan: Plan, number: int, limit: int | None, fixed: Mapping[str, Mapping[str, Any]],
                 in_session: bool) -> None:
        self.plan, self.number, self.limit, self.fixed = plan, number, limit, fixed
        self.scope = "session" if in_session else "invocation"
        ctx = plan.ctx
        self.merge = Merge(plan.agent.path, dict(plan.own), dict(plan.taken), ctx.findings, ctx.catalog_path)
        self.count = 0                                   # executions so far: ids t<turn>-l<n>
        self.executions: dict[tuple[str, Version], str] = {}
        self.preloaded: dict[str, tuple[Version, str | None]] = {}  # skill -> (version, execution or None: failed)
        self.made_by: dict[str, str] = {}                # tool -> the load that made it available
        self.left_out: dict[str, str] = {}               # tool -> why a load left it out
        self.loads: list[Kept] = []
        self.preloads: list[Event] = []
        self.calls: list[Event] = []
        self.warnings: list[Event] = []
        self.calls_made = 0
        self._offered: list[str] | None = None
        self._said: list[str] | None = None              # the offered list the last call reported
        self.calls_tools = plan.agent.handler == TOOL_CALLING_HANDLER
        self.memo: dict[Any, Any] | None = None  # see _load
        self.returned: dict[str, Event] = {}             # execution -> what the load returned

    # -- loads -----------------------------------------------------------------------------
    def _load(self, skill: Resolved) -> tuple[SkillEntry, str | None]:
        """Load one skill version: a new execution when it loads, None when the load fails.

        `memo` holds the outcomes of loads from the turn's start state (once its kept loads and
        preloads are in), shared by every turn that starts in that state: a load that changes
        nothing leaves the state as it was, so the same load in the next such turn has the same
        outcome. The first load that changes the state ends the memo's use for the turn."""
        memo, key = self.memo, (skill.action.name, skill.version)
        entry = memo.get(key) if memo is not None else None
        if entry is None:
            refs = skill.action.versions[skill.version].tools or ()
            joined = self.merge.joined
            before = [joined.get(r.name) for r in refs]
            entry = load_skill(skill, self.merge, self.plan.agent, self.plan.ctx)
            if memo is not None:
                if any(joined.get(r.name) is not held for r, held in zip(refs, before)):
                    self.memo = None
                else:
                    memo[key] = entry
        self._offered = None
        if not entry.loads:
            return entry, None
        self.count += 1
        execution = f"t{self.number}-l{self.count}"
        self._joined(skill.action.name, entry, execution)
        return entry, execution

    def _joined(self, skill: str, entry: SkillEntry, execution: str) -> None:
        for join in entry.tools:
            held = self.merge.joined.get(join.name)
            if join.outcome == JOINED and held is not None and held.source == f"skill:{skill}":
                self.made_by[join.name] = execution
            elif join.outcome in (UNFIT, BROKEN):
                self.left_out[join.name] = join.note

    def keep(self, kept: Kept) -> None:
        """Re-join the tools of a load an earlier turn of the session made, at this turn's versions."""
        entry = load_skill(kept.skill, self.merge, self.plan.agent, self.plan.ctx)
        self._offered = None
        name = kept.skill.action.name
        if not entry.loads:
            self._warn(None, f"the tools skill {name!r} made available are left out: {_conflict(entry)}")
            return
        self._joined(name, entry, kept.execution)
        for join in entry.tools:
            if join.outcome == UNFIT:
                why = join.note.split(" is left out: ", 1)[-1]
                self._warn(join.name, f"kept tool {join.name!r} no longer fits the agent's tools, so this turn "
                           f"leaves it out: {why}")
            elif join.outcome == BROKEN:
                self._warn(join.name, f"kept tool {join.name!r} is left out: the reference to it in skill "
                           f"{name!r} no longer resolves")

    def snapshot(self) -> Snapshot:
        """The state once the kept loads re-joined (and the preloads loaded, when they have): the
        same for every turn that keeps the same loads against the same catalog, so a long
        session computes it once."""
        merge = self.merge
        preloads = tuple((e["skill"], self.preloaded[e["skill"]][0], dict(e)) for e in self.preloads)
        return Snapshot(dict(merge.taken), dict(merge.joined), dict(self.left_out), list(self.warnings), preloads)

    def restore(self, snapshot: Snapshot, executions: Mapping[str, str]) -> None:
        """Start from a snapshot: its preloads are this turn's, with executions of their own; each
        other tool names the kept load (by skill) that made it available."""
        self.merge.taken, self.merge.joined = dict(snapshot.taken), dict(snapshot.joined)
        self.left_out, self.warnings = dict(snapshot.left_out), list(snapshot.warnings)
        loads = dict(executions)
        for name, version, template in snapshot.preloads:
            event = dict(template)
            if event["verdict"] == "done":
                self.count += 1
                event["execution"] = loads[name] = f"t{self.number}-l{self.count}"
                self.executions[(name, version)] = event["execution"]
            self.preloaded[name] = (version, event["execution"])
            if "returns" in event:
                self.returned[event["execution"]] = event["returns"]
            self.preloads.append(event)
        self.made_by = {name: loads[source] for name, entry in snapshot.joined.items()
                        if (source := entry.source.removeprefix("skill:")) in loads}
        self._offered = None

    def _warn(self, tool: str | None, message: str) -> None:
        self.warnings.append({"log": "harness.log", "tool": tool, "message": message})

    def preload(self, skill: Resolved) -> None:
        entry, execution = self._load(skill)
        name, version = skill.action.name, skill.version
        event: Event = {"skill": name, "version": version.raw, "execution": execution,
                        "event": "skill.preload", "tools": _tools(entry)}
        if execution is None:
            event.update(verdict="refused", reason=_conflict(entry))
        else:
            event.update(verdict="done", returns=self._returns(skill, event["tools"], execution))
            self.executions[(name, version)] = execution
        self.preloaded[name] = (version, execution)
        self.preloads.append(event)

    # -- calls -----------------------------------------------------------------------------
    def offered(self) -> list[str]:
        """The tools offered at a model call: the agent's own, then each load's (cached until a load)."""
        if self._offered is None:
            self._offered = [e.name for e in self.merge.effective()] if self.calls_tools else []
        return self._offered

    def call(self, index: int, call: Call) -> None:
        offered = self._offered if self._offered is not None else self.offered()
        self.calls_made += 1
        if call.kind == "tool" and self.calls_tools and (self.limit is None or self.calls_made <= self.limit):
            event = self._call_tool(index, call)  # the common case, first
            if offered is not self._said and offered != self._said:
                event["offered"] = self._said = offered
            self.calls.append(event)
            return
        event: Event = {"index": index, call.kind: call.name}
        if not self.calls_tools:
            self._refuse(event, f"handler {self.plan.agent.handler!r} calls no tools: it loads no skill "
                                f"and calls no tool")
        elif self.limit is not None and self.calls_made > self.limit:
            self._refuse(event, f"over limits.tool_calls: the invocation may make {self.limit} "
                                f"call{'s' if self.limit != 1 else ''}, and this is call {self.calls_made}")
        else:
            self._call_load(event, call.name)
        if offered is not self._said and offered != self._said:  # said when it changes: the first call, after a load
            event["offered"] = self._said = offered
        self.calls.append(event)

    @staticmethod
    def _refuse(event: Event, reason: str) -> None:
        event.setdefault("version", None)
        event.update(verdict="refused", reason=reason)
        event.setdefault("execution" if "load" in event else "skillLoadExecutionId", None)

    def _call_load(self, event: Event, name: str) -> None:
        if name in self.preloaded:
            version, execution = self.preloaded[name]
            event["version"] = version.raw
            if not self.plan.lists_skills:
                self._refuse(event, f"no skill is listed for the model to load: skill {name!r}, like every skill "
                                    f"of the agent, is preloaded")
            elif execution is None:
                self._refuse(event, f"skill {name!r} is preloaded, and the turn's preload of it failed")
            else:
                event.update(verdict="done", execution=execution, preload=True, returns=self.returned[execution])
            return
        skill = self.plan.skills.get(name)
        if skill is None:
            self._refuse(event, self.plan.why_not(name))
            return
        event["version"] = skill.version.raw
        earlier = self.executions.get((name, skill.version))
        if earlier is not None:  # one identity per skill version within one invocation
            event.update(verdict="done", execution=earlier, repeat=True, returns=self.returned[earlier])
            return
        entry, execution = self._load(skill)
        if execution is None:
            self._refuse(event, _conflict(entry))
            return
        self.executions[(name, skill.version)] = execution
        self.loads.append(Kept(skill, execution))
        tools = _tools(entry)
        event.update(verdict="done", execution=execution, tools=tools, returns=self._returns(skill, tools, execution))

    def _returns(self, skill: Resolved, tools: list[Event], execution: str) -> Event:
        """What the load returns: exactly the instructions and examples of the version it names
        (examples [] when there are none), and the tools it made available."""
        instructions, examples = self.plan.guidance_of(skill)
        returns = {"instructions": instructions, "examples": examples, "tools": tools}
        self.returned[execution] = returns
        return returns

    def _find(self, name: str) -> ToolEntry | None:
        if not self.calls_tools:
            return None
        merge = self.merge
        entry = merge.own.get(name) or merge.joined.get(name)
        if entry is None and name in self.plan.model_names:  # the model calls a tool by the name it sees
            action = self.plan.model_names[name]
            entry = merge.own.get(action) or merge.joined.get(action)
        return entry

    def _call_tool(self, index: int, call: Call) -> Event:
        merge = self.merge
        entry = merge.joined.get(call.name) or merge.own.get(call.name) or self._find(call.name)
        if entry is None:
            event: Event = {"index": index, "tool": call.name}
            action = self.plan.model_names.get(call.name, call.name)
            lister = self.plan.listers.get(action)
            event["version"] = lister[1].raw if lister else None
            if action in self.left_out:
                reason = self.left_out[action]  # "tool X (from skill Y) is left out: why"
            elif lister is not None:
                reason = (f"tool {action!r} is not offered before a load makes it available: skill {lister[0]!r} "
                          f"lists it, and no load of it happened in this {self.scope} yet")
            else:
                reason = f"tool {action!r} is not among the agent's tools, and no skill it may load lists it"
            self._refuse(event, reason)
            return event
        source = entry.source
        if source != "agent":  # a load made it available: the call names that load
            return {"index": index, "tool": entry.name, "version": entry.version.raw, "verdict": "done",
                    "from": source, "skillLoadExecutionId": self.made_by.get(entry.name)}
        event = {"index": index, "tool": entry.name, "version": entry.version.raw, "verdict": "done",
                 "from": source, "skillLoadExecutionId": None}
        fixed = self.fixed.get(entry.name)
        if fixed is not None:  # the agent's own reference applies: its fixed input and approval
            if fixed.get("input"):  # what the call is made with: the model's input under the fixed one
                event["input"] = {**(call.input or {}), **fixed["input"]}
            if "approval" in fixed:
                event["approval"] = fixed["approval"]
        return event

    def tools(self) -> list[Event]:
        """invocation.tools: the agent's own references, then what loads made available (the
        same list as every turn's that ended in its start state, when the memo says it did)."""
        cached = self.memo.get("tools") if self.memo is not None else None
        if cached is None:
            cached = [{"name": e.name, "version": e.version.raw, "from": e.source} for e in self.merge.effective()]
            if self.memo is not None:
                self.memo["tools"] = cached
        return cached


def _tools(entry: SkillEntry) -> list[Event]:
    """The load's invocation.tools: the tool versions it made available."""
    return [{"name": t.name, "version": t.version.raw if t.version else None} for t in entry.tools
            if t.outcome == JOINED]
