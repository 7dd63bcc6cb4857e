"""OpenAI Codex: `.agents/skills/` in every folder from the working folder up to the repository's
top, the user's `~/.agents/skills/` (and the older `~/.codex/skills/`), and a skill's own
`agents/openai.yaml` for how Codex shows and invokes it."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="codex",
    title="Codex",
    summary="OpenAI's coding agent (CLI, IDE extension and cloud).",
    project_folders=(".agents/skills",),
    user_folders=("~/.agents/skills", "~/.codex/skills"),
    walks_up=True,
    docs="https://developers.openai.com/codex/skills",
)
