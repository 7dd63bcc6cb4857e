"""`simulate --format text`: the headline, then the timeline of turns (or, with --explain, how
each named skill's verdicts came about), in a few large writes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, TextIO

from skillkit.reporters.views import SimulateView

if TYPE_CHECKING:
    from skillkit.studio.activation import Simulation


def report(sim: Simulation, out: TextIO, view: SimulateView) -> None:
    print_text(sim, out, view.color, view.explain, view.show_all, view.width, view.quiet)


def write_lines(lines: Iterable[str], out: TextIO) -> None:
    """Lines out in a few large writes."""
    batch: list[str] = []
    for line in lines:
        batch.append(line)
        if len(batch) >= 2048:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")


def print_text(sim: Simulation, out: TextIO, color: bool | None, explain: list[int] | None,
               show_all: bool, width: int | None = None, quiet: bool = False) -> None:
    import shutil

    from skillkit.reporters.text import wants_color
    from skillkit.studio.timeline import explain as explain_lines
    from skillkit.studio.timeline import headline, timeline

    # The console's width as Rich finds it (COLUMNS, else the terminal, else 80), without
    # importing Rich when nothing is painted.
    width = width or shutil.get_terminal_size((80, 24)).columns
    painted = wants_color(out, color)
    if painted:  # the lines escape their input themselves; the colours are skillkit's
        from skillkit.reporters.terminal import unescaped

        out = unescaped(out)
    out.write("\n".join(headline(sim, width)) + "\n\n")
    if explain is not None:
        write_lines(explain_lines(sim, explain, width, painted), out)
    else:
        write_lines(timeline(sim, width, painted, show_all, hints=not quiet), out)
