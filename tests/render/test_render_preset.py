"""The preset: cards in order, includes expanded, named slots standing once."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from skillkit.studio.preset import expand


def test_a_list_of_cards_in_order() -> None:
    preset = expand([{"content": "Main.", "slot": "main"}, {"marker": "skills", "role": "user"},
                     {"marker": "history"}, {"skill": "lore", "join": True}])
    assert [(c.kind, c.role, c.marker or c.skill or c.content) for c in preset.cards] == [
        ("prompt", "system", "Main."), ("marker", "user", "skills"), ("marker", "system", "history"),
        ("skill", "system", "lore")]
    assert preset.cards[3].join and preset.problems == ()
    assert preset.marker("skills") is preset.cards[1]


def test_includes_bring_in_parts_and_nest() -> None:
    preset = expand({"cards": [{"include": "a"}, {"content": "end"}],
                     "parts": {"a": [{"content": "a1"}, {"include": "b"}], "b": [{"content": "b1"}]}})
    assert [c.content for c in preset.cards] == ["a1", "b1", "end"]
    assert preset.cards[1].via == ("a", "b") and preset.problems == ()


def test_repeating_a_named_slot_through_an_include_is_refused() -> None:
    preset = expand({"cards": [{"content": "Rules.", "slot": "rules"}, {"include": "again"}],
                     "parts": {"again": [{"content": "Rules, twice.", "slot": "rules"}, {"content": "fine"}]}})
    assert [c.content for c in preset.cards] == ["Rules.", "fine"]
    (problem,) = preset.problems
    assert problem.error and problem.path == ("preset", "cards", 1)
    assert "slot `rules` is repeated through include `again`" in problem.message


def test_including_a_part_twice_repeats_its_slots() -> None:
    preset = expand({"cards": [{"include": "p"}, {"include": "p"}], "parts": {"p": [{"skill": "lore", "slot": "x"}]}})
    assert len(preset.cards) == 1 and len(preset.problems) == 1


def test_a_marker_stands_once() -> None:
    preset = expand([{"marker": "skills"}, {"marker": "skills", "role": "user"}])
    assert len(preset.cards) == 1 and "marker `skills` is repeated again" in preset.problems[0].message


def test_cycles_unknown_parts_and_bad_cards_are_problems() -> None:
    preset = expand({"cards": [{"include": "loop"}, {"include": "nowhere"}, {"content": "x", "skill": "y"},
                               {"role": "narrator", "content": "x"}, {"marker": "lorebook"}, "text"],
                     "parts": {"loop": [{"include": "loop"}]}})
    messages = [p.message for p in preset.problems]
    assert preset.cards == ()
    assert any("include cycle loop -> loop" in m for m in messages)
    assert any("no preset part 'nowhere'" in m for m in messages)
    assert any("exactly one of" in m for m in messages)
    assert any("role 'narrator'" in m for m in messages)
    assert any("marker 'lorebook'" in m for m in messages)
    assert any("is a mapping" in m for m in messages)


YAMLISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                           st.sampled_from(["cards", "parts", "content", "skill", "marker", "include", "role", "slot",
                                            "join", "skills", "history", "p", "x"]), inner, max_size=4),
                       max_leaves=20)


@given(YAMLISH)
def test_any_preset_data_expands_without_raising(data: Any) -> None:
    preset = expand(data)
    assert all(card.kind in ("prompt", "skill", "marker") for card in preset.cards)
