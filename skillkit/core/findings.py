"""The table of the rules the core finds while it reads, parses, validates and discovers files
(scope "file": no check of their own). Each entry is declared beside the code that finds it,
with its docs (its user documentation) and its fix; this module lists them, in the order the
registry shows them (skillkit/rules/__init__.py), and every id the core reports is one of
them (tests/lint/test_finding_ids.py holds that both ways).

A new found rule: declare its `Finding` where the problem is found, emit it with `.at(...)`,
and add it to the tuple its registry slot reads below."""

from __future__ import annotations

from skillkit.core.diagnostics import Severity
from skillkit.core.fields.claude_code import CLAUDE_CODE_FIELDS_RULE
from skillkit.core.fields.codex import CODEX_AGENT_FILE
from skillkit.core.fields.session import SESSION_FILE
from skillkit.core.fields.skill import (AGENT_SKILLS_FIELDS, CONFIG_EMPTY, DESCRIPTION_FORMAT, EXAMPLES_FORMAT,
                                        NAME_FORMAT, TOOL_REFERENCE_FORMAT, TRIGGER_FIELDS, VERSION_FORMAT)
from skillkit.core.fields.workspace_kinds import AGENT_FILE, CATALOG_FILE, SCENE_FILE, TOOL_FILE
from skillkit.core.frontmatter import FRONTMATTER_MISSING, FRONTMATTER_UNCLOSED
from skillkit.core.positions import SCHEMA
from skillkit.core.reader import BYTE_ORDER_MARK, FILE_ENCODING, FILE_TOO_LARGE
from skillkit.core.rulebase import Finding
from skillkit.core.suppress import UNUSED_SUPPRESSION
from skillkit.core.workspace import FILE_UNREADABLE, SKILL_NESTED
from skillkit.core.yamlparse import YAML_ALIAS, YAML_DUPLICATE_KEY, YAML_KEY_TYPE, YAML_SYNTAX

# Found outside the core (skillkit/transcripts/sillytavern.py, which the core cannot import),
# so declared here: the readers of a chat report it on stderr.
TRANSCRIPT_VALUE = Finding("transcript-value", Severity.WARNING, """
    A SillyTavern chat value of another JSON type than SillyTavern writes, read as SillyTavern's
    own JavaScript reads it, never a refused chat: a flag (`is_user`, `is_system`) is tested for
    truthiness (`""`, `0`, `null`, `false` are false; a non-empty string, a non-zero number, `true`
    are true), and a `mes` that is not a string (missing, `null`, a number) is empty, as the
    prompt builder makes it before World Info scans it. `simulate` and `render` say so on stderr,
    once per kind of value, at its first line.""", world="studio")

# Reading a file: bytes, frontmatter, YAML, then each field's schema.
READING: tuple[Finding, ...] = (
    FILE_TOO_LARGE, FILE_ENCODING, BYTE_ORDER_MARK, FRONTMATTER_MISSING, FRONTMATTER_UNCLOSED,
    YAML_SYNTAX, YAML_ALIAS, YAML_DUPLICATE_KEY, YAML_KEY_TYPE,
    NAME_FORMAT, DESCRIPTION_FORMAT, TRIGGER_FIELDS, VERSION_FORMAT, TOOL_REFERENCE_FORMAT, EXAMPLES_FORMAT,
    CONFIG_EMPTY, AGENT_SKILLS_FIELDS, CLAUDE_CODE_FIELDS_RULE, CODEX_AGENT_FILE,
    TOOL_FILE, AGENT_FILE, SCENE_FILE, CATALOG_FILE, SCHEMA,
)
# What a walk found but could not, or would not, check.
DISCOVERY: tuple[Finding, ...] = (FILE_UNREADABLE, SKILL_NESTED)

ALL: tuple[Finding, ...] = (*READING, TRANSCRIPT_VALUE, UNUSED_SUPPRESSION, *DISCOVERY, SESSION_FILE)
BY_ID: dict[str, Finding] = {finding.id: finding for finding in ALL}
