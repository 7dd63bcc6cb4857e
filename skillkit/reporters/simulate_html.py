"""`skillkit simulate --format html`: one self-contained page (inline CSS and JS, no network).

Turns down, skills across, each verdict's reason on hover (a `title`), a filter box, and the
open_skill / close_skill calls marked on the cell of the skill they name. By default only the
skills on in at least one turn get a column; a box shows every one.

A book of 1,000 skills over 5,000 turns is 5 million verdicts, so the page carries them
compactly and draws only what is in view: each skill's verdicts as the turns where they
change (`[turn index, code, ...]`, code = reason number x 4 + mark), every distinct reason
once, and the script renders the rows and columns that the scroll position shows.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

from skillkit.core.resources import data_dir

if TYPE_CHECKING:
    from skillkit.studio.activation import Simulation

MARKS = {"": 0, "on": 1, "closed": 2, "slow": 3}  # off, on, closed on this turn, a regex ran too long


def page_data(sim: Simulation) -> dict[str, Any]:
    """What the page's script reads."""
    reasons: dict[str, int] = {}
    codes: dict[int, int] = {}            # id(verdict) -> code (the same Verdict while unchanged)
    cols: list[list[int]] = [[] for _ in sim.skills]
    last = [-1] * len(sim.skills)
    for t, turn in enumerate(sim.turns):
        for i, verdict in enumerate(turn.verdicts):
            code = codes.get(id(verdict))
            if code is None:
                reason = reasons.setdefault(verdict.reason, len(reasons))
                mark = 1 if verdict.on else MARKS.get(verdict.note, 0)
                code = codes[id(verdict)] = reason * 4 + mark
            if code != last[i]:
                cols[i] += (t, code)
                last[i] = code
    return {
        "title": sim.transcript.path,
        "skills": [{"name": s.name, "when": s.when} for s in sim.skills],
        "turns": [{"turn": t.turn, "kind": t.kind, "answering": t.answering,
                   "calls": [[c.tool, c.skill, c.note, c.accepted] for c in t.calls]} for t in sim.turns],
        "reasons": list(reasons),
        "cols": cols,
    }


def page(sim: Simulation) -> str:
    """The whole page as text."""
    template = (data_dir("templates") / "simulate" / "report.html").read_text(encoding="utf-8")
    data = json.dumps(page_data(sim), ensure_ascii=False, separators=(",", ":"))
    # Inside <script>, `</script` or `<!--` would end or bend the element: `<` only stands in
    # JSON strings, where \u003c reads the same to JSON.parse.
    data = data.replace("<", "\\u003c")
    before, after = template.split("__DATA__", 1)
    return before.replace("__TITLE__", html.escape(sim.transcript.path)) + data + after
