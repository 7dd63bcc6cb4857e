"""The text view of `skillkit session`: turn by turn, what a person reads to see why a call
was refused. Each turn: its skill references as resolved, its preloads (`skill.preload`
events), every model call with the tools offered and the call's verdict, the `harness.log`
warnings, and the turn's invocation.tools."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from rich.text import Text

from skillkit.reporters.text import console_for, plural, wants_color

if TYPE_CHECKING:
    from skillkit.platform.session import SessionReport

Event = dict[str, Any]


def _version(value: object) -> str:
    if value is None:
        return ""
    return f" v{value}" if isinstance(value, int) else f" {value}"


def _reference(skill: Event) -> str:
    if not skill["resolves"]:
        return f"{skill['name']} (does not resolve)"
    how = f"pinned v{skill['version']}" if skill["pinned"] else f"latest, now {skill['version']}"
    return f"{skill['name']} {how}" + (" · preload" if skill["preload"] else "")


def _tools(tools: list[Event]) -> str:
    return ", ".join(f"{t['name']}{_version(t['version'])}" for t in tools) or "none"


def _verdict(call: Event) -> Text:
    done = call["verdict"] == "done"
    line = Text("  ")
    line.append("✓ " if done else "✗ ", style="green" if done else "bold red")
    what = f"load {call['load']}" if "load" in call else f"tool {call['tool']}"
    line.append(f"call {call['index']}: {what}{_version(call.get('version'))}", style="bold")
    if not done:
        line.append(f"  refused: {call['reason']}", style="red")
        return line
    notes = []
    if "load" in call:
        notes.append(f"execution {call['execution']}")
        if call.get("preload"):
            notes.append("returns the turn's preload")
        elif call.get("repeat"):
            notes.append("repeated: the same execution")
        else:
            notes.append(f"makes available: {_tools(call.get('tools', []))}")
    else:
        notes.append(f"from {call['from']}")
        if call.get("skillLoadExecutionId"):
            notes.append(f"skillLoadExecutionId {call['skillLoadExecutionId']}")
        if "approval" in call:
            notes.append(f"approval {call['approval']}")
    line.append("  done · " + " · ".join(notes), style="dim")
    return line


def turn_lines(turn: Event) -> list[Text]:
    head = Text(f"Turn {turn['turn']}", style="bold cyan")
    if turn.get("retry"):
        head.append("  (a retry of the turn before: its loads rolled back)", style="dim")
    if turn.get("replay"):
        head.append(f"  (a replay of turn {turn['replay']}: its preloads at the versions that turn loaded)", style="dim")
    lines = [head]
    if "skills" in turn:  # reported when the references resolve differently from the turn before
        lines.append(Text("  skills: " + ("; ".join(_reference(s) for s in turn["skills"]) or "none"), style="dim"))
    for warning in turn["warnings"]:
        lines.append(Text(f"  ! {warning['log']}: {warning['message']}", style="yellow"))
    for preload in turn["preloads"]:
        line = Text("  ")
        line.append(f"skill.preload {preload['skill']}{_version(preload['version'])}", style="bold")
        if preload["verdict"] == "done":
            guidance = {"new": "", "same": " · guidance unchanged", "changed": " · guidance changed"}[preload["guidance"]]
            line.append(f"  execution {preload['execution']} · makes available: {_tools(preload['tools'])}{guidance}",
                        style="dim")
        else:
            line.append(f"  fails: {preload['reason']}", style="red")
        lines.append(line)
    for call in turn["calls"]:
        if "offered" in call:  # said when the tools offered change
            lines.append(Text(f"  model call offers: {', '.join(call['offered']) or 'no tools'}", style="dim"))
        lines.append(_verdict(call))
    tools = ", ".join(f"{t['name']}{_version(t['version'])} ({t['from']})" for t in turn["invocationTools"])
    lines.append(Text(f"  invocation.tools: {tools or 'none'}", style="dim"))
    return lines


def report_text(report: SessionReport, out: TextIO, color: bool | None, quiet: bool = False) -> None:
    """The session turn by turn, then a closing count (left out when `quiet`)."""
    if wants_color(out, color):
        console = console_for(out, color)
        _print(report, console.print, quiet)
    else:  # plain lines, without Rich's rendering: a session of 50,000 calls prints 50,000 lines
        _print(report, lambda line: out.write(line.plain + "\n"), quiet)


def _print(report: SessionReport, emit: Callable[[Text], object], quiet: bool) -> None:
    mode = "one session (later turns keep loaded skills' tools)" if report.session else "no session (each turn " \
           "is an invocation of its own)"
    emit(Text(f"Agent {report.agent} · {plural(len(report.turns), 'turn')} · {mode}", style="bold"))
    for turn in report.turns:
        for line in turn_lines(turn):
            emit(line)
    if quiet:
        return
    refused = sum(1 for t in report.turns for e in (*t["preloads"], *t["calls"]) if e["verdict"] == "refused")
    calls = sum(len(t["calls"]) for t in report.turns)
    closing = f"{plural(calls, 'call')}: {refused} refused or failed" if refused else f"{plural(calls, 'call')}: all done"
    emit(Text(closing, style="bold red" if refused else "green"))
