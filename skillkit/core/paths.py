"""How paths are shown: relative to the working folder when under it, always with `/`."""

from __future__ import annotations

import os
from pathlib import Path


def current_base() -> str:
    """The working folder, links resolved: compute once per run, pass to `display`."""
    return os.path.realpath(os.getcwd())


def display(path: Path, base: str | None = None) -> str:
    start = base if base is not None else current_base()
    absolute = os.path.abspath(path)
    if not absolute.startswith(start + os.sep):
        absolute = os.path.realpath(path)  # the cheap way failed: follow links before giving up
    if absolute.startswith(start + os.sep):
        return Path(os.path.relpath(absolute, start)).as_posix()
    return Path(path).as_posix()
