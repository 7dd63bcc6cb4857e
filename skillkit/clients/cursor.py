"""Cursor: `.cursor/skills/` and `.agents/skills/` in the project (and, for compatibility,
`.claude/skills/` and `.codex/skills/`), `~/.cursor/skills/` for the user (and `~/.claude/skills/`,
`~/.codex/skills/`).

Source: https://cursor.com/docs/context/skills (skill directories; the frontmatter: `name` and
`description` required, `license`, `compatibility`, `metadata` and `disable-model-invocation`
optional; every skill can also be started with `/name`). No listing budget is documented.
"""

from skillkit.clients.agent_skills import COMPATIBILITY, DESCRIPTION, LICENSE, METADATA, NAME, SPEC_LIMITS
from skillkit.clients.base import Client, Key, ListingBudget, Packaging, Spelling, not_supported

CLIENT = Client(
    id="cursor",
    title="Cursor",
    summary="Cursor's editor agent.",
    project_folders=(".cursor/skills", ".agents/skills"),
    user_folders=("~/.cursor/skills",),
    docs="https://cursor.com/docs/context/skills",
    extra_project_folders=(".claude/skills", ".codex/skills"),
    keys=(NAME, DESCRIPTION, LICENSE, COMPATIBILITY, METADATA,
          Key("disable-model-invocation", {"type": "boolean"},
              "`true`: the skill is only started with `/name`, never by the agent on its own.", default=False)),
    limits=SPEC_LIMITS,
    listing=ListingBudget("none", note="Not documented."),
    packaging=Packaging("folder", ".cursor/skills", carry="metadata"),
    model_invocation=Spelling("frontmatter", "disable-model-invocation", "negated"),
    user_invocation=not_supported("Every skill can be started with `/name`; there is no key to turn that off."),
    allowed_tools=not_supported("Cursor documents no `allowed-tools`."),
    profile=None,
    skill_files=(),
)
