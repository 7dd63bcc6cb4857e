"""Before anything is written: the workspace through the shared pipeline (lint's diagnostics),
then every workspace root through `resolve`. Any error refuses the pack."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

import msgspec

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.errors import ConfigError, InputError, VerdictError
from skillkit.core.pipeline import LoadedWorkspace
from skillkit.pack.names import inside, root_label


@dataclass(frozen=True)
class Prepared:
    """A workspace checked for release. `diagnostics` holds lint's and resolve's findings;
    with any error among them nothing may be written."""

    root: Path
    settings: dict[str, Any]
    diagnostics: tuple[Diagnostic, ...]
    workspaces: tuple[LoadedWorkspace, ...] = ()
    references: dict[str, Any] = field(default_factory=dict)
    packing: tuple[Diagnostic, ...] = ()  # findings only a pack has (links to files it leaves out)

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == Severity.ERROR)

    @property
    def alone(self) -> str | None:
        """The skill's name when the root is one skill's folder (packed alone), else None."""
        found = [s for w in self.workspaces for s in w.skills if s.folder.resolve() == self.root.resolve()]
        return found[0].name if len(found) == 1 else None

    @property
    def pack_name(self) -> str | None:
        """The settings' `name`, or for a skill folder packed alone the skill's own name (the
        workspace's name is not this pack's). Never the checkout folder's name: it differs
        between machines, and the same sources must give the same bytes."""
        name = self.alone or self.settings.get("name")
        return str(name) if name else None

    @property
    def version(self) -> str | int | None:
        return None if self.alone else self.settings.get("version")  # type: ignore[return-value]


def packed_files(root: Path, settings: Mapping[str, Any]) -> frozenset[str] | None:
    """The entry names a pack of `root` holds, or None when collecting fails (a link, an
    unreadable .skillignore: the build refuses it with its own message)."""
    from skillkit.pack.excludes import collect, settings_walk

    try:
        exclude, respect = settings_walk(settings)
        return frozenset(f.path for f in collect(root, exclude, respect_gitignore=respect))
    except (ConfigError, VerdictError):
        return None


def as_packed(root: Path, space: LoadedWorkspace, packed: frozenset[str] | None) -> LoadedWorkspace:
    """The workspace as its pack holds it. Resolved as lint read it, a skill, agent, tool or
    catalog that `.skillignore` leaves out would still answer references in the manifest, and
    the pack would ship an agent whose skill is not in it (unpacked, it fails resolve)."""
    if packed is None:
        return space
    skills = tuple(s for s in space.skills if root_label(root, s.folder / "SKILL.md") in packed)
    documents = tuple(d for d in space.documents if root_label(root, d.file) in packed)
    if len(skills) == len(space.skills) and len(documents) == len(space.documents):
        return space
    return msgspec.structs.replace(space, skills=skills, documents=documents)


def below(root: Path, space: LoadedWorkspace) -> LoadedWorkspace:
    """The part of a workspace a pack of `root` holds: `pack skills/a` lints skill a with its
    workspace as context (name-unique, references), and packs skill a alone."""
    skills = tuple(s for s in space.skills if inside(root, s.folder))
    documents = tuple(d for d in space.documents if inside(root, d.file))
    if len(skills) == len(space.skills) and len(documents) == len(space.documents):
        return space
    return msgspec.structs.replace(space, skills=skills, documents=documents)


def prepare(root: Path, config: Path | None, progress: Callable[[int, int], None] | None = None,
            targets: tuple[str, ...] | None = None) -> Prepared:
    """Validate (as `skillkit lint` with the workspace's settings) and resolve. Raises
    InputError when `root` is not a folder; returns findings, never raises for them.
    `targets`: the clients the pack is written for, as `lint --target` names them (their
    limits are errors, `client-limit`; the keys they ignore, infos)."""
    from skillkit.core.options import build_options
    from skillkit.rules import RULESET
    from skillkit.core.pipeline import run, weigh
    from skillkit.platform.resolve import resolve_workspace

    if not root.is_dir():
        raise InputError("not a folder: pack takes a workspace folder", str(root))
    options = build_options([root], config, None, None, None, registry=RULESET, targets=targets)
    result = run([root], options, progress=progress)
    workspaces = tuple(below(root, space) for space in result.workspaces)
    found = list(result.diagnostics)
    references: dict[str, Any] = {}
    packing: list[Diagnostic] = []
    if not any(d.severity == Severity.ERROR for d in found):
        packed = packed_files(root, options.settings)
        if packed is not None:
            from skillkit.pack.links import links_left_out

            packing = weigh(options, links_left_out(root, workspaces, packed))
            found.extend(packing)
        for space in workspaces:
            if space.root is None:
                continue
            resolution = resolve_workspace(as_packed(root, space, packed))
            found.extend(weigh(options, resolution.diagnostics))  # lint's ignore/severity hold here too
            # a workspace above the root (a skill folder packed alone) is the pack's own: `.`
            label = root_label(root, space.root) if inside(root, space.root) else "."
            references[label] = resolution.lock_data()
    return Prepared(root, dict(options.settings), tuple(sorted(set(found))), workspaces, references,
                    tuple(sorted(set(packing))))
