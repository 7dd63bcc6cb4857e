"""Every field of a SKILL.md frontmatter: the single source of truth for schema and docs."""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from skillkit.core.diagnostics import Severity as S
from skillkit.core.fields.base import (NAME_PATTERN, NON_BLANK, SEMVER_BODY, VERSION_SCHEMA, DocumentKind, Field,
                                       quote_scalar)
from skillkit.core.fields.claude_code import CLAUDE_CODE_FIELDS
from skillkit.core.rule_ids import UNKNOWN_FIELD
from skillkit.core.rulebase import Edit, Finding, Fix

if TYPE_CHECKING:
    from skillkit.core.diagnostics import Diagnostic
    from skillkit.core.fixes import FixFile

_TRY = re.compile(r"^`name` ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\") has .*; try '([a-z0-9-]+)'$")


def rename_skill(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """`name: Bad_Name` -> `name: bad-name`, the name the finding suggests, when the value is
    written plain on its line."""
    import ast

    found = _TRY.match(diag.message)
    if found is None:
        return []
    current, wanted = ast.literal_eval(found[1]), found[2]
    at = file.offset(diag.line, diag.column)
    if file.raw[at:at + len(current)] != current:
        return []
    rest = file.line(diag.line)[diag.column - 1 + len(current):]
    if rest.strip() and not rest.lstrip().startswith("#"):
        return []
    return [Edit(at, at + len(current), wanted)]


# The rules a frontmatter value that breaks its field's schema reports under (core/validate.py
# finds them through `Field.rule`; core/findings.py lists them).
NAME_FORMAT = Finding("name-format", S.ERROR, """
        `name` is required: 1-64 characters of `a-z`, `0-9` and `-`, with no leading, trailing or
        doubled `-` (the Agent Skills spec and the platform's portable name).

        Fix (`skillkit lint --fix --unsafe-fixes`; unsafe): the name becomes the one the finding
        suggests (`Bad_Name` -> `bad-name`), when it is written plain on its line. Unsafe: a skill's
        name is its identity, and scenes, agents and users that name the old one stop finding it.""",
                      fix=Fix(rename_skill, safe=False))
DESCRIPTION_FORMAT = Finding("description-format", S.ERROR, """
        `description` is required: a string of 1-1024 characters that is not blank. It is the
        line a model reads when it decides whether to use the skill.""")
TRIGGER_FIELDS = Finding("trigger-fields", S.ERROR, """
        The studio's activation fields have the right types and values: `when` is `always`,
        `mentioned` or `picked`; `triggers` and `secondaryTriggers` are lists of strings;
        `triggerLogic` is `any` or `all`; `selectiveLogic` is `andAny`, `notAll`, `notAny` or
        `andAll`; `caseSensitive`, `matchWholeWords`, `closeWhenUnmentioned` are booleans;
        `scanDepth` is an integer >= 0.""", world="studio")
VERSION_FORMAT = Finding("version-format", S.ERROR, """
        `version` is an integer >= 1 or a semantic version string such as `1.2.0`.""", world="platform")
TOOL_REFERENCE_FORMAT = Finding("tool-reference", S.ERROR, """
        Each entry of a skill's `tools` is `{name, version?}`. A skill grants nothing, so it carries no
        `input` and no `approval`: those belong to the agent's own reference to the tool.""", world="platform")
EXAMPLES_FORMAT = Finding("examples-format", S.ERROR, """
        `examples` holds at most 20 entries, each with a non-empty `situation` and `resolution`,
        an optional `reason`, and an optional `source` with an `actionId` and a non-empty `sessionId`.""",
                          world="platform")
CONFIG_EMPTY = Finding("config-empty", S.ERROR, """
        A skill action's `config` is always `{}`.""", world="platform")
AGENT_SKILLS_FIELDS = Finding("agent-skills-fields", S.ERROR, """
        The Agent Skills fields have the spec's shapes: `license` a string, `compatibility` 1-500
        characters, `metadata` a mapping of strings to strings, `allowed-tools` a string.

        A `metadata` value that YAML's implicit typing read as a date, number or boolean
        (`updated: 2026-03-05`, `version: 1.0`, `beta: yes`) is a warning, and its fix is the
        quoted form (`updated: "2026-03-05"`): the reference validator reads the text as written,
        JavaScript YAML readers a Date or a number, so clients disagree on its value. A list or a
        mapping there is an error.

        Fix (`skillkit lint --fix`): such a value is quoted as written (`version: 1.0` ->
        `version: "1.0"`), which is the text the spec's reference validator reads already.""",
                              world="agent-skills", fix=Fix(quote_scalar))
_UNUSED_FIELDS = "unused-fields"  # a checked rule (rules/studio.py) that reads these fields' values

_TRIGGER_LIST = {"type": "array", "items": {"type": "string"}}

TOOL_REFERENCE = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": {"type": "string", "pattern": NON_BLANK},
        "version": VERSION_SCHEMA,
        # A skill grants nothing: fixed input and approval belong to the agent's own reference.
        "input": False,
        "approval": False,
    },
    # Closed, as the platform's shape is: a typo (`versoin: 2`) would silently lose the pin.
    "additionalProperties": False,
}

EXAMPLE = {
    "type": "object",
    "required": ["situation", "resolution"],
    "properties": {
        "situation": {"type": "string", "pattern": NON_BLANK},
        "resolution": {"type": "string", "pattern": NON_BLANK},
        "reason": {"type": "string"},
        "source": {
            "type": "object",
            "required": ["actionId", "sessionId"],
            "properties": {
                "actionId": {"type": "string", "pattern": NON_BLANK},
                "sessionId": {"type": "string", "pattern": NON_BLANK},
            },
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,  # the platform's example is exactly these keys
}

FIELDS = (
    Field("name", {"type": "string", "minLength": 1, "maxLength": 64, "pattern": NAME_PATTERN},
          "The skill's portable name: the name the model sees with the description.", NAME_FORMAT.id,
          required=True,
          rules="1-64 characters of `a-z`, `0-9` and `-`, with no leading, trailing or doubled `-`; "
                "equals the skill's folder name; unique in a workspace."),
    Field("description", {"type": "string", "minLength": 1, "maxLength": 1024, "pattern": NON_BLANK},
          "What the skill is for and when to use it: the line a model reads when it may pick the skill.",
          DESCRIPTION_FORMAT.id, required=True,
          rules="1-1024 characters, not blank; more than one line is a warning (clients fold it)."),
    Field("when", {"enum": ["always", "mentioned", "picked"]},
          "When the skill is on: `always` while a scene links it, `mentioned` when its triggers match, "
          "`picked` while the model has it open (`open_skill` / `close_skill`).",
          TRIGGER_FIELDS.id, world="studio", default="picked"),
    Field("triggers", _TRIGGER_LIST,
          "Primary triggers, as a lorebook entry's keys. A string `/pattern/flags` is a JavaScript regex.",
          TRIGGER_FIELDS.id, world="studio", default=[],
          rules="Blank triggers are ignored (warning); a regex JavaScript would not compile is a plain trigger."),
    Field("secondaryTriggers", _TRIGGER_LIST,
          "Secondary triggers that gate the primary ones, as `selectiveLogic` says.",
          TRIGGER_FIELDS.id, world="studio", default=[]),
    Field("triggerLogic", {"enum": ["any", "all"]},
          "How primary triggers combine: any one of them, or all of them.",
          TRIGGER_FIELDS.id, world="studio", default="any"),
    Field("selectiveLogic", {"enum": ["andAny", "notAll", "notAny", "andAll"]},
          "How secondary triggers gate: at least one (`andAny`), all (`andAll`), none (`notAny`), "
          "not all (`notAll`).", TRIGGER_FIELDS.id, world="studio", default="andAny"),
    Field("caseSensitive", {"type": "boolean"},
          "Plain triggers compare case exactly; otherwise both sides are lower-cased.",
          TRIGGER_FIELDS.id, world="studio", default=False),
    Field("matchWholeWords", {"type": "boolean"},
          "A single-word plain trigger must stand between non-word characters.",
          TRIGGER_FIELDS.id, world="studio", default=False),
    Field("scanDepth", {"type": "integer", "minimum": 0},
          "How many of the newest messages, the one being answered included, the triggers scan.",
          TRIGGER_FIELDS.id, world="studio", default=2, rules="0 never matches."),
    Field("frequency", {"type": "number"},
          "A lorebook trigger's frequency: kept, never used by a skill.", _UNUSED_FIELDS, world="studio"),
    Field("probability", {"type": "number"},
          "A lorebook trigger's probability: kept, never used by a skill.", _UNUSED_FIELDS, world="studio"),
    Field("closeWhenUnmentioned", {"type": "boolean"},
          "A `picked` skill closes on a turn its triggers no longer match (one with no triggers or "
          "scan depth 0 stays open).", TRIGGER_FIELDS.id, world="studio", default=False,
          rules="Meaningful for `picked` only."),
    Field("version", VERSION_SCHEMA,
          "The platform version this file is: an integer >= 1 or a semantic version `1.2.0`.",
          VERSION_FORMAT.id, world="platform", default=1,
          rules="One workspace uses one kind of version."),
    Field("tools", {"type": "array", "items": TOOL_REFERENCE},
          "The tools the skill's procedure uses; they join an agent's tools when it loads the skill.",
          TOOL_REFERENCE_FORMAT.id, world="platform", default=[],
          rules="Each `{name, version?}`; no `input` and no `approval` (the agent's reference holds those)."),
    Field("examples", {"type": "array", "maxItems": 20, "items": EXAMPLE},
          "Curated examples returned with the instructions when the skill loads.",
          EXAMPLES_FORMAT.id, world="platform", default=[],
          rules="At most 20, each at most 4 KiB (UTF-8 bytes of its JSON); `situation`, `resolution` "
                "and a `source`'s `sessionId` non-empty."),
    Field("config", {"type": "object", "maxProperties": 0},
          "The skill action's configuration: always empty.", CONFIG_EMPTY.id, world="platform", default={},
          rules="Must be `{}`."),
    Field("license", {"type": "string"},
          "The licence the skill is shared under: a name or the file that holds its terms.",
          AGENT_SKILLS_FIELDS.id, world="agent-skills"),
    Field("compatibility", {"type": "string", "minLength": 1, "maxLength": 500},
          "Environment requirements: the product, system packages, network access it needs.",
          AGENT_SKILLS_FIELDS.id, world="agent-skills", rules="1-500 characters."),
    Field("metadata", {"type": "object", "additionalProperties": {"type": "string"}},
          "Extra properties for clients and tools, string to string.",
          AGENT_SKILLS_FIELDS.id, world="agent-skills", quoted_fix=True,
          rules="A value YAML reads as a date, number or boolean (`updated: 2026-03-05`, `version: 1.0`) is a "
                "warning whose fix is the quoted form; a list or a mapping is an error."),
    Field("allowed-tools", {"type": ["string", "array"], "items": {"type": "string"}},
          "Tools the skill may use without asking, space-separated (experimental in the spec).",
          AGENT_SKILLS_FIELDS.id, world="agent-skills",
          rules="A space-separated string; a YAML list is a portability warning (Claude Code accepts one)."),
    *CLAUDE_CODE_FIELDS,
)

SKILL = DocumentKind(
    "skill", "skillkit skill frontmatter",
    "The YAML frontmatter of `skills/<name>/SKILL.md`; the Markdown body is the instructions.",
    FIELDS, rule=UNKNOWN_FIELD,
)

# Body limits, beside the fields because every command that reads a body honours them.
BODY_MAX_CHARS = 65_536   # the platform's instructions limit
BODY_MAX_LINES = 500      # Agent Skills recommendation
BODY_MAX_TOKENS = 5_000   # Agent Skills recommendation ("about")
EXAMPLE_MAX_BYTES = 4096

# A catalog's version keys: integer versions arrive as strings once keys are read as text.
SEMVER_OR_INT_KEY = {"pattern": rf"^(?:[1-9][0-9]*|{SEMVER_BODY})$"}
