"""The frontmatter keys Claude Code documents beyond the Agent Skills spec, with the types it
reads them as: the fields of its world, built from its client declaration
(`skillkit/clients/claude_code.py`, where they are transcribed from Claude Code's docs)."""

from __future__ import annotations

from skillkit.clients.base import Key
from skillkit.clients.claude_code import CLIENT, OWN_KEYS
from skillkit.core.fields.base import Field

RULE = "claude-code-fields"
WORLD = CLIENT.id


def _field(key: Key) -> Field:
    extra = {"default": key.default} if key.has_default else {}
    return Field(key.name, dict(key.schema), key.meaning, RULE, world=WORLD, rules=key.rules, **extra)


CLAUDE_CODE_FIELDS = tuple(_field(key) for key in OWN_KEYS)
