"""`skillkit session`: the thin command over skillkit/platform/session.py."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Optional

import typer

from skillkit.cli.common import (COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option,
                                 print_diagnostics_to_stderr, progress_bar, report_option)
from skillkit.reporters.formats import SESSION
from skillkit.reporters.registry import choices, load, reporter

if TYPE_CHECKING:
    from skillkit.core.pipeline import LoadedWorkspace
    from skillkit.platform.inputs import AgentSource, Sources
    from skillkit.platform.session_file import SessionSpec


Format = choices("Format", SESSION)  # text, json


def find_workspace(session: Path) -> Path:
    """The workspace a session belongs to: the nearest folder above it that is a workspace root
    (`sessions/x.yaml` -> its root), else the current folder (which `resolve` defaults to)."""
    from skillkit.core.paths import folders_up_to_repo_top
    from skillkit.core.workspace import is_root

    return next((f for f in folders_up_to_repo_top(session.parent) if is_root(f)), Path("."))


def pick_agent(spec: SessionSpec, sources: Sources, chosen: str | None) -> AgentSource:
    """The agent the session names, or `--agent`, or the workspace's only agent."""
    from skillkit.core.errors import InputError, UsageError
    from skillkit.platform.session_file import did_you_mean

    agents = {a.name: a for a in sources.agents}
    if spec.agent is not None and chosen is not None and chosen != spec.agent:
        raise UsageError(f"--agent {chosen!r}: {spec.path} names agent {spec.agent!r}")
    name = spec.agent or chosen
    if name is None:
        if len(agents) == 1:
            return next(iter(agents.values()))
        raise UsageError(f"{spec.path} names no agent: pick one with --agent "
                         f"({', '.join(sorted(agents)) or 'the workspace has none'})")
    if name not in agents:
        hint = did_you_mean(name, agents) or f" (its agents: {', '.join(sorted(agents)) or 'none'})"
        if spec.agent is None:
            raise UsageError(f"--agent: no agent {name!r} in the workspace{hint}")
        raise InputError(f"no agent {name!r} in the workspace{hint}", spec.path, *spec.agent_at)
    return agents[name]


def _agent_data(loaded: LoadedWorkspace, agent: AgentSource) -> Mapping[str, Any] | None:
    return next((d.data for d in loaded.documents if d.kind == "agent" and d.path == agent.path), None)


def session_command(
    session: Path = typer.Argument(..., help="A session file (YAML or JSON; `-`: standard input): the agent and, "
                                   "turn by turn, the calls its model made.", show_default=False),
    workspace: Optional[Path] = typer.Option(None, "--workspace", "-w", help="The workspace folder (default: the "
                                             "workspace root above SESSION, else the current folder)."),
    agent: Optional[str] = typer.Option(None, "--agent", help="The agent, when SESSION names none."),
    format: Format = format_option(Format.text, "text (turn by turn) for people; json for machines"),
    output: Optional[Path] = report_option(),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Dry-run the platform's skill loads over a session, turn by turn: the references each
    turn resolves, its preloads, the tools offered at every model call, each call's verdict
    (done, or refused and why), which load each tool call used, and the harness.log warnings.

    Exit 0 when every call is done; 1 when a call is refused or a load fails (or a skill, tool,
    agent or catalog file has errors: the workspace is refused, as `resolve` refuses it); 2 when
    SESSION cannot be parsed or names an unknown agent (the message gives file:line:column).

    Examples: `skillkit session sessions/review.yaml`, `skillkit session run.json -w . --agent
    account-reviewer --format json`.
    """
    from skillkit.cli.library import read_platform_workspace, refuse_workspace
    from skillkit.core.paths import display
    from skillkit.platform.inputs import from_loaded
    from skillkit.core.collector import no_collection
    from skillkit.platform.session import fixed_references, run_session
    from skillkit.platform.session_file import read_session

    from skillkit.cli.streams import color_for, is_stdin, readable, report_to
    from skillkit.platform.session_file import MAX_SESSION_BYTES

    with no_collection(), readable(session, MAX_SESSION_BYTES) as source:  # 50,000 calls: as many small objects
        spec = read_session(source, display(source))
    root = workspace if workspace is not None else Path(".") if is_stdin(session) else find_workspace(session)
    loaded, refused = read_platform_workspace(root, config, "Reading the workspace")
    if refused:
        from skillkit.platform.session import SessionReport

        refusal = SessionReport(spec.agent or agent or "", spec.session, (), refused)

        def write_json() -> None:
            with report_to(output) as out:
                load(SESSION, format.value)(refusal, out)

        refuse_workspace("session", refused, write_json if reporter(SESSION, format.value).machine else None)
    sources = from_loaded(loaded)
    chosen = pick_agent(spec, sources, agent)
    tick, close = progress_bar("Running the session", minimum=200)
    try:
        report = run_session(sources, chosen, spec, fixed_references(_agent_data(loaded, chosen)), tick)
    finally:
        close()
    with report_to(output) as out:
        if not reporter(SESSION, format.value).machine:  # a machine format holds them
            print_diagnostics_to_stderr(list(report.diagnostics))
        load(SESSION, format.value)(report, out, color_for(output, color.flag()), quiet)
    raise typer.Exit(0 if report.ok else 1)
