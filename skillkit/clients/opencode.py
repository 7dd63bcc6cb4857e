"""OpenCode: `.opencode/skills/`, and for compatibility `.claude/skills/` and `.agents/skills/`,
in every folder from the working folder up to the git worktree; `~/.config/opencode/skills/` and
the same two under `~` for the user.

Sources: https://opencode.ai/docs/skills/ (locations; "only these fields are recognized":
`name`, `description`, `license`, `compatibility`, `metadata` string to string; unknown fields
are ignored; the name rules and 1-1024 characters of description; every skill is listed in the
`skill` tool's description and is also a slash command), https://opencode.ai/v2/docs/skills
and anomalyco/opencode's skill loader (`metadata["opencode/slash"]` and
`metadata["opencode/autoinvoke"]`, "true" or "false", say whether the skill is a slash command
and whether the agent may load it on its own), packages/opencode/src/skill/index.ts (the
project's `.opencode/skill/` singular folder is read too).
"""

from skillkit.clients.agent_skills import COMPATIBILITY, DESCRIPTION, LICENSE, METADATA, NAME, SPEC_LIMITS
from skillkit.clients.base import Client, ListingBudget, Packaging, Spelling, not_supported

CLIENT = Client(
    id="opencode",
    title="OpenCode",
    summary="The open-source coding agent for the terminal.",
    project_folders=(".opencode/skills", ".claude/skills", ".agents/skills"),
    user_folders=("~/.config/opencode/skills", "~/.claude/skills", "~/.agents/skills"),
    walks_up=True,
    docs="https://opencode.ai/docs/skills/",
    extra_project_folders=(".opencode/skill",),
    keys=(NAME, DESCRIPTION, LICENSE, COMPATIBILITY, METADATA),
    limits=SPEC_LIMITS,
    listing=ListingBudget("none", note="Every allowed skill is listed in the `skill` tool's description."),
    packaging=Packaging("folder", ".opencode/skills", carry="metadata"),
    model_invocation=Spelling("metadata", "opencode/autoinvoke", "text-bool"),
    user_invocation=Spelling("metadata", "opencode/slash", "text-bool"),
    allowed_tools=not_supported("Tool permissions live in opencode.json, not in a skill."),
    profile=None,
    skill_files=(),
)
