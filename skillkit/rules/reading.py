"""Rules the core reports while it reads a file: bytes, frontmatter, YAML, the schema.

They have no check of their own here; their ids are stable and their docstrings are their docs.
"""

from __future__ import annotations

from skillkit.core.diagnostics import Severity as S
from skillkit.rules.base import documented

RULES = (
    documented("file-too-large", S.ERROR, """
        A file over skillkit's size limit (1 MiB) is refused before it is parsed.
        No real skill comes near it; the limit keeps a stray 30 MB file from costing time or memory."""),
    documented("file-encoding", S.ERROR, """
        The file is not UTF-8 text: it holds a NUL byte or bytes that are not UTF-8.
        The diagnostic points at the first bad byte."""),
    documented("byte-order-mark", S.WARNING, """
        The file starts with a UTF-8 byte-order mark. skillkit accepts it, but some readers take
        it as part of the first line and then find no `---` fence.

        Fix (`skillkit lint --fix`): the byte-order mark is removed."""),
    documented("frontmatter-missing", S.ERROR, """
        A SKILL.md must start with a `---` line, YAML frontmatter (a mapping of fields), and a
        closing `---` line. Empty files and files without frontmatter are reported here."""),
    documented("frontmatter-unclosed", S.ERROR, """
        The frontmatter opened by the first `---` line is never closed: no later line is exactly `---`.
        A `---` inside a value does not close it; only a whole line does."""),
    documented("yaml-syntax", S.ERROR, """
        The YAML does not parse; the diagnostic is at the parser's line and column. Also reported:
        more than one YAML document, nesting deeper than 64 levels, more than 100,000 nodes."""),
    documented("yaml-alias", S.ERROR, """
        YAML aliases (`*name`) are not allowed in skill files. They are reported where they are used
        and never expanded, so an alias bomb costs nothing; write the value out instead."""),
    documented("yaml-duplicate-key", S.ERROR, """
        A key appears twice in one mapping. Most YAML readers keep the later value silently; the
        author almost always meant something else."""),
    documented("yaml-key-type", S.ERROR, """
        A mapping key is not a string (`1: x`, `true: x`, `[a]: x`). Field names are strings; quote the key."""),
    documented("name-format", S.ERROR, """
        `name` is required: 1-64 characters of `a-z`, `0-9` and `-`, with no leading, trailing or
        doubled `-` (the Agent Skills spec and the platform's portable name)."""),
    documented("description-format", S.ERROR, """
        `description` is required: a string of 1-1024 characters that is not blank. It is the
        line a model reads when it decides whether to use the skill."""),
    documented("trigger-fields", S.ERROR, """
        The studio's activation fields have the right types and values: `when` is `always`,
        `mentioned` or `picked`; `triggers` and `secondaryTriggers` are lists of strings;
        `triggerLogic` is `any` or `all`; `selectiveLogic` is `andAny`, `notAll`, `notAny` or
        `andAll`; `caseSensitive`, `matchWholeWords`, `closeWhenUnmentioned` are booleans;
        `scanDepth` is an integer >= 0.""", world="studio"),
    documented("version-format", S.ERROR, """
        `version` is an integer >= 1 or a semantic version string such as `1.2.0`.""", world="platform"),
    documented("tool-reference", S.ERROR, """
        Each entry of a skill's `tools` is `{name, version?}`. A skill grants nothing, so it carries no
        `input` and no `approval`: those belong to the agent's own reference to the tool.""", world="platform"),
    documented("examples-format", S.ERROR, """
        `examples` holds at most 20 entries, each with a non-empty `situation` and `resolution`,
        an optional `reason`, and an optional `source` with an `actionId` and a non-empty `sessionId`.""",
               world="platform"),
    documented("config-empty", S.ERROR, """
        A skill action's `config` is always `{}`.""", world="platform"),
    documented("agent-skills-fields", S.ERROR, """
        The Agent Skills fields have the spec's shapes: `license` a string, `compatibility` 1-500
        characters, `metadata` a mapping of strings to strings, `allowed-tools` a string.

        A `metadata` value that YAML's implicit typing read as a date, number or boolean
        (`updated: 2026-03-05`, `version: 1.0`, `beta: yes`) is a warning, and its fix is the
        quoted form (`updated: "2026-03-05"`): the reference validator reads the text as written,
        JavaScript YAML readers a Date or a number, so clients disagree on its value. A list or a
        mapping there is an error.""",
               world="agent-skills"),
    documented("claude-code-fields", S.ERROR, """
        The keys Claude Code documents for a skill have the types it reads: `when_to_use`,
        `argument-hint`, `model`, `context`, `agent` strings; `disable-model-invocation` and
        `user-invocable` true or false; `effort` one of `low`, `medium`, `high`, `xhigh`, `max`;
        `shell` `bash` or `powershell`; `hooks` a mapping; `paths` and `arguments` a string or a
        list of strings. The default and `claude-code` profiles know these keys; the spec's
        profiles report them as unknown.""", world="claude-code"),
    documented("codex-agent-file", S.ERROR, """
        A skill's `agents/openai.yaml` (Codex's settings for that skill, not a platform agent) has
        the documented shapes: `interface` a mapping of strings (`display_name`,
        `short_description`, `icon_small`, `icon_large`, `default_prompt`, and `brand_color` a hex
        colour such as `#3B82F6`); `policy.allow_implicit_invocation` true or false and
        `policy.products` a list of strings; `dependencies.tools` a list of `{type, value,
        description?, transport?, command?, url?}`. Other keys are Codex's to add and are left
        alone.""", world="codex"),
    documented("tool-file", S.ERROR, """
        A `tools/<name>.yaml` file has a `name`, and `version`, `description`, `modelName` of the right types.""",
               world="platform"),
    documented("agent-file", S.ERROR, """
        An `agents/<name>.yaml` file has a `name`, a `handler` kind, and `tools` and `skills` lists of
        references (`{name, version?, ...}`).""", world="platform"),
    documented("scene-file", S.ERROR, """
        A `scenes/<name>.yaml` file's `skills`, `toolAccess`, `variables`, `budget` and `preset` have
        the right types.""", world="studio"),
    documented("catalog-file", S.ERROR, """
        `catalog.yaml` maps each action name to its `kind`, `state` (`enabled`, `disabled`, `deleted`)
        and `versions` (a list, or a mapping from version to its record).""", world="platform"),
    documented("schema", S.ERROR, """
        A value breaks the generated JSON Schema in a way no more specific rule covers."""),
)
