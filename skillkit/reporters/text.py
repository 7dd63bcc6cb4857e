"""`--format text`: one line per finding, `path:line:column`, for people.

On a terminal (or with --color always) Rich draws it in colour. Piped, as pre-commit and CI
read it, the same lines are written plainly: the text is identical and Rich's import (about
45 ms, a quarter of a pre-commit run) is not paid for colour nobody sees.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, TextIO

from skillkit.core.diagnostics import Severity
from skillkit.core.paths import shown
from skillkit.core.pipeline import Result

if TYPE_CHECKING:
    from rich.console import Console

STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def summary(result: Result) -> tuple[str, str]:
    """The closing line and its style."""
    checked = plural(result.files, "file")
    if not result.diagnostics:
        return f"All checks passed ({checked}).", "green"
    errors, warnings, infos = (result.count(s) for s in (Severity.ERROR, Severity.WARNING, Severity.INFO))
    parts = [plural(errors, "error"), plural(warnings, "warning")] + ([plural(infos, "info")] if infos else [])
    return f"Found {', '.join(parts)} in {checked}.", "bold red" if errors else "yellow"


def wants_color(out: TextIO, color: bool | None) -> bool:
    if color is not None:
        return color
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or (hasattr(out, "isatty") and out.isatty())


def console_for(out: TextIO, color: bool | None) -> "Console":
    """A Rich console for the human formats of every command. `color` None means colour on a
    terminal unless NO_COLOR is set (Rich honours it); Rich is imported only here."""
    from rich.console import Console

    return Console(file=out, force_terminal=color if color else None, no_color=color is False,
                   highlight=False, soft_wrap=True)


def report(result: Result, out: TextIO, color: bool | None) -> None:
    closing, style = summary(result)
    if not wants_color(out, color):
        out.write("".join(d.as_text() + "\n" for d in result.diagnostics) + closing + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=out, force_terminal=True, highlight=False, soft_wrap=True)
    for d in result.diagnostics:
        line = Text()
        line.append(f"{shown(d.path)}:{d.line}:{d.column}:", style="bold")
        line.append(" ")
        line.append(str(d.severity), style=STYLE[d.severity])
        line.append(f" {d.rule}", style="dim")
        line.append(f" {shown(d.message)}")
        console.print(line)
    console.print(Text(closing, style=style))
