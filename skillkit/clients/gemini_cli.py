"""Gemini CLI: `.gemini/skills/` and `.agents/skills/` in the project, the same under `~`, and
the `skills/` folder of every installed extension (a folder holding `gemini-extension.json`).

Sources: https://geminicli.com/docs/cli/skills/ and google-gemini/gemini-cli's
docs/cli/creating-skills.md (the frontmatter is `name` and `description`, both required) and
packages/core/src/skills/skillLoader.ts (reads only those two, falling back to a line parser
when the YAML does not parse; a skill is `SKILL.md` or `*/SKILL.md` one level down; a name's
`:\\/<>*?"|` become `-`). Every enabled skill's name and description go into the system
prompt's `<available_skills>` with no budget; `/skills disable` is a setting, not a key.
"""

from skillkit.clients.agent_skills import DESCRIPTION, NAME
from skillkit.clients.base import Client, Limits, ListingBudget, Packaging, not_supported

CLIENT = Client(
    id="gemini-cli",
    title="Gemini CLI",
    summary="Google's coding agent in the terminal.",
    project_folders=(".gemini/skills", ".agents/skills"),
    user_folders=("~/.gemini/skills", "~/.agents/skills"),
    plugin_manifests=("gemini-extension.json",),
    docs="https://geminicli.com/docs/cli/skills/",
    keys=(NAME, DESCRIPTION),
    limits=Limits(name_chars=None, description_chars=None, note="No length limit in the loader."),
    listing=ListingBudget("none", note="Every enabled skill is listed in full."),
    packaging=Packaging("folder", ".gemini/skills", carry=""),
    model_invocation=not_supported("Only `/skills disable` (a setting) keeps a skill from the model."),
    user_invocation=not_supported("Skills are activated by the model's `activate_skill` tool, not by name."),
    allowed_tools=not_supported("The loader reads no `allowed-tools`."),
    profile=None,
    skill_files=(),
)
