"""claude.ai and the Claude API's Skills endpoint: skills are uploaded (a `.skill` zip with one
top folder), never discovered on disk, so this client declares no folders.

Sources: https://docs.claude.com/en/docs/agents-and-tools/agent-skills/overview (name: at most
64 characters of lowercase letters, digits and hyphens, no XML tags, not the reserved words
"anthropic" or "claude"; description: non-empty, at most 1,024 characters, no XML tags), the
upload check of Anthropic's skill-creator (`quick_validate.py`: the frontmatter keys below, no
`<` or `>` in a description) and claude.ai's upload rules (one top folder holding one SKILL.md,
at most 200 files and 30 MB).
"""

from skillkit.clients.agent_skills import SHORT_DESCRIPTION_WARNS, SPEC_KEYS
from skillkit.clients.base import Client, ClientProfile, Limits, ListingBudget, Packaging, Spelling, not_supported

CLIENT = Client(
    id="claude-api",
    title="claude.ai and the Skills API",
    summary="Skills uploaded to claude.ai or through the Claude API.",
    docs="https://docs.claude.com/en/docs/agents-and-tools/agent-skills/overview",
    keys=SPEC_KEYS,
    limits=Limits(name_chars=64, description_chars=1024, reserved_words=("anthropic", "claude"),
                  description_forbids=("<", ">"), max_files=200, max_bytes=30_000_000,
                  note="30 MB counted as 30,000,000 bytes of the files as written (uncompressed): the tight side."),
    listing=ListingBudget("none", note="Not documented: the API lists the skills a request names."),
    packaging=Packaging("upload", carry="metadata"),
    model_invocation=not_supported("Uploaded skills are always offered to the model; there is no key for it."),
    user_invocation=not_supported("There is no `/` menu for uploaded skills."),
    allowed_tools=Spelling("frontmatter", "allowed-tools", "tool-string", note="Accepted by the upload check."),
    profile=ClientProfile("The Agent Skills spec plus the Claude API's upload rules: no reserved words "
                          "(\"anthropic\", \"claude\") in names, no XML tags.",
                          own_world=False, severities=(("unknown-field", "error"), SHORT_DESCRIPTION_WARNS)),
    skill_files=(),
)
