"""`skillkit render`: the prompt one turn assembles, its Skills block, and its token budget."""

from __future__ import annotations

import contextlib
import enum
from pathlib import Path
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option, report_option
from skillkit.cli.library import SKILLS_OPTION


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    agent_skills_xml = "agent-skills-xml"


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
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Assemble one turn's prompt as the studio would: the ### Skills block, where it stands, and
    the token budget (what is reserved, how much history gives way).

    Exit 0 when rendered, 1 when a skill or the scene's preset had errors (left out, shown on
    stderr; the rest still renders), 2 on usage errors and unusable inputs.

    Examples: `skillkit render chat.json --scene scenes/tavern.yaml`,
    `skillkit render --scene scenes/tavern.yaml --var user=Ann --format json`,
    `skillkit render --format agent-skills-xml --skills skills/`.
    """
    from skillkit.cli.render_run import run_render
    from skillkit.cli.streams import color_for, readable, report_to
    from skillkit.transcripts.limits import MAX_TRANSCRIPT_BYTES

    with contextlib.ExitStack() as stack:
        source = stack.enter_context(readable(transcript, MAX_TRANSCRIPT_BYTES)) if transcript is not None else None
        out = stack.enter_context(report_to(output))
        code = run_render(transcript=source, skills=skills, scene=scene, turn=turn, context=context,
                          variables=var or [], tokenizer=tokenizer.value, format=format.value, tools=tools,
                          color=color_for(output, color.flag()), out=out, config=config, quiet=quiet)
    raise typer.Exit(code)
