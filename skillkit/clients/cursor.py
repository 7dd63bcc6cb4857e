"""Cursor: `.cursor/skills/` and `.agents/skills/` in the project, `~/.cursor/skills/` for the
user."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="cursor",
    title="Cursor",
    summary="Cursor's editor agent.",
    project_folders=(".cursor/skills", ".agents/skills"),
    user_folders=("~/.cursor/skills",),
    docs="https://cursor.com/docs/context/skills",
)
