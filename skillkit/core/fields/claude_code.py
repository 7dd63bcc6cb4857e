"""The frontmatter keys Claude Code documents beyond the Agent Skills spec, with the types it
reads them as: the fields of its world, built from its client declaration
(`skillkit/clients/claude_code.py`, where they are transcribed from Claude Code's docs)."""

from __future__ import annotations

from skillkit.clients.base import Key
from skillkit.clients.claude_code import CLIENT, OWN_KEYS
from skillkit.core.diagnostics import Severity
from skillkit.core.fields.base import Field
from skillkit.core.rulebase import Finding

# The rule a Claude Code key of the wrong type reports under (core/findings.py lists it).
CLAUDE_CODE_FIELDS_RULE = Finding("claude-code-fields", Severity.ERROR, """
        The keys Claude Code documents for a skill have the types it reads: `when_to_use`,
        `argument-hint`, `model`, `context`, `agent` strings; `disable-model-invocation` and
        `user-invocable` true or false; `effort` one of `low`, `medium`, `high`, `xhigh`, `max`;
        `shell` `bash` or `powershell`; `hooks` a mapping; `paths` and `arguments` a string or a
        list of strings. The default and `claude-code` profiles know these keys; the spec's
        profiles report them as unknown.""", world="claude-code")
RULE = CLAUDE_CODE_FIELDS_RULE.id
WORLD = CLIENT.id


def _field(key: Key) -> Field:
    extra = {"default": key.default} if key.has_default else {}
    return Field(key.name, dict(key.schema), key.meaning, RULE, world=WORLD, rules=key.rules, **extra)


CLAUDE_CODE_FIELDS = tuple(_field(key) for key in OWN_KEYS)
