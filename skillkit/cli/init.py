"""`skillkit init`: set a repository up for skills, refusing to overwrite anything."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, QUIET_OPTION, Color, client_option


def init(
    folder: Path = typer.Argument(Path("."), help="The repository's top (default: the current folder)."),
    client: Optional[str] = client_option("The client whose skills folder and profile to set up (default: the one "
                                          "the repository shows signs of, else the plain Agent Skills spec)"),
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Set a repository up for skills: the skills folder of its client, a settings block, the
    pre-commit hooks and a CI workflow.

    The client is the one `--client` names, else the one the repository shows signs of (a
    skills folder a client loads, such as `.claude/skills/`, or a client's own folder, such as
    `.cursor/`), else the plain Agent Skills spec (`skills/`). Nothing that exists is changed:
    an existing settings file, `.pre-commit-config.yaml` or workflow is kept, and what to add
    by hand is printed.

    Exit 0 when the repository is set up (whatever was kept), 2 for an unknown client or a
    folder that cannot be used.

    Examples: `skillkit init`, `skillkit init --client codex`, `skillkit init path/to/repo --client claude-code`.
    """
    from rich.text import Text

    from skillkit.authoring.init import initialize, skills_folder
    from skillkit.reporters.text import console_for
    from skillkit.rules import PROFILES

    done = initialize(folder, client, set(PROFILES))
    if quiet:
        raise typer.Exit(0)
    console = console_for(sys.stdout, color.flag())
    how = "found in the repository" if done.detected else "named with --client" if client else \
        "no client found; --client ID picks one"
    also = f"; also found: {', '.join(done.others)}" if done.others else ""
    console.print(Text(f"Client: {done.client.title} ({done.client.id}; {how}{also})"))
    for step in done.steps:
        verb, style = ("Created", "green") if step.made else ("Kept", "")
        console.print(Text(f"{verb} {step.path}" + (f": {step.note}" if step.note and "\n" not in step.note else ""),
                           style=style))
        if "\n" in step.note:
            console.print(Text(f"  {step.note}"), soft_wrap=True)
    console.print(Text(f"Next: `skillkit new NAME --client {done.client.id}` writes a skill into "
                       f"{skills_folder(done.client)}/, then `skillkit lint`."))
    raise typer.Exit(0)
