"""The tools a scene gives the writing model: `open_skill` and `close_skill`.

A scene that links picked skills gives them while tool access is on. `open_skill` lists every
picked skill in its own description, as a name and what it is for, so only that list costs
anything until a skill opens; it answers with the skill's instructions, the turn's macros read
read-only and what no macro answers stripped. Definitions use the OpenAI function-tool shape.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from skillkit.core.model import Skill
from skillkit.studio.assembly import rendered_text

OPEN_INTRO = ("Open a skill: its instructions join your prompt from your next reply on, until it is "
              "closed. Skills you can open:")
CLOSE_TEXT = "Close an open skill: its instructions leave your prompt from your next reply on."


def picked(linked: Sequence[Skill]) -> list[Skill]:
    return [s for s in linked if s.when == "picked"]


def _function(name: str, description: str, argument: str) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {"name": {"type": "string", "description": argument}},
                       "required": ["name"], "additionalProperties": False}}}


def definitions(linked: Sequence[Skill], tool_access: bool) -> list[dict[str, Any]]:
    """The two tools, or none: without tool access, or without a picked skill, nothing can open."""
    choices = picked(linked)
    if not tool_access or not choices:
        return []
    listing = "\n".join(f"- {s.name}: {' '.join(s.description.split())}" for s in choices)
    return [_function("open_skill", f"{OPEN_INTRO}\n{listing}", "The name of the skill to open."),
            _function("close_skill", CLOSE_TEXT, "The name of the open skill to close.")]


def definitions_text(tools: Sequence[Mapping[str, Any]]) -> str:
    """The definitions as sent (compact JSON): what their token cost is counted on."""
    return json.dumps(list(tools), ensure_ascii=False, separators=(",", ":")) if tools else ""


def open_answers(linked: Sequence[Skill], variables: Mapping[str, object]) -> dict[str, str]:
    """What `open_skill` answers for each picked skill on this turn."""
    return {s.name: rendered_text(s, variables) for s in picked(linked)}
