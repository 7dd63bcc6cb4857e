"""`skillkit simulate`: dry-run the studio's activation rules over a transcript."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from skillkit.cli.common import (
    COLOR_OPTION,
    CONFIG_OPTION,
    QUIET_OPTION,
    Color,
    format_option,
    print_diagnostics_to_stderr,
    progress_bar,
    report_option,
)
from skillkit.cli.library import SKILLS_OPTION
from skillkit.reporters.formats import SIMULATE
from skillkit.reporters.registry import choices

if TYPE_CHECKING:
    from skillkit.studio.activation import Simulation


Format = choices("Format", SIMULATE)  # text, json, html


def explain_indexes(sim: Simulation, patterns: list[str]) -> list[int]:
    """The linked skills `--explain` names (each value: names or glob patterns, commas between),
    in the scene's order; a UsageError for a name or pattern that picks none."""
    from skillkit.cli.explain import pick

    return pick([s.name for s in sim.skills], patterns)


def simulate(
    transcript: Path = typer.Argument(..., help="A transcript: OpenAI-style JSON messages, a SillyTavern chat "
                                      "JSONL export, or skillkit's YAML form (detected from the content); `-`: "
                                      "standard input."),
    skills: Optional[Path] = SKILLS_OPTION,
    scene: Optional[Path] = typer.Option(None, "--scene", help="A scene file: its linked skills (in order) and "
                                         "toolAccess. Default: every skill found, in name order, tool access on."),
    format: Format = format_option(Format.text, 'text, a timeline for people; json, {"turns": [...]} for machines; '
                                   "html, one self-contained page a person explores (each turn's messages, what "
                                   "matched and why), best with -o FILE"),
    explain: Optional[list[str]] = typer.Option(None, "--explain", help="Tell these skills' verdicts and reasons "
                                                "turn by turn: names or glob patterns (`--explain 'lore*,maps'`); "
                                                "repeatable."),
    show_all: bool = typer.Option(False, "--all", help="Give every linked skill a column in the timeline, not only "
                                  "those on in at least one turn."),
    output: Optional[Path] = report_option(),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Say, for every reply in a transcript, which skills the studio would switch on, and why.

    Turns are the transcript's replies (a continue, swipe or regenerate is a turn of its own),
    plus the next reply when the transcript ends on a message that is not a reply. Skills with
    errors are left out, with their diagnostics on stderr.

    Exit 0 when every skill was read, 1 when a skill was left out for its errors, 2 when the
    transcript or scene cannot be used (the message gives its line).

    skillkit's YAML form (`skillkit new transcript NAME` writes one; schema:
    `schemas/transcript.schema.json`) is a `messages:` list, each message one of `system:`,
    `user:`, `assistant:` (with optional `calls: [{open_skill: lore}]`), `tool:` (a result),
    or an event: `continue:` (the last reply goes on), `swipe:` / `regenerate:` (replace it);
    `name:` and `hidden: true` are optional.

    The timeline never runs wider than the console: it shows the skills on in at least one
    turn (`--all`: every one), numbered in bands when their names do not fit across.

    Examples: `skillkit simulate chat.jsonl`, `skillkit simulate chat.json --scene
    scenes/tavern.yaml --explain 'lore*'`, `skillkit simulate chat.yaml --format json`,
    `skillkit simulate chat.jsonl --format html -o report.html`.
    """
    from skillkit.cli.library import read_library, skills_source
    from skillkit.core.paths import display
    from skillkit.studio.activation import simulate as run_simulation
    from skillkit.studio.scene import default_scene, load_scene
    from skillkit.transcripts import load_transcript

    from skillkit.cli.streams import readable
    from skillkit.transcripts.limits import MAX_TRANSCRIPT_BYTES

    with readable(transcript, MAX_TRANSCRIPT_BYTES) as source:
        loaded_transcript = load_transcript(source, display(source))
    print_diagnostics_to_stderr(list(loaded_transcript.warnings))  # values read as the chat front end reads them
    loaded_scene = load_scene(scene) if scene is not None else None
    library = read_library(skills_source(skills, scene), config)
    print_diagnostics_to_stderr(library.left_out)
    found = list(library.skills)
    tick, close = progress_bar("Simulating")
    try:
        sim = run_simulation(found, loaded_scene or default_scene(found), loaded_transcript,
                             unreadable=library.unreadable, progress=tick)
    finally:
        close()
    print_diagnostics_to_stderr(list(sim.diagnostics))
    from skillkit.core.regex_time import current

    if (note := current().note()) is not None and not quiet:  # said once for the run, not on every turn
        sys.stderr.write(f"skillkit: note: {note}\n")
    chosen = explain_indexes(sim, explain) if explain else None
    report(sim, format, output, color.flag(), chosen, show_all, quiet)
    raise typer.Exit(1 if library.left_out else 0)


def report(sim: Simulation, format: Format, output: Path | None, color: bool | None, chosen: list[int] | None,
           show_all: bool, quiet: bool = False) -> None:
    """The report in `format` to standard output, or to `output` (atomically, all at once)."""
    from skillkit.cli.streams import color_for, report_to
    from skillkit.reporters.registry import load
    from skillkit.reporters.views import SimulateView

    with report_to(output) as target:
        load(SIMULATE, format.value)(sim, target, SimulateView(color_for(output, color), chosen, show_all, quiet))
