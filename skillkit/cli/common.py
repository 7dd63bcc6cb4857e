"""What every command shares: output formats, colour, progress, and settings lookup."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Callable, Iterator, Sequence

import typer

from skillkit.core.diagnostics import Diagnostic


class Color(str, enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"

    def flag(self) -> bool | None:
        return {"auto": None, "always": True, "never": False}[self.value]


# The run's --color, for what draws without being handed it (the progress bar on stderr).
_CHOSEN: dict[str, Color] = {"color": Color.auto}


def _remember_color(value: Color) -> str:
    _CHOSEN["color"] = value
    return value.value  # Typer converts what a callback returns once more, from the plain word


COLOR_OPTION = typer.Option(Color.auto, "--color", help="Colour in human output: auto (a terminal, unless NO_COLOR "
                            "is set; FORCE_COLOR colours a pipe too), always, never (not one escape sequence).",
                            case_sensitive=False, callback=_remember_color)


def split_ids(values: list[str] | None) -> frozenset[str] | None:
    """`--select a,b --select c` -> {a, b, c}; None when the option was not given."""
    if not values:
        return None
    return frozenset(part.strip() for value in values for part in value.split(",") if part.strip())


def _wants_color() -> bool:
    from skillkit.reporters.text import wants_color

    return wants_color(sys.stderr, _CHOSEN["color"].flag())


def progress_bar(label: str, minimum: int = 50) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A (tick, close) pair. Draws on stderr only when it is a terminal and the work is long;
    imports Rich's progress only then, so short and piped runs pay nothing."""
    state: dict[str, object] = {}

    def tick(done: int, total: int) -> None:
        if "bar" not in state:
            # A bar is cursor movement: none when piped, nor when colour is off (NO_COLOR, --color never).
            if total < minimum or not sys.stderr.isatty():
                state["bar"] = None  # (asked first: the reporter's module is not imported for a pipe)
            elif not _wants_color():
                state["bar"] = None
            else:
                from rich.progress import Progress

                from skillkit.reporters.text import console_for

                bar = Progress(console=console_for(sys.stderr, True, soft_wrap=False), transient=True)
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


def path(value: str) -> str:
    """The PATH arguments' type: each kept as the string given. A `Path` annotation has typer
    stat every path it converts, and pre-commit names thousands; the core makes the Paths it
    needs. (Named `path`: `--help` shows an argument's type by its parser's name.)"""
    return value


def default_paths(paths: Sequence[Path | str] | None) -> list[Path | str]:
    """The paths given (as given: the core takes strings too), or the current folder."""
    return list(paths) if paths else [Path(".")]


# The options every command words alike (ruff's spellings), defined once. `-o` is always where
# the command's output goes: a report file, a pack, or the folder new skill folders go into; `-`
# as a file argument is standard input, and `-o -` standard output.
CONFIG_HELP = "Settings file (default: the nearest skillkit.yaml, or pyproject.toml with [tool.skillkit])."
CONFIG_OPTION = typer.Option(None, "--config", help=CONFIG_HELP)
QUIET_HELP = "Print only what was asked for: no closing summary, notes or hints (errors still go to stderr)."
QUIET_OPTION = typer.Option(False, "--quiet", "-q", help=QUIET_HELP)
STDIN = "-"  # a file argument that names standard input


def workspace_of(config: Path | None) -> Path:
    """The folder new files go under: the --config file's folder (its workspace), else the
    current folder. A named settings file must be one skillkit can read (exit 2 otherwise)."""
    if config is None:
        return Path(".")
    from skillkit.core.options import load_settings

    load_settings([], config)
    folder = config.parent
    return folder if folder != Path("") else Path(".")


def client_option(what: str) -> typer.models.OptionInfo:
    """`--client ID`, one of the client registry's ids (the ids `--target` takes, and `--profile` where
    the client has a profile)."""
    from skillkit.clients import IDS

    return typer.Option(None, "--client", help=f"{what}: {', '.join(IDS)}.", show_default=False)


FORMAT_NAMES = ("--format", "-f", "--output-format")  # `--output-format`: ruff's spelling


def format_option(default: enum.Enum, choices: str) -> typer.models.OptionInfo:
    """`--format` / `-f` (and `--output-format`, ruff's spelling). The choices are the command's
    own Format enum, the one place they are listed; `choices` says which is for whom, e.g.
    "text for people; json for machines"."""
    return typer.Option(default, *FORMAT_NAMES, help=f"Output format: {choices}.", case_sensitive=False)


def format_flags(choices: str) -> typer.models.OptionInfo:
    """`format_option` for an `Annotated` parameter (whose default is the parameter's own)."""
    return typer.Option(*FORMAT_NAMES, help=f"Output format: {choices}.", case_sensitive=False)


def output_option(what: str, required: bool = False, default: Path | None = None,
                  *aliases: str) -> typer.models.OptionInfo:
    """`-o` / `--output` (and `--output-file`, ruff's spelling): `what` the command writes there."""
    names = ("--output", "-o", "--output-file", *aliases)
    return typer.Option(... if required else default, *names, help=f"{what} (written atomically).")


def report_option() -> typer.models.OptionInfo:
    """`-o FILE` of a command that prints a report: the file it goes to instead (`-`: standard output)."""
    return output_option("The file the report goes to, instead of standard output (`-`: standard output)")
