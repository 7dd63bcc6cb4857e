"""The studio's activation rules over a transcript: which linked skill is on at every turn, and why.

- `always`: on every turn.
- `mentioned`: on when its triggers match the turn's scan text (skillkit.triggers).
- `picked`: on while the model has it open. `open_skill` / `close_skill` calls in a reply are
  pending on that reply and take effect from the next reply (the reply being written was
  assembled before the call). `closeWhenUnmentioned` is judged on every turn while the skill
  is open, on that turn's own scan text, and closes it on that very turn; a skill with no
  triggers or scan depth 0 never closes that way. A continue closes nothing. A swipe or
  regenerate takes back everything the reply it replaces did (its pending calls and the
  closes of its turn). Calls are refused, changing nothing, for a name that is not a linked
  picked skill (the refusal lists the names), for unreadable arguments, and for every call
  when the scene's tool access is off; closing a skill that is not open writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Protocol, Sequence

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.model import Skill
from skillkit.studio.scene import Scene, link, speaker_names
from skillkit.studio.turns import PlannedTurn, plan_turns
from skillkit.studio.verdicts import CallOutcome, Verdict
from skillkit.transcripts.model import ToolCall, Transcript
from skillkit.triggers.matcher import Matcher
from skillkit.triggers.mention import Mention
from skillkit.triggers.scan import Unit, scan_text
from skillkit.triggers.spec import SkillTriggers

TOOLS = ("open_skill", "close_skill")


class _Session(Protocol):
    def mentions(self, answered: Unit | None) -> tuple[Mention, ...]: ...


class _Matcher(Protocol):
    def session(self) -> _Session: ...


@dataclass(frozen=True)
class Turn:
    turn: int
    answering: int | None
    verdicts: tuple[Verdict, ...]
    kind: str = "reply"                      # reply | continue | swipe | regenerate | next
    messages: tuple[int, ...] = ()           # the messages this turn's generation wrote
    calls: tuple[CallOutcome, ...] = ()      # its open_skill / close_skill calls and what they did
    answered: Unit | None = field(default=None, repr=False, compare=False)

    def scan_text(self, depth: int) -> str:
        """The joined scan text a trigger with this scan depth reads on this turn."""
        return scan_text(self.answered, depth)

    def on(self) -> tuple[str, ...]:
        """The names of the skills that are on, in the scene's order."""
        return tuple(v.name for v in self.verdicts if v.on)

    def as_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "answering": self.answering, "kind": self.kind,
                "calls": [c.as_json() for c in self.calls], "skills": [v.as_json() for v in self.verdicts]}


@dataclass(frozen=True)
class Simulation:
    skills: tuple[Skill, ...]                # the linked skills, in the scene's order
    scene: Scene
    transcript: Transcript
    turns: tuple[Turn, ...]
    diagnostics: tuple[Diagnostic, ...]      # links left out

    def as_json(self) -> dict[str, Any]:
        """`{"turns": [...]}` (ARCHITECTURE.md, Contracts: turns)."""
        return {"turns": [t.as_json() for t in self.turns]}


@dataclass
class _State:
    """Open picked skills (name -> turn since) and how closed ones closed (name -> (turn, how))."""

    open: dict[str, int] = field(default_factory=dict)
    closed: dict[str, tuple[int, str]] = field(default_factory=dict)

    def copy(self) -> _State:
        return _State(dict(self.open), dict(self.closed))


class _Walk:
    def __init__(self, skills: tuple[Skill, ...], scene: Scene, specs: tuple[SkillTriggers, ...],
                 session: _Session) -> None:
        self.skills, self.scene, self.specs, self.session = skills, scene, specs, session
        self.picked = tuple(s.name for s in skills if s.when == "picked")
        self.state = _State()
        self.snapshot = _State()
        self.pending: dict[str, str] = {}     # name -> "open" | "close", on the reply being written
        self._verdicts: dict[tuple[int, bool, str], Verdict] = {}
        # The session hands back the same Mention object while a skill's verdict is unchanged:
        # remembering the Verdict made from it keeps a turn's cost low for hundreds of skills.
        self._from_mention: list[tuple[Mention | None, Verdict | None]] = [(None, None)] * len(skills)
        # A turn starts from the previous turn's verdicts: `always` ones never change, a
        # `mentioned` one only when its Mention does, so only those and the picked are judged.
        self._row: list[Verdict] | None = None
        self._mentions: Sequence[Mention] = ()
        self._mentioned = tuple(i for i, s in enumerate(skills) if s.when == "mentioned")
        self._picked = tuple(i for i, s in enumerate(skills) if s.when == "picked")

    def verdict(self, index: int, on: bool, reason: str, note: str = "") -> Verdict:
        key = (index, on, reason)
        found = self._verdicts.get(key)
        if found is None:
            skill = self.skills[index]
            found = self._verdicts[key] = Verdict(skill.name, skill.when, on, reason, note)
        return found

    def turn(self, planned: PlannedTurn) -> Turn:
        if planned.kind in ("reply", "next"):
            self.apply_pending(planned.number)
            self.snapshot = self.state.copy()
        elif planned.kind in ("swipe", "regenerate"):
            self.state, self.pending = self.snapshot.copy(), {}
        mentions = self.session.mentions(planned.answered)
        row = self._row
        if row is None:
            row = [self.judge(i, planned, mentions[i]) for i in range(len(self.skills))]
        else:
            row = list(row)
            last = self._mentions
            if mentions is not last:
                for i in [i for i in self._mentioned if mentions[i] is not last[i]]:
                    row[i] = self.judge(i, planned, mentions[i])
            for i in self._picked:
                row[i] = self.judge_picked(i, self.skills[i], planned, mentions[i])
        self._row, self._mentions = row, mentions
        verdicts = tuple(row)
        calls = tuple(self.call(c) for c in planned.calls if c.name in TOOLS)
        return Turn(planned.number, planned.answering, verdicts, planned.kind, planned.messages, calls,
                    planned.answered)

    def apply_pending(self, number: int) -> None:
        for name, change in self.pending.items():
            if change == "open":
                self.state.open[name] = number
                self.state.closed.pop(name, None)
            else:
                self.state.open.pop(name, None)
                self.state.closed[name] = (number, "call")
        self.pending = {}

    def judge(self, index: int, planned: PlannedTurn, mention: Mention) -> Verdict:
        skill = self.skills[index]
        if skill.when == "always":
            return self.verdict(index, True, "Always on.")
        if skill.when == "mentioned":
            seen, made = self._from_mention[index]
            if seen is not mention or made is None:
                made = self.verdict(index, mention.on, mention.reason, "slow" if mention.timed_out else "")
                self._from_mention[index] = (mention, made)
            return made
        return self.judge_picked(index, skill, planned, mention)

    def judge_picked(self, index: int, skill: Skill, planned: PlannedTurn, mention: Mention) -> Verdict:
        name, state = skill.name, self.state
        if name in state.open:
            since = state.open[name]
            closes = skill.close_when_unmentioned and self.specs[index].can_match and not mention.on
            if closes and planned.kind == "continue":
                return self.verdict(index, True, f"Open since turn {since} (a continue closes nothing).")
            if closes:
                del state.open[name]
                state.closed[name] = (planned.number, "rule")
                return self.verdict(index, False, "Closed: no longer mentioned.", "closed")
            return self.verdict(index, True, f"Open since turn {since}.")
        if not self.scene.tool_access:
            return self.verdict(index, False, "Not opened: tool access is off, so it cannot open.")
        if self.pending.get(name) == "open":
            return self.verdict(index, False, "Not opened yet: it opens from the next reply.")
        if name in state.closed:
            number, how = state.closed[name]
            why = "no longer mentioned" if how == "rule" else "close_skill"
            return self.verdict(index, False, f"Closed since turn {number} ({why}).")
        return self.verdict(index, False, "Not opened.")

    def is_open(self, name: str) -> bool:
        change = self.pending.get(name)
        return change == "open" or (change is None and name in self.state.open)

    def call(self, call: ToolCall) -> CallOutcome:
        name = call.skill_name()
        if not self.scene.tool_access:
            return CallOutcome(call.name, name, False, "refused: tool access is off")
        if name is None:
            return CallOutcome(call.name, None, False, "refused: its arguments hold no skill `name`")
        if name not in self.picked:
            names = ", ".join(self.picked) or "none"
            return CallOutcome(call.name, name, False, f"refused: no picked skill {name!r} (the names are: {names})")
        if call.name == "open_skill":
            if self.is_open(name):
                return CallOutcome(call.name, name, True, f"{name} is already open")
            self._change(name, "open")
            return CallOutcome(call.name, name, True, f"opens {name} from the next reply")
        if not self.is_open(name):
            return CallOutcome(call.name, name, True, f"{name} is not open: nothing written")
        self._change(name, "close")
        return CallOutcome(call.name, name, True, f"closes {name} from the next reply")

    def _change(self, name: str, change: str) -> None:
        if name in self.pending:  # the opposite change is pending on this reply: it cancels out
            del self.pending[name]
        else:
            self.pending[name] = change


def trigger_specs(skills: Sequence[Skill], scene: Scene) -> tuple[SkillTriggers, ...]:
    """The skills' triggers as the scene's turns read them (render's one-turn activation,
    skillkit.studio.activation_turn, builds its walks from this too)."""
    return tuple(SkillTriggers.of(s, scene.variables) for s in skills)  # macros in triggers: the scene's answers


def simulate(skills: Sequence[Skill], scene: Scene, transcript: Transcript, *,
             unreadable: Collection[str] = (),
             matcher: Callable[[Sequence[SkillTriggers]], _Matcher] = Matcher,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Dry-run the studio's activation over `transcript`. `skills` are the valid skills found;
    the scene picks and orders them (`unreadable`: ids left out for their errors)."""
    linked = link(scene, skills, unreadable)
    specs = trigger_specs(linked.skills, scene)
    walk = _Walk(linked.skills, scene, specs, matcher(specs).session())
    planned = plan_turns(transcript, speaker_names(scene))
    turns: list[Turn] = []
    for planned_turn in planned:
        turns.append(walk.turn(planned_turn))
        if progress is not None:
            progress(len(turns), len(planned))
    return Simulation(linked.skills, scene, transcript, tuple(turns), linked.diagnostics)
