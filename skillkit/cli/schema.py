"""`skillkit schema`: write or check the generated schemas, field reference and rule docs."""

from __future__ import annotations

from pathlib import Path

import typer

from skillkit.cli.common import COLOR_OPTION, QUIET_OPTION, Color


def schema(
    folder: Path = typer.Option(Path("schemas"), "--dir", help="Where the generated files go."),
    check: bool = typer.Option(False, "--check", help="Write nothing; exit 1 if a committed file differs."),
    color: Color = COLOR_OPTION,  # plain lines always; accepted so every command takes --color
    quiet: bool = QUIET_OPTION,
) -> None:
    """Generate the JSON Schemas (Draft 2020-12), fields.skill.md and rules.md from the registries.

    With --check (as CI runs it), exit 1 and name each file that differs from what the code generates.
    """
    from skillkit.core.artifacts import schema_dir_files, stale_files
    from skillkit.core.atomic import write_atomic

    from skillkit.rules import RULESET

    files = schema_dir_files(RULESET)
    stale = stale_files(folder, files)
    if check:
        for name in stale:
            why = ("no longer generated; delete it" if name not in files else
                   "is missing" if not (folder / name).is_file() else "differs from the registry")
            typer.echo(f"{(folder / name).as_posix()}: {why}; run `skillkit schema`", err=True)
        if not stale and not quiet:
            typer.echo(f"{len(files)} generated files in {folder.as_posix()}/ are up to date.")
        raise typer.Exit(1 if stale else 0)
    for name in stale:
        if name not in files:
            typer.echo(f"{(folder / name).as_posix()}: no longer generated; delete it", err=True)
            continue
        write_atomic(folder / name, files[name])
        if not quiet:
            typer.echo(f"wrote {(folder / name).as_posix()}")
    if not stale and not quiet:
        typer.echo(f"{len(files)} generated files in {folder.as_posix()}/ were already up to date.")
