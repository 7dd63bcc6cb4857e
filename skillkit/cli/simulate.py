"""`skillkit simulate`: dry-run the studio's activation rules over a transcript."""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional, TextIO

import typer

from skillkit.cli.common import (
    COLOR_OPTION,
    Color,
    print_diagnostics_to_stderr,
    progress_bar,
)
from skillkit.cli.library import SKILLS_OPTION

if TYPE_CHECKING:
    from skillkit.studio.activation import Simulation


class Format(str, enum.Enum):
    text = "text"
    json = "json"


def check_explain(sim: Simulation, name: str) -> None:
    from skillkit.core.errors import UsageError

    names = [s.name for s in sim.skills]
    if name not in names:
        raise UsageError(f"--explain: no linked skill {name!r}; the linked skills are: {', '.join(names) or 'none'}")


def print_json(sim: Simulation, out: TextIO) -> None:
    json.dump(sim.as_json(), out, ensure_ascii=False, indent=2)
    out.write("\n")


def print_text(sim: Simulation, out: TextIO, color: bool | None, explain: str | None) -> None:
    from skillkit.reporters.text import console_for
    from skillkit.studio.timeline import explain as explain_lines
    from skillkit.studio.timeline import headline, timeline

    console = console_for(out, color)
    console.print(headline(sim), highlight=False)
    console.print()
    for line in explain_lines(sim, explain) if explain else timeline(sim, console.width):
        console.print(line, overflow="ignore", no_wrap=True, crop=False)


def simulate(
    transcript: Path = typer.Argument(..., help="A transcript: OpenAI-style JSON messages, a SillyTavern chat "
                                      "JSONL export, or skillkit's YAML form (detected from the content)."),
    skills: Optional[Path] = SKILLS_OPTION,
    scene: Optional[Path] = typer.Option(None, "--scene", help="A scene file: its linked skills (in order) and "
                                         "toolAccess. Default: every skill found, in name order, tool access on."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text: a timeline for people; json: "
                                  '{"turns": [...]} for machines.', case_sensitive=False),
    explain: Optional[str] = typer.Option(None, "--explain", help="Tell this skill's verdicts and reasons turn by turn."),
    color: Color = COLOR_OPTION,
) -> None:
    """Say, for every reply in a transcript, which skills the studio would switch on, and why.

    Turns are the transcript's replies (a continue, swipe or regenerate is a turn of its own),
    plus the next reply when the transcript ends on a message that is not a reply. Skills with
    errors are left out, with their diagnostics on stderr.

    Exit 0 when every skill was read, 1 when a skill was left out for its errors, 2 when the
    transcript or scene cannot be used (the message gives its line).

    Examples: `skillkit simulate chat.jsonl`, `skillkit simulate chat.json --scene
    scenes/tavern.yaml --explain lore`, `skillkit simulate chat.yaml --format json`.
    """
    from skillkit.cli.library import read_library, skills_source
    from skillkit.core.paths import display
    from skillkit.studio.activation import simulate as run_simulation
    from skillkit.studio.scene import default_scene, load_scene
    from skillkit.transcripts import load_transcript

    loaded_transcript = load_transcript(transcript, display(transcript))
    loaded_scene = load_scene(scene) if scene is not None else None
    library = read_library(skills_source(skills, scene))
    print_diagnostics_to_stderr(library.left_out)
    found = list(library.skills)
    tick, close = progress_bar("Simulating")
    try:
        sim = run_simulation(found, loaded_scene or default_scene(found), loaded_transcript,
                             unreadable=library.unreadable, progress=tick)
    finally:
        close()
    print_diagnostics_to_stderr(list(sim.diagnostics))
    from skillkit.triggers.budget import current

    if (note := current().note()) is not None:  # said once for the run, not on every turn
        sys.stderr.write(f"skillkit: note: {note}\n")
    if explain is not None:
        check_explain(sim, explain)
    if format == Format.json:
        print_json(sim, sys.stdout)
    else:
        print_text(sim, sys.stdout, color.flag(), explain)
    raise typer.Exit(1 if library.left_out else 0)
