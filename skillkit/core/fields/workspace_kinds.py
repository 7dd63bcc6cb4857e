"""Fields of the workspace's other files: tools, agents, scenes, the catalog and settings."""

from __future__ import annotations

from skillkit.clients import IDS as CLIENT_IDS
from skillkit.core.fields.base import NAME_PATTERN, NON_BLANK, VERSION_SCHEMA, DocumentKind, Field
from skillkit.core.diagnostics import Severity as S
from skillkit.core.fields.skill import SEMVER_OR_INT_KEY, VERSION_FORMAT
from skillkit.core.rulebase import Finding

# The rules a workspace file that breaks its kind's schema reports under (core/findings.py lists them).
TOOL_FILE = Finding("tool-file", S.ERROR, """
        A `tools/<name>.yaml` file has a `name`, and `version`, `description`, `modelName` of the right types.""",
                    world="platform")
AGENT_FILE = Finding("agent-file", S.ERROR, """
        An `agents/<name>.yaml` file has a `name`, a `handler` kind, and `tools` and `skills` lists of
        references (`{name, version?, ...}`).""", world="platform")
SCENE_FILE = Finding("scene-file", S.ERROR, """
        A `scenes/<name>.yaml` file's `skills`, `toolAccess`, `variables`, `budget` and `preset` have
        the right types.""", world="studio")
CATALOG_FILE = Finding("catalog-file", S.ERROR, """
        `catalog.yaml` maps each action name to its `kind`, `state` (`enabled`, `disabled`, `deleted`)
        and `versions` (a list, or a mapping from version to its record).""", world="platform")

TOOL = DocumentKind("tool", "skillkit platform tool", "A file `tools/<name>.yaml`.", (
    Field("name", {"type": "string", "pattern": NON_BLANK}, "The tool's action name.", TOOL_FILE.id,
          required=True),
    Field("version", VERSION_SCHEMA, "The version this file is.", VERSION_FORMAT.id, default=1),
    Field("description", {"type": "string"}, "What the tool does.", TOOL_FILE.id),
    Field("modelName", {"type": "string", "pattern": NON_BLANK},
          "The name the model sees for the tool; by default its name.", TOOL_FILE.id),
), open_keys=False, rule=TOOL_FILE.id)

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
    Field("name", {"type": "string", "pattern": NON_BLANK}, "The agent's action name.", AGENT_FILE.id,
          required=True),
    Field("handler", {"type": "string", "pattern": NON_BLANK},
          "The handler kind. Only `agent` calls tools and may list `skills`.", AGENT_FILE.id, default="agent"),
    Field("prompt", {"type": "string"},
          "The agent's prompt: the start of its instructions, which each preloaded skill's guidance follows "
          "(`skillkit render --agent NAME` shows them assembled).", AGENT_FILE.id, world="platform"),
    Field("tools", {"type": "array", "items": AGENT_TOOL_REFERENCE},
          "The agent's own tool references, with fixed `input` and `approval` when it needs them.",
          AGENT_FILE.id, default=[]),
    Field("skills", {"type": "array", "items": AGENT_SKILL_REFERENCE},
          "The skills the agent may load, in order; `version` pins one, `preload: true` loads it at every turn.",
          AGENT_FILE.id, default=[]),
), open_keys=False, rule=AGENT_FILE.id)

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
          "The linked skills' ids (folder names), in order, no duplicates.", SCENE_FILE.id, default=[]),
    Field("toolAccess", {"type": "boolean"},
          "Narrator Tool Access: without it a picked skill cannot open.", SCENE_FILE.id, default=True),
    Field("includeNames", {"type": "boolean"},
          "Scan each message as `Name: text`, as SillyTavern does by default (its `world_info_include_names`): "
          "the speaker's name from the transcript, else the `user` / `char` variable.", SCENE_FILE.id, default=False),
    Field("variables", {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean"]}},
          "Values that `{{name}}` macros answer with.", SCENE_FILE.id, default={}),
    Field("budget", {"type": "object", "properties": {
        "context": {"type": "integer", "minimum": 1}, "response": {"type": "integer", "minimum": 0}},
        "additionalProperties": False},
          "Context size and response reserve, in tokens.", SCENE_FILE.id),
    Field("preset", PRESET,
          "The prompt cards around history, in order: a list of cards, or `{cards: [...], parts: {NAME: [cards]}}` "
          "whose `{include: NAME}` cards bring in a part. A card is one of: a prompt card `{content, role?, slot?, "
          "join?}` (its macros render); a skill card `{skill: ID, role?, slot?, join?}` (that skill's rendered text "
          "at this named position while it is on, instead of in the Skills block); a marker `{marker: skills | "
          "history | trackers | storyboards, role?, content?}` (the Skills block stands at `skills` with its role, "
          "history at `history`, and `trackers` / `storyboards` stand in for those features' blocks with "
          "`content`); or `{include: NAME}`. `role` is `system` (default), `user` or `assistant`; `join: true` "
          "joins a card to the message before it when their roles match.", SCENE_FILE.id,
          world="studio",
          rules="A named slot (a `slot`, or a marker) stands once: a repeat, through an include or not, is refused "
                "(`preset-slots`). Without a `skills` marker the block is a system message after the leading system "
                "messages and the trackers' and storyboards' blocks; without a `history` marker, history follows "
                "every card. Expansion stops (the rest left out, with a finding) past 10,000 cards or 1,048,576 "
                "characters of card text: ceilings in skillkit's code that no setting lifts."),
), open_keys=False, rule=SCENE_FILE.id)

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
          "Every published action by name: its kind, state and versions.", CATALOG_FILE.id, default={}),
), open_keys=False, rule=CATALOG_FILE.id)

OPTION_GROUP = "budgets"  # the settings key whose keys are rules' options

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
    # Its keys are the budget rules' options (rules/rendered_prompt.py): `skillkit schema` fills them in
    # from the registry (core/fields/options.py), and the generated schema is what validates.
    Field(OPTION_GROUP, {"type": "object", "properties": {}, "additionalProperties": False},
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
    Field("allowed-signers", {"type": "string", "minLength": 1},
          "An OpenSSH allowed-signers file, from the settings file's folder: `skillkit verify` then requires a "
          "pack signed by a key it allows, as `--allowed-signers FILE` does (the command line wins).",
          SETTINGS_RULE),
    Field("regex-budget", {"type": "number", "exclusiveMinimum": 0}, "Seconds one run may spend compiling "
          "and matching regex triggers in all, every evaluation charged; once spent, no further regex trigger "
          "runs (it counts as no match and its verdict says it was not evaluated). At most 10 seconds: a larger "
          "value is read as 10.", SETTINGS_RULE, default=2),
), open_keys=False)
