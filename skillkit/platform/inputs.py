"""What the platform rules read, taken from either side of the pipeline.

lint's workspace rules see raw parsed documents (`WorkspaceView`, possibly with schema errors);
`resolve` sees the valid models (`LoadedWorkspace`). Both are turned into the same plain
sources here, read leniently (an entry of the wrong shape is skipped: the schema rules report
it), so that lint and resolve report exactly the same reference diagnostics.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skillkit.core.pipeline import LoadedWorkspace
    from skillkit.rules.base import WorkspaceView

At = tuple[int, int]
Where = Callable[..., At]


@dataclass(frozen=True, slots=True)
class Ref:
    """One reference `{name, version?, preload?}`; `at` is the reference's own position."""

    name: str
    version: object  # as written; None when absent
    at: At
    preload: bool = False


@dataclass(frozen=True, slots=True)
class SkillSource:
    name: str
    version: object
    tools: tuple[Ref, ...]
    path: str
    # What a load of the file's version returns, and the line the model reads when it may load
    # it; None where the source does not hold them (lint's raw view).
    description: str | None = None
    instructions: str | None = None
    examples: tuple[Mapping[str, Any], ...] | None = None


@dataclass(frozen=True, slots=True)
class ToolSource:
    name: str
    version: object
    model_name: str
    path: str
    name_at: At


@dataclass(frozen=True, slots=True)
class AgentSource:
    name: str
    handler: str
    tools: tuple[Ref, ...]
    skills: tuple[Ref, ...]
    path: str
    name_at: At
    tools_at: At
    skills_at: At
    prompt: str = ""  # the start of the agent's instructions


@dataclass(frozen=True, slots=True)
class Record:
    """What a catalog version's record says; None where it says nothing (a `2:` with no value,
    a plain list of versions, or a record without that key)."""

    tools: tuple[Ref, ...] | None = None
    model_name: str | None = None


@dataclass(frozen=True, slots=True)
class CatalogAction:
    name: str
    kind: str
    state: str
    versions: tuple[tuple[object, Record], ...]
    kind_at: At


@dataclass(frozen=True, slots=True)
class Sources:
    skills: tuple[SkillSource, ...]
    tools: tuple[ToolSource, ...]
    agents: tuple[AgentSource, ...]
    catalog: tuple[CatalogAction, ...]
    catalog_path: str


def _refs(items: object, where: Where, *path: str | int, preload: bool = False) -> tuple[Ref, ...]:
    if not isinstance(items, (list, tuple)):
        return ()
    refs = []
    for index, item in enumerate(items):
        if isinstance(item, Mapping) and isinstance(item.get("name"), str) and item["name"].strip():
            refs.append(Ref(item["name"], item.get("version"), where(*path, index),
                            preload and item.get("preload") is True))
    return tuple(refs)


def _text(value: object, default: str) -> str:
    return value if isinstance(value, str) and value.strip() else default


def _tool(data: Mapping[str, Any], path: str, where: Where) -> ToolSource | None:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return ToolSource(name, data.get("version", 1), _text(data.get("modelName"), name), path, where("name"))


def _agent(data: Mapping[str, Any], path: str, where: Where) -> AgentSource | None:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return AgentSource(name, _text(data.get("handler"), "agent"), _refs(data.get("tools"), where, "tools"),
                       _refs(data.get("skills"), where, "skills", preload=True), path, where("name"),
                       where("tools"), where("skills"), data.get("prompt") if isinstance(data.get("prompt"), str) else "")


def _record(value: object, where: Where, *path: str | int) -> Record:
    if not isinstance(value, Mapping):
        return Record()  # `2:` with nothing: the catalog lists the version, records nothing
    tools = value.get("tools")
    model = value.get("modelName")
    return Record(_refs(tools, where, *path, "tools") if isinstance(tools, (list, tuple)) else None,
                  model if isinstance(model, str) and model.strip() else None)


def _catalog(data: Mapping[str, Any], where: Where) -> tuple[CatalogAction, ...]:
    actions = data.get("actions")
    if not isinstance(actions, Mapping):
        return ()
    out = []
    for name, entry in actions.items():
        if not isinstance(name, str) or not isinstance(entry, Mapping) or not isinstance(entry.get("kind"), str):
            continue
        state = entry.get("state", "enabled")
        versions = entry.get("versions", ())
        if isinstance(versions, Mapping):
            listed = tuple((key, _record(value, where, "actions", name, "versions", key))
                           for key, value in versions.items())
        elif isinstance(versions, (list, tuple)):
            listed = tuple((value, Record()) for value in versions)
        else:
            listed = ()
        out.append(CatalogAction(name, entry["kind"], state if state in ("enabled", "disabled", "deleted")
                                 else "enabled", listed, where("actions", name, "kind")))
    return tuple(out)


def _assemble(skills: Iterable[SkillSource], others: Iterable[tuple[str, str, Mapping[str, Any], Where]]) -> Sources:
    tools: list[ToolSource] = []
    agents: list[AgentSource] = []
    catalog: tuple[CatalogAction, ...] = ()
    catalog_path = ""
    for kind, path, data, where in others:
        if kind == "tool" and (tool := _tool(data, path, where)):
            tools.append(tool)
        elif kind == "agent" and (agent := _agent(data, path, where)):
            agents.append(agent)
        elif kind == "catalog" and not catalog_path:
            catalog, catalog_path = _catalog(data, where), path
    return Sources(tuple(skills), tuple(tools), tuple(agents), catalog, catalog_path)


def from_loaded(workspace: LoadedWorkspace) -> Sources:
    """Sources from the valid models `resolve` works on."""
    skills = (SkillSource(s.name, s.version, tuple(Ref(t.name, t.version, (t.line, t.column)) for t in s.tools),
                          s.path, s.description, s.body.strip(), s.examples) for s in workspace.skills)
    others = ((d.kind, d.path, d.data, d.where) for d in workspace.documents)
    return _assemble(skills, others)


def _skill(data: Mapping[str, Any], path: str, where: Where) -> SkillSource | None:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    return SkillSource(name, data.get("version", 1), _refs(data.get("tools"), where, "tools"), path)


def from_view(view: WorkspaceView) -> Sources:
    """Sources from the parsed documents lint's workspace rules see (schema errors and all)."""
    skills = (s for s in (_skill(d.data, d.path, d.at) for d in view.skills) if s is not None)
    others = ((d.kind, d.path, d.data, d.at) for d in view.documents)
    return _assemble(skills, others)


def from_data(skills: Iterable[tuple[str, Any]], documents: Iterable[tuple[str, str, Any]]) -> Sources:
    """Sources from bare data (no positions): what the property tests feed with anything."""
    def nowhere(*path: str | int) -> At:
        return (1, 1)

    built = (s for s in (_skill(d, p, nowhere) for p, d in skills if isinstance(d, Mapping)) if s is not None)
    return _assemble(built, ((k, p, d, nowhere) for k, p, d in documents if isinstance(d, Mapping)))
