"""The `skillkit` command: a Typer app over one thin module per command.

The boundary maps skillkit's exceptions to a one-line message and an exit code (0 ok,
1 findings, 2 usage or unusable input); no traceback reaches a user without --debug.
"""

from __future__ import annotations

import sys

import typer
from typer.exceptions import TyperException

from skillkit import __version__
from skillkit.cli.import_ import import_
from skillkit.cli.lint import lint
from skillkit.cli.new import new
from skillkit.cli.pack import pack, unpack, verify
from skillkit.cli.render import render
from skillkit.cli.resolve import resolve
from skillkit.cli.rules import rules
from skillkit.cli.schema import schema
from skillkit.cli.simulate import simulate

app = typer.Typer(
    name="skillkit",
    help="Lint, simulate, render, resolve and pack skills: reusable instruction blocks for chat and agent models.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # docstrings are Markdown: paragraphs reflow, `code` shows as code
    context_settings={"help_option_names": ["-h", "--help"]},
)
_DEBUG = {"on": False}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skillkit {__version__}")
        raise typer.Exit(0)


@app.callback()
def root(
    debug: bool = typer.Option(False, "--debug", help="Show a traceback when something goes wrong."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """skillkit: lint skills in pre-commit and CI, dry-run their triggers, render their prompt
    block, resolve the versions agents reference, and pack releases."""
    _DEBUG["on"] = debug


app.command()(lint)
app.command()(simulate)
app.command()(render)
app.command()(pack)
app.command()(verify)
app.command()(unpack)
app.command()(resolve)
app.command()(rules)
app.command()(schema)
app.command()(new)
app.command("import")(import_)


def main() -> None:
    """Console-script entry point: run the app and turn every failure into an exit code."""
    from skillkit.core.errors import SkillkitError

    _DEBUG["on"] = "--debug" in sys.argv[1:]
    try:
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
        sys.stderr.write(f"skillkit: error: {exc}\n")
        code = exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("skillkit: interrupted\n")
        code = 130
    except BrokenPipeError:
        code = 0  # `skillkit lint | head`: the reader left; nothing is wrong
    except Exception as exc:  # noqa: BLE001 - the last line of defence: never a traceback
        if _DEBUG["on"]:
            raise
        sys.stderr.write(f"skillkit: internal error: {type(exc).__name__}: {exc} (rerun with --debug for details)\n")
        code = 2
    sys.exit(code if isinstance(code, int) else 0)
