"""`skillkit resolve`: the thin command over skillkit/platform/."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import (COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option,
                                 print_diagnostics_to_stderr, report_option)
from skillkit.reporters.formats import RESOLVE
from skillkit.reporters.registry import choices, reporter


Format = choices("Format", RESOLVE)  # text, json


def resolve(
    workspace: Path = typer.Argument(Path("."), help="The workspace folder (default: the current folder)."),
    format: Format = format_option(Format.text, "text (a tree) for people; json for machines"),
    check: bool = typer.Option(False, "--check", help="Write nothing; exit 1 when the lock is missing or what the "
                               "references resolve to has changed since it was written."),
    lock: Optional[Path] = typer.Option(None, "--lock", help="The lock file (default: WORKSPACE/skillkit.lock)."),
    output: Optional[Path] = report_option(),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Check every agent's skill and tool references by the platform's rules, show what each
    resolves to (pinned vN, or latest, now N) and each agent's tools once its skills load, and
    write skillkit.lock (atomically; only when every reference resolves).

    Exit 0 when every reference resolves (and, with --check, the lock is current); 1 when a
    reference breaks a rule, a skill, tool, agent or catalog file has errors (the workspace is
    refused whole, its diagnostics on stderr, or in the json document), or with --check the lock is missing or out of date;
    2 on usage errors and folders that are not workspaces.

    Examples: `skillkit resolve`, `skillkit resolve fixtures/workspace --format json`,
    `skillkit resolve --check` (in CI).
    """
    from skillkit.cli.library import read_platform_workspace, refuse_workspace
    from skillkit.cli.streams import color_for, report_to
    from skillkit.core.paths import display
    from skillkit.platform import lock as lockfile
    from skillkit.platform.resolve import resolve_workspace

    loaded, refused = read_platform_workspace(workspace, config, "Resolving")
    lock_path = lock if lock is not None else workspace / lockfile.LOCK_NAME
    chosen = reporter(RESOLVE, format.value)
    if refused:
        def write_json() -> None:  # machines read why from the document, as from lint --format json
            lock_report = {"path": display(lock_path), "status": lockfile.NOT_WRITTEN, "changes": []}
            with report_to(output) as out:
                chosen.load("refusal")(refused, lock_report, out)

        refuse_workspace("resolve", refused, write_json if chosen.machine else None)
    resolution = resolve_workspace(loaded)
    status, changes = lockfile.settle(resolution.lock_data(), lock_path, display(lock_path), check, resolution.ok)
    lock_report = {"path": display(lock_path), "status": status, "changes": changes}
    with report_to(output) as out:
        if not chosen.machine:  # a machine format holds them
            print_diagnostics_to_stderr(list(resolution.diagnostics))
        chosen.load()(resolution, lock_report, out, color_for(output, color.flag()), quiet)
    raise typer.Exit(0 if resolution.ok and status not in (lockfile.CHANGED, lockfile.MISSING) else 1)
