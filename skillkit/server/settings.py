"""What the editor may set (`initializationOptions`, or `workspace/didChangeConfiguration`),
the spellings of lint's command line: `profile`, `select`, `ignore`, `config`; and `diagnostics`:
`open` (the default: the files open in the editor, as ruff's server does) or `workspace`
(every file of the workspace, as `skillkit lint` reports it)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

MODES = ("open", "workspace")


@dataclass(frozen=True)
class ClientSettings:
    profile: str | None = None
    select: frozenset[str] | None = None
    ignore: frozenset[str] | None = None
    config: Path | None = None
    diagnostics: str = "open"


def _ids(value: Any) -> frozenset[str] | None:
    """A list of rule ids, or one comma-separated string of them; None when not given."""
    if value is None:
        return None
    parts = value.split(",") if isinstance(value, str) else [str(v) for v in value] if isinstance(value, list) else []
    return frozenset(p.strip() for p in parts if p.strip())


def client_settings(raw: Any) -> tuple[ClientSettings, list[str]]:
    """The settings from what the client sent (`{"skillkit": {...}}`, `{"settings": {...}}` or the
    mapping itself), and a line for each value that was not usable (logged, then ignored)."""
    problems: list[str] = []
    if isinstance(raw, dict):
        raw = raw.get("skillkit", raw.get("settings", raw))
    if not isinstance(raw, dict):
        return ClientSettings(), ([] if raw is None else [f"settings must be a mapping, not {type(raw).__name__}"])
    profile = raw.get("profile")
    if profile is not None and not isinstance(profile, str):
        problems.append("`profile` must be a string")
        profile = None
    mode = raw.get("diagnostics", "open")
    if mode not in MODES:
        problems.append(f"`diagnostics` must be one of {', '.join(MODES)} (not {mode!r})")
        mode = "open"
    config = raw.get("config")
    return ClientSettings(profile or None, _ids(raw.get("select")), _ids(raw.get("ignore")),
                          Path(config) if isinstance(config, str) and config else None, mode), problems
