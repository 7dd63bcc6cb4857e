"""`skillkit lint`: the thin command over the shared pipeline."""

from __future__ import annotations

import enum
import io
import sys
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, Color, default_paths, progress_bar, split_ids


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    sarif = "sarif"
    github = "github"


def lint(
    paths: Optional[list[Path]] = typer.Argument(None, help="Skill folders, SKILL.md files, workspace folders or "
                                                  "workspace files. Default: the current folder."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text for people; json, sarif, github for machines.",
                                  case_sensitive=False),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help="Which worlds' rules apply: default, studio, "
                                          "platform, agent-skills, claude-api, claude-code, codex."),
    strict: Optional[bool] = typer.Option(None, "--strict/--no-strict", help="Warnings fail too (exit 1)."),
    select: Optional[list[str]] = typer.Option(None, "--select", help="Run only these rule ids (comma-separated, repeatable)."),
    ignore: Optional[list[str]] = typer.Option(None, "--ignore", help="Never run these rule ids (comma-separated, repeatable)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Settings file (default: the nearest skillkit.yaml "
                                          "or pyproject.toml [tool.skillkit])."),
    output: Optional[Path] = typer.Option(None, "--output-file", "-o", help="Write the report to this file (atomically)."),
    show_files: bool = typer.Option(False, "--show-files", help="List the files lint would check and, for every "
                                    "path left out, why (tool folder, .gitignore, exclude, nested skill); check nothing."),
    color: Color = COLOR_OPTION,
) -> None:
    """Check skills and workspace files against every rule of their world.

    Exit 0 when nothing is wrong, 1 on findings (a broken file included; with --strict,
    warnings too), 2 on usage errors and paths that cannot be opened. A file named inside a
    workspace is checked in its context (unique names, references) and only it is reported.

    Examples:

    * `skillkit lint`: everything under the current folder
    * `skillkit lint skills/ --format sarif -o lint.sarif`: a report for code scanning
    * `skillkit lint --profile claude-api --select name-format,name-reserved`
    * `skillkit rules`: every rule id with what it checks
    """
    from skillkit.core.diagnostics import Severity
    from skillkit.core.options import build_options
    from skillkit.core.pipeline import run
    from skillkit.reporters import REPORTERS

    from skillkit.core.errors import UsageError

    targets = default_paths(paths)
    if select and not split_ids(select):  # `--select "$RULES"` with an empty variable: not "check nothing"
        raise UsageError("--select names no rule id")
    options = build_options(targets, config, profile, split_ids(select), split_ids(ignore))
    if show_files:
        _show_files(targets, options, format is Format.json)
    tick, close = progress_bar("Linting")
    try:
        result = run(targets, options, progress=tick)
    finally:
        close()
    stream = io.StringIO() if output else sys.stdout
    REPORTERS[format.value](result, stream, color.flag() if not output else False)
    if output:
        from skillkit.core.atomic import write_atomic

        write_atomic(output, stream.getvalue())  # type: ignore[union-attr]
    # --strict / --no-strict decide for every file; otherwise each workspace's `strict` setting does
    failing = result.count(Severity.ERROR) or (result.count(Severity.WARNING) if strict else
                                               result.strict_warnings if strict is None else 0)
    raise typer.Exit(1 if failing else 0)


def _show_files(targets: list[Path], options: object, as_json: bool) -> None:
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
