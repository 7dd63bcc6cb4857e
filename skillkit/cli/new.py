"""`skillkit new`: a skill folder from the templates of one world."""

from __future__ import annotations

import enum
import sys
from pathlib import Path

import typer

from skillkit.cli.common import COLOR_OPTION, Color, output_option


class World(str, enum.Enum):
    studio = "studio"
    platform = "platform"
    agent_skills = "agent-skills"


def new(
    name: str = typer.Argument(..., help="The skill's name: a-z, 0-9 and single hyphens, at most 64 characters."),
    world: World = typer.Option(World.studio, "--world", "-w", help="Whose fields to fill in: studio (triggers, "
                                "when), platform (version, tools, examples) or agent-skills (the open SKILL.md spec).",
                                case_sensitive=False),
    folder: Path = output_option("Folder the skill folder goes into", False, Path("skills"), "--dir", "-d"),
    force: bool = typer.Option(False, "--force", help="Overwrite the files of a skill folder that already exists."),
    color: Color = COLOR_OPTION,
) -> None:
    """Create DIR/NAME/ with a SKILL.md whose fields carry sensible defaults and short comments
    that teach them. What it writes passes `skillkit lint` under the default profile and the
    world's own.

    Exit 0 when created, 2 for an invalid name or a folder that already exists (use --force).

    Examples: `skillkit new weather`, `skillkit new pdf-tables --world agent-skills`,
    `skillkit new review-activity --world platform --dir workspace/skills`.
    """
    from rich.text import Text

    from skillkit.authoring.new import scaffold
    from skillkit.reporters.text import console_for

    created = scaffold(name, world.value, folder, force)
    console = console_for(sys.stdout, color.flag())
    verb = "Overwrote" if created.replaced else "Created"
    console.print(Text(f"{verb} {created.folder}/ ({world.value}): {', '.join(created.files)}", style="green"))
    console.print(f"Next: edit the description and the instructions, then run `skillkit lint {created.folder}`.")
    raise typer.Exit(0)
