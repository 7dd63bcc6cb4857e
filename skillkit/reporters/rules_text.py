"""`rules --format text`: a table of the rules (id, severity, world, summary) and, unless quiet,
how to read one rule's whole documentation."""

from __future__ import annotations

from typing import Any, Sequence, TextIO


def report(rules: Sequence[Any], out: TextIO, color: bool | None, quiet: bool = False) -> None:
    from rich.table import Table
    from rich.text import Text

    from skillkit.reporters.text import console_for

    table = Table("id", "severity", "world", "summary", box=None, pad_edge=False)
    for r in rules:  # Text, not markup: docs hold brackets like `[a]: x`
        table.add_row(Text(r.id), Text(str(r.severity)), Text(r.world), Text(r.summary))
    console_for(out, color, soft_wrap=False).print(table)
    if not quiet:
        out.write("\n`skillkit rules ID` shows a rule's whole documentation.\n")
