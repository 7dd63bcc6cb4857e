"""Codex's per-skill `agents/openai.yaml`: how the skill shows in Codex's lists, when Codex may
load it on its own, and the tools it needs. Its keys and their shapes are declared with the
Codex client (`skillkit/clients/codex.py`, from Codex's docs and its loader); this module makes
them a document kind lint reads.

Open at every level: the file is Codex's to extend ("other product-specific config can also
live in agents/"), so only the documented keys' types are checked."""

from __future__ import annotations

from skillkit.clients.codex import AGENT_FILE, CLIENT
from skillkit.core.diagnostics import Severity
from skillkit.core.fields.base import DocumentKind, Field
from skillkit.core.rulebase import Finding

# The rule a Codex agent file of the wrong shape reports under (core/findings.py lists it).
CODEX_AGENT_FILE = Finding("codex-agent-file", Severity.ERROR, """
        A skill's `agents/openai.yaml` (Codex's settings for that skill, not a platform agent) has
        the documented shapes: `interface` a mapping of strings (`display_name`,
        `short_description`, `icon_small`, `icon_large`, `default_prompt`, and `brand_color` a hex
        colour such as `#3B82F6`); `policy.allow_implicit_invocation` true or false and
        `policy.products` a list of strings; `dependencies.tools` a list of `{type, value,
        description?, transport?, command?, url?}`. Other keys are Codex's to add and are left
        alone.""", world="codex")
RULE = CODEX_AGENT_FILE.id

CODEX_AGENT = DocumentKind(
    AGENT_FILE.kind, AGENT_FILE.title, AGENT_FILE.where,
    tuple(Field(key.name, dict(key.schema), key.meaning, RULE, world=CLIENT.id) for key in AGENT_FILE.keys),
    rule=RULE)
