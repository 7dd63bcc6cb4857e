"""Render's view of the activation engine: the scene's linked skills and settings, the
transcript's messages, and for every turn which skills are on (skillkit.studio.scene,
skillkit.transcripts and skillkit.studio.activation, read through their public API only)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from skillkit.core.model import Skill
from skillkit.studio.render import SceneView, TurnView

Where = Callable[[tuple[str | int, ...]], tuple[int, int]]


@dataclass(frozen=True)
class LinkedScene:
    scene: Any                   # activation's own scene object, handed back to simulate
    linked: tuple[Skill, ...]    # the linked skills that could be read, in the scene's order
    view: SceneView
    path: str | None             # the scene file's display path, None for the default scene
    where: Where                 # a path in the scene's data -> (line, column)


def _get(scene: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if isinstance(scene, Mapping) and name in scene:
            return scene[name]
        if hasattr(scene, name):
            return getattr(scene, name)
    return default


def _where_in(path: Path | None) -> Where:
    """Positions in the scene file, read once with the positions-keeping YAML parser."""
    if path is None:
        return lambda _: (1, 1)
    from skillkit.core.reader import read_text
    from skillkit.core.yamlparse import parse_yaml

    source, _ = read_text(path, path.as_posix())
    parsed = parse_yaml(source.text, path.as_posix()) if source is not None else None
    return (lambda p: parsed.where(tuple(p))) if parsed is not None else (lambda _: (1, 1))


def _read_scene(path: Path) -> Mapping[str, Any]:
    """The scene file's data (an unusable one is an InputError): used until activation's own
    scene reader is installed."""
    from skillkit.core.diagnostics import Severity
    from skillkit.core.documents import load_yaml_doc
    from skillkit.core.errors import InputError

    if not path.is_file():
        raise InputError("no such scene file", path.as_posix())
    doc, findings = load_yaml_doc("scene", path, path.as_posix())
    errors = [d for d in findings if d.severity == Severity.ERROR]
    if doc is None or errors:
        first = errors[0] if errors else None
        raise InputError(first.message if first else "not a scene", path.as_posix(),
                         first.line if first else None, first.column if first else None)
    return doc.data


def _linked(ids: Sequence[str], skills: Sequence[Skill]) -> tuple[Skill, ...]:
    """The studio's readLibrary: each linked id in order; a gone or unreadable skill is left
    out, as is one whose name an earlier linked skill already has."""
    by_id = {s.id: s for s in skills}
    out: dict[str, Skill] = {}
    for skill_id in dict.fromkeys(ids):
        skill = by_id.get(skill_id)
        if skill is not None and skill.name not in out:
            out[skill.name] = skill
    return tuple(out.values())


def _fallback_scene(path: Path | None, skills: Sequence[Skill]) -> Mapping[str, Any]:
    if path is None:
        ordered = sorted(skills, key=lambda s: s.name)
        return {"linked": _linked([s.id for s in ordered], ordered), "tool_access": True}
    data = dict(_read_scene(path))
    data["linked"] = _linked([i for i in data.get("skills", []) if isinstance(i, str)], skills)
    return data


def scene_for(path: Path | None, skills: Sequence[Skill]) -> LinkedScene:
    try:
        from skillkit.studio.scene import default_scene, load_scene
    except ImportError:  # activation's scene reader not installed: read the scene here
        scene: Any = _fallback_scene(path, skills)
    else:
        scene = load_scene(path, skills) if path is not None else default_scene(skills)
    linked = tuple(_get(scene, "linked", "skills", default=()))
    view = SceneView(variables=dict(_get(scene, "variables", default={}) or {}),
                     budget=_get(scene, "budget"), preset=_get(scene, "preset"),
                     tool_access=bool(_get(scene, "tool_access", "toolAccess", default=True)))
    return LinkedScene(scene, linked, view, path.as_posix() if path is not None else None, _where_in(path))


def load_turns(linked: LinkedScene, transcript: Path | None) -> tuple[list[TurnView], list[Any]]:
    """Every turn activation gives (a reply, and the next reply), with the transcript's messages.
    Without a transcript: one turn, the next reply, answering nothing."""
    if transcript is None:
        # An empty history: nothing to scan and nothing opened, so only `always` skills are on.
        return [TurnView(1, None, tuple(s.id for s in linked.linked if s.when == "always"))], []
    from skillkit.studio.activation import simulate
    from skillkit.transcripts import load_transcript

    loaded = load_transcript(transcript)
    simulation = simulate(linked.linked, linked.scene, loaded)
    ids = {s.name: s.id for s in linked.linked}
    turns = [TurnView(t.turn, t.answering, tuple(ids.get(v.name, v.name) for v in t.verdicts if v.on))
             for t in simulation.turns]
    return turns, list(loaded.messages)
