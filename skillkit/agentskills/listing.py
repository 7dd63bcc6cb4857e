"""The `<available_skills>` XML listing, byte for byte as `skills-ref to-prompt` 0.1.1 prints it.

skills-ref (skills_ref/prompt.py) writes one line per element: `<skill>`, `<name>`, the name,
`</name>`, `<description>`, the description, `</description>`, `<location>`, the absolute
path of SKILL.md, `</location>`, `</skill>`; name and description are stripped and escaped with
`html.escape` (quotes too), the location is not escaped. Lines are joined by a newline and the
CLI adds one more at the end. An empty list prints the two wrapper lines.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Sequence

from skillkit.core.model import Skill


def location(skill: Skill) -> Path:
    """skills-ref resolves the folder, then takes `SKILL.md` in it (`skill.md` when that is the one)."""
    folder = Path(skill.folder).resolve()
    for name in ("SKILL.md", "skill.md"):
        if (folder / name).exists():
            return folder / name
    return folder / Path(skill.path).name


def available_skills_xml(skills: Sequence[Skill]) -> str:
    """The listing, ending with the newline `skills-ref to-prompt` prints after it."""
    if not skills:
        return "<available_skills>\n</available_skills>\n"
    lines = ["<available_skills>"]
    for skill in skills:
        lines += ["<skill>", "<name>", html.escape(skill.name.strip()), "</name>",
                  "<description>", html.escape(skill.description.strip()), "</description>",
                  "<location>", str(location(skill)), "</location>", "</skill>"]
    lines.append("</available_skills>")
    return "\n".join(lines) + "\n"
