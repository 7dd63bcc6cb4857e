"""`skillkit simulate --format json`: `{"turns": [...]}`, one turn per line (ARCHITECTURE.md,
Contracts: turns).

A book of hundreds of skills over thousands of replies is millions of values: `json.dump` with
`indent` runs the pure-Python encoder and writes each token on its own. Here every turn is one
line encoded by the C encoder (no `indent`), lines go out a few hundred at a time, and a
verdict's encoding is made once: the simulation hands out the same Verdict object for as long
as a skill's verdict does not change, so most of a turn is a lookup.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from skillkit.reporters.views import SimulateView
    from skillkit.studio.activation import Simulation

BATCH = 256  # turns per write

_encode = json.JSONEncoder(ensure_ascii=False).encode


def turn_lines(sim: Simulation):
    """Each turn as one line of JSON text, in order."""
    encoded: dict[int, str] = {}   # id(verdict) -> its JSON (the verdicts live as long as `sim`)
    for turn in sim.turns:
        parts = []
        for verdict in turn.verdicts:
            text = encoded.get(id(verdict))
            if text is None:
                text = encoded[id(verdict)] = _encode(verdict.as_json())
            parts.append(text)
        head = _encode({"turn": turn.turn, "answering": turn.answering, "kind": turn.kind,
                        "calls": [c.as_json() for c in turn.calls]})
        yield f'{head[:-1]}, "skills": [{", ".join(parts)}]}}'


def write_json(sim: Simulation, out: TextIO) -> None:
    """The whole report to `out`, in writes of BATCH turns."""
    out.write('{"turns": [')
    batch: list[str] = []
    first = True
    for line in turn_lines(sim):
        batch.append(("\n" if first else ",\n") + line)
        first = False
        if len(batch) >= BATCH:
            out.write("".join(batch))
            batch.clear()
    out.write("".join(batch) + ("\n]}\n" if not first else "]}\n"))


def report(sim: Simulation, out: TextIO, view: SimulateView) -> None:
    write_json(sim, out)
