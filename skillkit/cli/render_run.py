"""The glue behind `skillkit render`: read the skills, the scene and the transcript, ask
activation which skills are on, render the turn, and report. Returns the exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence, TextIO

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.errors import UsageError


def parse_variables(raw: Sequence[str]) -> dict[str, str]:
    from skillkit.triggers.macros import parse_assignment

    out: dict[str, str] = {}
    for item in raw:
        try:
            name, value = parse_assignment(item)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        out[name] = value
    return out


def preset_diagnostics(rendering: Any, scene_path: str | None, where: Any) -> list[Diagnostic]:
    problems = [*rendering.assembly.problems]
    return [Diagnostic(scene_path or "<scene>", *where(p.path), "preset-slots",
                       Severity.ERROR if p.error else Severity.WARNING, p.message) for p in problems]


def run_render(*, transcript: Path | None, skills: Path | None, scene: Path | None, turn: int | None,
               context: int | None, variables: Sequence[str], tokenizer: str, format: str, tools: bool,
               color: bool | None, out: TextIO, config: Path | None = None, quiet: bool = False,
               explain: Sequence[str] | None = None, verbose: bool = False) -> int:
    from skillkit.cli.common import print_diagnostics_to_stderr
    from skillkit.cli.library import read_library, skills_source
    from skillkit.reporters.formats import RENDER
    from skillkit.reporters.registry import load
    from skillkit.studio.render import render_turn
    from skillkit.studio.scene_adapter import load_turn, scene_for
    from skillkit.tokens import get_counter

    overrides = parse_variables(variables)
    counter = get_counter(tokenizer)
    library = read_library(skills_source(skills, scene), config)
    print_diagnostics_to_stderr(library.left_out)
    found, left_out, unreadable = list(library.skills), library.left_out, set(library.unreadable)
    linked_scene = scene_for(scene, found, unreadable)
    print_diagnostics_to_stderr(list(linked_scene.diagnostics))
    if format == "agent-skills-xml":  # the listing alone: no turn is rendered
        load(RENDER, format)(linked_scene.linked, context, out, quiet)
        return 1 if left_out else 0
    from skillkit.cli.common import progress_bar

    loaded = None
    if transcript is not None:
        from skillkit.core.paths import display
        from skillkit.transcripts import load_transcript

        loaded = load_transcript(transcript, display(transcript))
        print_diagnostics_to_stderr(list(loaded.warnings))  # values read as the chat front end reads them
    tick, close = progress_bar("Rendering")
    try:
        chosen = load_turn(linked_scene, loaded, found, turn, unreadable, progress=tick)
    finally:
        close()
    rendering = render_turn(linked=linked_scene.linked, scene=linked_scene.view, messages=(), turn=chosen,
                            overrides=overrides, context=context, counter=counter)
    problems = preset_diagnostics(rendering, linked_scene.path, linked_scene.where)
    print_diagnostics_to_stderr(problems)
    from skillkit.agentskills.listing_budgets import client_listings

    listings = client_listings(linked_scene.linked, context)
    load(RENDER, format)(rendering, listings, tools, out, color, _explained(rendering, explain, verbose))
    failed = left_out or any(d.severity == Severity.ERROR for d in problems)
    return 1 if failed else 0


def _explained(rendering: Any, explain: Sequence[str] | None, verbose: bool) -> list[int] | None:
    """Which linked skills' verdicts the text tells: `-v` every one, `--explain` those it names."""
    if verbose:
        return list(range(len(rendering.turn.verdicts)))
    if not explain:
        return None
    from skillkit.cli.explain import pick

    return pick([v.name for v in rendering.turn.verdicts], explain)
