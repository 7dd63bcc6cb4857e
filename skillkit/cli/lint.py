"""`skillkit lint`: the thin command over the shared pipeline (its options: cli/lint_options.py)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import msgspec
import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, Color, default_paths, progress_bar, report_option, split_ids
from skillkit.cli.lint_options import (Diff, ExitZero, ExtendSelect, Fix, Format, FormatChoice, Ignore, NoCache, Paths,
                                       Profile, Quiet, Select, ShowFiles, ShowSettings, Statistics, StdinFilename,
                                       Strict, Targets, UnsafeFixes)

if TYPE_CHECKING:
    from skillkit.core.options import Options
    from skillkit.core.pipeline import Result

__all__ = ["Format", "lint"]


class LintArgs(msgspec.Struct, frozen=True):
    """The command line, as given: what `run` acts on."""
    paths: list[str] | None
    format: Format  # type: ignore[valid-type]
    profile: str | None
    target: list[str] | None
    strict: bool | None
    select: list[str] | None
    extend_select: list[str] | None
    ignore: list[str] | None
    config: Path | None
    output: Path | None
    show_files: bool
    color: Color
    no_cache: bool
    fix: bool
    unsafe_fixes: bool
    diff: bool
    statistics: bool
    show_settings: bool
    exit_zero: bool
    quiet: bool
    stdin_filename: Path | None


def lint(paths: Paths = None, format: FormatChoice = Format.text, profile: Profile = None, target: Targets = None,
         strict: Strict = None, select: Select = None, extend_select: ExtendSelect = None, ignore: Ignore = None,
         config: Optional[Path] = CONFIG_OPTION, output: Optional[Path] = report_option(),
         show_files: ShowFiles = False, color: Color = COLOR_OPTION, no_cache: NoCache = False, fix: Fix = False,
         unsafe_fixes: UnsafeFixes = False, diff: Diff = False, statistics: Statistics = False,
         show_settings: ShowSettings = False, exit_zero: ExitZero = False, quiet: Quiet = False,
         stdin_filename: StdinFilename = None) -> None:
    """Check skills and workspace files against every rule of their world.

    Exit 0 when nothing is wrong, 1 on findings (a broken file included; with --strict,
    warnings too), 2 on usage errors and paths that cannot be opened. A file named inside a
    workspace is checked in its context (unique names, references) and only it is reported.

    Examples:

    * `skillkit lint`: everything under the current folder
    * `skillkit lint skills/ --format sarif -o lint.sarif`: a report for code scanning
    * `skillkit lint --profile claude-api --select name-format,name-reserved`
    * `skillkit lint --target claude-code,codex`: what those clients ignore or refuse
    * `skillkit rules`: every rule id with what it checks
    """
    run(LintArgs(**locals()))  # every parameter, by its name


def run(args: LintArgs) -> None:
    """The whole command: check, fix or diff, report, exit (by typer.Exit)."""
    from skillkit.cli import lint_extras

    lint_extras.check_stdin_paths(args.paths, args.stdin_filename)
    with contextlib.ExitStack() as stack:
        targets = [stack.enter_context(lint_extras.standard_input_as(args.stdin_filename))] if args.stdin_filename \
            else default_paths(args.paths)
        options = _options(args, targets)
        if args.show_settings:
            lint_extras.show_settings(options, sys.stdout)
            raise typer.Exit(0)
        if args.show_files:
            _show_files(targets, options, args.format.value == "json")
        result, fixed, fixed_text = _checked(args, targets, options)
    _report(args, result, fixed, fixed_text)


def _options(args: LintArgs, targets: list[Path | str]) -> Options:
    from skillkit.cli import lint_extras
    from skillkit.core.errors import UsageError
    from skillkit.core.options import build_options
    from skillkit.rules import RULESET

    if args.select and not split_ids(args.select):  # `--select "$RULES"` with an empty variable: not "check nothing"
        raise UsageError("--select names no rule id")
    return build_options(targets, args.config, args.profile, split_ids(args.select), split_ids(args.ignore),
                         registry=RULESET, extend_select=split_ids(args.extend_select),
                         targets=lint_extras.client_ids(args.target))


def _checked(args: LintArgs, targets: list[Path | str], options: Options) -> tuple[Result, int, str | None]:
    """The run's result, the findings --fix fixed, and the fixed text for standard input (or None).
    A --diff prints and exits here, while the stand-in for standard input still exists."""
    from skillkit.cli import lint_extras
    from skillkit.core.pipeline import run as run_pipeline

    def lint_once() -> Result:
        tick, close = progress_bar("Linting")
        try:
            # standard input is no file the cache could fingerprint: its findings, kept under the
            # file on disk's fingerprint, were the next run's answer for that file
            return run_pipeline(targets, options, progress=tick,
                                cache=not args.no_cache and args.stdin_filename is None, models=False)
        finally:
            close()

    fixed, fixed_text = 0, None
    if args.fix:
        result, fixed = lint_extras.fix_until_done(lint_once, args.unsafe_fixes)
        if args.stdin_filename is not None:  # as ruff: the fixed text on stdout, the report on stderr
            fixed_text = lint_extras.stand_in_text(targets[0])  # type: ignore[arg-type]
    else:
        result = lint_once()
    if args.diff:
        found = lint_extras.print_diff(result, sys.stdout, args.stdin_filename, args.unsafe_fixes)
        sys.stderr.write(f"{found:,} fixable finding{'' if found == 1 else 's'}\n" if found else "No fixes to make.\n")
        raise typer.Exit(1 if found and not args.exit_zero else 0)
    if args.stdin_filename is not None:
        result = lint_extras.renamed(result, targets[0], args.stdin_filename)  # type: ignore[arg-type]
    return result, fixed, fixed_text


def _report(args: LintArgs, result: Result, fixed: int, fixed_text: str | None) -> None:
    from skillkit.cli import lint_extras
    from skillkit.cli.streams import to_stdout
    from skillkit.core.paths import shown

    for note in result.notes:  # the run's own warnings (a cache it did not trust): not findings
        sys.stderr.write(f"skillkit: warning: {shown(note)}\n")
    if fixed_text is not None:  # the file's own text, for an editor: not escaped
        from skillkit.reporters.terminal import unescaped

        unescaped(sys.stdout).write(fixed_text)
    report_to = sys.stderr if fixed_text is not None else sys.stdout
    output = None if to_stdout(args.output) else args.output  # `-o -`: standard output
    lint_extras.emit(result, args.format.value, args.color.flag(), report_to, output, args.quiet, args.statistics,
                     args.unsafe_fixes)
    if args.fix and not args.quiet:
        sys.stderr.write(f"Fixed {fixed:,} finding{'' if fixed == 1 else 's'}.\n")
    # --strict / --no-strict decide for every file; otherwise each workspace's `strict` setting does
    raise typer.Exit(1 if lint_extras.failing(result, args.strict) and not args.exit_zero else 0)


def _show_files(targets: list[Path | str], options: object, as_json: bool) -> None:
    """Print discovery's answer and exit: 0, or 2 when nothing would be checked."""
    from skillkit.core.errors import InputError
    from skillkit.core.pipeline import find
    from skillkit.core.workspace import nothing_found
    from skillkit.reporters.files import listing, report

    found = find(targets, options)  # type: ignore[arg-type]
    report(found, sys.stdout, as_json)
    if not listing(found)["files"]:
        raise InputError(nothing_found(found))
    raise typer.Exit(0)
