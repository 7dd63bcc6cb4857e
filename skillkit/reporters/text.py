"""`--format text`: one line per finding, `path:line:column`, for people (Rich)."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.text import Text

from skillkit.core.diagnostics import Severity
from skillkit.core.pipeline import Result

STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def console_for(out: TextIO, color: bool | None) -> Console:
    """`color` None means: colour on a terminal unless NO_COLOR is set (Rich honours it)."""
    return Console(file=out, force_terminal=color if color else None, no_color=color is False,
                   highlight=False, soft_wrap=True)


def report(result: Result, out: TextIO, color: bool | None) -> None:
    console = console_for(out, color)
    for d in result.diagnostics:
        line = Text()
        line.append(f"{d.path}:{d.line}:{d.column}:", style="bold")
        line.append(" ")
        line.append(str(d.severity), style=STYLE[d.severity])
        line.append(f" {d.rule}", style="dim")
        line.append(f" {d.message}")
        console.print(line)
    errors, warnings, infos = (result.count(s) for s in (Severity.ERROR, Severity.WARNING, Severity.INFO))
    checked = plural(result.files, "file")
    if not result.diagnostics:
        console.print(Text(f"All checks passed ({checked}).", style="green"))
        return
    parts = [plural(errors, "error"), plural(warnings, "warning")] + ([plural(infos, "info")] if infos else [])
    style = "bold red" if errors else "yellow"
    console.print(Text(f"Found {', '.join(parts)} in {checked}.", style=style))
