"""Profiles: which worlds' rules apply, and where clients disagree with the open spec."""

from __future__ import annotations

from skillkit.clients import REGISTRY as CLIENT_REGISTRY
from skillkit.core.diagnostics import Severity
from skillkit.rules.base import Profile

SPEC = frozenset({"agent-skills"})
# The clients' own worlds: the keys Claude Code documents beyond the spec, and Codex's files.
CLIENTS = frozenset({"claude-code", "codex"})
ALL_WORLDS = frozenset({"studio", "platform"}) | SPEC | CLIENTS
# Where a model picks skills by their description alone (the spec's clients), a short one is
# a warning; the other worlds activate skills by triggers or by name, so there it is info
# (reported, never failing a run, not even with --strict).
SHORT = {"description-short": Severity.WARNING}
INFO_SHORT = {"description-short": Severity.INFO}

PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("default", "Every world: each field that is present is checked by the rules of its world.", ALL_WORLDS,
            severities=INFO_SHORT),
    Profile("studio", "The chat studio's Skill entity: activation, triggers, scenes.", frozenset({"studio"}),
            severities=INFO_SHORT),
    Profile("platform", "The agent platform's skill actions: versions, tools, examples, agents.",
            frozenset({"platform"}), severities=INFO_SHORT),
    Profile("agent-skills", "The open Agent Skills spec, as its reference validator reads it: other keys are errors.",
            SPEC, severities={"unknown-field": Severity.ERROR, **SHORT}),
    Profile("claude-api", "The Agent Skills spec plus the Claude API's upload rules: no reserved words "
            "(\"anthropic\", \"claude\") in names, no XML tags.", SPEC,
            severities={"unknown-field": Severity.ERROR, **SHORT}),
    Profile("claude-code", "The Agent Skills spec plus Claude Code's own keys; a YAML list in `allowed-tools` is fine.",
            SPEC | {"claude-code"}, severities={"allowed-tools-list": None, **SHORT}),
    Profile("codex", "The Agent Skills spec as Codex reads it: unknown keys are ignored (warning), "
            "`metadata.short-description` is shown in its skill list; a skill's `agents/openai.yaml` is checked.",
            SPEC | {"codex"}, severities=SHORT),
)}
# Every client id is a profile too (`--profile` takes the ids `--client` and `--target` take):
# a client with no rules of its own reads the open spec and ignores keys it does not know.
PROFILES.update({client.id: Profile(client.id, f"The Agent Skills spec as {client.title} reads it: unknown keys "
                                               "are ignored (warning).", SPEC, severities=SHORT)
                 for client in CLIENT_REGISTRY if client.id not in PROFILES})
