"""One agent's references checked and resolved: its handler kind, its own tools, its skills
(write-time rules), then its skills loaded in load order with their tools merged."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillkit.platform import findings as F
from skillkit.platform.catalog import Action
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import AgentSource, Ref
from skillkit.platform.merge import Merge, unknown_why
from skillkit.platform.model import AgentResolution, SkillEntry, ToolEntry
from skillkit.platform.references import Resolved, describe, resolve_list

TOOL_CALLING_HANDLER = "agent"  # the one handler kind that calls tools, so takes `tools` and `skills`


@dataclass
class Context:
    """What every agent shares: the catalog, the findings, and each tools list checked once."""

    actions: dict[str, Action]
    catalog_path: str
    findings: Findings
    _checked: dict[int, tuple[tuple[Ref, ...], list[Resolved], list[str]]] = field(default_factory=dict)

    def tools_of(self, refs: tuple[Ref, ...], path: str) -> tuple[list[Resolved], list[str]]:
        """A skill version's tools list checked by the tool reference rules (at `path`, the file
        or catalog that lists them), once however many agents load it."""
        hit = self._checked.get(id(refs))
        if hit is None:
            loads, broken = resolve_list(refs, "tool", self.actions, path, self.catalog_path, self.findings)
            names = {r.action.name for r in loads}
            # A name whose first reference is broken is shown once, however often it is repeated.
            unusable = [refs[i].name for i in sorted(broken) if refs[i].name not in names]
            hit = (refs, loads, list(dict.fromkeys(unusable)))
            self._checked[id(refs)] = hit  # `refs` is kept in the value so its id stays unique
        return hit[1], hit[2]


def _handler(agent: AgentSource, findings: Findings) -> None:
    if agent.handler == TOOL_CALLING_HANDLER:
        return
    for key, refs, at in (("skills", agent.skills, agent.skills_at), ("tools", agent.tools, agent.tools_at)):
        if refs:
            findings.add(F.HANDLER_KIND, agent.path, at, f"handler {agent.handler!r} calls no tools, so it takes "
                         f"no `{key}` list; only the `{TOOL_CALLING_HANDLER}` handler does")


def _own_tools(agent: AgentSource, ctx: Context) -> tuple[dict[str, ToolEntry], dict[str, tuple[str, str]]]:
    """The agent's own tool references, and the names the model sees for them."""
    refs, _ = resolve_list(agent.tools, "tool", ctx.actions, agent.path, ctx.catalog_path, ctx.findings)
    own = {r.action.name: ToolEntry(r.action.name, r.version, r.pinned, "agent", "start") for r in refs}
    taken: dict[str, tuple[str, str]] = {}
    for r in refs:
        model = r.action.versions[r.version].model_name
        if model is not None:
            taken.setdefault(model, ("", f"the agent's tool {r.action.name!r}"))
        elif agent.skills:
            why = unknown_why(r.action, r.version, "model-facing name", ctx.catalog_path)
            ctx.findings.add(F.REF_UNKNOWN, agent.path, r.ref.at, f"the name the model sees for tool "
                             f"{r.action.name!r} ({describe(r.version, r.pinned)}) is unknown: {why}; "
                             f"the agent's skills are not checked against it")
    return own, taken


def load_skill(skill: Resolved, merge: Merge, agent: AgentSource, ctx: Context) -> SkillEntry:
    """One load: the skill version's tools list checked, then merged into `merge`."""
    listing = skill.action.versions[skill.version]
    if listing.tools is None:
        why = unknown_why(skill.action, skill.version, "tools list", ctx.catalog_path)
        ctx.findings.add(F.REF_UNKNOWN, agent.path, skill.ref.at, f"what skill {skill.action.name!r} "
                         f"({describe(skill.version, skill.pinned)}) lists is unknown: {why}; no tools join from it")
        return SkillEntry(skill.action.name, skill.version, skill.pinned, skill.ref.preload, True, ctx.catalog_path)
    tools, broken = ctx.tools_of(listing.tools, listing.tools_where)
    return merge.load(skill, tools, broken)


Taken = dict[str, tuple[str, str]]


def prepare_agent(agent: AgentSource, ctx: Context) -> tuple[dict[str, ToolEntry], Taken, list[Resolved]]:
    """The write-time half, which every invocation starts from: the agent's own tools, the names
    the model sees that are taken (its tools' and skills'), and the skills that may load, in
    the order of `skills` (`skillkit session` builds each turn's loads on these)."""
    _handler(agent, ctx.findings)
    own, taken = _own_tools(agent, ctx)
    skills, _ = resolve_list(agent.skills, "skill", ctx.actions, agent.path, ctx.catalog_path, ctx.findings)
    loading: list[Resolved] = []
    for r in skills:
        holder = taken.get(r.action.name)
        if holder is None:
            loading.append(r)
        else:
            ctx.findings.add(F.SKILL_TOOL_NAME, agent.path, r.ref.at,
                             f"skill {r.action.name!r} has the name the model sees for {holder[1]}")
    for ref in agent.skills:
        taken.setdefault(ref.name, ("", f"the agent's skill {ref.name!r}"))
    return own, taken, loading


def resolve_agent(agent: AgentSource, ctx: Context) -> AgentResolution:
    own, taken, loading = prepare_agent(agent, ctx)
    merge = Merge(agent.path, own, taken, ctx.findings, ctx.catalog_path)
    order = [r for r in loading if r.ref.preload] + [r for r in loading if not r.ref.preload]
    loaded = {id(r.ref): load_skill(r, merge, agent, ctx) for r in order}
    entries: list[SkillEntry] = []
    seen: set[str] = set()
    for ref in [r for r in agent.skills if r.preload] + [r for r in agent.skills if not r.preload]:
        if ref.name in seen:
            continue  # a duplicate: reported, and the first reference applies
        seen.add(ref.name)
        entries.append(loaded.get(id(ref)) or SkillEntry(ref.name, None, ref.version is not None, ref.preload,
                                                         False, ""))
    return AgentResolution(agent.name, agent.path, agent.handler, tuple(entries), merge.effective())
