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
from skillkit.core.wording import plural

if TYPE_CHECKING:
    from rich.console import Console

STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def summary(result: Result) -> tuple[str, str]:
    """The closing line and its style."""
    checked = plural(result.files, "file")
    if not result.diagnostics:
        return f"All checks passed ({checked}).", "green"
    errors, warnings, infos = (result.count(s) for s in (Severity.ERROR, Severity.WARNING, Severity.INFO))
    parts = [plural(errors, "error"), plural(warnings, "warning")] + ([plural(infos, "info")] if infos else [])
    return f"Found {', '.join(parts)} in {checked}.", "bold red" if errors else "yellow"


def wants_color(out: TextIO, color: bool | None) -> bool:
    """The one colour rule of every command: --color always/never decide; otherwise NO_COLOR
    (set and not empty) means none, FORCE_COLOR means colour even on a pipe, and else colour
    only on a terminal. None of Rich's own environment checks is relied on."""
    if color is not None:
        return color
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or (hasattr(out, "isatty") and out.isatty())


def console_for(out: TextIO, color: bool | None, **options: object) -> "Console":
    """A Rich console for the human formats of every command, under `wants_color`. Without
    colour it has no colour system at all, so not one escape sequence (bold and dim included)
    reaches `out`; with it, a pipe is coloured too. It draws beneath `out`'s escape and escapes
    the text it draws itself (`reporters/terminal.py`). Rich is imported only here."""
    from rich.console import Console

    from skillkit.reporters.terminal import escaping_hook, unescaped

    settings: dict[str, object] = {"highlight": False, "soft_wrap": True, **options}
    file = unescaped(out)
    if not wants_color(out, color):
        console = Console(file=file, force_terminal=False, color_system=None, no_color=True, **settings)  # type: ignore[arg-type]
    else:
        console = Console(file=file, force_terminal=True, no_color=False, **settings)  # type: ignore[arg-type]
        if console.color_system is None:  # TERM=dumb or unknown: colour was asked for, give the 16 basic ones
            console = Console(file=file, force_terminal=True, no_color=False, color_system="standard", **settings)  # type: ignore[arg-type]
    console.push_render_hook(escaping_hook())
    return console


def report(result: Result, out: TextIO, color: bool | None) -> None:
    closing, style = summary(result)
    if not wants_color(out, color):
        out.write("".join(d.as_text() + "\n" for d in result.diagnostics) + closing + "\n")
        return
    from rich.text import Text

    console = console_for(out, True)
    for d in result.diagnostics:
        line = Text()
        line.append(f"{shown(d.path)}:{d.line}:{d.column}:", style="bold")
        line.append(" ")
        line.append(str(d.severity), style=STYLE[d.severity])
        line.append(f" {d.rule}", style="dim")
        line.append(f" {shown(d.message)}")
        console.print(line)
    console.print(Text(closing, style=style))
