"""`skillkit simulate` for people: a timeline (turns down, skills across) and skills' stories.

A book of hundreds of skills is the normal case, so no line is ever wider than
the console:
- by default only the skills that are on in at least one turn get a column (the footer says
  how many are left out; `show_all` shows every one);
- when the names fit across they head their columns, with the calls inline when those fit too;
- otherwise columns are numbered, one character each, the numbers written downwards in the
  header, in bands of as many columns as the width holds, each band with its key on top;
- calls that do not fit beside a row are written under it, wrapped.
Turn numbers and `answers` are padded to the widest value, so big numbers keep the columns.

Lines are built as plain strings, the marks' styles painted once (`Painter`), and the command
writes them in a few large writes: 20,000 turns x 200 skills is millions of cells, which a
rich-text object per cell would make a minute's work. Painted lines go beneath the escaping
stream (their colours are skillkit's), so every piece of input in them is escaped here: the
text the Painter paints, the reasons and the paths (`core.paths.shown`).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Iterator, Sequence
from unicodedata import combining, east_asian_width

from skillkit.core.paths import shown
from skillkit.core.wording import plural
from skillkit.studio.activation import Simulation, Turn
from skillkit.studio.verdicts import CallOutcome, Verdict

ON, OFF, CLOSED, SLOW = "●", "·", "✕", "!"
STYLE = {ON: "green", OFF: "dim", CLOSED: "red", SLOW: "yellow"}
LEGEND = (f"{ON} on", f"{OFF} off", f"{CLOSED} closed on this turn",
          f"{SLOW} off: a regex trigger ran too long and counted as no match")
MIN_WIDTH = 40   # narrower consoles are laid out as if this wide


class Painter:
    """Styles as escape sequences, worked out once per style (nothing when colour is off)."""

    def __init__(self, color: bool) -> None:
        self.color = color
        self._codes: dict[str, tuple[str, str]] = {}

    def __call__(self, text: str, style: str) -> str:
        if not self.color or not text:
            return text
        text = shown(text, lines=True)  # input in it (a name, a trigger) never paints the terminal
        codes = self._codes.get(style)
        if codes is None:
            from rich.color import ColorSystem
            from rich.style import Style

            rendered = Style.parse(style).render("\0", color_system=ColorSystem.STANDARD)
            before, _, after = rendered.partition("\0")
            codes = self._codes[style] = (before, after)
        return f"{codes[0]}{text}{codes[1]}"


def mark(verdict: Verdict) -> str:
    if verdict.on:
        return ON
    return {"closed": CLOSED, "slow": SLOW}.get(verdict.note, OFF)


def answers(turn: Turn) -> str:
    return "-" if turn.answering is None else f"#{turn.answering}"


def call_text(call: CallOutcome) -> str:
    target = f" {call.skill}" if call.skill else ""
    return f"{call.tool}{target}: {call.note}"


def headline(sim: Simulation, width: int) -> list[str]:
    """The transcript's path on a line of its own (a long one is folded), then what it holds."""
    transcript = sim.transcript
    scene = shown(sim.scene.path) if sim.scene.path else "none (every skill found, tool access on)"
    replies = sum(1 for t in sim.turns if t.kind != "next")
    about = (f"{plural(len(transcript.messages), 'message')} ({transcript.format}), "
             f"{plural(len(sim.turns), 'turn')} ({replies:,} in the transcript); scene: {scene}")
    return fold(f"{shown(str(transcript.path))}:", width, 2) + fold(about, width, 2)


def cells(text: str) -> int:
    """How many console columns `text` takes: East Asian wide and full-width characters take two,
    combining marks none (names and triggers of Chinese and Japanese books are common)."""
    if text.isascii():
        return len(text)
    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces (a word wider than a line is
    broken where it must), later lines indented by `indent`; leading spaces are kept."""
    if text.isascii():
        return textwrap.wrap(text, width, subsequent_indent=" " * indent, break_on_hyphens=False) or [""]
    lead = len(text) - len(text.lstrip(" "))
    lines: list[str] = []
    line, used, fresh = " " * lead, lead, True
    for word in text[lead:].split(" "):
        need = cells(word) + (0 if fresh else 1)
        if used + need <= width:
            line, used, fresh = line + (word if fresh else " " + word), used + need, False
            continue
        if not fresh:
            lines.append(line)
            line, used, fresh = " " * indent, indent, True
        for char in word:  # alone on its line and still too wide: broken by characters
            if used + cells(char) > width and not fresh:
                lines.append(line)
                line, used, fresh = " " * indent, indent, True
            line, used, fresh = line + char, used + cells(char), False
    lines.append(line)
    return lines


def fold(text: str, width: int, indent: int = 0) -> list[str]:
    """`text` wrapped to `width` columns (long words broken), later lines indented by `indent`."""
    width = max(width, MIN_WIDTH)
    return wrap(text, width, indent if width - indent >= 30 else 4)


def pack(items: Sequence[str], width: int, gap: str = "   ") -> list[str]:
    """Items side by side, as many to a line as fit (an item wider than a line is folded)."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and cells(line) + len(gap) + cells(item) <= width:
            line += gap + item
            continue
        if line:
            lines.append(line)
        folded = fold(item, width, 2)
        lines.extend(folded[:-1])
        line = folded[-1]
    if line:
        lines.append(line)
    return lines


@dataclass(frozen=True)
class _Layout:
    shown: tuple[int, ...]      # indexes of the skills given a column
    marks: dict[int, str]       # id(verdict) -> its mark
    turn_w: int
    kind_w: int
    answers_w: int

    @property
    def prefix_w(self) -> int:
        return self.turn_w + 2 + self.kind_w + 2 + self.answers_w + 2

    def prefix(self, turn: Turn) -> str:
        return f"{turn.turn:>{self.turn_w}}  {turn.kind:<{self.kind_w}}  {answers(turn):<{self.answers_w}}  "

    def head(self) -> str:
        return f"{'turn':>{self.turn_w}}  {'kind':<{self.kind_w}}  {'answers':<{self.answers_w}}  "


def distinct_marks(sim: Simulation) -> tuple[dict[int, str], set[str]]:
    """id(verdict) -> its mark, for every distinct Verdict object (the simulation hands out the
    same one while a skill's verdict is unchanged, so there are few), and the names of the
    skills on in at least one turn."""
    distinct: dict[int, Verdict] = {}
    for turn in sim.turns:
        distinct.update(zip(map(id, turn.verdicts), turn.verdicts))   # a C loop per turn
    return {key: mark(v) for key, v in distinct.items()}, {v.name for v in distinct.values() if v.on}


def shown_skills(sim: Simulation, show_all: bool, ever_on: set[str]) -> tuple[int, ...]:
    """Every skill with `show_all`, else those on in at least one turn, in the scene's order."""
    return tuple(i for i, s in enumerate(sim.skills) if show_all or s.name in ever_on)


def timeline(sim: Simulation, width: int, color: bool = False, show_all: bool = False,
             hints: bool = True) -> Iterator[str]:
    """The timeline's lines, none wider than `width` (nor than MIN_WIDTH on a narrower console);
    without `hints` (`-q`), no legend and no closing hints."""
    width = max(width, MIN_WIDTH)
    paint = Painter(color)
    turns = sim.turns
    marks, ever_on = distinct_marks(sim)
    layout = _Layout(shown_skills(sim, show_all, ever_on), marks,
                     max([4] + [len(str(t.turn)) for t in turns]),
                     max([4] + [len(t.kind) for t in turns]),
                     max([7] + [len(answers(t)) for t in turns]))
    names = [sim.skills[i].name for i in layout.shown]
    if not layout.shown:
        yield from named(sim, layout, width, paint, [])  # the turns still tell what each answers
    elif layout.prefix_w + sum(cells(n) + 2 for n in names) <= width:
        yield from named(sim, layout, width, paint, names)
    else:
        yield from numbered(sim, layout, width, paint)
    if not hints:
        return
    yield ""
    yield from (paint(line, "dim") for line in pack(LEGEND, width))
    yield from (paint(line, "dim") for line in footer(sim, layout, width))


def footer(sim: Simulation, layout: _Layout, width: int) -> list[str]:
    lines: list[str] = []
    left_out = len(sim.skills) - len(layout.shown)
    if not sim.skills:
        lines.append("No skill is linked.")
    elif left_out:
        lines += fold(f"{plural(left_out, 'linked skill')} {'is' if left_out == 1 else 'are'} off in every turn "
                      f"and left out; `--all` shows every one.", width)
    lines += fold("`--explain NAME` (several names or glob patterns) tells skills' reasons turn by turn.", width)
    return lines


def _cells(paint: Painter, widths: Sequence[int], gap: int) -> dict[tuple[str, int], str]:
    """(mark, column width) -> the painted mark padded to its column and the gap after it."""
    return {(m, w): paint(m, STYLE[m]) + " " * (w - 1 + gap) for m in STYLE for w in set(widths)}


def _picker(indexes: Sequence[int]) -> Callable[[Sequence[Verdict]], tuple[Verdict, ...]]:
    """A function taking these indexes' verdicts from a turn's, in C (itemgetter)."""
    if len(indexes) == 1:
        only = indexes[0]
        return lambda verdicts: (verdicts[only],)
    return itemgetter(*indexes)  # type: ignore[return-value]


def _calls_under(turn: Turn, layout: _Layout, width: int, paint: Painter) -> Iterator[str]:
    for call in turn.calls:
        for line in fold(" " * layout.prefix_w + "↳ " + call_text(call), width, layout.prefix_w + 2):
            yield paint(line, "cyan")


def named(sim: Simulation, layout: _Layout, width: int, paint: Painter, names: list[str]) -> Iterator[str]:
    """Names head their columns; calls inline when every row's calls fit, else under the row."""
    widths = [max(cells(n), 1) for n in names]
    grid_w = layout.prefix_w + sum(w + 2 for w in widths)
    # inline when every row's calls (and the "calls" heading) fit beside its marks
    inline = all(grid_w + max(5, cells("; ".join(call_text(c) for c in t.calls))) <= width for t in sim.turns)
    has_calls = any(t.calls for t in sim.turns)
    head = layout.head() + "".join(n + " " * (w - cells(n) + 2) for n, w in zip(names, widths))
    yield paint((head + ("calls" if inline and has_calls else "")).rstrip(), "bold")
    padded = _cells(paint, widths, 2)
    pick = _picker(layout.shown) if layout.shown else (lambda verdicts: ())
    for turn in sim.turns:
        marks = [layout.marks[id(v)] for v in pick(turn.verdicts)]
        row = layout.prefix(turn) + "".join(padded[(m, w)] for m, w in zip(marks, widths))
        if inline and turn.calls:
            yield row + paint("; ".join(call_text(c) for c in turn.calls), "cyan")
        else:
            yield row.rstrip()
            if turn.calls:
                yield from _calls_under(turn, layout, width, paint)
    if names:
        yield ""
        yield from (paint(line, "dim") for line in pack(
            [f"skills: {names[0]} ({sim.skills[layout.shown[0]].when})"] +
            [f"{sim.skills[i].name} ({sim.skills[i].when})" for i in layout.shown[1:]], width))


def numbered(sim: Simulation, layout: _Layout, width: int, paint: Painter) -> Iterator[str]:
    """One character per skill, numbered downwards in the header, in bands that fit the width."""
    per_band = max(1, (width - layout.prefix_w) // 2)
    shown = layout.shown
    bands = [shown[i:i + per_band] for i in range(0, len(shown), per_band)]
    digits = len(str(len(shown)))
    padded = _cells(paint, [1], 1)
    cell_of = {key: padded[(m, 1)] for key, m in layout.marks.items()}.__getitem__   # id(verdict) -> cell
    prefixes = [layout.prefix(turn) for turn in sim.turns]
    for band_no, band in enumerate(bands):
        first = band_no * per_band + 1
        numbers = range(first, first + len(band))
        if band_no:
            yield ""
        title = (f"skills {first}-{first + len(band) - 1} of {len(shown)}:" if len(bands) > 1
                 else f"skills 1-{len(shown)}:")
        key = [title] + [f"{n} {sim.skills[i].name} ({sim.skills[i].when})" for n, i in zip(numbers, band)]
        yield from (paint(line, "dim") for line in pack(key, width))
        for place in range(digits, 0, -1):
            label = layout.head() if place == 1 else " " * layout.prefix_w
            digits_row = "".join(f"{str(n).rjust(digits)[digits - place]} " for n in numbers)
            yield paint((label + digits_row).rstrip(), "bold")
        pick = _picker(band)
        for turn, prefix in zip(sim.turns, prefixes):
            yield (prefix + "".join(map(cell_of, map(id, pick(turn.verdicts))))).rstrip()
            if band_no == 0 and turn.calls:
                yield from _calls_under(turn, layout, width, paint)


def explain(sim: Simulation, indexes: Sequence[int], width: int, color: bool = False) -> Iterator[str]:
    """Each chosen skill's verdicts and reasons turn by turn, reasons folded to the width."""
    width = max(width, MIN_WIDTH)
    paint = Painter(color)
    turn_w = max([3] + [len(str(t.turn)) for t in sim.turns])
    kind_w = max([10] + [len(t.kind) for t in sim.turns])
    answers_w = max([6] + [len(answers(t)) for t in sim.turns])
    for number, index in enumerate(indexes):
        if number:
            yield ""
        skill = sim.skills[index]
        facts = [skill.when]
        if skill.when != "always" and skill.triggers:
            facts.append(f"triggers: {', '.join(skill.triggers)}")
            if skill.secondary_triggers:
                facts.append(f"secondary ({skill.selective_logic}): {', '.join(skill.secondary_triggers)}")
            facts.append(f"scanDepth {skill.scan_depth}")
        if skill.when == "picked" and skill.close_when_unmentioned:
            facts.append("closeWhenUnmentioned")
        yield from (paint(line, "bold") for line in fold(f"{skill.name} ({'; '.join(facts)})", width, 2))
        for turn in sim.turns:
            verdict = turn.verdicts[index]
            prefix = f"turn {turn.turn:>{turn_w}}  {turn.kind:<{kind_w}}  answers {answers(turn):<{answers_w}}  "
            state = "on " if verdict.on else "off"
            said = shown(verdict.reason, lines=True)  # it quotes triggers and text
            if len(prefix) + 25 <= width:   # the state and the reason beside the turn
                indent = len(prefix) + 5
                reason = wrap(said, width - indent)
                yield f"{prefix}{paint(state, STYLE[mark(verdict)])}  {reason[0]}"
                yield from (" " * indent + line for line in reason[1:])
            else:                           # a narrow console: the turn, then state and reason under it
                indent = 4
                yield prefix.rstrip()
                lines = fold(f"    {state}  {said}", width, 9)
                yield lines[0][:4] + paint(state, STYLE[mark(verdict)]) + lines[0][7:]
                yield from lines[1:]
            for call in turn.calls:
                if call.skill == skill.name:
                    yield from (paint(line, "cyan") for line in
                                fold(" " * indent + call_text(call), width, indent))
