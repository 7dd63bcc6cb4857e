"""`skillkit new`: a skill folder from the templates of one world."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, client_option, output_option


class World(str, enum.Enum):
    studio = "studio"
    platform = "platform"
    agent_skills = "agent-skills"


def new(
    what: str = typer.Argument(..., metavar="[KIND] NAME", help="The skill's name (a-z, 0-9 and single hyphens, at "
                               "most 64 characters); or a kind, `scene`, `agent`, `tool` or `transcript` (or "
                               "`skill`), followed by the name."),
    name: Optional[str] = typer.Argument(None, hidden=True),
    world: Optional[World] = typer.Option(None, "--world", "-w", help="Whose fields a skill fills in: studio "
                                          "(triggers, when; the default), platform (version, tools, examples) or "
                                          "agent-skills (the open SKILL.md spec).", case_sensitive=False,
                                          show_default=False),
    client: Optional[str] = client_option("Write the skill as this client reads it, into its skills folder "
                                          "(an Agent Skills skill with the client's own keys and files)"),
    folder: Optional[Path] = output_option("Folder the new skill folder or file goes into (default: skills/, "
                                           "scenes/, agents/, tools/ or transcripts/ by kind, in the --config "
                                           "file's workspace when given)", False, None, "--dir", "-d"),
    force: bool = typer.Option(False, "--force", help="Overwrite the files of a skill folder that already exists."),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Create DIR/NAME/ with a SKILL.md whose fields carry sensible defaults and short comments
    that teach them; or, with a kind first, one workspace file: `scenes/NAME.yaml`,
    `agents/NAME.yaml`, `tools/NAME.yaml`, or a YAML transcript `transcripts/NAME.yaml` for
    `simulate` and `render`. What it writes passes `skillkit lint` under the default profile
    (and a skill under its world's own).

    Exit 0 when created, 2 for an invalid name or a file or folder that already exists (use --force).

    With `--client ID`, the skill is an Agent Skills skill written as that client reads it (Claude
    Code's own keys, Codex's `agents/openai.yaml`), in the client's skills folder
    (`.claude/skills/`, `.agents/skills/`, ...) unless `--dir` says otherwise.

    Examples: `skillkit new weather`, `skillkit new pdf-tables --world agent-skills`,
    `skillkit new review-notes --client claude-code`,
    `skillkit new review-activity --world platform --dir workspace/skills`, `skillkit new scene tavern`,
    `skillkit new transcript first-chat`.
    """
    from rich.text import Text

    from skillkit.authoring.new import KIND_FOLDERS, scaffold, scaffold_file
    from skillkit.reporters.text import console_for

    from skillkit.cli.common import workspace_of

    kind = what if name is not None else "skill"
    name = name if name is not None else what
    top = workspace_of(config)
    if kind == "skill":
        chosen, into = _skill_world(world, client, top)
        created = scaffold(name, chosen, folder if folder is not None else into, force, client)
        described = f"{created.folder}/ ({client or chosen}): {', '.join(created.files)}"
    else:
        into = folder if folder is not None else top / KIND_FOLDERS.get(kind, ".")
        created = scaffold_file(kind, name, into, force)
        described = f"{created.folder} ({kind})"
    if quiet:
        raise typer.Exit(0)
    console = console_for(sys.stdout, color.flag())
    verb = "Overwrote" if created.replaced else "Created"
    console.print(Text(f"{verb} {described}", style="green"))
    check = f"skillkit simulate {created.folder}" if kind == "transcript" else f"skillkit lint {created.folder}"
    console.print(Text(f"Next: edit it, then run `{check}`."))
    raise typer.Exit(0)


def _skill_world(world: World | None, client: str | None, top: Path) -> tuple[str, Path]:
    """The world a new skill is written for, and the folder it goes into by default: with
    `--client`, an Agent Skills skill in that client's skills folder; else `--world` (studio)
    in `skills/`."""
    if client is None:
        return (world or World.studio).value, top / "skills"
    from skillkit.authoring.init import client_named, skills_folder
    from skillkit.core.errors import UsageError

    chosen = client_named(client)
    if world is not None and world is not World.agent_skills:
        raise UsageError(f"--client {client} writes an Agent Skills skill, as {chosen.title} reads it; "
                         f"--world {world.value} does not apply")
    return World.agent_skills.value, top / skills_folder(chosen)
