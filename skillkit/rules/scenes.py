"""A studio scene's links: every linked skill exists, once."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.suggest import did_you_mean
from skillkit.rules.base import SKILLS, Hit, RuleContext, WorkspaceView, documented, workspace_rule

TRANSCRIPT_VALUE = documented("transcript-value", Severity.WARNING, """
    A SillyTavern chat value of another JSON type than SillyTavern writes, read as SillyTavern's
    own JavaScript reads it, never a refused chat: a flag (`is_user`, `is_system`) is tested for
    truthiness (`""`, `0`, `null`, `false` are false; a non-empty string, a non-zero number, `true`
    are true), and a `mes` that is not a string (missing, `null`, a number) is empty, as the
    prompt builder makes it before World Info scans it. `simulate` and `render` say so on stderr,
    once per kind of value, at its first line.""", world="studio")


@workspace_rule("scene-links", Severity.ERROR, world="studio", reads=(SKILLS, "scene"))
def scene_links(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A scene links skills by id (the skill's folder name), in order, with no duplicates, and
    each linked skill exists in the workspace. A turn leaves a gone or unreadable skill out."""
    ids = {doc.folder.name for doc in view.skills}
    for scene in view.of_kind("scene"):
        links = scene.data.get("skills")
        if not isinstance(links, list):
            continue
        seen: set[str] = set()
        for index, skill_id in enumerate(links):
            if not isinstance(skill_id, str):
                continue
            if skill_id in seen:
                yield Hit(scene.path, *scene.at("skills", index), f"skill {skill_id!r} is linked twice")
            elif skill_id not in ids:
                yield Hit(scene.path, *scene.at("skills", index),
                          f"no skill {skill_id!r} in this workspace{did_you_mean(skill_id, sorted(ids))}")
            seen.add(skill_id)


RULES = (scene_links, TRANSCRIPT_VALUE)
