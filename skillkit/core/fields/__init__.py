"""The field registry: every document kind skillkit reads, in one explicit list."""

from __future__ import annotations

from skillkit.core.fields.base import WORLDS, DocumentKind, Field
from skillkit.core.fields.codex import CODEX_AGENT
from skillkit.core.fields.session import SESSION
from skillkit.core.fields.skill import SKILL
from skillkit.core.fields.transcript import TRANSCRIPT
from skillkit.core.fields.workspace_kinds import AGENT, CATALOG, SCENE, SETTINGS, TOOL

KINDS: dict[str, DocumentKind] = {kind.name: kind for kind in (SKILL, TOOL, AGENT, SCENE, CATALOG, SETTINGS,
                                                                CODEX_AGENT, TRANSCRIPT, SESSION)}

__all__ = ["KINDS", "WORLDS", "DocumentKind", "Field", "SKILL", "TOOL", "AGENT", "SCENE", "CATALOG", "SETTINGS",
           "CODEX_AGENT", "TRANSCRIPT", "SESSION"]
