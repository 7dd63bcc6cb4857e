"""GitHub Copilot (the cloud agent, Copilot CLI and VS Code's agent mode): `.github/skills/` in
the repository (also `.claude/skills/` and `.agents/skills/`), `~/.copilot/skills/` (and
`~/.agents/skills/`) for the user.

Sources: https://docs.github.com/en/copilot/how-tos/copilot-on-github/customize-copilot/customize-cloud-agent/add-skills
(locations; `name` and `description` required, `license` optional),
https://code.visualstudio.com/docs/agents/reference/agent-skills-reference and microsoft/vscode's
extensions/copilot/assets/prompts/skills/agent-customization/references/skills.md
(`argument-hint`, `user-invocable`, `disable-model-invocation`), and Copilot CLI's skills
(`allowed-tools`, pre-approved tools). No listing budget is documented.
"""

from skillkit.clients.agent_skills import DESCRIPTION, LICENSE, NAME, SPEC_LIMITS
from skillkit.clients.base import Client, Key, ListingBudget, Packaging, Spelling

CLIENT = Client(
    id="copilot",
    title="GitHub Copilot and VS Code",
    summary="GitHub Copilot's agent, Copilot CLI and VS Code's agent mode.",
    project_folders=(".github/skills",),
    user_folders=("~/.copilot/skills",),
    docs="https://docs.github.com/en/copilot/concepts/agents/about-agent-skills",
    extra_project_folders=(".claude/skills", ".agents/skills"),
    keys=(NAME, DESCRIPTION, LICENSE,
          Key("allowed-tools", {"type": "string"}, "Pre-approved tools, space-separated (Copilot CLI)."),
          Key("argument-hint", {"type": "string"}, "The hint shown when the skill is started as a slash command."),
          Key("user-invocable", {"type": "boolean"}, "`false`: no slash command for the skill.", default=True),
          Key("disable-model-invocation", {"type": "boolean"}, "`true`: Copilot never loads the skill on its own.",
              default=False)),
    limits=SPEC_LIMITS,
    listing=ListingBudget("none", note="Not documented."),
    packaging=Packaging("folder", ".github/skills", carry=""),
    model_invocation=Spelling("frontmatter", "disable-model-invocation", "negated"),
    user_invocation=Spelling("frontmatter", "user-invocable", "bool"),
    allowed_tools=Spelling("frontmatter", "allowed-tools", "tool-string"),
    profile=None,
    skill_files=(),
)
