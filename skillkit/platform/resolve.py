"""The entry point: a loaded workspace -> every agent's references checked and resolved.

`resolve_workspace` is what `skillkit resolve` and `skillkit pack` call; `analyse` is what
lint's reference rules call on the parsed documents, so both report the same diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.platform.agents import Context, resolve_agent
from skillkit.platform.catalog import build_catalog
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import Sources, from_loaded
from skillkit.platform.model import AgentResolution, SkillEntry, ToolEntry

if TYPE_CHECKING:
    from skillkit.core.pipeline import LoadedWorkspace

LOCK_VERSION = 1

__all__ = ["Resolution", "AgentResolution", "SkillEntry", "ToolEntry", "resolve_workspace", "analyse"]


@dataclass(frozen=True)
class Resolution:
    agents: tuple[AgentResolution, ...]      # by name (then path)
    diagnostics: tuple[Diagnostic, ...]      # sorted, shaped as lint's

    @property
    def ok(self) -> bool:
        """No reference breaks a rule (warnings allowed)."""
        return not any(d.severity == Severity.ERROR for d in self.diagnostics)

    def as_json(self) -> dict[str, Any]:
        """`skillkit resolve --format json` without its diagnostics."""
        return {"agents": [agent.as_json() for agent in self.agents]}

    def lock_data(self) -> dict[str, Any]:
        """What the references resolve to, as `skillkit.lock` holds it: per agent, the skills
        that load (in load order) and the effective tool set. Only resolved facts, no paths,
        times or skillkit version, so the same workspace always gives the same data."""
        agents: dict[str, Any] = {}
        for agent in self.agents:
            agents.setdefault(agent.name, {
                "skills": [{"name": s.name, "version": s.version.raw, "pinned": s.pinned, "preload": s.preload}
                           for s in agent.skills if s.loads and s.version is not None],
                "tools": [{"name": t.name, "version": t.version.raw, "from": t.source, "pinned": t.pinned}
                          for t in agent.tools],
            })
        return {"lockVersion": LOCK_VERSION, "agents": agents}


def analyse(sources: Sources) -> Resolution:
    findings = Findings()
    ctx = Context(build_catalog(sources, findings), sources.catalog_path, findings)
    for skill in sources.skills:  # every skill file's tools list, whether or not an agent loads it
        ctx.tools_of(skill.tools, skill.path)
    agents = tuple(sorted((resolve_agent(agent, ctx) for agent in sources.agents), key=lambda a: (a.name, a.path)))
    return Resolution(agents, findings.sorted())


def resolve_workspace(workspace: LoadedWorkspace) -> Resolution:
    """Check and resolve every agent's skill and tool references of a loaded workspace."""
    return analyse(from_loaded(workspace))
