"""The scene a card's import writes: `scenes/<card>.yaml` linking the imported skills.

A card's lorebook is written for one character, so its entries say `{{char}}` and `{{user}}`;
with a scene that links them and answers both (`char`: the card's name, `user`: `User`, as
SillyTavern calls a user with no persona), `simulate --scene` and `render --scene` work at
once and lint has no `macro-unanswered` to report.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import yaml

from skillkit.authoring.yamlemit import comment, scalar
from skillkit.core.fields import KINDS
from skillkit.core.slug import slugify

SKILLS_FOLDER = "skills"
SCENES_FOLDER = "scenes"
DEFAULT_USER = "User"  # SillyTavern's name for the user when no persona is set


@dataclass(frozen=True)
class SceneDraft:
    path: Path  # where it goes: <workspace root>/scenes/<card>.yaml
    text: str


def workspace_root(output: Path) -> Path:
    """Where `scenes/` goes: beside the skills folder when it is named `skills` (the workspace
    layout, and import's default), else inside the output folder, which then is the root."""
    return output.parent if output.name == SKILLS_FOLDER else output


def reserved_names(output: Path) -> set[str]:
    """Skill names that would collide with the scenes folder (when it shares the output folder)."""
    return {SCENES_FOLDER} if workspace_root(output) == output else set()


def card_scene(character: str, skills: Sequence[str], output: Path, source: str) -> SceneDraft:
    stem = slugify(character) or slugify(Path(source).stem) or "card"
    lines = [KINDS["scene"].modeline(),
             comment(f"written by skillkit import from {source}: {character}'s lorebook, in the book's order"),
             "skills:" if skills else "skills: []"]
    lines += [f"  - {scalar(name)}" for name in skills]
    lines.append(f"variables: {{char: {scalar(character)}, user: {DEFAULT_USER}}}")
    text = "\n".join(lines) + "\n"
    # A bug here would write a scene that links other skills or names someone else.
    if yaml.safe_load(text) != {"skills": list(skills), "variables": {"char": character, "user": DEFAULT_USER}}:
        raise AssertionError(f"the scene does not read back as written: {text!r}")
    return SceneDraft(workspace_root(output) / SCENES_FOLDER / f"{stem}.yaml", text)
