"""`skillkit clean`: remove lint's cache, as `ruff clean` removes ruff's."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color


def clean(
    path: Path = typer.Argument(Path("."), help="A folder of the repository whose cache goes. Default: the "
                                "current folder."),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,  # plain lines always; accepted so every command takes --color
    quiet: bool = QUIET_OPTION,
) -> None:
    """Remove lint's cache of this repository; the next `skillkit lint` checks every file afresh.

    The cache is `.skillkit_cache/` at the repository's top (the folder holding `.git`; outside
    any repository, the workspace root), or the folder the `cache-dir` setting names (inside the
    repository or under `~/.cache/skillkit`), or `$SKILLKIT_CACHE_DIR`. Only the cache's own
    folders are removed from a folder `cache-dir` names; the default folder goes whole. Lint
    never needs this (a cache that does not match is rewritten): it is for reclaiming space or
    starting clean.

    Exit 0 when the cache is removed or there is none; 2 when the settings cannot be read or
    the cache cannot be removed.

    Examples:

    * `skillkit clean`: the cache of the repository holding the current folder
    * `lint --no-cache` checks afresh without touching the cache
    """
    from skillkit.core.cache_place import clean_repository
    from skillkit.core.errors import InputError
    from skillkit.core.paths import shown

    if not path.is_dir():
        raise InputError("is not a folder", str(path))
    try:
        cache, removed = clean_repository(path, config)
    except OSError as exc:
        raise InputError(f"cannot remove the lint cache: {exc.strerror or exc}", exc.filename) from exc
    if quiet:
        return
    if removed:
        spaces = sum(1 for folder in removed if folder != cache)
        typer.echo(f"Removed the lint cache: {shown(str(cache))} ({spaces:,} workspace folder"
                   f"{'' if spaces == 1 else 's'}).")
    else:
        typer.echo(f"No lint cache to remove at {shown(str(cache))}.")
