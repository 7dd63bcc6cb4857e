"""Where `schemas/` and `templates/` are: inside the installed wheel, or the source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from skillkit.core.errors import SkillkitError

_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def data_dir(name: str) -> Path:
    """`name` is "schemas" or "templates". The wheel carries them as `skillkit/_data/<name>`
    (see pyproject's force-include); an editable install reads the checkout's top-level copy."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise SkillkitError(f"skillkit's {name}/ folder is missing from this installation; reinstall skillkit")

