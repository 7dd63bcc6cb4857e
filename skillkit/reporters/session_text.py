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


def _returns(returns: Event | None) -> str:
    """What a load returned, in a few words (the JSON holds the text)."""
    if not returns:
        return ""
    if returns["instructions"] is None:
        return "returns: guidance unknown (the workspace holds another version's file)"
    lines = len(returns["instructions"].splitlines())
    examples = len(returns["examples"])
    return f"returns: {plural(lines, 'line')} of instructions, {plural(examples, 'example')}"


def _use(use: Event) -> str:
    version = _version(use["version"])
    if use.get("external") is not None:
        return f"reused {use['kind']} {use['name']} from outside ({use['external']})"
    producer = "preload" if use.get("preload") else f"turn {use['turn']} call {use['call']}" if use["reused"] \
        else f"call {use['call']}"
    what = f"{use['kind']} {use['name']}{version} ({producer}{', ' + use['execution'] if use['execution'] else ''})"
    return f"reused {what}" if use["reused"] else what


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
            notes.append(_returns(call.get("returns")))
    else:
        notes.append(f"from {call['from']}")
        if call.get("skillLoadExecutionId"):
            notes.append(f"skillLoadExecutionId {call['skillLoadExecutionId']}")
        if "approval" in call:
            notes.append(f"approval {call['approval']}")
    if "reuses" in call:
        reuse = call["reuses"]
        notes.append(f"reuses output from outside ({reuse['external']})" if "external" in reuse
                     else f"reuses the output of turn {reuse['turn']} call {reuse['call']}")
    if call.get("supplied") is False:
        notes.append("its output not reported as supplied")
    line.append("  done · " + " · ".join(n for n in notes if n), style="dim")
    return line


def turn_lines(turn: Event, listing: list[Event] | None = None) -> list[Text]:
    """A turn's lines; `listing` is what the turn before listed (the listing is said when it changes)."""
    head = Text(f"Turn {turn['turn']}", style="bold cyan")
    if turn.get("retry"):
        head.append("  (a retry of the turn before: its loads rolled back)", style="dim")
    if turn.get("replay"):
        head.append(f"  (a replay of turn {turn['replay']}: its preloads at the versions that turn loaded)", style="dim")
    lines = [head]
    if "skills" in turn:  # reported when the references resolve differently from the turn before
        lines.append(Text("  skills: " + ("; ".join(_reference(s) for s in turn["skills"]) or "none"), style="dim"))
    if turn["listing"] != listing:
        listed = "; ".join(f"{s['name']} ({s['description'] or 'no description known'})" for s in turn["listing"])
        lines.append(Text(f"  listed for the model to load: {listed or 'none'}", style="dim"))
    for warning in turn["warnings"]:
        lines.append(Text(f"  ! {warning['log']}: {warning['message']}", style="yellow"))
    for preload in turn["preloads"]:
        line = Text("  ")
        line.append(f"skill.preload {preload['skill']}{_version(preload['version'])}", style="bold")
        if preload["verdict"] == "done":
            guidance = {"new": "", "same": " · guidance unchanged", "changed": " · guidance changed"}[preload["guidance"]]
            returns = f" · {_returns(preload['returns'])}" if preload["guidance"] != "same" else ""  # said once
            line.append(f"  execution {preload['execution']} · makes available: {_tools(preload['tools'])}{guidance}"
                        f"{returns}", style="dim")
        else:
            line.append(f"  fails: {preload['reason']}", style="red")
        lines.append(line)
    for call in turn["calls"]:
        if "offered" in call:  # said when the tools offered change
            lines.append(Text(f"  model call offers: {', '.join(call['offered']) or 'no tools'}", style="dim"))
        lines.append(_verdict(call))
    tools = ", ".join(f"{t['name']}{_version(t['version'])} ({t['from']})" for t in turn["invocationTools"])
    lines.append(Text(f"  invocation.tools: {tools or 'none'}", style="dim"))
    lines.append(Text(f"  uses: {'; '.join(_use(u) for u in turn['uses']) or 'none'}", style="dim"))
    if turn["status"] == "failed":
        lines.append(Text("  ✗ the turn fails to finalize (reuse_out_of_scope): its loads roll back", style="bold red"))
    elif turn["status"] == "rolled-back":
        lines.append(Text("  the retry that follows takes this turn back: its loads rolled back", style="yellow"))
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
    listing: list[Event] | None = None
    for turn in report.turns:
        for line in turn_lines(turn, listing):
            emit(line)
        listing = turn["listing"]
    if quiet:
        return
    refused = sum(1 for t in report.turns for e in (*t["preloads"], *t["calls"]) if e["verdict"] == "refused")
    calls = sum(len(t["calls"]) for t in report.turns)
    closing = f"{plural(calls, 'call')}: {refused} refused or failed" if refused else f"{plural(calls, 'call')}: all done"
    failed = sum(1 for t in report.turns if t["status"] == "failed")
    if failed:
        closing += f"; {plural(failed, 'turn')} failed to finalize"
    emit(Text(closing, style="bold red" if refused or failed else "green"))
