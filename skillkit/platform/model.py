"""The values `resolve` produces: per agent, its skills in load order with the tools each load
makes available, and its effective tool set once every skill is loaded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skillkit.platform.versions import Version

# What became of a tool a loaded skill lists.
JOINED = "joined"                  # the load makes it available (it is in the load's invocation.tools)
AGENT_OWN = "agent"                # the agent lists it itself: the agent's reference applies
PINNED_EARLIER = "pinned-earlier"  # an earlier load made it available at a pinned version
UNFIT = "unfit"                    # left out: it does not fit the agent's tools (a warning says why)
CONFLICT = "conflict"              # pins another version than an earlier load pinned: this load fails
BROKEN = "broken"                  # the reference breaks a rule (see the diagnostics)


@dataclass(frozen=True, slots=True)
class ToolEntry:
    """One tool of an agent's effective set. `source` is "agent" or "skill:<name>"; `offered`
    is "start" (from the first model call: the agent's own and preloaded skills' tools) or
    "load" (only once the skill is loaded)."""

    name: str
    version: Version
    pinned: bool
    source: str
    offered: str

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version.raw, "from": self.source,
                "pinned": self.pinned, "offered": self.offered}


@dataclass(frozen=True, slots=True)
class ToolJoin:
    """One tool a loaded skill lists, and what became of it when the skill loaded."""

    name: str
    version: Version | None
    pinned: bool
    outcome: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class SkillEntry:
    """One reference of an agent's `skills`. `loads` is False when the reference breaks a rule
    or its load would fail; `source` names the file or catalog the loaded version comes from."""

    name: str
    version: Version | None
    pinned: bool
    preload: bool
    loads: bool
    source: str
    tools: tuple[ToolJoin, ...] = ()

    @property
    def listed(self) -> bool:
        """A preloaded skill is not listed for the model to load."""
        return not self.preload

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "version": self.version.raw if self.version else None,
            "pinned": self.pinned, "preload": self.preload, "listed": self.listed, "loads": self.loads,
            "source": self.source or None,
            "tools": [{"name": t.name, "version": t.version.raw if t.version else None, "pinned": t.pinned}
                      for t in self.tools if t.outcome == JOINED],
            "leftOut": [{"name": t.name, "why": t.outcome, "note": t.note}
                        for t in self.tools if t.outcome != JOINED],
        }


@dataclass(frozen=True, slots=True)
class AgentResolution:
    name: str
    path: str
    handler: str
    skills: tuple[SkillEntry, ...]  # in load order: preloaded first, each group in `skills` order
    tools: tuple[ToolEntry, ...]    # the agent's own first, then each load's, in load order

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "handler": self.handler,
                "skills": [s.as_json() for s in self.skills], "tools": [t.as_json() for t in self.tools]}
