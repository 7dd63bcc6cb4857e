"""The tools a scene gives the model: open_skill lists every picked skill; its answer is the
skill's instructions with the turn's macros, unknown ones stripped."""

from __future__ import annotations

from render_helpers import golden_json, skill

from skillkit.studio import tools

LORE = skill("lore", "  The crown is hidden. {{user}} does not know. {{secret}}  ", when="picked",
             description="The history of the old kingdom,\nfor when it comes up.")
MAP = skill("map", "Draw the map.", when="picked", description="Maps of the valley.")
ALWAYS = skill("greeting", "Hi.", when="always")


def test_open_skill_lists_every_picked_skill_as_name_and_what_it_is_for() -> None:
    definitions = tools.definitions([ALWAYS, LORE, MAP], tool_access=True)
    assert [d["function"]["name"] for d in definitions] == ["open_skill", "close_skill"]
    description = definitions[0]["function"]["description"]
    assert description.endswith("\n- lore: The history of the old kingdom, for when it comes up.\n"
                                "- map: Maps of the valley.")
    assert "greeting" not in description
    assert definitions[0]["function"]["parameters"]["required"] == ["name"]
    golden_json("tools.json", definitions)


def test_no_tools_without_tool_access_or_without_a_picked_skill() -> None:
    assert tools.definitions([LORE], tool_access=False) == []
    assert tools.definitions([ALWAYS], tool_access=True) == []
    assert tools.definitions_text([]) == ""


def test_open_skill_answers_with_rendered_instructions() -> None:
    answers = tools.open_answers([ALWAYS, LORE, MAP], {"user": "Ann"})
    assert answers == {"lore": "The crown is hidden. Ann does not know.", "map": "Draw the map."}
