"""The glue behind `skillkit render --agent NAME`: read the platform workspace (as `session` and
`resolve` read it), start the turn (a fresh invocation, or turn N of `--session FILE`), assemble
the agent's instructions, count their tokens, and report. Returns the exit code."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from skillkit.core.errors import UsageError
from skillkit.reporters.formats import RENDER_AGENT
from skillkit.reporters.registry import load


def run_render_agent(*, agent: str | None, session: Path | None, turn: int | None, workspace: Path | None,
                     config: Path | None, tokenizer: str, format: str, color: bool | None, out: TextIO) -> int:
    from skillkit.cli.common import print_diagnostics_to_stderr
    from skillkit.cli.library import read_platform_workspace, refuse_workspace
    from skillkit.cli.session import find_workspace, pick_agent
    from skillkit.core.paths import display
    from skillkit.platform.agent_prompt import AgentInstructions, assemble
    from skillkit.platform.inputs import from_loaded
    from skillkit.platform.session import run_session
    from skillkit.platform.session_file import SessionSpec, Turn, read_session
    from skillkit.tokens import get_counter

    if format not in (names := [r.name for r in RENDER_AGENT]):
        raise UsageError(f"--agent: --format {format} is for the studio's listing; use {' or '.join(names)}")
    counter = get_counter(tokenizer)
    if session is not None:
        spec = read_session(session, display(session))
    else:  # a fresh invocation: one turn that starts, before any call
        if turn is not None and turn != 1:
            raise UsageError("--turn N with --agent needs --session FILE: without one there is a single, fresh turn")
        spec = SessionSpec("<no session>", None, True, None, (Turn((), (), False),))
    root = workspace if workspace is not None else find_workspace(session) if session is not None else Path(".")
    loaded, refused = read_platform_workspace(root, config, "Reading the workspace")
    if refused:
        refuse_workspace("render --agent", refused, None)
    sources = from_loaded(loaded)
    chosen = pick_agent(spec, sources, agent)
    wanted = turn if turn is not None else len(spec.turns)
    if not 1 <= wanted <= len(spec.turns):
        raise UsageError(f"no turn {wanted}: {spec.path} has turns 1-{len(spec.turns)}" if spec.turns
                         else f"{spec.path} has no turn")
    started: list[AgentInstructions] = []

    def capture(number: int, invocation: object) -> None:
        if number == wanted:
            started.append(assemble(chosen.name, chosen.prompt, number, invocation))  # type: ignore[arg-type]

    report = run_session(sources, chosen, spec, on_start=capture)
    print_diagnostics_to_stderr(list(report.diagnostics))
    found = started[0]
    for note in found.notes:
        sys.stderr.write(f"skillkit: note: {note}\n")
    tokens = counter.count(found.instructions)
    load(RENDER_AGENT, format)(found, tokens, counter.name, spec.path if session is not None else None, out, color)
    return 1 if found.failed else 0
