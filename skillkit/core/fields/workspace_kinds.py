"""Fields of the workspace's other files: tools, agents, scenes, the catalog and settings."""

from __future__ import annotations

from skillkit.clients import IDS as CLIENT_IDS
from skillkit.core.fields.base import NAME_PATTERN, NON_BLANK, VERSION_SCHEMA, DocumentKind, Field
from skillkit.core.fields.skill import SEMVER_OR_INT_KEY

TOOL = DocumentKind("tool", "skillkit platform tool", "A file `tools/<name>.yaml`.", (
    Field("name", {"type": "string", "pattern": NON_BLANK}, "The tool's action name.", "tool-file",
          required=True),
    Field("version", VERSION_SCHEMA, "The version this file is.", "version-format", default=1),
    Field("description", {"type": "string"}, "What the tool does.", "tool-file"),
    Field("modelName", {"type": "string", "pattern": NON_BLANK},
          "The name the model sees for the tool; by default its name.", "tool-file"),
), open_keys=False)

AGENT_TOOL_REFERENCE = {
    "type": "object", "required": ["name"],
    "properties": {"name": {"type": "string", "pattern": NON_BLANK}, "version": VERSION_SCHEMA,
                   "input": {"type": "object"}, "approval": {}},
    "additionalProperties": False,  # a typo (`versoin: 2`) would silently lose the pin
}
AGENT_SKILL_REFERENCE = {
    "type": "object", "required": ["name"],
    "properties": {"name": {"type": "string", "pattern": NON_BLANK}, "version": VERSION_SCHEMA,
                   "preload": {"type": "boolean"}},
    "additionalProperties": False,  # `preloaded: true` would silently not preload
}

AGENT = DocumentKind("agent", "skillkit platform agent", "A file `agents/<name>.yaml`.", (
    Field("name", {"type": "string", "pattern": NON_BLANK}, "The agent's action name.", "agent-file",
          required=True),
    Field("handler", {"type": "string", "pattern": NON_BLANK},
          "The handler kind. Only `agent` calls tools and may list `skills`.", "agent-file", default="agent"),
    Field("tools", {"type": "array", "items": AGENT_TOOL_REFERENCE},
          "The agent's own tool references, with fixed `input` and `approval` when it needs them.",
          "agent-file", default=[]),
    Field("skills", {"type": "array", "items": AGENT_SKILL_REFERENCE},
          "The skills the agent may load, in order; `version` pins one, `preload: true` loads it at every turn.",
          "agent-file", default=[]),
), open_keys=False)

PRESET_CARD = {
    "type": "object",
    "properties": {
        "content": {"type": "string"},
        "skill": {"type": "string", "pattern": NON_BLANK},
        "marker": {"enum": ["skills", "history", "trackers", "storyboards"]},
        "include": {"type": "string", "pattern": NON_BLANK},
        "role": {"enum": ["system", "user", "assistant"]},
        "slot": {"type": "string", "pattern": NON_BLANK},
        "join": {"type": "boolean"},
    },
    "additionalProperties": False,
}
PRESET = {"oneOf": [
    {"type": "array", "items": PRESET_CARD},
    {"type": "object", "properties": {
        "cards": {"type": "array", "items": PRESET_CARD},
        "parts": {"type": "object", "additionalProperties": {"type": "array", "items": PRESET_CARD}}},
     "additionalProperties": False},
]}

SCENE = DocumentKind("scene", "skillkit studio scene", "A file `scenes/<name>.yaml`.", (
    Field("skills", {"type": "array", "items": {"type": "string", "pattern": NON_BLANK}},
          "The linked skills' ids (folder names), in order, no duplicates.", "scene-file", default=[]),
    Field("toolAccess", {"type": "boolean"},
          "Narrator Tool Access: without it a picked skill cannot open.", "scene-file", default=True),
    Field("includeNames", {"type": "boolean"},
          "Scan each message as `Name: text`, as SillyTavern does by default (its `world_info_include_names`): "
          "the speaker's name from the transcript, else the `user` / `char` variable.", "scene-file", default=False),
    Field("variables", {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean"]}},
          "Values that `{{name}}` macros answer with.", "scene-file", default={}),
    Field("budget", {"type": "object", "properties": {
        "context": {"type": "integer", "minimum": 1}, "response": {"type": "integer", "minimum": 0}},
        "additionalProperties": False},
          "Context size and response reserve, in tokens.", "scene-file"),
    Field("preset", PRESET,
          "The prompt cards around history, in order: a list of cards, or `{cards: [...], parts: {NAME: [cards]}}` "
          "whose `{include: NAME}` cards bring in a part. A card is one of: a prompt card `{content, role?, slot?, "
          "join?}` (its macros render); a skill card `{skill: ID, role?, slot?, join?}` (that skill's rendered text "
          "at this named position while it is on, instead of in the Skills block); a marker `{marker: skills | "
          "history | trackers | storyboards, role?, content?}` (the Skills block stands at `skills` with its role, "
          "history at `history`, and `trackers` / `storyboards` stand in for those features' blocks with "
          "`content`); or `{include: NAME}`. `role` is `system` (default), `user` or `assistant`; `join: true` "
          "joins a card to the message before it when their roles match.", "scene-file",
          world="studio",
          rules="A named slot (a `slot`, or a marker) stands once: a repeat, through an include or not, is refused "
                "(`preset-slots`). Without a `skills` marker the block is a system message after the leading system "
                "messages and the trackers' and storyboards' blocks; without a `history` marker, history follows "
                "every card."),
), open_keys=False)

CATALOG_ACTION = {
    "type": "object", "required": ["kind"],
    "properties": {
        "kind": {"type": "string", "pattern": NON_BLANK},
        "state": {"enum": ["enabled", "disabled", "deleted"], "default": "enabled"},
        "versions": {"oneOf": [
            {"type": "array", "items": VERSION_SCHEMA},
            {"type": "object", "propertyNames": SEMVER_OR_INT_KEY,
             "additionalProperties": {"type": ["object", "null"]}},
        ]},
    },
    "additionalProperties": False,
}

CATALOG = DocumentKind("catalog", "skillkit platform catalog",
                       "`catalog.yaml`: the versions published on the platform and each action's state.", (
    Field("actions", {"type": "object", "additionalProperties": CATALOG_ACTION},
          "Every published action by name: its kind, state and versions.", "catalog-file", default={}),
), open_keys=False)

# Settings are no lint finding: a settings file that breaks its schema stops the command (exit 2),
# as a broken ruff.toml does, so its fields name no lint rule.
SETTINGS_RULE = ""

SETTINGS = DocumentKind("settings", "skillkit settings",
                        "`skillkit.yaml` at the workspace root, or `[tool.skillkit]` in pyproject.toml. "
                        "A settings file that breaks these rules stops the command (exit 2).", (
    Field("name", {"type": "string", "pattern": NAME_PATTERN}, "The pack's name.", SETTINGS_RULE),
    Field("version", {"type": ["string", "integer"]}, "The pack's version.", SETTINGS_RULE),
    Field("profile", {"type": "string"}, "The lint profile (see `skillkit rules --profiles`).",
          SETTINGS_RULE, default="default"),
    Field("select", {"type": "array", "items": {"type": "string"}}, "Only these rule ids run.", SETTINGS_RULE),
    Field("ignore", {"type": "array", "items": {"type": "string"}}, "These rule ids never run.", SETTINGS_RULE),
    Field("strict", {"type": "boolean"}, "Warnings fail lint.", SETTINGS_RULE, default=False),
    Field("severity", {"type": "object", "additionalProperties": {"enum": ["error", "warning", "info"]}},
          "Per-rule severity overrides.", SETTINGS_RULE, default={}),
    Field("budgets", {"type": "object", "properties": {
        "skill": {"type": "integer", "minimum": 1}, "skillsBlock": {"type": "integer", "minimum": 1},
        "tokenizer": {"enum": ["o200k_base", "cl100k_base", "estimate"]}}, "additionalProperties": False},
          "Token budgets: `skill` for one skill's text, `skillsBlock` for a scene's Skills block, counted with "
          "`tokenizer` (default `o200k_base`).",
          SETTINGS_RULE, default={},
          rules="Checked by lint rules `skill-budget` and `skills-block-budget`; unset budgets are not checked."),
    Field("exclude", {"type": "array", "items": {"type": "string"}},
          "Extra patterns (gitignore syntax) left out of discovery and packs.", SETTINGS_RULE, default=[]),
    Field("cache-dir", {"type": "string", "minLength": 1},
          "Where `skillkit lint` keeps its cache, from the settings file's folder (default: `.skillkit_cache` at "
          "the repository's top, or the workspace root outside any repository). It must be a folder inside the "
          "repository or under the user's cache folder (`$XDG_CACHE_HOME/skillkit`, by default "
          "`~/.cache/skillkit`); anything else is refused (exit 2). `--no-cache` or `SKILLKIT_NO_CACHE=1` turn "
          "the cache off; `skillkit clean` removes it.", SETTINGS_RULE),
    Field("per-file-ignores", {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
          "Rule ids turned off per file: `{GLOB: [rule-id, ...]}`, globs relative to the settings file's folder "
          "(one without `/` matches a file's name anywhere), as ruff's `per-file-ignores`.", SETTINGS_RULE, default={}),
    Field("respect-gitignore", {"type": "boolean"},
          "Leave out what `.gitignore` files and `.git/info/exclude` ignore (discovery and packs).",
          SETTINGS_RULE, default=True),
    Field("targets", {"type": "array", "items": {"enum": list(CLIENT_IDS)}},
          "The clients the workspace's skills are written for (`claude-code`, `codex`, ...): lint reports the keys "
          "they ignore and the limits they enforce (`client-ignored-key`, `client-limit`).", SETTINGS_RULE,
          default=[], rules="Client ids as `skillkit rules --profiles` and `pack --target` name them; `lint "
          "--target` replaces them for one run."),
    Field("regex-budget", {"type": "number", "exclusiveMinimum": 0}, "Seconds one run may spend compiling "
          "and matching regex triggers in all; then slow triggers count as no match.", SETTINGS_RULE, default=2),
), open_keys=False)
