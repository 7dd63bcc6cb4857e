"""One exception hierarchy. The CLI maps each class to a one-line message and an exit code.

Findings in files are never exceptions (they are Diagnostics); these are for inputs a
command cannot use at all, and for usage mistakes.
"""

from __future__ import annotations


class SkillkitError(Exception):
    """Base class. `exit_code` is what the CLI exits with when this reaches it."""

    exit_code = 2


class UsageError(SkillkitError):
    """The command line asks for something impossible (bad option value, unknown rule id)."""


class InputError(SkillkitError):
    """An input the command cannot use at all: a path that cannot be opened, an unparseable
    transcript, lorebook or pack. `path`, `line` and `column` locate it when known."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = ""
        if self.path:
            where = self.path
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            where += ": "
        return where + super().__str__()


class ConfigError(InputError):
    """skillkit.yaml or [tool.skillkit] cannot be used."""


class VerdictError(SkillkitError):
    """The command ran and its verdict is a failure (verify mismatch, lock drift)."""

    exit_code = 1
