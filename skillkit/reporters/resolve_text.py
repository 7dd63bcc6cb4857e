"""The text view of a resolution: one Rich tree per agent (agent -> skills in load order ->
the tools each load makes available; then the agent's effective tool set). Builds renderables;
the CLI prints them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from skillkit.core.diagnostics import Severity
from skillkit.platform.model import (AGENT_OWN, JOINED, PINNED_EARLIER, UNFIT, AgentResolution, SkillEntry,
                                     ToolEntry, ToolJoin)
from skillkit.platform.references import describe

if TYPE_CHECKING:
    from skillkit.platform.resolve import Resolution


def _line(name: str, detail: str, style: str = "") -> Text:
    text = Text()
    text.append(name, style=style or "bold")
    if detail:
        text.append(f"  {detail}", style="dim" if not style else "")
    return text


def _skill(entry: SkillEntry) -> Tree:
    if entry.version is None:
        return Tree(_line(entry.name, "does not resolve (see the diagnostics)", "red"))
    detail = describe(entry.version, entry.pinned)
    if entry.preload:
        detail += " · preload (not listed for the model)"
    if not entry.loads:
        return Tree(_line(entry.name, detail + " · its load fails (see the diagnostics)", "red"))
    node = Tree(_line(entry.name, detail))
    for tool in entry.tools:
        node.add(_join(tool))
    return node


def _join(tool: ToolJoin) -> Text:
    version = describe(tool.version, tool.pinned) if tool.version is not None else ""
    if tool.outcome == JOINED:
        return _line(tool.name, " · ".join(p for p in (version, "joins", tool.note) if p))
    style = {AGENT_OWN: "", PINNED_EARLIER: "", UNFIT: "yellow"}.get(tool.outcome, "red")
    note = tool.note if tool.outcome != UNFIT else "left out: does not fit the agent's tools"
    text = _line(tool.name, " · ".join(p for p in (version, note) if p), style)
    return text


def _tool(tool: ToolEntry) -> Text:
    when = "" if tool.source == "agent" else (" (preloaded)" if tool.offered == "start" else " (once loaded)")
    return _line(tool.name, f"{describe(tool.version, tool.pinned)} · from {tool.source}{when}")


def agent_tree(agent: AgentResolution) -> Tree:
    title = Text()
    title.append(agent.name, style="bold cyan")
    title.append(f"  {agent.path}" + ("" if agent.handler == "agent" else f" · handler {agent.handler}"), style="dim")
    tree = Tree(title)
    skills = tree.add(Text("skills", style="bold") + Text(" (load order)" if agent.skills else ": none", style="dim"))
    for entry in agent.skills:
        skills.add(_skill(entry))
    tools = tree.add(Text("tools", style="bold") + Text(" (with every skill loaded)" if agent.tools else ": none",
                                                        style="dim"))
    for tool in agent.tools:
        tools.add(_tool(tool))
    return tree


def resolution_view(agents: tuple[AgentResolution, ...]) -> RenderableType:
    if not agents:
        return Text("No agents in this workspace.", style="dim")
    return Group(*(agent_tree(a) for a in agents))


_LOCK_WORDS = {
    "written": ("Wrote {path}.", "green"),
    "unchanged": ("{path} is up to date (unchanged).", "green"),
    "not-written": ("{path} was not written: a reference breaks a rule.", "bold red"),
    "up-to-date": ("{path} is up to date.", "green"),
    "changed": ("{path} is out of date; what the references resolve to changed:", "bold red"),
    "missing": ("No lock at {path}; run `skillkit resolve` to write one.", "bold red"),
}


def report_text(resolution: Resolution, lock: dict[str, Any], out: TextIO, color: bool | None,
                quiet: bool = False) -> None:
    """The tree, a count of findings, and what happened to the lock, on `out` (`quiet`: the tree alone)."""
    from skillkit.reporters.text import console_for, plural

    # Not soft-wrapped (unlike lint's lines): a long tree line wraps under its own guide.
    console = console_for(out, color, soft_wrap=False)
    console.print(resolution_view(resolution.agents))
    if quiet:
        return
    errors = sum(1 for d in resolution.diagnostics if d.severity == Severity.ERROR)
    warnings = sum(1 for d in resolution.diagnostics if d.severity == Severity.WARNING)
    counts = f"{plural(len(resolution.agents), 'agent')}: {plural(errors, 'error')}, {plural(warnings, 'warning')}"
    # Plain lines are never wrapped (a log or CI reader gets them whole).
    console.print(Text(counts, style="bold red" if errors else "yellow" if warnings else "green"), soft_wrap=True)
    words, style = _LOCK_WORDS[lock["status"]]
    console.print(Text(words.format(path=lock["path"]), style=style), soft_wrap=True)
    for change in lock["changes"] if lock["status"] == "changed" else ():
        console.print(Text(f"  - {change}"), soft_wrap=True)
