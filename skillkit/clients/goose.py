"""Goose: `.agents/skills/` and `.claude/skills/` in the project (and the older `.goose/skills/`);
`~/.agents/skills/`, `~/.claude/skills/` and `~/.config/goose/skills/` for the user, and the
skills of installed plugins (`~/.agents/plugins/<name>/`).

Source: block/goose's documentation/docs/guides/context-engineering/using-skills.md
(https://block.github.io/goose/docs/guides/context-engineering/using-skills/): a SKILL.md needs
`name` and `description`; names and descriptions go into goose's instructions with no budget;
skills are loaded by the model, by name or with `/name`. Plugin roots hold a `plugin.json`, a
name too common to mark a plugin on its own, so none is declared here.
"""

from skillkit.clients.agent_skills import DESCRIPTION, NAME
from skillkit.clients.base import Client, Limits, ListingBudget, Packaging, not_supported

CLIENT = Client(
    id="goose",
    title="Goose",
    summary="Block's open-source agent.",
    project_folders=(".claude/skills", ".agents/skills"),
    user_folders=("~/.config/goose/skills", "~/.claude/skills", "~/.agents/skills"),
    docs="https://block.github.io/goose/docs/guides/context-engineering/using-skills/",
    extra_project_folders=(".goose/skills",),
    keys=(NAME, DESCRIPTION),
    limits=Limits(name_chars=None, description_chars=None, note="None documented."),
    listing=ListingBudget("none", note="Every skill's name and description is in the instructions."),
    packaging=Packaging("folder", ".agents/skills", carry=""),
    model_invocation=not_supported("Goose documents no key for it."),
    user_invocation=not_supported("Any skill can be started with `/name`; there is no key to turn that off."),
    allowed_tools=not_supported("Goose documents no `allowed-tools`."),
    profile=None,
    skill_files=(),
)
