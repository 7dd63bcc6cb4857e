"""What every command shares: output formats, colour, progress, and settings lookup."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Callable, Iterator

import typer

from skillkit.core.diagnostics import Diagnostic


class Color(str, enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"

    def flag(self) -> bool | None:
        return {"auto": None, "always": True, "never": False}[self.value]


COLOR_OPTION = typer.Option(Color.auto, "--color", help="Colour in text output: auto (a terminal, unless NO_COLOR is set), always, never.",
                            case_sensitive=False)


def split_ids(values: list[str] | None) -> frozenset[str] | None:
    """`--select a,b --select c` -> {a, b, c}; None when the option was not given."""
    if not values:
        return None
    return frozenset(part.strip() for value in values for part in value.split(",") if part.strip())


def progress_bar(label: str, minimum: int = 50) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A (tick, close) pair. Draws on stderr only when it is a terminal and the work is long;
    imports Rich's progress only then, so short and piped runs pay nothing."""
    state: dict[str, object] = {}

    def tick(done: int, total: int) -> None:
        if "bar" not in state:
            if total < minimum or not sys.stderr.isatty():
                state["bar"] = None
            else:
                from rich.console import Console
                from rich.progress import Progress

                bar = Progress(console=Console(file=sys.stderr), transient=True)
                bar.start()
                state["bar"], state["task"] = bar, bar.add_task(label, total=total)
        bar = state["bar"]
        if bar is not None:
            bar.update(state["task"], completed=done)  # type: ignore[attr-defined]

    def close() -> None:
        bar = state.get("bar")
        if bar is not None:
            bar.stop()  # type: ignore[attr-defined]

    return tick, close


def print_diagnostics_to_stderr(diagnostics: Iterator[Diagnostic] | list[Diagnostic]) -> None:
    """Commands other than lint show the skills they left out, as lint would, on stderr."""
    for d in diagnostics:
        sys.stderr.write(d.as_text() + "\n")


def default_paths(paths: list[Path] | None) -> list[Path]:
    return list(paths) if paths else [Path(".")]
