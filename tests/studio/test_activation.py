"""The studio's activation rules, turn by turn, on the transcripts in fixtures/transcripts."""

from __future__ import annotations

from skillkit.core.pipeline import Options, run
from skillkit.rules import RULESET
from skillkit.studio.activation import simulate
from skillkit.studio.scene import default_scene
from skillkit.transcripts import parse_transcript
from skillkit.triggers.mention import Mention
from tests.conftest import FIXTURES
from tests.studio.sim_helpers import grid, reasons, simulation


def tavern_skills():
    return [s for w in run([FIXTURES / "studio" / "tavern" / "skills"], Options(RULESET)).workspaces for s in w.skills]


def test_open_close_continue_swipe_and_regenerate():
    sim = simulation("tavern", "activation.yaml", "tavern.yaml")
    assert grid(sim) == {
        "greeting": "1111111111",    # always
        "weather":  "0011000000",    # rain in turn 3's message
        "lore":     "0100000000",    # opened in turn 1, on from turn 2; closed by its rule in turn 3
        "notes":    "0011111110",    # no triggers: its close rule never closes it; closed by a call
        "maps":     "0011111111",    # scan depth 0: the same
        "herbs":    "0011111111",    # closed in turn 5, but the swipe took that back
    }
    assert reasons(sim, "lore")[:4] == ["Not opened.", "Open since turn 2.", "Closed: no longer mentioned.",
                                        "Closed since turn 3 (no longer mentioned)."]
    assert reasons(sim, "notes")[9] == "Closed since turn 10 (close_skill)."
    assert sim.turns[2].verdicts[2].note == "closed"


def test_calls_are_refused_or_write_nothing_with_reasons():
    sim = simulation("tavern", "activation.yaml", "tavern.yaml")
    notes = [(c.skill, c.accepted, c.note) for c in sim.turns[0].calls]
    assert notes == [
        ("lore", True, "opens lore from the next reply"),
        ("dragons", False, "refused: no picked skill 'dragons' (the names are: lore, notes, maps, herbs)"),
        ("weather", False, "refused: no picked skill 'weather' (the names are: lore, notes, maps, herbs)"),
        (None, False, "refused: its arguments hold no skill `name`"),
        ("herbs", True, "herbs is not open: nothing written"),
    ]


def test_with_tool_access_off_a_picked_skill_cannot_open():
    sim = simulation("tavern", "activation.yaml", "locked.yaml")
    assert grid(sim)["lore"] == "0" * 10 and grid(sim)["herbs"] == "0" * 10
    assert reasons(sim, "lore")[1] == "Not opened: tool access is off, so it cannot open."
    assert all(not c.accepted and c.note == "refused: tool access is off" for t in sim.turns for c in t.calls)


def test_a_scene_without_tool_access_has_it_on():
    assert grid(simulation("tavern", "activation.yaml", "no-access-key.yaml"))["lore"] == "0100000000"


def test_openai_transcript_closes_by_rule_before_the_close_call():
    sim = simulation("tavern", "openai.json", "tavern.yaml")
    assert grid(sim)["lore"] == "010" and grid(sim)["weather"] == "001"
    assert [c.note for c in sim.turns[2].calls] == ["lore is not open: nothing written"]


def test_sillytavern_export():
    sim = simulation("tavern", "tavern.jsonl", "tavern.yaml")
    assert grid(sim)["lore"] == "0011"       # opened through the tool-invocation record
    assert grid(sim)["weather"] == "0010"    # the narrator's storm; the hidden message's rain is not scanned
    assert reasons(sim, "weather")[2] == "Mentioned: storm."
    assert reasons(sim, "weather")[0] == "Not mentioned: there is no message before this reply to scan."


class _Flaky:
    """A stand-in matcher whose mention verdict turns off after the first call."""

    def __init__(self, specs):
        self.specs, self.calls = specs, 0

    def session(self):
        return self

    def mentions(self, answered):
        self.calls += 1
        on = self.calls <= 2
        return tuple(Mention(on, "Mentioned: kingdom." if on else "Not mentioned.") for _ in self.specs)


def test_a_continue_closes_nothing():
    # A continue scans what its reply scanned, so a real matcher cannot show
    # the difference; a stand-in matcher that stops mentioning the skill on the continue can.
    skills = [s for s in tavern_skills() if s.name == "lore"]
    transcript = parse_transcript(b"""
- user: the kingdom
- assistant: opening
  calls: [open_skill: lore]
- user: the kingdom again
- assistant: still open
- continue: and more
- user: bye
""", "t.yaml")
    sim = simulate(skills, default_scene(skills), transcript, matcher=_Flaky)
    assert [(t.kind, t.verdicts[0].on, t.verdicts[0].reason) for t in sim.turns] == [
        ("reply", False, "Not opened."),
        ("reply", True, "Open since turn 2."),
        ("continue", True, "Open since turn 2 (a continue closes nothing)."),
        ("next", False, "Closed: no longer mentioned."),
    ]


def test_plain_triggers_in_many_scripts():
    sim = simulation("words", "words.yaml")
    assert grid(sim) == {
        "exact-case": "000000000000100",
        "istanbul":   "000000010000000",
        "kot-ru":     "100000000000000",
        "neko-ja":    "000100000000000",
        "neko-zh":    "001000000000000",
        "phrase":     "000000000000010",
        "strasse":    "000001000000000",
        "sword":      "000000000010000",
    }
    assert reasons(sim, "sword")[8:11] == [
        "Not mentioned: sword matched, but none of fight or duel did.", "Not mentioned.",
        "Mentioned: blade, with fight."]


def test_regex_triggers_with_each_flag_and_one_that_runs_too_long():
    sim = simulation("regex", "regex.yaml")
    assert grid(sim) == {
        "across":     "0000000000100",   # rain ... umbrella across two messages
        "ascii-word": "0000000001000",   # \b is ASCII: é ends the word "caf"
        "flag-g":     "0100000000000",
        "flag-i":     "1100000000000",
        "flag-m":     "0001000000000",
        "flag-none":  "0100000000000",
        "flag-s":     "0000100000000",
        "flag-u":     "0000010000000",
        "flag-y":     "0000000100000",
        "no-flag-m":  "0000000000000",   # without m, ^ is the scan text's start: U+0001
        "no-flag-s":  "0000000000000",
        "no-flag-u":  "0000001000000",   # without u, \p{L} is the text "p{L}"
        "slow":       "0000000000001",
    }
    slow = reasons(sim, "slow")
    assert slow[11] == "Not mentioned. /(a|aa)+$/ ran too long and counted as no match."
    assert sim.turns[11].verdicts[-1].note == "slow"
