"""Every field of a SKILL.md frontmatter: the single source of truth for schema and docs."""

from __future__ import annotations

from skillkit.core.fields.base import NAME_PATTERN, NON_BLANK, SEMVER_BODY, VERSION_SCHEMA, DocumentKind, Field
from skillkit.core.fields.claude_code import CLAUDE_CODE_FIELDS

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
          "The skill's portable name: the name the model sees with the description.", "name-format",
          required=True,
          rules="1-64 characters of `a-z`, `0-9` and `-`, with no leading, trailing or doubled `-`; "
                "equals the skill's folder name; unique in a workspace."),
    Field("description", {"type": "string", "minLength": 1, "maxLength": 1024, "pattern": NON_BLANK},
          "What the skill is for and when to use it: the line a model reads when it may pick the skill.",
          "description-format", required=True,
          rules="1-1024 characters, not blank; more than one line is a warning (clients fold it)."),
    Field("when", {"enum": ["always", "mentioned", "picked"]},
          "When the skill is on: `always` while a scene links it, `mentioned` when its triggers match, "
          "`picked` while the model has it open (`open_skill` / `close_skill`).",
          "trigger-fields", world="studio", default="picked"),
    Field("triggers", _TRIGGER_LIST,
          "Primary triggers, as a lorebook entry's keys. A string `/pattern/flags` is a JavaScript regex.",
          "trigger-fields", world="studio", default=[],
          rules="Blank triggers are ignored (warning); a regex JavaScript would not compile is a plain trigger."),
    Field("secondaryTriggers", _TRIGGER_LIST,
          "Secondary triggers that gate the primary ones, as `selectiveLogic` says.",
          "trigger-fields", world="studio", default=[]),
    Field("triggerLogic", {"enum": ["any", "all"]},
          "How primary triggers combine: any one of them, or all of them.",
          "trigger-fields", world="studio", default="any"),
    Field("selectiveLogic", {"enum": ["andAny", "notAll", "notAny", "andAll"]},
          "How secondary triggers gate: at least one (`andAny`), all (`andAll`), none (`notAny`), "
          "not all (`notAll`).", "trigger-fields", world="studio", default="andAny"),
    Field("caseSensitive", {"type": "boolean"},
          "Plain triggers compare case exactly; otherwise both sides are lower-cased.",
          "trigger-fields", world="studio", default=False),
    Field("matchWholeWords", {"type": "boolean"},
          "A single-word plain trigger must stand between non-word characters.",
          "trigger-fields", world="studio", default=False),
    Field("scanDepth", {"type": "integer", "minimum": 0},
          "How many of the newest messages, the one being answered included, the triggers scan.",
          "trigger-fields", world="studio", default=2, rules="0 never matches."),
    Field("frequency", {"type": "number"},
          "A lorebook trigger's frequency: kept, never used by a skill.", "unused-fields", world="studio"),
    Field("probability", {"type": "number"},
          "A lorebook trigger's probability: kept, never used by a skill.", "unused-fields", world="studio"),
    Field("closeWhenUnmentioned", {"type": "boolean"},
          "A `picked` skill closes on a turn its triggers no longer match (one with no triggers or "
          "scan depth 0 stays open).", "trigger-fields", world="studio", default=False,
          rules="Meaningful for `picked` only."),
    Field("version", VERSION_SCHEMA,
          "The platform version this file is: an integer >= 1 or a semantic version `1.2.0`.",
          "version-format", world="platform", default=1,
          rules="One workspace uses one kind of version."),
    Field("tools", {"type": "array", "items": TOOL_REFERENCE},
          "The tools the skill's procedure uses; they join an agent's tools when it loads the skill.",
          "tool-reference", world="platform", default=[],
          rules="Each `{name, version?}`; no `input` and no `approval` (the agent's reference holds those)."),
    Field("examples", {"type": "array", "maxItems": 20, "items": EXAMPLE},
          "Curated examples returned with the instructions when the skill loads.",
          "examples-format", world="platform", default=[],
          rules="At most 20, each at most 4 KiB (UTF-8 bytes of its JSON); `situation`, `resolution` "
                "and a `source`'s `sessionId` non-empty."),
    Field("config", {"type": "object", "maxProperties": 0},
          "The skill action's configuration: always empty.", "config-empty", world="platform", default={},
          rules="Must be `{}`."),
    Field("license", {"type": "string"},
          "The licence the skill is shared under: a name or the file that holds its terms.",
          "agent-skills-fields", world="agent-skills"),
    Field("compatibility", {"type": "string", "minLength": 1, "maxLength": 500},
          "Environment requirements: the product, system packages, network access it needs.",
          "agent-skills-fields", world="agent-skills", rules="1-500 characters."),
    Field("metadata", {"type": "object", "additionalProperties": {"type": "string"}},
          "Extra properties for clients and tools, string to string.",
          "agent-skills-fields", world="agent-skills", quoted_fix=True,
          rules="A value YAML reads as a date, number or boolean (`updated: 2026-03-05`, `version: 1.0`) is a "
                "warning whose fix is the quoted form; a list or a mapping is an error."),
    Field("allowed-tools", {"type": ["string", "array"], "items": {"type": "string"}},
          "Tools the skill may use without asking, space-separated (experimental in the spec).",
          "agent-skills-fields", world="agent-skills",
          rules="A space-separated string; a YAML list is a portability warning (Claude Code accepts one)."),
    *CLAUDE_CODE_FIELDS,
)

SKILL = DocumentKind(
    "skill", "skillkit skill frontmatter",
    "The YAML frontmatter of `skills/<name>/SKILL.md`; the Markdown body is the instructions.",
    FIELDS,
)

# Body limits, beside the fields because every command that reads a body honours them.
BODY_MAX_CHARS = 65_536   # the platform's instructions limit
BODY_MAX_LINES = 500      # Agent Skills recommendation
BODY_MAX_TOKENS = 5_000   # Agent Skills recommendation ("about")
EXAMPLE_MAX_BYTES = 4096

# A catalog's version keys: integer versions arrive as strings once keys are read as text.
SEMVER_OR_INT_KEY = {"pattern": rf"^(?:[1-9][0-9]*|{SEMVER_BODY})$"}
