"""The plain Agent Skills spec (agentskills.io): a folder holding SKILL.md, wherever an
installer puts it. It names no folder of its own; collections keep skills in `skills/`."""

from skillkit.clients.base import Client

CLIENT = Client(
    id="agent-skills",
    title="Agent Skills (the open spec)",
    summary="Any client that reads the open SKILL.md format and nothing more.",
    docs="https://agentskills.io/specification",
)
