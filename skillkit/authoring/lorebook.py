"""One shape for every lorebook format: entries as SillyTavern's World Info stores them.

A character card's book is mapped into that shape the way SillyTavern maps it when it imports a
card (`convertCharacterBook`: `keys` -> `key`, `extensions.scan_depth` -> `scanDepth`, ...), and
each field remembers the name the file gave it, so the report speaks the file's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from skillkit.authoring.report import Dropped

MAX_ENTRIES = 10_000  # far beyond real lorebooks (hundreds); keeps a hostile file from writing a million folders


@dataclass(frozen=True)
class SourceEntry:
    """`fields` in World Info names; `labels` maps a field to the name the file used for it."""

    uid: str
    fields: Mapping[str, Any]
    labels: Mapping[str, str] = field(default_factory=dict)
    titles: tuple[tuple[str, str], ...] = ()  # (field, text): name candidates before the keys
    dropped: tuple[Dropped, ...] = ()     # format-specific fields that have no World Info equivalent
    notes: tuple[str, ...] = ()

    def label(self, name: str) -> str:
        return self.labels.get(name, name)


@dataclass(frozen=True)
class Lorebook:
    format: str
    name: str | None
    entries: tuple[SourceEntry, ...]
    character: str | None = None          # a card's character name (the scene's `char`); None for a book
    dropped: tuple[Dropped, ...] = ()     # book-wide settings a skill cannot carry
    skipped: tuple[tuple[str, str], ...] = ()  # (entry, reason) for entries that are not even objects
