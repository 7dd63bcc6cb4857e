"""What checking one skill file found: the value lint's cache keeps (core/cache_format.py) and
worker processes send back (core/parallel.py)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.documents import SkillDoc
from skillkit.core.suppress import Directive


class Checked(msgspec.Struct, frozen=True):
    """One skill file through the per-file stages: what the cache keeps of it."""

    file: Path
    shown: str
    doc: SkillDoc | None
    core: tuple[Diagnostic, ...]               # reading, parsing and the schema (weighed)
    rules: tuple[Diagnostic, ...] | None       # the per-skill rules; None: read for context only
    directives: tuple[Directive, ...] | None = ()  # its suppression comments (None: unreadable)

    def found(self) -> list[Diagnostic]:
        return [*self.core, *(self.rules or ())]
