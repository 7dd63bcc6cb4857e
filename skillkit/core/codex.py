"""Which file is Codex's per-skill `agents/openai.yaml`: the one test discovery and the
pipeline share, so such a file is read as Codex's settings and never as a platform agent."""

from __future__ import annotations

from pathlib import Path

CODEX_AGENT_KIND = "codex-agent"


def is_codex_agent_file(path: Path) -> bool:
    """`<skill folder>/agents/openai.yaml`, where the skill folder holds SKILL.md."""
    return (path.name == "openai.yaml" and path.parent.name == "agents"
            and (path.parent.parent / "SKILL.md").is_file())
