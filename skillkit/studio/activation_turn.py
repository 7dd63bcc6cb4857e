"""One turn's activation, as `skillkit render` needs it: what `simulate` says of that turn,
without judging every skill on every turn of a long history.

Only `picked` skills carry anything from one turn to the next (open, closed, pending calls);
`always` and `mentioned` skills are judged on the turn alone. So the turns before the wanted
one are walked for the picked skills only (through their own matcher, none when the scene
links none; only open ones judged), their state is handed over, and the wanted turn is
judged for every skill. The wanted turn's scan chain is cut to the newest messages any
trigger reads, so a fresh matcher does not read the whole history for it. The verdicts are
simulate's on that turn (tests/render/test_render_one_turn.py compares them turn by turn).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Collection, Sequence

from skillkit.core.errors import UsageError
from skillkit.core.model import Skill
from skillkit.studio.activation import Turn, _Walk, trigger_specs
from skillkit.studio.scene import Scene, link, speaker_names
from skillkit.studio.turns import PlannedTurn, plan_turns
from skillkit.studio.verdicts import Verdict
from skillkit.transcripts.model import Transcript
from skillkit.triggers.matcher import Matcher
from skillkit.triggers.mention import Mention
from skillkit.triggers.scan import Unit

Progress = Callable[[int, int], None]


def wanted_index(planned: Sequence[PlannedTurn], wanted: int | None) -> int:
    """The position of turn `wanted` (default: the last), or a UsageError naming the range."""
    if not planned:
        raise UsageError("the transcript has no turn to render")
    if wanted is None:
        return len(planned) - 1
    for position, turn in enumerate(planned):
        if turn.number == wanted:
            return position
    raise UsageError(f"no turn {wanted}: the transcript has turns {planned[0].number}-{planned[-1].number}")


def activate_turn(skills: Sequence[Skill], scene: Scene, transcript: Transcript, wanted: int | None, *,
                  unreadable: Collection[str] = (),
                  progress: Progress | None = None) -> tuple[Turn, tuple[PlannedTurn, ...]]:
    """(turn `wanted`'s verdicts, the planned turns up to and including it)."""
    linked = link(scene, skills, unreadable)
    planned = tuple(plan_turns(transcript, speaker_names(scene)))
    target = wanted_index(planned, wanted)
    specs = trigger_specs(linked.skills, scene)
    walk = _Walk(linked.skills, scene, specs, Matcher(specs).session())
    picked = tuple(s for s in linked.skills if s.when == "picked")
    if picked and target:
        picked_specs = trigger_specs(picked, scene)
        session = _WhenOpen(Matcher(picked_specs).session())
        before = _StateWalk(picked, scene, picked_specs, session)
        session.state = before
        for done, turn in enumerate(planned[:target], start=1):
            before.turn(turn)
            if progress is not None:
                progress(done, target + 1)
        walk.state, walk.snapshot, walk.pending = before.state, before.snapshot, before.pending
    depth = max((spec.scan_depth for spec in specs), default=0)
    chosen = walk.turn(_window_only(planned[target], depth))
    if progress is not None:
        progress(target + 1, target + 1)
    return chosen, planned[:target + 1]


def _window(answered: Unit | None, depth: int) -> Unit | None:
    """`answered`'s scan chain cut to its newest `depth` messages (older ones are past every
    trigger's scan depth) and numbered from 0, so a fresh session settles only those."""
    units = list(answered.newest_first(depth)) if answered is not None else []
    if not units or units[-1].prev is None:
        return answered
    rebuilt: Unit | None = None
    for pos, unit in enumerate(reversed(units)):
        rebuilt = Unit(unit.id, unit.message, unit.text, rebuilt, pos)
    return rebuilt


def _window_only(turn: PlannedTurn, depth: int) -> PlannedTurn:
    return replace(turn, answered=_window(turn.answered, depth))


class _StateWalk(_Walk):
    """A walk kept for its state alone: judging a picked skill changes nothing unless it is
    open and can close for want of a mention (`closeWhenUnmentioned`, triggers that can
    match), so only those are judged; the turns' verdicts are thrown away."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.closable = frozenset(s.name for s, spec in zip(self.skills, self.specs)
                                  if s.close_when_unmentioned and spec.can_match)

    def judge(self, index: int, planned: PlannedTurn, mention: Mention) -> Verdict:
        name = self.skills[index].name
        if name not in self.closable or name not in self.state.open:
            return _UNUSED
        return super().judge(index, planned, mention)

    def reads_mentions(self) -> bool:
        return any(name in self.closable for name in self.state.open)


_UNUSED = Verdict("", "picked", False, "not judged: only the state of the turns before is kept")


class _WhenOpen:
    """The picked skills' mentions, read only on turns where an open one can close by them
    (no other verdict of the walk reads them). The session stays incremental (a turn after a gap
    settles the gap's messages once), so the walk costs at most one pass of the picked
    skills' triggers over the history."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.state: Any = None  # the walk whose state says what is open
        self.blank: tuple[Mention, ...] | None = None

    def mentions(self, answered: Unit | None) -> tuple[Mention, ...]:
        if self.state is not None and not self.state.reads_mentions():
            if self.blank is None:
                self.blank = self.session.mentions(None)
            return self.blank
        return self.session.mentions(answered)
