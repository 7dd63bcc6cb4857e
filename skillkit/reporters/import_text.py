"""`import --format text`: the import report for people (Rich): each skill with what it kept and
dropped, then what was skipped, the defaults chosen, and what lint still says."""

from __future__ import annotations

import json
from typing import Any, TextIO

from skillkit.authoring.report import EntryReport, ImportReport
from skillkit.core.paths import shown as safe, shown_unchanged

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


Part = tuple[str, str]  # (text, Rich style; "" for none)


def _rows(label: str, lines: list[str], style: str) -> list[list[Part]]:
    return [[("    ", ""), (f"{label if index == 0 else '':<8} ", style), (line, "")] for index, line in enumerate(lines)]


def _entry(entry: EntryReport) -> list[list[Part]]:
    head = [("  ", ""), (entry.skill or "", "bold"),
            (f"  from entry {entry.entry}" + (f" ({entry.title})" if entry.title else ""), "dim"),
            (f"  when: {entry.when}", "")]
    return [head,
            *_rows("kept", [f"{k.source} {shown(k.value)} -> {k.target}" + (f" ({k.note})" if k.note else "")
                            for k in entry.kept], "green"),
            *_rows("dropped", [f"{d.source} {shown(d.value)}: {d.note}" for d in entry.dropped], "yellow"),
            *_rows("note", list(entry.notes), "cyan")]


def lines(result: ImportReport) -> list[list[Part]]:
    """The report, line by line, each line its styled parts."""
    imported, skipped = result.imported, result.skipped
    out: list[list[Part]] = [[(f"{result.source}: {result.format}"
                               + (f", lorebook {result.lorebook!r}" if result.lorebook else "")
                               + f", {len(result.entries)} entr{'y' if len(result.entries) == 1 else 'ies'}", "bold")]]
    for entry in imported:
        out.extend(_entry(entry))
    if skipped:
        out.append([(f"Skipped {len(skipped)}:", "yellow")])
        out.extend([(f"  entry {e.entry}" + (f" ({e.title})" if e.title else "") + f": {e.reason}", "")]
                   for e in skipped)
    if result.defaults:
        out.append([("Lorebook defaults chosen:", "cyan")])
        out.extend([(f"  {note}", "")] for note in result.defaults)
    if result.dropped:
        out.append([("Dropped from the lorebook itself:", "yellow")])
        out.extend([(f"  {d.source} {shown(d.value)}: {d.note}", "")] for d in result.dropped)
    out.extend([(d.as_text(), "yellow")] for d in result.diagnostics)
    if result.scene:
        out.append([(f"Scene {result.scene} links them, with char: {result.character} and user: User "
                     "(simulate --scene and render --scene use it).", "green")])
    replaced = f" ({len(result.replaced)} overwritten)" if result.replaced else ""
    summary = (f"Imported {len(imported)} of {len(result.entries)} entries as skills in {result.output}/{replaced}."
               if imported else "Nothing to import: no entry became a skill.")
    out.append([(summary, "green" if imported else "yellow")])
    return out


def _plain(parts: list[Part]) -> str:
    """One line's parts, each made safe to show (core/paths.shown), searched once as one text for
    the characters that need it: the report of a big book is ten thousand lines of short parts,
    and the few that hold such a character are escaped part by part, as before."""
    whole = "".join(text for text, _ in parts)
    return whole if shown_unchanged(whole) else "".join(safe(text) for text, _ in parts)


def report(result: ImportReport, out: TextIO, color: bool | None) -> None:
    """Rich when colour is wanted; else plain lines, written at once: an import of a thousand
    entries is ten thousand lines, which Rich takes seconds to lay out."""
    from skillkit.reporters.text import console_for, wants_color

    # Titles, keys and notes come from the lorebook: every control character shows as an escape.
    if not wants_color(out, color):
        out.write("".join(_plain(parts) + "\n" for parts in lines(result)))
        return
    from rich.text import Text

    whole = Text()  # one renderable: Rich lays out one print of many lines far faster than many prints
    for index, parts in enumerate(lines(result)):
        if index:
            whole.append("\n")
        for text, style in parts:
            whole.append(safe(text), style=style or None)
    console_for(out, color).print(whole)
