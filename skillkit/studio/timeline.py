"""`skillkit simulate` for people: a timeline (turns down, skills across) and one skill's story.

Builds Rich `Text` lines; the command prints them. Columns never wrap: a transcript's turns
are read down the page, so a long calls column runs off to the right rather than breaking the
grid. When the skills' names do not fit across, columns are numbered and a key follows.
"""

from __future__ import annotations

from typing import Iterator

from rich.text import Text

from skillkit.reporters.text import plural
from skillkit.studio.activation import Simulation, Turn
from skillkit.studio.verdicts import CallOutcome, Verdict

ON, OFF, CLOSED, SLOW = "●", "·", "✕", "!"
STYLE = {ON: "green", OFF: "dim", CLOSED: "red", SLOW: "yellow"}
LEGEND = (f"{ON} on   {OFF} off   {CLOSED} closed on this turn   "
          f"{SLOW} off: a regex trigger ran too long and counted as no match")


def mark(verdict: Verdict) -> str:
    if verdict.on:
        return ON
    return {"closed": CLOSED, "slow": SLOW}.get(verdict.note, OFF)


def answers(turn: Turn) -> str:
    return "-" if turn.answering is None else f"#{turn.answering}"


def call_text(call: CallOutcome) -> str:
    target = f" {call.skill}" if call.skill else ""
    return f"{call.tool}{target}: {call.note}"


def headline(sim: Simulation) -> str:
    transcript = sim.transcript
    scene = sim.scene.path or "none (every skill found, tool access on)"
    replies = sum(1 for t in sim.turns if t.kind != "next")
    return (f"{transcript.path}: {plural(len(transcript.messages), 'message')} ({transcript.format}), "
            f"{plural(len(sim.turns), 'turn')} ({replies} in the transcript); scene: {scene}")


def timeline(sim: Simulation, width: int) -> Iterator[Text]:
    names = [s.name for s in sim.skills]
    fixed = 5 + 2 + 10 + 2 + max([7] + [len(answers(t)) for t in sim.turns]) + 2
    numbered = fixed + sum(len(n) + 2 for n in names) > width
    headers = [str(i + 1) for i in range(len(names))] if numbered else names
    widths = [max(len(h), 1) for h in headers]
    answers_width = max([7] + [len(answers(t)) for t in sim.turns])
    head = Text(f"{'turn':>5}  {'kind':<10}  {'answers':<{answers_width}}  ", style="bold")
    for header, w in zip(headers, widths):
        head.append(f"{header:<{w}}  ", style="bold")
    head.append("calls", style="bold")
    yield head
    for turn in sim.turns:
        line = Text(f"{turn.turn:>5}  {turn.kind:<10}  {answers(turn):<{answers_width}}  ")
        for verdict, w in zip(turn.verdicts, widths):
            symbol = mark(verdict)
            line.append(symbol, style=STYLE[symbol])
            line.append(" " * (w - 1 + 2))
        line.append("; ".join(call_text(c) for c in turn.calls), style="cyan")
        yield line.rstrip() or line
    yield Text("")
    yield Text(LEGEND, style="dim")
    whens = "   ".join(f"{i + 1} {s.name} ({s.when})" if numbered else f"{s.name} ({s.when})"
                       for i, s in enumerate(sim.skills))
    yield Text(("skills: " + whens) if whens else "No skill is linked.", style="dim")
    yield Text("`--explain NAME` tells one skill's reasons turn by turn.", style="dim")


def explain(sim: Simulation, name: str) -> Iterator[Text]:
    index = next(i for i, s in enumerate(sim.skills) if s.name == name)
    skill = sim.skills[index]
    facts = [skill.when]
    if skill.when != "always" and skill.triggers:
        facts.append(f"triggers: {', '.join(skill.triggers)}")
        if skill.secondary_triggers:
            facts.append(f"secondary ({skill.selective_logic}): {', '.join(skill.secondary_triggers)}")
        facts.append(f"scanDepth {skill.scan_depth}")
    if skill.when == "picked" and skill.close_when_unmentioned:
        facts.append("closeWhenUnmentioned")
    yield Text(f"{skill.name} ({'; '.join(facts)})", style="bold")
    for turn in sim.turns:
        verdict = turn.verdicts[index]
        line = Text(f"turn {turn.turn:>3}  {turn.kind:<10}  answers {answers(turn):<6}  ")
        line.append(f"{'on ' if verdict.on else 'off'}", style=STYLE[mark(verdict)])
        line.append(f"  {verdict.reason}")
        yield line
        for call in turn.calls:
            if call.skill == name:
                yield Text(f"{'':>44}{call_text(call)}", style="cyan")
