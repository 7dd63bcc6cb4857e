"""Claude Code: project skills in `.claude/skills/`, personal ones in `~/.claude/skills/`, and
the `skills/` folder of every installed plugin (a folder holding `.claude-plugin/`).

Sources: https://code.claude.com/docs/en/skills ("Frontmatter reference": the keys below and
their types; "Control who invokes a skill": `disable-model-invocation`, `user-invocable`; the
skill listing: descriptions cut at 1,536 characters, about 1% of the context window) and
https://code.claude.com/docs/en/plugins-reference (`.claude-plugin/plugin.json`). Claude Code
follows the open Agent Skills standard, so the spec's keys are read as well.

Kept loose where Claude Code is: `argument-hint: [issue-number]` is a YAML list that Claude
Code shows as written, and `paths` and `arguments` take a string or a list.
"""

from skillkit.clients.agent_skills import SHORT_DESCRIPTION_WARNS, SPEC_KEYS, SPEC_LIMITS
from skillkit.clients.base import Client, ClientProfile, Key, ListingBudget, Packaging, Spelling

_STRING_OR_LIST = {"type": ["string", "array"], "items": {"type": "string"}}

# Claude Code also takes a YAML list where the spec has a space-separated string.
ALLOWED_TOOLS = Key("allowed-tools", _STRING_OR_LIST, "Tools Claude may use without asking while the skill is active.")
OWN_KEYS = (
    Key("when_to_use", {"type": "string"},
        "More of when Claude should use the skill (trigger phrases, example requests); Claude Code "
        "appends it to the description in the skill listing."),
    Key("argument-hint", {"type": ["string", "array"]},
        "The hint the `/` menu shows for the skill's arguments, such as `[issue-number]`.",
        rules="A string; an unquoted `[issue-number]` (a YAML list) is shown as written."),
    Key("arguments", _STRING_OR_LIST,
        "Named positional arguments, for `$name` in the body: a space-separated string or a list."),
    Key("disable-model-invocation", {"type": "boolean"},
        "`true`: only the user starts the skill (`/name`); Claude never loads it on its own.", default=False),
    Key("user-invocable", {"type": "boolean"},
        "`false`: the skill is left out of the `/` menu; Claude may still load it.", default=True),
    Key("model", {"type": "string", "minLength": 1},
        "The model that runs while the skill is active (`sonnet`, `opus`, `haiku`, a model id, `inherit`)."),
    Key("effort", {"enum": ["low", "medium", "high", "xhigh", "max"]},
        "The effort level while the skill is active, over the session's."),
    Key("context", {"type": "string", "minLength": 1},
        "`fork` runs the skill in a subagent of its own, the body as its task."),
    Key("agent", {"type": "string", "minLength": 1},
        "The subagent type for `context: fork` (`Explore`, `Plan`, `general-purpose`, a custom agent)."),
    Key("hooks", {"type": "object"},
        "Hooks scoped to the skill's lifetime, in Claude Code's hooks format (event name to matcher groups)."),
    Key("paths", _STRING_OR_LIST,
        "Glob patterns: Claude loads the skill on its own only when working with matching files. A "
        "comma-separated string or a list."),
    Key("shell", {"enum": ["bash", "powershell"]},
        "The shell for the body's `` !`command` `` blocks.", default="bash"),
)

CLIENT = Client(
    id="claude-code",
    title="Claude Code",
    summary="Anthropic's coding agent in the terminal and IDEs.",
    project_folders=(".claude/skills",),
    user_folders=("~/.claude/skills",),
    plugin_manifests=(".claude-plugin",),
    docs="https://code.claude.com/docs/en/skills",
    keys=(*(k for k in SPEC_KEYS if k.name != "allowed-tools"), ALLOWED_TOOLS, *OWN_KEYS),
    limits=SPEC_LIMITS,
    listing=ListingBudget(
        "drop-descriptions", context_percent=1, chars_per_token=4, fallback_chars=8000, description_cap=1536,
        entry="- {name}: {description}", bare_entry="- {name}",
        note="The exact entry format is not public; past the budget descriptions go, least-used skills first "
             "(usage is unknown here: from the end)."),
    packaging=Packaging("folder", ".claude/skills", carry="metadata"),
    model_invocation=Spelling("frontmatter", "disable-model-invocation", "negated"),
    user_invocation=Spelling("frontmatter", "user-invocable", "bool"),
    allowed_tools=Spelling("frontmatter", "allowed-tools", "tools", note="A space-separated string or a YAML list."),
    profile=ClientProfile("The Agent Skills spec plus Claude Code's own keys; a YAML list in `allowed-tools` is fine.",
                          own_world=True, severities=(("allowed-tools-list", None), SHORT_DESCRIPTION_WARNS)),
    skill_files=(),
)
