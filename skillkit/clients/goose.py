"""Goose: `.claude/skills/` and `.agents/skills/` in the project; `~/.config/goose/skills/`,
`~/.claude/skills/` and `~/.agents/skills/` for the user."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="goose",
    title="Goose",
    summary="Block's open-source agent.",
    project_folders=(".claude/skills", ".agents/skills"),
    user_folders=("~/.config/goose/skills", "~/.claude/skills", "~/.agents/skills"),
    docs="https://block.github.io/goose/docs/guides/context-engineering/using-skills/",
)
