"""`resolve --format json`: what every agent's references resolve to, the diagnostics and what
happened to the lock, as one document (also when the workspace is refused: machines read why
from it, as from lint --format json)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence, TextIO

if TYPE_CHECKING:
    from skillkit.core.diagnostics import Diagnostic
    from skillkit.platform.resolve import Resolution


def report(resolution: Resolution, lock: dict[str, Any], out: TextIO, color: bool | None = None,
           quiet: bool = False) -> None:
    diagnostics = [d.as_json() for d in resolution.diagnostics]
    _write({**resolution.as_json(), "diagnostics": diagnostics, "lock": lock}, out)


def refusal(refused: Sequence[Diagnostic], lock: dict[str, Any], out: TextIO) -> None:
    """The document of a refused workspace: no agents, the files' diagnostics, the lock not written."""
    _write({"agents": [], "diagnostics": [d.as_json() for d in refused], "lock": lock}, out)


def _write(body: dict[str, Any], out: TextIO) -> None:
    out.write(json.dumps(body, indent=2, ensure_ascii=False) + "\n")
