"""The `skillkit` command: a Typer app over one thin module per command.

The boundary maps skillkit's exceptions to a one-line message and an exit code (0 ok,
1 findings, 2 usage or unusable input); no traceback reaches a user without --debug.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Iterator, TextIO

import typer
from typer.exceptions import TyperException

from skillkit import __version__

# Command name -> (module, function). A run imports and builds only the command it runs (the
# others' modules and Typer's per-command set-up cost a pre-commit run ~25 ms); --help and
# anything unrecognised get them all.
COMMANDS: dict[str, tuple[str, str]] = {
    "lint": ("skillkit.cli.lint", "lint"),
    "simulate": ("skillkit.cli.simulate", "simulate"),
    "render": ("skillkit.cli.render", "render"),
    "pack": ("skillkit.cli.pack", "pack"),
    "verify": ("skillkit.cli.pack", "verify"),
    "unpack": ("skillkit.cli.pack", "unpack"),
    "resolve": ("skillkit.cli.resolve", "resolve"),
    "session": ("skillkit.cli.session", "session_command"),
    "rules": ("skillkit.cli.rules", "rules"),
    "schema": ("skillkit.cli.schema", "schema"),
    "init": ("skillkit.cli.init", "init"),
    "new": ("skillkit.cli.new", "new"),
    "import": ("skillkit.cli.import_", "import_"),
    "clean": ("skillkit.cli.clean", "clean"),
    "server": ("skillkit.cli.server", "server"),
}
_DEBUG = {"on": False}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skillkit {__version__}")
        raise typer.Exit(0)


def root(
    debug: bool = typer.Option(False, "--debug", help="Show a traceback when something goes wrong."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """skillkit: lint skills in pre-commit and CI, dry-run their triggers, render their prompt
    block, resolve the versions agents reference, and pack releases."""
    _DEBUG["on"] = debug


def build_app(only: str | None = None) -> typer.Typer:
    """The Typer app with every command, or with `only` that one (same group, same options)."""
    import importlib

    app = typer.Typer(
        name="skillkit",
        help="Lint, simulate, render, resolve and pack skills: reusable instruction blocks for chat and agent models.",
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
        pretty_exceptions_enable=False,
        rich_markup_mode="markdown",  # docstrings are Markdown: paragraphs reflow, `code` shows as code
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(root)
    for name, (module, function) in COMMANDS.items():
        if only is None or name == only:
            app.command(name)(getattr(importlib.import_module(module), function))
    return app


def _command_named(argv: list[str]) -> str | None:
    """The subcommand a command line runs, when it can be told without parsing (options of
    the group come first and take no values)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


@contextlib.contextmanager
def _plain_help(argv: list[str]) -> Iterator[None]:
    """Typer draws --help through Rich, whose NO_COLOR still writes bold and dim: with colour
    off (NO_COLOR, --color never) help is plain text too, as every other output is."""
    from skillkit.cli import common

    common._CHOSEN["color"] = common.Color.auto  # a command without --color runs under auto
    never = any(w == "--color=never" or (w == "--color" and argv[i + 1:i + 2] == ["never"])
                for i, w in enumerate(argv))
    if not (never or os.environ.get("NO_COLOR")) or os.environ.get("_TYPER_FORCE_DISABLE_TERMINAL"):
        yield
        return
    os.environ["_TYPER_FORCE_DISABLE_TERMINAL"] = "1"  # read when typer.rich_utils is imported
    rich_utils = sys.modules.get("typer.rich_utils")
    saved = (rich_utils.FORCE_TERMINAL, rich_utils.COLOR_SYSTEM) if rich_utils else None
    if rich_utils:  # imported already (a second run in one process)
        rich_utils.FORCE_TERMINAL, rich_utils.COLOR_SYSTEM = False, None
    try:
        yield
    finally:
        del os.environ["_TYPER_FORCE_DISABLE_TERMINAL"]
        rich_utils = sys.modules.get("typer.rich_utils")
        if rich_utils:
            rich_utils.FORCE_TERMINAL, rich_utils.COLOR_SYSTEM = saved if saved else (None, "auto")


def main() -> None:
    """Console-script entry point: run the app and turn every failure into an exit code."""
    from skillkit.core.errors import SkillkitError
    from skillkit.core.paths import shown

    _DEBUG["on"] = "--debug" in sys.argv[1:]
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            # A stream that is not UTF-8 (PYTHONIOENCODING=ascii, a cp1252 pipe) escapes what it
            # cannot hold instead of failing mid-report, for every command and format.
            stream.reconfigure(errors="backslashreplace")
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = _QuietPipe(stdout)  # type: ignore[assignment]
    if not _asks_for_help(sys.argv[1:]):
        # Control characters from input are escaped in all human output (reporters/terminal.py);
        # --help shows skillkit's own text, which Typer colours through the streams themselves.
        from skillkit.reporters.terminal import EscapedOutput

        sys.stdout, sys.stderr = EscapedOutput(sys.stdout), EscapedOutput(stderr)  # type: ignore[assignment]
    from skillkit.core.regex_time import end_run, start_run

    start_run()  # one regex time budget for the whole command
    try:
        with _plain_help(sys.argv[1:]):
            app = build_app(_command_named(sys.argv[1:]))
            code = app(prog_name="skillkit", standalone_mode=False)
    except typer.Exit as exc:
        code = exc.exit_code
    except TyperException as exc:  # bad options and arguments (typer's vendored click errors)
        exc.show()  # type: ignore[attr-defined]
        code = 2
    except typer.Abort:
        sys.stderr.write("skillkit: aborted\n")
        code = 130
    except SkillkitError as exc:
        if _DEBUG["on"]:
            raise
        sys.stderr.write(f"skillkit: error: {shown(str(exc))}\n")  # it may quote names from input
        code = exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("skillkit: interrupted\n")
        code = 130
    except BrokenPipeError:
        code = 0  # `skillkit lint | head`: the reader left; nothing is wrong
    except OSError as exc:  # a file the command could not read or write, named by the OS
        if _DEBUG["on"]:
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        sys.stderr.write(f"skillkit: error: {shown(where)}{exc.strerror or exc}\n")
        code = 2
    except Exception as exc:  # noqa: BLE001 - the last line of defence: never a traceback
        if _DEBUG["on"]:
            raise
        sys.stderr.write(_last_resort(exc))
        code = 2
    finally:
        end_run()
        closed, sys.stdout, sys.stderr = getattr(sys.stdout, "closed_pipe", False), stdout, stderr
    if not closed:
        try:
            stdout.flush()
        except (BrokenPipeError, ValueError):  # (ValueError: closed already, as the language server leaves it)
            closed = True
    if closed and stdout is sys.__stdout__:
        # Python would flush once more at exit and complain: point the descriptor at nothing.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        except (OSError, ValueError):
            pass
    sys.exit(code if isinstance(code, int) else 0)


def _last_resort(exc: BaseException) -> str:
    """The one line for what no handler expected. Memory running out is named as such: under a
    ulimit or a container's cap a big input ends here, as does a worker the OOM killer took."""
    # (a SystemError "returned NULL without setting an exception" is C code whose allocation
    # failed without saying so: seen under a memory cap, never otherwise)
    if isinstance(exc, MemoryError) or (isinstance(exc, SystemError) and "without setting an exception" in str(exc)):
        return "skillkit: error: out of memory: the input needs more memory than this process may use\n"
    if type(exc).__name__ == "BrokenProcessPool":  # concurrent.futures', not imported for this
        return ("skillkit: error: a worker process ended abruptly (out of memory, or killed); "
                "SKILLKIT_JOBS=1 runs in one process\n")
    return f"skillkit: internal error: {type(exc).__name__}: {exc} (rerun with --debug for details)\n"


def _asks_for_help(argv: list[str]) -> bool:
    """Whether Typer will show help: no command, or -h/--help before a `--`."""
    words = argv[:argv.index("--")] if "--" in argv else argv
    return not any(not w.startswith("-") for w in words) or "-h" in words or "--help" in words


class _QuietPipe:
    """Standard output that a closed pipe (`skillkit ... | head -1`) silences instead of ending
    the run: the command finishes and exits with its own code (ARCHITECTURE.md,
    Contracts: command line)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.closed_pipe = False

    def write(self, text: str) -> int:
        if not self.closed_pipe:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self.closed_pipe = True
        return len(text)

    def flush(self) -> None:
        if not self.closed_pipe:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self.closed_pipe = True

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)
