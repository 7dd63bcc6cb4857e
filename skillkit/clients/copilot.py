"""GitHub Copilot (the coding agent, Copilot CLI and VS Code): `.github/skills/` in the
repository, `~/.copilot/skills/` for the user."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="copilot",
    title="GitHub Copilot and VS Code",
    summary="GitHub Copilot's agent, Copilot CLI and VS Code's agent mode.",
    project_folders=(".github/skills",),
    user_folders=("~/.copilot/skills",),
    docs="https://docs.github.com/en/copilot/concepts/agents/about-agent-skills",
)
