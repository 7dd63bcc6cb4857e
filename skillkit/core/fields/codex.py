"""Codex's per-skill `agents/openai.yaml`: how the skill shows in Codex's lists, when Codex may
load it on its own, and the tools it needs. Its keys and their shapes are declared with the
Codex client (`skillkit/clients/codex.py`, from Codex's docs and its loader); this module makes
them a document kind lint reads.

Open at every level: the file is Codex's to extend ("other product-specific config can also
live in agents/"), so only the documented keys' types are checked."""

from __future__ import annotations

from skillkit.clients.codex import AGENT_FILE, CLIENT
from skillkit.core.fields.base import DocumentKind, Field

RULE = "codex-agent-file"

CODEX_AGENT = DocumentKind(
    AGENT_FILE.kind, AGENT_FILE.title, AGENT_FILE.where,
    tuple(Field(key.name, dict(key.schema), key.meaning, RULE, world=CLIENT.id) for key in AGENT_FILE.keys))
