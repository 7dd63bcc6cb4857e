"""How paths are shown: relative to the working folder when under it, always with `/`."""

from __future__ import annotations

from pathlib import Path


def display(path: Path, base: Path | None = None) -> str:
    base = base or Path.cwd()
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
