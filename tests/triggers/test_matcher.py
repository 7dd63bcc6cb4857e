"""The fast matcher gives exactly the verdicts of the straightforward one (every turn, every
skill, every trigger over the scan window), on any transcript and any skill set."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.model import Skill
from skillkit.studio.activation import simulate
from skillkit.studio.scene import default_scene
from skillkit.transcripts.model import Message, ToolCall, Transcript
from skillkit.triggers.matcher import Matcher
from skillkit.triggers.reference import ReferenceMatcher
from skillkit.triggers.scan import Unit
from skillkit.triggers.spec import SkillTriggers

WORDS = ["sword", "Sword", "swordsman", "blade", "кот", "котик", "Straße", "STRASSE", "İstanbul", "istanbul",
         "猫", "ねこ", "fire", "dragon", "Dragon", "snow", "snowing", "rain", "umbrella", "hi", "x_y", "42",
         "storm", "café", " ", "\n", ".", ","]
TRIGGERS = ["sword", "blade", "кот", "Straße", "strasse", "istanbul", "İstanbul", "猫", "ねこ", "fire dragon",
            "  ", "hi", "/\\bsnow(ing)?\\b/i", "/dragon[\\s\\S]{0,20}fire/i", "/^\\x01hi/", "/storm$/m",
            "/rain[\\s\\S]*umbrella/", "/\\x01hi/y", "/\\d+/", "/котик/iu", "/\\Bnow/", "/caf\\b/",
            "/Dragon/g", "/[^]/", "/x_y|fire/", "/(/"]

texts = st.lists(st.sampled_from(WORDS), max_size=8).map("".join)


@st.composite
def skills(draw: st.DrawFn) -> list[Skill]:
    count = draw(st.integers(1, 6))
    out = []
    for i in range(count):
        out.append(Skill(
            name=f"s{i}", description="d", body="b", path=f"s{i}/SKILL.md", folder=Path(f"s{i}"), fields={},
            when=draw(st.sampled_from(["mentioned", "mentioned", "picked", "always"])),
            triggers=tuple(draw(st.lists(st.sampled_from(TRIGGERS), max_size=4))),
            secondary_triggers=tuple(draw(st.lists(st.sampled_from(TRIGGERS), max_size=2))),
            trigger_logic=draw(st.sampled_from(["any", "all"])),
            selective_logic=draw(st.sampled_from(["andAny", "andAll", "notAny", "notAll"])),
            case_sensitive=draw(st.booleans()), match_whole_words=draw(st.booleans()),
            scan_depth=draw(st.sampled_from([0, 1, 2, 3, 7])), close_when_unmentioned=draw(st.booleans())))
    return out


@st.composite
def transcripts(draw: st.DrawFn) -> Transcript:
    messages = []
    for index in range(draw(st.integers(0, 14))):
        role = draw(st.sampled_from(["user", "user", "assistant", "assistant", "tool", "system"]))
        event = draw(st.sampled_from([None, None, None, "continue", "swipe"])) if role == "assistant" else None
        calls = ()
        if role == "assistant" and draw(st.booleans()):
            calls = (ToolCall(draw(st.sampled_from(["open_skill", "close_skill"])),
                              f'{{"name": "s{draw(st.integers(0, 6))}"}}'),)
        messages.append(Message(index, role, draw(texts), tool_calls=calls,  # type: ignore[arg-type]
                                hidden=draw(st.sampled_from([False] * 5 + [True])), event=event))
    return Transcript("t", "yaml", tuple(messages))


@settings(max_examples=300)
@given(skills(), transcripts())
def test_fast_and_straightforward_give_the_same_simulation(found, transcript):
    scene = default_scene(found)
    fast = simulate(found, scene, transcript, matcher=Matcher)
    slow = simulate(found, scene, transcript, matcher=ReferenceMatcher)
    assert fast.turns == slow.turns
    assert fast.as_json() == slow.as_json()


def chain(*texts: str) -> list[Unit]:
    units: list[Unit] = []
    for i, text in enumerate(texts):
        units.append(Unit(i, i, text, units[-1] if units else None, i))
    return units


def spec(*triggers: str, depth: int = 2) -> SkillTriggers:
    skill = Skill(name="s", description="d", body="b", path="p", folder=Path("s"), fields={}, when="mentioned",
                  triggers=triggers, scan_depth=depth)
    return SkillTriggers.of(skill)


def test_a_message_counts_in_every_window_it_falls_in():
    units = chain("a sword", "x", "y", "z")
    session = Matcher([spec("sword", depth=3)]).session()
    assert [session.mentions(u)[0].on for u in units] == [True, True, True, False]


def test_answering_the_same_message_again_changes_nothing():
    units = chain("sword")
    session = Matcher([spec("sword")]).session()
    assert session.mentions(units[0]) is session.mentions(units[0])


def test_a_history_that_goes_back_starts_over_with_the_same_answers():
    first, second = chain("sword", "x", "y"), chain("nothing", "sword")
    session = Matcher([spec("sword", depth=1)]).session()
    assert session.mentions(first[2])[0].on is False
    assert session.mentions(second[1])[0].on is True   # not a continuation: the session restarts
    assert session.mentions(second[0])[0].on is False


def test_nothing_to_scan_is_not_mentioned():
    assert Matcher([spec("sword")]).session().mentions(None)[0].on is False


def test_a_regex_that_runs_too_long_counts_as_no_match_and_says_so():
    units = chain("a" * 60 + "!")
    for matcher in (Matcher, ReferenceMatcher):
        mention = matcher([spec("/(a|aa)+$/", "/(a|a)+b/")], timeout=0.05).session().mentions(units[0])[0]
        assert mention.on is False
        assert mention.timed_out == ("/(a|aa)+$/", "/(a|a)+b/")
        assert "ran too long and counted as no match" in mention.reason
