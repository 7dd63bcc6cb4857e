"""What an invocation resolves when it starts, for one state of the catalog.

Every turn (and every invocation of an agent without a session) resolves the agent's
references when it starts: a pinned reference loads its version, one without loads the latest
*now*, so a version a turn publishes reaches the next turn. The write-time half is resolve's
own (`prepare_agent`); a plan is rebuilt only when a turn publishes, which keeps a long session
cheap. `publish` applies a turn's catalog changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from skillkit.core.errors import InputError
from skillkit.platform.agents import Context, Taken, prepare_agent
from skillkit.platform.catalog import Action, Listing
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import AgentSource, At, SkillSource
from skillkit.platform.model import ToolEntry
from skillkit.platform.references import Resolved
from skillkit.platform.session_file import Published, did_you_mean
from skillkit.platform.versions import Version, latest, parse_version


@dataclass
class Plan:
    agent: AgentSource
    ctx: Context
    own: dict[str, ToolEntry]
    taken: Taken
    skills: dict[str, Resolved]                # the skills the invocation resolved, by name
    preloads: list[Resolved]                   # in the order of `skills`
    listers: dict[str, tuple[str, Version]] = field(default_factory=dict)  # tool -> (first skill listing it, at)
    model_names: dict[str, str] = field(default_factory=dict)  # name the model sees -> tool action
    report: list[dict[str, Any]] = field(default_factory=list)  # each reference, as a turn reports it
    listing: list[dict[str, Any]] = field(default_factory=list)  # what the model is offered to load
    guidance: dict[tuple[str, Version], tuple[str | None, list[Any] | None]] = field(default_factory=dict)

    def guidance_of(self, skill: Resolved) -> tuple[str | None, list[Any] | None]:
        """What a load of this version returns: its instructions and examples (None when the
        workspace does not hold that version: only its file's version is known, and it is not
        guessed)."""
        key = (skill.action.name, skill.version)
        found = self.guidance.get(key)
        if found is None:
            file = skill.action.file
            if isinstance(file, SkillSource) and file.instructions is not None \
                    and parse_version(file.version) == skill.version:
                found = (file.instructions, [_plain(e) for e in file.examples or ()])
            else:
                found = (None, None)
            self.guidance[key] = found
        return found

    @property
    def lists_skills(self) -> bool:
        """Whether the model is offered skills to load: a preloaded one is not listed."""
        return any(not r.ref.preload for r in self.skills.values())

    def why_not(self, name: str) -> str:
        """Why a load of `name` is refused when the invocation did not resolve it."""
        names = [r.name for r in self.agent.skills]
        if name not in names:
            return (f"skill {name!r} is not in the agent's skills, so the invocation did not resolve it"
                    f"{did_you_mean(name, names)}")
        return f"the agent's reference to skill {name!r} does not resolve (see the diagnostics), so the invocation " \
               f"did not resolve it"


def make_plan(agent: AgentSource, actions: dict[str, Action], catalog_path: str, findings: Findings) -> Plan:
    ctx = Context(actions, catalog_path, findings)
    own, taken, loading = prepare_agent(agent, ctx)
    skills = {r.action.name: r for r in loading}
    plan = Plan(agent, ctx, own, taken, skills, [r for r in loading if r.ref.preload])
    for r in loading:  # which skill's version lists each tool (for the reason a call is refused)
        refs = r.action.versions[r.version].tools
        if refs is not None:
            tools, _ = ctx.tools_of(refs, r.action.versions[r.version].tools_where)
            for tool in tools:
                plan.listers.setdefault(tool.action.name, (r.action.name, tool.version))
    for name in [*own, *plan.listers]:
        action = actions.get(name)
        for listing in action.versions.values() if action is not None else ():
            if listing.model_name and listing.model_name != name:
                plan.model_names.setdefault(listing.model_name, name)
    for ref in agent.skills:
        resolved = skills.get(ref.name)
        listed = not ref.preload and resolved is not None
        plan.report.append({"name": ref.name, "actionId": ref.name if resolved else None,
                            "version": resolved.version.raw if resolved else None,
                            "pinned": ref.version is not None, "preload": ref.preload,
                            "listed": listed, "resolves": resolved is not None})
        if listed:  # the model sees a listed skill's name with its description (None: no file says it)
            file = resolved.action.file  # type: ignore[union-attr]
            plan.listing.append({"name": ref.name, "description": getattr(file, "description", None)})
    return plan


def _plain(value: Any) -> Any:
    """A frozen mapping or tuple (the model's) as the JSON value it was written as."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _listing(prior: Listing | None, published: Any, where: str) -> Listing:
    """A published record over what the catalog knew of that version, field by field."""
    tools = published.tools if published.tools is not None else (prior.tools if prior else None)
    tools_where = where if published.tools is not None else (prior.tools_where if prior else "")
    model = published.model_name or (prior.model_name if prior else None)
    return Listing(tools, tools_where, model)


def publish(actions: dict[str, Action], entries: tuple[Published, ...], path: str,
            locate: Callable[..., At]) -> dict[str, Action]:
    """The catalog after a turn's `publish`: new versions added (the latest moves), records
    updated, states changed. An action the catalog does not know needs its `kind`."""
    out = dict(actions)
    for entry in entries:
        old = out.get(entry.name)
        kind = entry.kind or (old.kind if old else None)
        if kind is None:
            raise InputError(f"publish: {entry.name!r} is not in the catalog or the workspace; give its `kind`",
                             path, *locate(*entry.path))
        if old is not None and kind != old.kind:
            raise InputError(f"publish: {entry.name!r} is a {old.kind}, not a {kind}", path, *locate(*entry.path))
        versions = dict(old.versions) if old else {}
        for raw, record in entry.versions:
            version = parse_version(raw)
            if version is not None:
                versions[version] = _listing(versions.get(version), record, path)
        state = entry.state or (old.state if old else "enabled")
        out[entry.name] = Action(entry.name, kind, state, versions, latest(frozenset(versions)),
                                 old.file if old else None)
    return out
