"""`skillkit simulate --format html`: one self-contained page (inline CSS and JS, no network).

Turns down, skills across, each verdict's reason on hover (a `title`), and the open_skill /
close_skill calls marked on the cell of the skill they name. A verdict opens, on click, to the
messages its scan window held, the text that matched highlighted, with the trigger that matched
and the reason; a turn's number opens its window and calls; a skill's heading opens its
triggers and settings. Details can be pinned and copied. Two filters narrow the skills (names,
globs) and the turns (numbers, ranges, or text the scanned messages hold). By default only the
skills on in at least one turn get a column; a box shows every one.

A book of 1,000 skills over 5,000 turns is 5 million verdicts, so the page carries them
compactly and draws only what is in view: each skill's verdicts as the turns where they
change (`[turn index, code, ...]`, code = reason number x 4 + mark), every distinct reason
once, and the script renders the rows and columns that the scroll position shows.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any, TextIO

from skillkit.core.resources import data_dir

if TYPE_CHECKING:
    from skillkit.core.model import Skill
    from skillkit.reporters.views import SimulateView
    from skillkit.studio.activation import Simulation

MARKS = {"": 0, "on": 1, "closed": 2, "slow": 3}  # off, on, closed on this turn, a regex ran too long
MAX_WINDOW = 50          # messages a turn's detail shows (a scanDepth of 1,000 is allowed)
MAX_TEXT = 4000          # characters of one scanned message the page carries
MAX_EVIDENCE = 20_000    # verdicts whose matched text the page carries; the rest say it was left out


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
    texts, windows = _windows(sim)
    return {
        "title": sim.transcript.path,
        "transcript": {"path": sim.transcript.path, "format": sim.transcript.format,
                       "messages": len(sim.transcript.messages)},
        "scene": sim.scene.path,
        "skills": [_skill(s) for s in sim.skills],
        "turns": [{"turn": t.turn, "kind": t.kind, "answering": t.answering, "window": windows[n],
                   "calls": [[c.tool, c.skill, c.note, c.accepted] for c in t.calls]} for n, t in enumerate(sim.turns)],
        "texts": texts,
        "reasons": list(reasons),
        "cols": cols,
        **_evidence(sim),
    }


def _skill(skill: Skill) -> dict[str, Any]:
    """A skill's column heading opens this: its triggers and the settings matching reads."""
    return {"name": skill.name, "when": skill.when, "path": skill.path, "description": skill.description,
            "triggers": list(skill.triggers), "secondary": list(skill.secondary_triggers),
            "settings": {"triggerLogic": skill.trigger_logic, "selectiveLogic": skill.selective_logic,
                         "scanDepth": skill.scan_depth, "caseSensitive": skill.case_sensitive,
                         "matchWholeWords": skill.match_whole_words,
                         "closeWhenUnmentioned": skill.close_when_unmentioned}}


def _windows(sim: Simulation) -> tuple[list[list[Any]], list[list[int]]]:
    """Every scanned message once ([message index, role, name, text]), and each turn's window as
    indexes into that list, newest first, as deep as the deepest linked skill scans."""
    from skillkit.triggers.scan import window

    depth = min(MAX_WINDOW, max((s.scan_depth for s in sim.skills), default=0))
    messages = sim.transcript.messages
    index: dict[int, int] = {}
    texts: list[list[Any]] = []
    windows: list[list[int]] = []
    for turn in sim.turns:
        shown = []
        for unit in window(turn.answered, depth):
            if unit.id not in index:
                index[unit.id] = len(texts)
                message = messages[unit.message] if 0 <= unit.message < len(messages) else None
                texts.append([unit.message, message.role if message else "", message.name if message else None,
                              unit.text[:MAX_TEXT], len(unit.text)])
            shown.append(index[unit.id])
        windows.append(shown)
    return texts, windows


def _evidence(sim: Simulation) -> dict[str, Any]:
    """For each verdict a trigger match switched on: where in its window each trigger matched
    ("turn index,skill index" -> [[window position, start, end, trigger], ...])."""
    from skillkit.reporters.simulate_evidence import Budget, evidence
    from skillkit.studio.activation import trigger_specs
    from skillkit.triggers.scan import window

    specs = trigger_specs(sim.skills, sim.scene)
    found: dict[str, list[Any]] = {}
    left = 0
    budget = Budget()
    for t, turn in enumerate(sim.turns):
        for i, verdict in enumerate(turn.verdicts):
            if not verdict.on or sim.skills[i].when != "mentioned" or not specs[i].can_match:
                continue
            if len(found) >= MAX_EVIDENCE:
                left += 1
                continue
            hits = evidence(specs[i], window(turn.answered, min(specs[i].scan_depth, MAX_WINDOW)), budget)
            found[f"{t},{i}"] = [list(hit) for hit in hits]
    return {"evidence": found, "evidenceLeftOut": left}


def page(sim: Simulation) -> str:
    """The whole page as text."""
    template = (data_dir("templates") / "simulate" / "report.html").read_text(encoding="utf-8")
    data = json.dumps(page_data(sim), ensure_ascii=False, separators=(",", ":"))
    # Inside <script>, `</script` or `<!--` would end or bend the element: `<` only stands in
    # JSON strings, where \u003c reads the same to JSON.parse.
    data = data.replace("<", "\\u003c")
    before, after = template.split("__DATA__", 1)
    title = html.escape(sim.transcript.path) + (f" · {html.escape(sim.scene.path)}" if sim.scene.path else "")
    return before.replace("__TITLE__", title) + data + after


def report(sim: Simulation, out: TextIO, view: SimulateView) -> None:
    out.write(page(sim))
