"""`skillkit render` text output (Rich): the Skills block, where it stands, and a tokens sheet."""

from __future__ import annotations

import json
from typing import Sequence, TextIO

from rich.console import Console
from rich.text import Text

from skillkit.agentskills.budgets import ClientListing
from skillkit.platform.agent_prompt import AgentInstructions
from skillkit.reporters.text import console_for
from skillkit.studio.assembly import PromptMessage
from skillkit.studio.render import Rendering

BAR_WIDTH = 40
SHEET_LABEL = 24  # "  Label       1,234,567  ": what stands before a bar
STYLES = {"Skills": "bold magenta", "History": "cyan", "Response": "dim", "Free": "green", "Tools": "yellow"}


def _bar(tokens: int, context: int, width: int = BAR_WIDTH) -> str:
    """At most `width` cells: the whole context is `width` cells, and a part larger than the
    context (a response reserve past it, say) fills the bar and stops there."""
    if tokens <= 0 or context <= 0 or width <= 0:
        return ""
    cells = min(tokens, context) * width / context
    whole = min(int(cells), width)
    return "█" * whole + ("▏" if whole < width and (cells - whole > 0 or whole == 0) else "")


def _heading(rendering: Rendering) -> Text:
    turn = rendering.turn
    kinds = {"continue": "a continue", "swipe": "a swipe", "regenerate": "a regenerate"}
    which = "the next reply" if rendering.next_reply else kinds.get(turn.kind, "a reply in the transcript")
    answering = "nothing" if turn.answering is None else f"message {turn.answering}"
    return Text(f"Turn {turn.number} ({which}), answering {answering}", style="bold")


def _prompt_outline(console: Console, messages: Sequence[PromptMessage], counts: Sequence[int]) -> None:
    console.print(Text("Prompt", style="bold"))
    width = len(f"{len(messages)}-{len(messages)}")
    position = 0
    while position < len(messages):
        message = messages[position]
        end = position
        if message.label == "History":
            while end + 1 < len(messages) and messages[end + 1].label == "History":
                end += 1
        number = f"{position + 1}" if end == position else f"{position + 1}-{end + 1}"
        role = message.role if end == position else "mixed" if len({m.role for m in messages[position:end + 1]}) > 1 \
            else message.role
        tokens = sum(counts[position:end + 1])
        line = Text(f"  {number:>{width}}  {role:<9}  ")
        line.append(f"{message.label:<12}", style=STYLES.get(message.label, ""))
        line.append(f"{tokens:>8,}")
        if end > position:
            line.append(f"  ({end - position + 1:,} messages)", style="dim")
        if message.label == "Skills" and message.content.startswith("### Skills"):
            line.append("  ◀ the Skills block", style="bold magenta")
        console.print(line)
        position = end + 1


def _sheet(console: Console, rendering: Rendering) -> None:
    budget = rendering.budget
    console.print(Text(f"Tokens ({budget.tokenizer}), context {budget.context:,}", style="bold"))
    rows = [(label, tokens) for label, tokens in budget.used.items()] + [("Response", budget.response),
                                                                           ("Free", budget.free)]
    width = min(BAR_WIDTH, console.width - SHEET_LABEL - 1)
    for label, tokens in rows:
        line = Text(f"  {label:<12}{tokens:>8,}  ")
        line.append(_bar(tokens, budget.context, width), style=STYLES.get(label, "blue"))
        console.print(line)
    console.print(Text(f"History: {len(budget.kept):,} kept, {budget.dropped:,} gave way."))
    if budget.response >= budget.context:
        console.print(Text(f"The response reserve ({budget.response:,}) is not smaller than the context "
                           f"({budget.context:,}): no room is left for the prompt (lint: scene-budget).",
                           style="bold red"))
    if budget.over:
        console.print(Text(f"Over the context by {budget.over:,} tokens: the fixed blocks and the message being "
                           "answered are never dropped.", style="bold red"))


def _listings(console: Console, listings: Sequence[ClientListing]) -> None:
    console.print(Text("Were these skills installed in an Agent Skills client, its skill listing:", style="bold"))
    for listing in listings:
        line = Text(f"  {listing.client}: ")
        amount = f"{listing.used:,} of {listing.limit:,} {listing.unit}; {listing.basis}"
        if listing.fits:
            line.append(f"fits, {amount}", style="green")
        else:
            line.append(amount, style="yellow")
            for what, names in (("shortened", [f"{s.name} ({s.kept:,}/{s.of:,} chars)" for s in listing.shortened]),
                                ("without a description", list(listing.without_description)),
                                ("left out", list(listing.left_out))):
                if names:
                    line.append(f"; {what}: {', '.join(names)}")
        console.print(line)


def _tools(console: Console, rendering: Rendering) -> None:
    if not rendering.tools:
        console.print(Text("Tools: none (tool access is off, or the scene links no picked skill).", style="bold"))
        return
    console.print(Text("Tools the scene gives the model", style="bold"))
    console.print(Text(json.dumps(list(rendering.tools), indent=2, ensure_ascii=False)))
    for name, answer in rendering.open_answers.items():
        console.print(Text(f"open_skill({name!r}) answers:", style="bold"))
        console.print(Text(answer or "(blank)"))


def _verdicts(console: Console, rendering: Rendering, shown: Sequence[int]) -> None:
    """The verdicts asked for (`--explain`, `-v`): each skill, on or off, and its one sentence of why."""
    verdicts = rendering.turn.verdicts
    width = max((len(verdicts[i].name) for i in shown), default=0)
    for i in shown:
        verdict = verdicts[i]
        line = Text("  ")
        line.append("● on " if verdict.on else "· off", style="green" if verdict.on else "dim")
        line.append(f"  {verdict.name:<{width}}  ", style="bold")
        line.append(verdict.reason)
        console.print(line)


def report(rendering: Rendering, listings: Sequence[ClientListing], with_tools: bool, out: TextIO,
           color: bool | None, explained: Sequence[int] | None = None) -> None:
    console = console_for(out, color)
    console.print(_heading(rendering))
    if explained is not None:
        _verdicts(console, rendering, explained)
    block = rendering.skills_block
    if block is None:
        console.print(Text("No Skills block: no skill is on this turn (or every one renders blank).", style="yellow"))
    else:
        at = next(i for i, m in enumerate(rendering.messages) if m.label == "Skills" and m.content == block)
        role = rendering.messages[at].role
        console.print(Text(f"Skills block: {role} message {at + 1} of {len(rendering.messages)}, "
                           f"{rendering.assembly.placement}; on: {', '.join(rendering.assembly.in_block)}"))
        console.print(Text(block), style="magenta")
    if rendering.assembly.in_cards:
        console.print(Text(f"Placed by preset skill cards: {', '.join(rendering.assembly.in_cards)}"))
    console.print()
    if rendering.messages:  # no history, no preset, no skill on: nothing to outline
        _prompt_outline(console, rendering.messages, rendering.budget.counts)
        console.print()
    _sheet(console, rendering)
    console.print()
    _listings(console, listings)
    if with_tools:
        console.print()
        _tools(console, rendering)


def agent_report(found: AgentInstructions, tokens: int, tokenizer: str, session: str | None, out: TextIO,
                 color: bool | None) -> None:
    """`render --agent`: the agent's instructions as the turn assembles them, the tools offered
    from its first model call, and the token count."""
    console = console_for(out, color)
    where = f"turn {found.turn} of {session}" if session else "a fresh invocation (no --session)"
    console.print(Text(f"Agent {found.agent}, {where}", style="bold"))
    preloads = ", ".join(f"{skill} v{version}" if isinstance(version, int) else f"{skill} {version}"
                         for skill, version in found.preloads)
    console.print(Text(f"Instructions: the agent's prompt, then the guidance of each preloaded skill "
                       f"({preloads or 'none'})"))
    console.print(Text(found.instructions or "(empty: no prompt and no preloaded guidance)"), style="magenta")
    console.print()
    tools = ", ".join(f"{name}{'' if version is None else f' v{version}' if isinstance(version, int) else f' {version}'}"
                      f" ({source})" for name, version, source in found.tools)
    console.print(Text(f"Tools offered from the first model call: {tools or 'none'}"))
    console.print(Text(f"Tokens ({tokenizer}): {tokens:,}", style="bold"))
