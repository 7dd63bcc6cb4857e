"""The catalog: every action an agent can reference, with its kind, state and versions.

It is `catalog.yaml` (what the platform has published) plus the workspace's files: an action's
versions are the catalog's plus its file's own version (a skill added in this change is
referenceable before it is published), and the latest is the highest of those. Without a
catalog, the files are the catalog. What a version lists (a skill's tools, a tool's
model-facing name) comes from the catalog's record for that version, or from the file when the
file is that version; when neither says, it is unknown and never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from skillkit.platform.findings import ACTION_CONFLICT, Findings
from skillkit.platform.inputs import AgentSource, CatalogAction, Record, Ref, SkillSource, Sources, ToolSource
from skillkit.platform.versions import Version, latest, parse_version

FileSource = SkillSource | ToolSource | AgentSource


@dataclass(frozen=True, slots=True)
class Listing:
    """What one version of an action lists. `tools` (a skill's) and `model_name` (a tool's) are
    None when unknown; `tools_where` is the file or catalog that lists the tools (display path),
    where their references are reported."""

    tools: tuple[Ref, ...] | None
    tools_where: str
    model_name: str | None


@dataclass(frozen=True)
class Action:
    name: str
    kind: str
    state: str
    versions: Mapping[Version, Listing]
    latest: Version | None
    file: FileSource | None = None


def _kind_of(source: FileSource) -> str:
    if isinstance(source, SkillSource):
        return "skill"
    if isinstance(source, ToolSource):
        return "tool"
    return source.handler  # an agent file's action kind is its handler kind


def _listing(record: Record, file: FileSource | None, file_version: Version | None, version: Version,
             catalog_path: str) -> Listing:
    """The catalog's record first, field by field; then the file, when it is this version."""
    file_says = file is not None and file_version == version
    tools, tools_where = record.tools, catalog_path
    if tools is None and file_says and isinstance(file, SkillSource):
        tools, tools_where = file.tools, file.path
    model = record.model_name
    if model is None and file_says and isinstance(file, ToolSource):
        model = file.model_name
    return Listing(tools, tools_where if tools is not None else "", model)


def _build(name: str, entry: CatalogAction | None, file: FileSource | None, catalog_path: str) -> Action:
    records: dict[Version, Record] = {}
    if entry is not None:
        for raw, record in entry.versions:
            version = parse_version(raw)
            if version is not None:
                records[version] = record
    file_version = parse_version(file.version) if isinstance(file, (SkillSource, ToolSource)) else None
    known = set(records) | ({file_version} if file_version is not None else set())
    versions = {v: _listing(records.get(v, Record()), file, file_version, v, catalog_path) for v in known}
    kind = _kind_of(file) if file is not None else entry.kind  # type: ignore[union-attr]
    state = entry.state if entry is not None else "enabled"
    return Action(name, kind, state, versions, latest(frozenset(versions)), file)


def _files(sources: Sources, findings: Findings) -> dict[str, FileSource]:
    """One file per action name: skills first, then tools, then agents. A later file that
    takes a name already used is reported (two skills of one name are `name-unique`'s)."""
    owners: dict[str, FileSource] = {}
    everything: list[FileSource] = [*sources.skills, *sources.tools, *sources.agents]
    for source in everything:
        first = owners.get(source.name)
        if first is None:
            owners[source.name] = source
        elif not isinstance(source, SkillSource):  # a skill is never second: skills come first
            findings.add(ACTION_CONFLICT, source.path, source.name_at,
                         f"action {source.name!r} is already defined by {first.path} "
                         f"({_article(_kind_of(first))}); one name, one action")
    return owners


def _article(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def build_catalog(sources: Sources, findings: Findings) -> dict[str, Action]:
    """Every action by name. A catalog kind that differs from the file's is reported at the
    catalog; the file's kind and version are what the workspace resolves with."""
    files = _files(sources, findings)
    entries = {entry.name: entry for entry in sources.catalog}
    actions: dict[str, Action] = {}
    for name in entries.keys() | files.keys():
        entry, file = entries.get(name), files.get(name)
        if entry is not None and file is not None and entry.kind != _kind_of(file):
            findings.add(ACTION_CONFLICT, sources.catalog_path, entry.kind_at,
                         f"the catalog publishes {name!r} as a {entry.kind}, but {file.path} is a {_kind_of(file)}")
            entry = None
        actions[name] = _build(name, entry, file, sources.catalog_path)
    return actions
