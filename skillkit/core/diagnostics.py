"""The one value every check produces: a frozen, sortable Diagnostic."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from skillkit.core.paths import printable, shown


class Severity(enum.IntEnum):
    """Ordered so that `max()` gives the worst; the value is the rank, `str()` the JSON word."""

    INFO = 0
    WARNING = 1
    ERROR = 2

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, word: str) -> Severity:
        return cls[word.strip().upper()]


@dataclass(frozen=True, order=True, slots=True)  # not a Struct: __post_init__ sets `message` (frozen)
class Diagnostic:
    """One finding. Field order is the sort order: by file, then position, then rule."""

    path: str
    line: int
    column: int
    rule: str
    severity: Severity
    message: str

    def __post_init__(self) -> None:
        # Messages may quote a folder's name; one that is not UTF-8 must not break a report.
        object.__setattr__(self, "message", printable(self.message))

    def as_text(self) -> str:
        """The one plain line every human report prints: `path:line:column: severity rule message`."""
        # Escaped here, not stored escaped: JSON and SARIF escape by construction.
        return f"{shown(self.path)}:{self.line}:{self.column}: {self.severity} {self.rule} {shown(self.message)}"

    def as_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "severity": str(self.severity),
            "message": self.message,
        }

