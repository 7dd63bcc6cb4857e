"""claude.ai and the Claude API's Skills endpoint: skills are uploaded (a `.skill` zip with one
top folder), never discovered on disk, so this client declares no folders."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="claude-api",
    title="claude.ai and the Skills API",
    summary="Skills uploaded to claude.ai or through the Claude API.",
    docs="https://docs.claude.com/en/docs/agents-and-tools/agent-skills/overview",
)
