"""A studio scene's links: every linked skill exists, once."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.suggest import did_you_mean
from skillkit.rules.base import SKILLS, Hit, RuleContext, WorkspaceView, workspace_rule
from skillkit.core.findings import TRANSCRIPT_VALUE as _TRANSCRIPT_VALUE

TRANSCRIPT_VALUE = _TRANSCRIPT_VALUE.rule  # found while a SillyTavern chat is read (core/findings.py)


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
