"""The glue behind `skillkit render`: read the skills, the scene and the transcript, ask
activation which skills are on, render the turn, and report. Returns the exit code."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Sequence, TextIO

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.errors import UsageError
from skillkit.core.model import Skill


def parse_variables(raw: Sequence[str]) -> dict[str, str]:
    from skillkit.studio.macros import parse_assignment

    out: dict[str, str] = {}
    for item in raw:
        try:
            name, value = parse_assignment(item)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        out[name] = value
    return out


def skills_root(skills: Path | None, scene: Path | None) -> Path:
    """`--skills`, else the workspace a scene file sits in (`<root>/scenes/x.yaml`), else what
    `simulate` reads: `skills/` of the workspace found from the current folder, or the folder."""
    from skillkit.cli.simulate import skills_source

    return skills_source(skills, scene)


def load_skills(root: Path) -> tuple[list[Skill], list[Diagnostic]]:
    """Every valid skill under `root` (lint's pipeline), and the errors of those left out."""
    from skillkit.cli.common import progress_bar
    from skillkit.core.lint import build_options
    from skillkit.core.pipeline import run

    if not root.exists():
        from skillkit.core.errors import InputError

        raise InputError("no such file or folder", str(root))
    options, _ = build_options([root], None, None, None, None)
    tick, close = progress_bar("Reading skills")
    try:
        result = run([root], options, progress=tick)
    finally:
        close()
    skills = [skill for space in result.workspaces for skill in space.skills]
    # Only skill files: a broken agent, tool or catalog file is lint's business, not render's.
    failed = {path for space in result.workspaces for path in space.failed if path.endswith("SKILL.md")}
    left_out = [d for d in result.diagnostics if d.severity == Severity.ERROR and d.path in failed]
    return skills, left_out


def preset_diagnostics(rendering: Any, scene_path: str | None, where: Any) -> list[Diagnostic]:
    problems = [*rendering.assembly.problems]
    return [Diagnostic(scene_path or "<scene>", *where(p.path), "preset-slots",
                       Severity.ERROR if p.error else Severity.WARNING, p.message) for p in problems]


def run_render(*, transcript: Path | None, skills: Path | None, scene: Path | None, turn: int | None,
               context: int | None, variables: Sequence[str], tokenizer: str, format: str, tools: bool,
               color: bool | None, out: TextIO) -> int:
    from skillkit.cli.common import print_diagnostics_to_stderr
    from skillkit.studio.render import render_turn
    from skillkit.studio.scene_adapter import load_turn, scene_for
    from skillkit.tokens import get_counter

    overrides = parse_variables(variables)
    counter = get_counter(tokenizer)
    found, left_out = load_skills(skills_root(skills, scene))
    print_diagnostics_to_stderr(left_out)
    unreadable = {Path(d.path).parent.name for d in left_out}
    linked_scene = scene_for(scene, found, unreadable)
    print_diagnostics_to_stderr(list(linked_scene.diagnostics))
    if format == "agent-skills-xml":
        return _xml(linked_scene.linked, context, out, 1 if left_out else 0)
    chosen = load_turn(linked_scene, transcript, found, turn, unreadable)
    rendering = render_turn(linked=linked_scene.linked, scene=linked_scene.view, messages=(), turn=chosen,
                            overrides=overrides, context=context, counter=counter)
    problems = preset_diagnostics(rendering, linked_scene.path, linked_scene.where)
    print_diagnostics_to_stderr(problems)
    from skillkit.agentskills.budgets import client_listings

    listings = client_listings(linked_scene.linked, context)
    if format == "json":
        from skillkit.reporters.render_json import report as json_report

        json_report(rendering, listings, tools, out)
    else:
        from skillkit.reporters.render_text import report as text_report

        text_report(rendering, listings, tools, out, color)
    failed = left_out or any(d.severity == Severity.ERROR for d in problems)
    return 1 if failed else 0


def _xml(linked: Sequence[Skill], context: int | None, out: TextIO, code: int) -> int:
    from skillkit.agentskills.budgets import client_listings
    from skillkit.agentskills.listing import available_skills_xml

    out.write(available_skills_xml(linked))
    for listing in client_listings(linked, context):
        if not listing.fits:
            names = [*(s.name for s in listing.shortened), *listing.without_description, *listing.left_out]
            sys.stderr.write(f"skillkit: note: {listing.client} would not show this listing in full "
                             f"({listing.wanted:,} {listing.unit} for {listing.limit:,}): {', '.join(names)}\n")
    return code
