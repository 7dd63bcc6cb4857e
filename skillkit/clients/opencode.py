"""OpenCode: `.opencode/skills/`, and for compatibility `.claude/skills/` and `.agents/skills/`,
in the project; `~/.config/opencode/skills/` and the same two under `~` for the user."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="opencode",
    title="OpenCode",
    summary="The open-source coding agent for the terminal.",
    project_folders=(".opencode/skills", ".claude/skills", ".agents/skills"),
    user_folders=("~/.config/opencode/skills", "~/.claude/skills", "~/.agents/skills"),
    docs="https://opencode.ai/docs/skills/",
)
