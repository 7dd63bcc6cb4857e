"""The frontmatter keys Claude Code documents beyond the Agent Skills spec (its "Frontmatter
reference" for skills, code.claude.com/docs/en/skills), with the types it reads them as.

Kept loose where Claude Code is: `argument-hint: [issue-number]` is a YAML list that Claude
Code shows as written, and `paths` and `arguments` take a string or a list."""

from __future__ import annotations

from skillkit.core.fields.base import Field

RULE = "claude-code-fields"
WORLD = "claude-code"
_STRING_OR_LIST = {"type": ["string", "array"], "items": {"type": "string"}}

CLAUDE_CODE_FIELDS = (
    Field("when_to_use", {"type": "string"},
          "More of when Claude should use the skill (trigger phrases, example requests); Claude Code "
          "appends it to the description in the skill listing.", RULE, world=WORLD),
    Field("argument-hint", {"type": ["string", "array"]},
          "The hint the `/` menu shows for the skill's arguments, such as `[issue-number]`.", RULE, world=WORLD,
          rules="A string; an unquoted `[issue-number]` (a YAML list) is shown as written."),
    Field("arguments", _STRING_OR_LIST,
          "Named positional arguments, for `$name` in the body: a space-separated string or a list.",
          RULE, world=WORLD),
    Field("disable-model-invocation", {"type": "boolean"},
          "`true`: only the user starts the skill (`/name`); Claude never loads it on its own.",
          RULE, world=WORLD, default=False),
    Field("user-invocable", {"type": "boolean"},
          "`false`: the skill is left out of the `/` menu; Claude may still load it.",
          RULE, world=WORLD, default=True),
    Field("model", {"type": "string", "minLength": 1},
          "The model that runs while the skill is active (`sonnet`, `opus`, `haiku`, a model id, `inherit`).",
          RULE, world=WORLD),
    Field("effort", {"enum": ["low", "medium", "high", "xhigh", "max"]},
          "The effort level while the skill is active, over the session's.", RULE, world=WORLD),
    Field("context", {"type": "string", "minLength": 1},
          "`fork` runs the skill in a subagent of its own, the body as its task.", RULE, world=WORLD),
    Field("agent", {"type": "string", "minLength": 1},
          "The subagent type for `context: fork` (`Explore`, `Plan`, `general-purpose`, a custom agent).",
          RULE, world=WORLD),
    Field("hooks", {"type": "object"},
          "Hooks scoped to the skill's lifetime, in Claude Code's hooks format (event name to matcher groups).",
          RULE, world=WORLD),
    Field("paths", _STRING_OR_LIST,
          "Glob patterns: Claude loads the skill on its own only when working with matching files. A "
          "comma-separated string or a list.", RULE, world=WORLD),
    Field("shell", {"enum": ["bash", "powershell"]},
          "The shell for the body's `` !`command` `` blocks.", RULE, world=WORLD, default="bash"),
)
