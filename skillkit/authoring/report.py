"""What an import kept, changed and dropped: values the text and JSON reports are made from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skillkit.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class Kept:
    """A lorebook field carried into the skill: `source` (as the file names it) -> `target`."""

    source: str
    value: Any
    target: str
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"field": self.source, "value": self.value, "as": self.target, "note": self.note or None}


@dataclass(frozen=True)
class Dropped:
    """A lorebook field a skill cannot carry, with why."""

    source: str
    value: Any
    note: str

    def as_json(self) -> dict[str, Any]:
        return {"field": self.source, "value": self.value, "note": self.note}


@dataclass(frozen=True)
class EntryReport:
    entry: str                 # the entry's uid or id as the file has it (its index when it has none)
    title: str | None          # its comment or name, for people
    skill: str | None          # the skill's name; None when skipped
    when: str | None
    reason: str | None = None  # why it was skipped
    kept: tuple[Kept, ...] = ()
    dropped: tuple[Dropped, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def imported(self) -> bool:
        return self.skill is not None

    def as_json(self) -> dict[str, Any]:
        return {"entry": self.entry, "title": self.title, "status": "imported" if self.imported else "skipped",
                "skill": self.skill, "when": self.when, "reason": self.reason,
                "kept": [k.as_json() for k in self.kept], "dropped": [d.as_json() for d in self.dropped],
                "notes": list(self.notes)}


@dataclass(frozen=True)
class ImportReport:
    source: str                # display path of the file imported
    format: str                # what it was read as, for people
    output: str                # display path of the folder the skills went into
    lorebook: str | None       # the lorebook's own name, when it has one
    entries: tuple[EntryReport, ...]
    defaults: tuple[str, ...] = ()          # lorebook-wide defaults skillkit chose
    dropped: tuple[Dropped, ...] = ()       # lorebook-wide settings a skill cannot carry
    written: tuple[str, ...] = ()           # display paths of the SKILL.md files written
    replaced: tuple[str, ...] = ()          # those of them that overwrote a file (--force)
    diagnostics: tuple[Diagnostic, ...] = field(default=())  # what lint still says about the output
    scene: str | None = None                # display path of the scene written for a card
    character: str | None = None            # the card's character, the scene's `char`

    @property
    def imported(self) -> tuple[EntryReport, ...]:
        return tuple(e for e in self.entries if e.imported)

    @property
    def skipped(self) -> tuple[EntryReport, ...]:
        return tuple(e for e in self.entries if not e.imported)

    def as_json(self) -> dict[str, Any]:
        return {
            "source": self.source, "format": self.format, "output": self.output, "lorebook": self.lorebook,
            "summary": {"entries": len(self.entries), "imported": len(self.imported), "skipped": len(self.skipped)},
            "defaults": list(self.defaults),
            "dropped": [d.as_json() for d in self.dropped],
            "entries": [e.as_json() for e in self.entries],
            "written": list(self.written), "replaced": list(self.replaced),
            "scene": self.scene, "character": self.character,
            "diagnostics": [d.as_json() for d in self.diagnostics],
        }
