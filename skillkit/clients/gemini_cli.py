"""Gemini CLI: `.gemini/skills/` and `.agents/skills/` in the project, the same under `~`."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="gemini-cli",
    title="Gemini CLI",
    summary="Google's coding agent in the terminal.",
    project_folders=(".gemini/skills", ".agents/skills"),
    user_folders=("~/.gemini/skills", "~/.agents/skills"),
    docs="https://geminicli.com/docs/cli/skills/",
)
