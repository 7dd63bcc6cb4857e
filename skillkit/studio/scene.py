"""A studio scene: the skills it links, in order, and its settings (DESIGN 5, studio seed).

A turn reads the linked skills through one library reader: a gone or unreadable skill is
left out, as is one whose name another linked skill already has, and so is a second link to
the same id. Each leaves a diagnostic. Without a scene file, every valid skill is linked, in
name order, with tool access on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Collection, Mapping, Sequence

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.documents import load_yaml_doc
from skillkit.core.errors import InputError
from skillkit.core.model import Skill, freeze
from skillkit.core.paths import display
from skillkit.core.suggest import did_you_mean
from skillkit.studio.macros import macro_value
from skillkit.transcripts.model import Message

RULE = "scene-links"


@dataclass(frozen=True)
class Scene:
    path: str | None                      # None: the default scene (no file)
    skill_ids: tuple[str, ...]            # as written, duplicates included
    tool_access: bool = True
    include_names: bool = False           # scan each message as `Name: text` (DESIGN 6)
    variables: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    budget: Mapping[str, Any] | None = None
    preset: Any = None
    # Where each value of the scene file stands (the parser's table), for diagnostics.
    positions: Mapping[tuple[str | int, ...], tuple[int, int]] = field(default_factory=lambda: MappingProxyType({}))
    # Filled when the scene is built with the skills found (load_scene(path, skills),
    # default_scene(skills)): the skills its turns read, and why any link was left out.
    linked: tuple[Skill, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()

    def at(self, path: tuple[str | int, ...]) -> tuple[int, int]:
        """Where a value of the scene file stands, else its nearest parent (1:1 without a file)."""
        while path and path not in self.positions:
            path = path[:-1]
        return self.positions.get(path, (1, 1))


@dataclass(frozen=True)
class Linked:
    """The skills a scene's turns see, in the scene's order, and why any link was left out."""

    skills: tuple[Skill, ...]
    diagnostics: tuple[Diagnostic, ...]


def default_scene(skills: Sequence[Skill]) -> Scene:
    """No scene file: every valid skill linked, in name order, tool access on."""
    ordered = sorted(skills, key=lambda s: (s.name, s.id, s.path))
    return with_links(Scene(None, tuple(s.id for s in ordered)), skills)


def with_links(scene: Scene, skills: Sequence[Skill], unreadable: Collection[str] = ()) -> Scene:
    """The scene with `linked` and `diagnostics` resolved against these skills."""
    found = link(scene, skills, unreadable)
    return replace(scene, linked=found.skills, diagnostics=found.diagnostics)


def scene_from_data(data: Mapping[str, Any], path: str | None,
                    positions: Mapping[tuple[str | int, ...], tuple[int, int]] | None = None) -> Scene:
    links = data.get("skills") or ()
    return Scene(path, tuple(links), bool(data.get("toolAccess", True)), bool(data.get("includeNames", False)),
                 freeze(dict(data.get("variables") or {})), data.get("budget"), data.get("preset"),
                 MappingProxyType(dict(positions or {})))


def speaker_names(scene: Scene) -> Callable[[Message], str | None] | None:
    """With `includeNames`, the name a message is scanned under: the transcript's own (SillyTavern's
    `name`, OpenAI's optional `name`), else the scene's `user` variable for a user message and
    `char` for a reply; None without `includeNames`."""
    if not scene.include_names:
        return None
    fallback = {role: macro_value(scene.variables[key]) for role, key in (("user", "user"), ("assistant", "char"))
                if key in scene.variables}

    def name(message: Message) -> str | None:
        return message.name or fallback.get(message.role)

    return name


def load_scene(path: Path, skills: Sequence[Skill] | None = None, unreadable: Collection[str] = ()) -> Scene:
    """Read a scene file; InputError when it cannot be opened or is not a valid scene.
    Given the skills found, the result also holds the linked ones (`linked`)."""
    shown = display(path)
    if path.is_dir():
        raise InputError("is a folder, not a scene file", shown)
    doc, diagnostics = load_yaml_doc("scene", path, shown)
    errors = sorted(d for d in diagnostics if d.severity == Severity.ERROR)
    if doc is None or errors:
        first = errors[0] if errors else None
        raise InputError(f"not a valid scene: {first.message if first else 'unreadable'}", shown,
                         first.line if first else 1, first.column if first else 1)
    scene = scene_from_data(doc.data, shown, doc.parsed.positions)
    return scene if skills is None else with_links(scene, skills, unreadable)


def link(scene: Scene, skills: Sequence[Skill], unreadable: Collection[str] = ()) -> Linked:
    """Resolve a scene's links against the valid skills. `unreadable`: ids of skills that
    exist but were left out for their errors (for a better diagnostic than "not found")."""
    if scene.path is None:  # the default scene links the skills themselves, in name order
        ordered = sorted(skills, key=lambda s: (s.name, s.id, s.path))
        wanted: list[tuple[int, str, Skill | None]] = [(i, s.id, s) for i, s in enumerate(ordered)]
    else:
        by_id: dict[str, list[Skill]] = {}
        for skill in skills:
            by_id.setdefault(skill.id, []).append(skill)
        wanted = [(i, skill_id, by_id[skill_id][0] if skill_id in by_id else None)
                  for i, skill_id in enumerate(scene.skill_ids)]
    chosen: list[Skill] = []
    names: dict[str, str] = {}
    seen_ids: set[str] = set()
    notes: list[Diagnostic] = []
    for index, skill_id, skill in wanted:
        shown = skill_id if scene.path is not None or skill is None else skill.path
        if scene.path is None:
            where: tuple[str, int, int] = (skill.path if skill else "<default scene>", 1, 1)
        else:
            where = (scene.path, *scene.at(("skills", index)))
            twins = by_id.get(skill_id, ())[1:] if skill_id not in seen_ids else ()
            if twins:  # one id, several folders: the first found is the one linked, the others are out
                notes.append(Diagnostic(*where, RULE, Severity.WARNING,
                                        f"skill id {skill_id!r} is the folder of {len(twins) + 1} skills; "
                                        f"{skill.path} is linked and {', '.join(t.path for t in twins)} "  # type: ignore[union-attr]
                                        f"left out"))
        if scene.path is not None and skill_id in seen_ids:
            text = f"skill {skill_id!r} is linked twice; the second link is left out"
        elif skill is None and skill_id in unreadable:
            text = f"linked skill {skill_id!r} has errors; it is left out"
        elif skill is None:
            meant = did_you_mean(skill_id, sorted({s.id for s in skills} | set(unreadable)))
            text = f"linked skill {skill_id!r} is not found{meant}; it is left out"
        elif skill.name in names:
            text = (f"skill {shown!r} has the name {skill.name!r}, which the linked skill "
                    f"{names[skill.name]!r} already has; it is left out")
        else:
            chosen.append(skill)
            names[skill.name] = shown
            seen_ids.add(skill_id)
            continue
        seen_ids.add(skill_id)
        notes.append(Diagnostic(*where, RULE, Severity.WARNING, text))
    return Linked(tuple(chosen), tuple(notes))
