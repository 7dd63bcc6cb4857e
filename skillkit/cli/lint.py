"""`skillkit lint`: the thin command over the shared pipeline."""

from __future__ import annotations

import contextlib
import enum
import sys
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import (COLOR_OPTION, CONFIG_OPTION, Color, default_paths, format_option, output_option, path,
                                 progress_bar, split_ids)


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def lint(
    paths: Optional[list[str]] = typer.Argument(None, parser=path, help="Skill folders, SKILL.md files, workspace "
                                                "folders or workspace files. Default: the current folder."),
    format: Format = format_option(Format.text, "text for people; json, sarif, github for machines"),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help="Which worlds' rules apply: default, studio, "
                                          "platform, agent-skills, claude-api, claude-code, codex."),
    target: Optional[list[str]] = typer.Option(None, "--target", "-t", help="The clients the skills are written for "
                                               "(client ids, comma-separated, repeatable; over the `targets` "
                                               "setting): report the keys they ignore and the limits they enforce."),
    strict: Optional[bool] = typer.Option(None, "--strict/--no-strict", help="Warnings fail too (exit 1)."),
    select: Optional[list[str]] = typer.Option(None, "--select", help="Run only these rule ids (comma-separated, repeatable)."),
    ignore: Optional[list[str]] = typer.Option(None, "--ignore", help="Never run these rule ids (comma-separated, repeatable)."),
    config: Optional[Path] = CONFIG_OPTION,
    output: Optional[Path] = output_option("The file the report goes to, instead of standard output"),
    show_files: bool = typer.Option(False, "--show-files", help="List the files lint would check and, for every "
                                    "path left out, why (tool folder, .gitignore, exclude, nested skill); check nothing."),
    color: Color = COLOR_OPTION,
    no_cache: bool = typer.Option(False, "--no-cache", help="Check every file afresh; read and write no cache "
                                  "(default: `.skillkit_cache/` at the repository's top, or the `cache-dir` "
                                  "setting; `skillkit clean` removes it)."),
    fix: bool = typer.Option(False, "--fix", help="Apply the fixes that cannot change meaning (`skillkit rules ID` "
                             "says what each rule's fix does), then report what is left."),
    diff: bool = typer.Option(False, "--diff", help="Print the fixes as a unified diff instead of writing them "
                              "(exit 1 when there is any)."),
    statistics: bool = typer.Option(False, "--statistics", help="Count the findings per rule instead of listing them."),
    show_settings: bool = typer.Option(False, "--show-settings", help="Print the settings lint would use, resolved, "
                                       "and exit."),
    exit_zero: bool = typer.Option(False, "--exit-zero", help="Exit 0 even when there are findings."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print the findings only: no closing summary line."),
    stdin_filename: Optional[Path] = typer.Option(None, "--stdin-filename", help="Lint standard input as this file "
                                                  "(its workspace gives context, as when it is saved there)."),
) -> None:
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
    from skillkit.core.options import build_options
    from skillkit.core.paths import shown
    from skillkit.core.pipeline import Result, run

    from skillkit.core.errors import UsageError

    from skillkit.cli import lint_extras

    if stdin_filename is not None and paths:
        raise UsageError("--stdin-filename lints standard input alone: no PATH")
    with contextlib.ExitStack() as stack:
        targets = [stack.enter_context(lint_extras.standard_input_as(stdin_filename))] if stdin_filename \
            else default_paths(paths)
        if select and not split_ids(select):  # `--select "$RULES"` with an empty variable: not "check nothing"
            raise UsageError("--select names no rule id")
        from skillkit.rules import RULESET

        options = build_options(targets, config, profile, split_ids(select), split_ids(ignore),
                                registry=RULESET, targets=lint_extras.client_ids(target))
        if show_settings:
            lint_extras.show_settings(options, sys.stdout)
            raise typer.Exit(0)
        if show_files:
            _show_files(targets, options, format.value == "json")

        def lint_once() -> Result:
            tick, close = progress_bar("Linting")
            try:
                # standard input is no file the cache could fingerprint: its findings, kept under the
                # file on disk's fingerprint, were the next run's answer for that file
                return run(targets, options, progress=tick, cache=not no_cache and stdin_filename is None, models=False)
            finally:
                close()

        fixed, fixed_text = 0, None
        if fix:
            result, fixed = lint_extras.fix_until_done(lint_once)
            if stdin_filename is not None:  # as ruff: the fixed text on stdout, the report on stderr
                fixed_text = lint_extras.stand_in_text(targets[0])
        else:
            result = lint_once()
        if diff:
            found = lint_extras.print_diff(result, sys.stdout, stdin_filename)
            sys.stderr.write(f"{found:,} fixable finding{'' if found == 1 else 's'}\n" if found else "No fixes to make.\n")
            raise typer.Exit(1 if found and not exit_zero else 0)
        if stdin_filename is not None:
            result = lint_extras.renamed(result, targets[0], stdin_filename)
    for note in result.notes:  # the run's own warnings (a cache it did not trust): not findings
        sys.stderr.write(f"skillkit: warning: {shown(note)}\n")
    if fixed_text is not None:
        sys.stdout.write(fixed_text)
    report_to = sys.stderr if fixed_text is not None else sys.stdout
    lint_extras.emit(result, format.value, color.flag(), report_to, output, quiet, statistics)
    if fix and not quiet:
        sys.stderr.write(f"Fixed {fixed:,} finding{'' if fixed == 1 else 's'}.\n")
    # --strict / --no-strict decide for every file; otherwise each workspace's `strict` setting does
    raise typer.Exit(1 if lint_extras.failing(result, strict) and not exit_zero else 0)


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
