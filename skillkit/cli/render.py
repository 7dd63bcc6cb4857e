"""`skillkit render`: the prompt one turn assembles, its Skills block, and its token budget."""

from __future__ import annotations

import contextlib
import enum
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option, report_option
from skillkit.cli.library import SKILLS_OPTION
from skillkit.reporters.formats import RENDER
from skillkit.reporters.registry import choices


Format = choices("Format", RENDER)  # text, json, agent-skills-xml


class Tokenizer(str, enum.Enum):
    o200k_base = "o200k_base"
    cl100k_base = "cl100k_base"
    estimate = "estimate"


def render(
    transcript: Optional[Path] = typer.Argument(None, help="A chat transcript (OpenAI JSON, SillyTavern JSONL or "
                                                "skillkit YAML; `-`: standard input). Without one: an empty history."),
    skills: Optional[Path] = SKILLS_OPTION,
    scene: Optional[Path] = typer.Option(None, "--scene", help="A scene file: linked skills, variables, budget, "
                                         "preset. Default: every skill, in name order, tool access on."),
    turn: Optional[int] = typer.Option(None, "--turn", min=1, help="The turn to render, numbered as simulate "
                                 "numbers them (default: the next reply, else the last turn)."),
    context: Optional[int] = typer.Option(None, "--context", min=1, help="Context size in tokens (default: the "
                                          "scene's budget, else 8192). Also sizes the Agent Skills listing budgets."),
    var: Optional[list[str]] = typer.Option(None, "--var", help="NAME=VALUE: a macro variable, over the scene's "
                                            "(repeatable)."),
    tokenizer: Tokenizer = typer.Option(Tokenizer.o200k_base, "--tokenizer", help="Exact offline o200k_base or "
                                        "cl100k_base, or the cheap estimate.", case_sensitive=False),
    format: Format = format_option(Format.text, "text for people; json for machines; agent-skills-xml, the "
                                   "<available_skills> listing as skills-ref to-prompt prints it"),
    tools: bool = typer.Option(False, "--tools", help="Also show open_skill / close_skill and what open_skill "
                               "answers for each picked skill."),
    output: Optional[Path] = report_option(),
    config: Optional[Path] = CONFIG_OPTION,
    explain: Optional[list[str]] = typer.Option(None, "--explain", help="Tell these linked skills' verdicts and "
                                                "reasons, on or off: names or glob patterns (`--explain 'lore*'`); "
                                                "repeatable."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Tell every linked skill's verdict and reason, "
                                 "the skills that are off included."),
    agent: Optional[str] = typer.Option(None, "--agent", help="A platform agent instead of a studio scene: its "
                                        "instructions (its prompt, then each preloaded skill's guidance), the tools "
                                        "offered from the first model call, and their tokens."),
    session: Optional[Path] = typer.Option(None, "--session", help="With --agent: a session file; --turn N picks "
                                           "the turn whose versions are shown (default: its last)."),
    workspace: Optional[Path] = typer.Option(None, "--workspace", "-w", help="With --agent: the platform workspace "
                                             "(default: the one above --session, else the current folder)."),
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Assemble one turn's prompt as the studio would: the ### Skills block, where it stands, and
    the token budget (what is reserved, how much history gives way).

    Exit 0 when rendered, 1 when a skill or the scene's preset had errors (left out, shown on
    stderr; the rest still renders), 2 on usage errors and unusable inputs.

    With --agent NAME (and optionally --session FILE --turn N), the platform's side: the agent's
    instructions as that turn assembles them, the tools offered from its first model call, and
    their token count; exit 1 when a preload fails.

    Examples: `skillkit render chat.json --scene scenes/tavern.yaml`,
    `skillkit render --agent account-reviewer --session sessions/review.yaml --turn 2`,
    `skillkit render --scene scenes/tavern.yaml --var user=Ann --format json`,
    `skillkit render --format agent-skills-xml --skills skills/`.
    """
    if agent is not None or session is not None:
        from skillkit.cli.render_agent import run_render_agent

        studio = [n for n, v in (("TRANSCRIPT", transcript), ("--scene", scene), ("--skills", skills),
                                 ("--var", var), ("--context", context), ("--explain", explain)) if v]
        if studio or tools or verbose:
            from skillkit.core.errors import UsageError

            raise UsageError(f"--agent renders a platform agent; {', '.join(studio) or '--tools/-v'} is for a studio "
                             f"scene's turn")
        from skillkit.cli.streams import color_for, report_to

        with report_to(output) as out:
            code = run_render_agent(agent=agent, session=session, turn=turn, workspace=workspace, config=config,
                                    tokenizer=tokenizer.value, format=format.value,
                                    color=color_for(output, color.flag()), out=out)
        raise typer.Exit(code)
    from skillkit.cli.render_run import run_render
    from skillkit.cli.streams import color_for, readable, report_to
    from skillkit.transcripts.limits import MAX_TRANSCRIPT_BYTES

    with contextlib.ExitStack() as stack:
        source = stack.enter_context(readable(transcript, MAX_TRANSCRIPT_BYTES)) if transcript is not None else None
        out = stack.enter_context(report_to(output))
        code = run_render(transcript=source, skills=skills, scene=scene, turn=turn, context=context,
                          variables=var or [], tokenizer=tokenizer.value, format=format.value, tools=tools,
                          color=color_for(output, color.flag()), out=out, config=config, quiet=quiet,
                          explain=explain, verbose=verbose)
    raise typer.Exit(code)
