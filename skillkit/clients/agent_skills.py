"""The plain Agent Skills spec (agentskills.io): a folder holding SKILL.md, wherever an
installer puts it. It names no folder of its own; collections keep skills in `skills/`.

Source: https://agentskills.io/specification (the frontmatter fields and their limits; the
reference validator `skills-ref`). The spec's own keys are declared here once and every client
that reads them takes them from this module.
"""

from skillkit.clients.base import Client, ClientProfile, Key, Limits, ListingBudget, Packaging, Spelling, not_supported

NAME = Key("name", {"type": "string"}, "The skill's name: 1-64 characters of a-z, 0-9 and `-`, its folder's name.")
DESCRIPTION = Key("description", {"type": "string"}, "What the skill does and when to use it (1-1024 characters).")
LICENSE = Key("license", {"type": "string"}, "The licence: a name or the bundled file that holds it.")
COMPATIBILITY = Key("compatibility", {"type": "string"}, "Environment requirements (at most 500 characters).")
METADATA = Key("metadata", {"type": "object", "additionalProperties": {"type": "string"}},
               "More properties for clients and tools, string to string.")
ALLOWED_TOOLS = Key("allowed-tools", {"type": "string"}, "Pre-approved tools, space-separated (experimental).")
SPEC_KEYS = (NAME, DESCRIPTION, LICENSE, COMPATIBILITY, METADATA, ALLOWED_TOOLS)
SPEC_KEY_NAMES = frozenset(k.name for k in SPEC_KEYS)
# A model picks a spec skill by its description alone, so a short one is a warning there.
SHORT_DESCRIPTION_WARNS = ("description-short", "warning")
SPEC_LIMITS = Limits(name_chars=64, description_chars=1024)

CLIENT = Client(
    id="agent-skills",
    title="Agent Skills (the open spec)",
    summary="Any client that reads the open SKILL.md format and nothing more.",
    docs="https://agentskills.io/specification",
    keys=SPEC_KEYS,
    limits=SPEC_LIMITS,
    listing=ListingBudget("none", note="The spec leaves the listing to each client."),
    # The spec's own portable artifact: the `.skill` zip (one top folder) that claude.ai uploads.
    packaging=Packaging("upload", carry="metadata"),
    model_invocation=not_supported("The spec defines no such key."),
    user_invocation=not_supported("The spec defines no such key."),
    allowed_tools=Spelling("frontmatter", "allowed-tools", "tool-string", note="The spec's experimental field."),
    profile=ClientProfile("The open Agent Skills spec, as its reference validator reads it: other keys are errors.",
                          own_world=False, severities=(("unknown-field", "error"), SHORT_DESCRIPTION_WARNS)),
    skill_files=(),
)
