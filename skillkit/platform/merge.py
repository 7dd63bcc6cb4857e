"""Tools joining an agent's tools as its skills load (the seed's "Tools a skill makes available").

Loads run in load order: preloaded skills first, then the others, each in the order of
`skills`. For every tool a loaded skill lists:
- the agent lists it itself: the agent's reference applies (its version, input, approval);
- an earlier load made it available pinned: that version stays; a different pinned version
  makes this load fail (an error naming both skills and the tool), and none of its tools join;
- an earlier load made it available at the latest: a pinned version wins over it;
- otherwise it joins, unless it does not fit: the name the model sees for the version it
  loads is already the name of one of the agent's tools or skills, or of a tool that joined
  earlier. Then it is left out, with a warning that says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skillkit.platform import findings as F
from skillkit.platform.catalog import Action
from skillkit.platform.findings import Findings
from skillkit.platform.model import (AGENT_OWN, BROKEN, CONFLICT, JOINED, PINNED_EARLIER, UNFIT, SkillEntry,
                                     ToolEntry, ToolJoin)
from skillkit.platform.references import Resolved, describe
from skillkit.platform.versions import Version, parse_version


def unknown_why(action: Action, version: Version, what: str, catalog_path: str) -> str:
    """Why a version's listing is unknown, for the `ref-unknown` warning."""
    catalog = "catalog.yaml" if catalog_path else "the catalog"
    if action.file is None:
        return f"{catalog} records no {what} for version {version}, and no workspace file defines it"
    shown = getattr(action.file, "version", "unversioned")
    return f"{catalog} records no {what} for version {version}, and {action.file.path} is version {shown}"


@dataclass
class Merge:
    """The state of one agent's loads. `taken` maps each name the model sees to (the tool that
    holds it, or "" for the agent's own tools and skills; a description for messages)."""

    agent_path: str
    own: dict[str, ToolEntry]
    taken: dict[str, tuple[str, str]]
    findings: Findings
    catalog_path: str
    joined: dict[str, ToolEntry] = field(default_factory=dict)

    def load(self, skill: Resolved, tools: list[Resolved], broken: list[str]) -> SkillEntry:
        """Load one skill version whose tools list is `tools` (the valid references) and
        `broken` (names of references that break a rule)."""
        name = skill.action.name
        # Built whole rather than through dataclasses.replace: `skillkit session` loads tens of
        # thousands of times in a long session.
        source = self._source(skill)
        conflict = self._conflict(skill, tools)
        if conflict is not None:
            return SkillEntry(name, skill.version, skill.pinned, skill.ref.preload, False, source, (conflict,))
        outcomes = [self._join(skill, tool) for tool in tools]
        outcomes.extend(ToolJoin(n, None, False, BROKEN, "the reference breaks a rule") for n in broken)
        return SkillEntry(name, skill.version, skill.pinned, skill.ref.preload, True, source, tuple(outcomes))

    def effective(self) -> tuple[ToolEntry, ...]:
        return (*self.own.values(), *self.joined.values())

    def _source(self, skill: Resolved) -> str:
        file = skill.action.file
        if file is not None and parse_version(getattr(file, "version", None)) == skill.version:
            return file.path
        return self.catalog_path

    def _conflict(self, skill: Resolved, tools: list[Resolved]) -> ToolJoin | None:
        for tool in tools:
            earlier = self.joined.get(tool.action.name)
            if (tool.action.name not in self.own and tool.pinned and earlier is not None and earlier.pinned
                    and earlier.version != tool.version):
                first = earlier.source.removeprefix("skill:")
                message = (f"loading skill {skill.action.name!r} fails: it pins tool {tool.action.name!r} at "
                           f"version {tool.version}, but skill {first!r}, loaded earlier, "
                           f"pinned version {earlier.version}")
                self.findings.add(F.TOOL_PIN_CONFLICT, self.agent_path, skill.ref.at, message)
                return ToolJoin(tool.action.name, tool.version, True, CONFLICT, message)
        return None

    def _join(self, skill: Resolved, tool: Resolved) -> ToolJoin:
        name, version = tool.action.name, tool.version
        if name in self.own:
            return ToolJoin(name, version, tool.pinned, AGENT_OWN, "the agent's own reference applies")
        earlier = self.joined.get(name)
        if earlier is not None and (earlier.pinned or not tool.pinned):
            if earlier.pinned:
                return ToolJoin(name, version, tool.pinned, PINNED_EARLIER,
                                f"{earlier.source} made it available {describe(earlier.version, True)}")
            return ToolJoin(name, version, False, JOINED, f"also made available by {earlier.source}")
        unfit = self._unfit(skill, tool, earlier)
        if unfit:
            return ToolJoin(name, version, tool.pinned, UNFIT, unfit)
        offered = "start" if skill.ref.preload or (earlier is not None and earlier.offered == "start") else "load"
        self.joined[name] = ToolEntry(name, version, tool.pinned, f"skill:{skill.action.name}", offered)
        return ToolJoin(name, version, tool.pinned, JOINED)

    def _unfit(self, skill: Resolved, tool: Resolved, earlier: ToolEntry | None) -> str:
        """Why the tool does not fit (empty when it does); records its model-facing name when it fits."""
        name, version = tool.action.name, tool.version
        model = tool.action.versions[version].model_name
        if model is None:
            why = unknown_why(tool.action, version, "model-facing name", self.catalog_path)
            self.findings.add(F.REF_UNKNOWN, self.agent_path, skill.ref.at,
                              f"the name the model sees for tool {name!r} (from skill {skill.action.name!r}) is "
                              f"unknown: {why}; whether it fits the agent's tools is not checked")
            return ""
        holder, what = self.taken.get(model, (name, ""))
        if holder != name:
            message = (f"tool {name!r} (from skill {skill.action.name!r}) is left out: its version {version} is "
                       f"named {model!r} for the model, the name of {what}")
            self.findings.add(F.TOOL_UNFIT, self.agent_path, skill.ref.at, message)
            return message
        if earlier is not None:  # a pinned version replaces the latest: its name replaces the old one
            old = tool.action.versions[earlier.version].model_name
            if old is not None and self.taken.get(old, ("",))[0] == name:
                del self.taken[old]
        self.taken[model] = (name, f"tool {name!r}, which skill {skill.action.name!r} made available")
        return ""
