"""The Skills block, exactly, and each place it can stand (goldens under fixtures/render/golden)."""

from __future__ import annotations

from typing import Any, Sequence

from render_helpers import golden, golden_json, messages, skill

from skillkit.studio.assembly import assemble, skills_block
from skillkit.studio.preset import expand

SWORD = skill("sword", "\n  Swing it.  \n\n")
LORE = skill("lore", "The crown fell at Greyford. {{user}} has heard the songs.", when="picked")
BLANK = skill("blank", "  {{nothing}}  \n")
GREETING = skill("greeting", "Greet {{user}} by name.")
LINKED = [GREETING, SWORD, BLANK, LORE]
CHAT = messages(("system", "You are {{char}}."), ("system", "Keep it short."), ("user", "Hi"),
                ("assistant", "Hello"), ("user", "Tell me of the sword."))


def outline(preset: Any = None, on: Sequence[str] = ("greeting", "sword", "blank", "lore"),
            chat: Sequence[Any] = CHAT) -> dict[str, Any]:
    lead = next((i for i, m in enumerate(chat) if m.role != "system"), len(chat))
    assembly = assemble(linked=LINKED, on=on, variables={"user": "Alice", "char": "Bob"},
                        preset=expand(preset) if preset is not None else None,
                        leading=chat[:lead], history=chat[lead:])
    return {"skillsBlock": assembly.skills_block, "placement": assembly.placement,
            "messages": [{"role": m.role, "label": m.label, "content": m.content} for m in assembly.messages()],
            "problems": [p.message for p in assembly.problems]}


def test_the_block_exactly() -> None:
    block = skills_block([("sword", "\n  Swing it.  \n"), ("lore", "Fell.\n\nLong ago.")])
    assert block == "### Skills\n\n## sword\nSwing it.\n\n## lore\nFell.\n\nLong ago."
    golden("block.txt", block + "\n")


def test_the_design_example() -> None:
    assert skills_block([("sword", "Swing it.")]) == "### Skills\n\n## sword\nSwing it."


def test_blank_renders_add_nothing_and_no_skill_on_means_no_block() -> None:
    assert skills_block([("blank", "  \n"), ("sword", "Swing it.")]) == "### Skills\n\n## sword\nSwing it."
    assert skills_block([("blank", " ")]) is None
    assert skills_block([]) is None
    assert outline(on=("blank",))["skillsBlock"] is None


def test_macros_run_in_the_block_in_scene_order() -> None:
    result = outline(on=("lore", "greeting"))
    assert result["skillsBlock"] == ("### Skills\n\n## greeting\nGreet Alice by name.\n\n"
                                     "## lore\nThe crown fell at Greyford. Alice has heard the songs.")


def test_placement_after_the_leading_system_messages() -> None:
    golden_json("placement-default.json", outline())


def test_placement_at_the_start_when_no_system_message_leads() -> None:
    result = outline(chat=messages(("user", "Hi")))
    assert [m["label"] for m in result["messages"]] == ["Skills", "History"]
    assert result["placement"].startswith("at the start of the prompt")


def test_placement_at_the_marker_with_its_role() -> None:
    preset = [{"content": "Main prompt for {{char}}.", "slot": "main"}, {"marker": "history"},
              {"marker": "skills", "role": "user"}, {"content": "Stay in character.", "slot": "jailbreak"}]
    golden_json("placement-marker.json", outline(preset))


def test_placement_after_the_trackers_and_storyboards_blocks() -> None:
    preset = [{"content": "Main."}, {"content": "An example exchange.", "role": "user"},
              {"marker": "trackers", "content": "Mood: calm"}, {"marker": "storyboards", "content": "Act 1",
                                                                 "role": "user"},
              {"marker": "history"}]
    result = outline(preset)
    assert [m["label"] for m in result["messages"]][:6] == ["System", "System", "Preset", "Preset", "Trackers",
                                                            "Storyboards"]
    assert result["messages"][6]["label"] == "Skills"
    golden_json("placement-features.json", result)


def test_skill_cards_occupy_named_positions_and_join_prompt_cards() -> None:
    preset = [{"content": "World rules:", "slot": "rules"}, {"skill": "lore", "slot": "lore", "join": True},
              {"content": "End of rules.", "join": True}, {"skill": "sword", "role": "user"}, {"marker": "history"}]
    result = outline(preset)
    joined = result["messages"][2]
    assert joined == {"role": "system", "label": "Preset", "content": "World rules:\n\nThe crown fell at Greyford. "
                                                                       "Alice has heard the songs.\n\nEnd of rules."}
    assert "## lore" not in result["skillsBlock"] and "## sword" not in result["skillsBlock"]
    golden_json("placement-skill-cards.json", result)


def test_a_card_for_a_skill_that_is_off_adds_nothing_and_breaks_no_join() -> None:
    preset = [{"content": "A"}, {"skill": "lore", "join": True}, {"content": "B", "join": True}]
    result = outline(preset, on=("sword",))
    assert result["messages"][2]["content"] == "A\n\nB"


def test_a_repeated_slot_is_left_out_with_a_problem() -> None:
    preset = {"cards": [{"skill": "lore", "slot": "lore"}, {"include": "more"}],
              "parts": {"more": [{"skill": "lore", "slot": "lore"}]}}
    result = outline(preset)
    contents = [m["content"] for m in result["messages"]]
    assert sum("Greyford" in c for c in contents) == 1
    assert "refused" in result["problems"][0]


def test_a_card_for_an_unlinked_skill_is_a_warning() -> None:
    result = outline([{"skill": "weather"}])
    assert "does not link" in result["problems"][0]
