"""Claude Code: project skills in `.claude/skills/`, personal ones in `~/.claude/skills/`, and
the `skills/` folder of every installed plugin (a folder holding `.claude-plugin/`)."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="claude-code",
    title="Claude Code",
    summary="Anthropic's coding agent in the terminal and IDEs.",
    project_folders=(".claude/skills",),
    user_folders=("~/.claude/skills",),
    plugin_manifests=(".claude-plugin",),
    docs="https://code.claude.com/docs/en/skills",
)
