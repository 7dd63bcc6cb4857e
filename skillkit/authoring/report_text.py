"""The import report for people (Rich): each skill with what it kept and dropped, then what
was skipped, the defaults chosen, and what lint still says. JSON goes through `as_json`."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.text import Text

from skillkit.authoring.report import EntryReport, ImportReport

MAX_VALUE = 70


def shown(value: Any) -> str:
    """A value as the file wrote it (JSON), cut short for one line."""
    if value is None:
        text = "null"
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = ", ".join(json.dumps(v, ensure_ascii=False) if not v.isidentifier() else v for v in value)
    else:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 1] + "…"


def _rows(console: Console, label: str, lines: list[str], style: str) -> None:
    for index, line in enumerate(lines):
        row = Text("    ")
        row.append(f"{label if index == 0 else '':<8} ", style=style)
        row.append(line)
        console.print(row)


def _entry(console: Console, entry: EntryReport) -> None:
    head = Text("  ")
    head.append(entry.skill or "", style="bold")
    head.append(f"  from entry {entry.entry}" + (f" ({entry.title})" if entry.title else ""), style="dim")
    head.append(f"  when: {entry.when}")
    console.print(head)
    _rows(console, "kept", [f"{k.source} {shown(k.value)} -> {k.target}" + (f" ({k.note})" if k.note else "")
                            for k in entry.kept], "green")
    _rows(console, "dropped", [f"{d.source} {shown(d.value)}: {d.note}" for d in entry.dropped], "yellow")
    _rows(console, "note", list(entry.notes), "cyan")


def report(result: ImportReport, console: Console) -> None:
    imported, skipped = result.imported, result.skipped
    console.print(Text(f"{result.source}: {result.format}"
                       + (f", lorebook {result.lorebook!r}" if result.lorebook else "")
                       + f", {len(result.entries)} entr{'y' if len(result.entries) == 1 else 'ies'}", style="bold"))
    for entry in imported:
        _entry(console, entry)
    if skipped:
        console.print(Text(f"Skipped {len(skipped)}:", style="yellow"))
        for entry in skipped:
            console.print(f"  entry {entry.entry}" + (f" ({entry.title})" if entry.title else "") + f": {entry.reason}")
    if result.defaults:
        console.print(Text("Lorebook defaults chosen:", style="cyan"))
        for note in result.defaults:
            console.print(f"  {note}")
    if result.dropped:
        console.print(Text("Dropped from the lorebook itself:", style="yellow"))
        for dropped in result.dropped:
            console.print(f"  {dropped.source} {shown(dropped.value)}: {dropped.note}")
    for d in result.diagnostics:
        console.print(Text(d.as_text(), style="yellow"))
    if result.scene:
        console.print(Text(f"Scene {result.scene} links them, with char: {result.character} and user: User "
                           "(simulate --scene and render --scene use it).", style="green"))
    replaced = f" ({len(result.replaced)} overwritten)" if result.replaced else ""
    summary = (f"Imported {len(imported)} of {len(result.entries)} entries as skills in {result.output}/{replaced}."
               if imported else "Nothing to import: no entry became a skill.")
    console.print(Text(summary, style="green" if imported else "yellow"))
