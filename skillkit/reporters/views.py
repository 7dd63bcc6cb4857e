"""How a command's report is to look, beyond its value: what its reporters take as `view`.
(Plain data, imported by the command before it knows which reporter runs: no Rich here.)"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SimulateView:
    color: bool | None  # None: colour when the stream is a terminal
    explain: list[int] | None = None  # the linked skills whose verdicts are told, instead of the timeline
    show_all: bool = False  # every turn, not only those where something changed
    quiet: bool = False  # no hints
    width: int | None = None  # the console's width (None: as Rich finds it)
