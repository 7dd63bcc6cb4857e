"""OpenAI Codex: `.agents/skills/` in every folder from the working folder up to the repository's
top, the user's `~/.agents/skills/` (and the older `~/.codex/skills/`), and a skill's own
`agents/openai.yaml` for how Codex shows and invokes it.

Sources: https://developers.openai.com/codex/skills (locations, `agents/openai.yaml`, `policy`)
and openai/codex's source: codex-rs/core-skills/src/loader.rs (the frontmatter Codex reads is
`name`, `description` and `metadata.short-description`, each at most 64 / 1,024 characters
after folding to one line; `agents/openai.yaml` is `interface`, `dependencies.tools` and
`policy` with `allow_implicit_invocation` and `products`; a project's `.codex/skills/` is read
too), codex-rs/core-skills/src/render.rs (the listing budget),
codex-rs/utils/plugins/src/plugin_namespace.rs (plugin roots hold `.codex-plugin/plugin.json`
or `.claude-plugin/plugin.json`). Unknown frontmatter keys are ignored.
"""

from skillkit.clients.agent_skills import DESCRIPTION, METADATA, NAME, SHORT_DESCRIPTION_WARNS, SPEC_LIMITS
from skillkit.clients.base import Client, ClientProfile, Key, ListingBudget, Packaging, SkillFile, Spelling, not_supported

NON_BLANK = r"\S"
_TEXT = {"type": "string"}

INTERFACE = {
    "type": "object",
    "properties": {
        "display_name": {**_TEXT, "description": "The title Codex's skill lists and chips show."},
        "short_description": {**_TEXT, "description": "A short blurb for quick scanning (25-64 characters)."},
        "icon_small": {**_TEXT, "description": "A small icon, relative to the skill's folder (`./assets/...`)."},
        "icon_large": {**_TEXT, "description": "A larger logo, relative to the skill's folder."},
        "brand_color": {"type": "string", "pattern": r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$",
                        "x-expected": "a hex colour such as `#3B82F6`",
                        "description": "A hex colour for accents such as badges: `#3B82F6`."},
        "default_prompt": {**_TEXT, "description": "The prompt inserted when the user invokes the skill."},
    },
}
POLICY = {
    "type": "object",
    "properties": {
        "allow_implicit_invocation": {"type": "boolean",
                                      "description": "`false`: Codex uses the skill only when the user names it."},
        "products": {"type": "array", "items": {"type": "string"},
                     "description": "The Codex products the skill is offered in (all when empty)."},
    },
}
DEPENDENCY = {
    "type": "object",
    "required": ["type", "value"],
    "properties": {
        "type": {"type": "string", "pattern": NON_BLANK, "description": "The dependency's kind (`mcp`)."},
        "value": {"type": "string", "pattern": NON_BLANK, "description": "The tool or server's identifier."},
        "description": _TEXT,
        "transport": {**_TEXT, "description": "How to connect when `type` is `mcp` (`streamable_http`)."},
        "command": {**_TEXT, "description": "The command that starts the server (a local transport)."},
        "url": {**_TEXT, "description": "The MCP server's URL."},
    },
}

AGENT_FILE = SkillFile(
    "agents/openai.yaml", "codex-agent", "Codex skill settings (agents/openai.yaml)",
    "A skill's own `agents/openai.yaml` (beside its SKILL.md), read by Codex; not a platform agent.", (
        Key("interface", INTERFACE, "How the skill shows in Codex: its name, blurb, icons, colour and default prompt."),
        Key("policy", POLICY, "When Codex may use the skill: `allow_implicit_invocation`, and in which `products`."),
        Key("dependencies", {"type": "object", "properties": {"tools": {"type": "array", "items": DEPENDENCY}}},
            "Tools the skill needs, such as an MCP server: `tools: [{type, value, description?, transport?, "
            "command?, url?}]`."),
    ))

CLIENT = Client(
    id="codex",
    title="Codex",
    summary="OpenAI's coding agent (CLI, IDE extension and cloud).",
    project_folders=(".agents/skills",),
    user_folders=("~/.agents/skills", "~/.codex/skills"),
    plugin_manifests=(".codex-plugin", ".claude-plugin"),
    walks_up=True,
    docs="https://developers.openai.com/codex/skills",
    extra_project_folders=(".codex/skills",),
    keys=(NAME, DESCRIPTION, METADATA),
    limits=SPEC_LIMITS,
    listing=ListingBudget(
        "round-robin", context_percent=2, chars_per_token=4, fallback_chars=8000,
        entry="- {name}: {description} (file: {path})", bare_entry="- {name}: (file: {path})",
        skills_home="~/.codex/skills",
        note="Tokens are UTF-8 bytes / 4, rounded up, when the context size is known; else characters. Codex may "
             "shorten paths with root aliases; skillkit does not, so it errs on the tight side."),
    packaging=Packaging("folder", ".agents/skills", carry="metadata"),
    model_invocation=Spelling("file", "policy.allow_implicit_invocation", "bool", file=AGENT_FILE.path),
    user_invocation=not_supported("A user names any skill with `$name`; there is no key to turn that off."),
    allowed_tools=not_supported("Codex reads no `allowed-tools`; `dependencies.tools` lists tools a skill needs, "
                                "not tools it may use unasked."),
    profile=ClientProfile("The Agent Skills spec as Codex reads it: unknown keys are ignored (warning), "
                          "`metadata.short-description` is shown in its skill list; a skill's `agents/openai.yaml` "
                          "is checked.", own_world=True, severities=(SHORT_DESCRIPTION_WARNS,)),
    skill_files=(AGENT_FILE,),
)
