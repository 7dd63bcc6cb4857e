"""Which file is Codex's per-skill `agents/openai.yaml`: the one test discovery and the
pipeline share, so such a file is read as Codex's settings and never as a platform agent.
The file's place in a skill's folder is declared with the Codex client."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Callable

from skillkit.clients.codex import AGENT_FILE

CODEX_AGENT_KIND = AGENT_FILE.kind
_PARTS = PurePosixPath(AGENT_FILE.path).parts


def is_codex_agent_file(path: Path, is_file: Callable[[Path], bool] = Path.is_file) -> bool:
    """`<skill folder>/agents/openai.yaml`, where the skill folder holds SKILL.md (`is_file`:
    discovery asks its file-system view, core/fsview.py)."""
    if path.parts[-len(_PARTS):] != _PARTS:
        return False
    return is_file(path.parents[len(_PARTS) - 1] / "SKILL.md")
