"""Profiles: which worlds' rules apply, and where clients disagree with the open spec.

The worlds' profiles are written here; a client's profile is declared with the client
(`skillkit/clients/<id>.py`, its `profile`) and named after it, so `--profile ID` and
`--target ID` name one thing. Client profiles are listed by id."""

from __future__ import annotations

from skillkit.clients import REGISTRY
from skillkit.clients.base import Client
from skillkit.core.diagnostics import Severity
from skillkit.rules.base import Profile

SPEC = frozenset({"agent-skills"})
_PROFILED = sorted((c for c in REGISTRY if c.profile is not None), key=lambda c: c.id)
# The clients' own worlds: the keys Claude Code documents beyond the spec, and Codex's files.
CLIENTS = frozenset(c.id for c in _PROFILED if c.profile is not None and c.profile.own_world)
ALL_WORLDS = frozenset({"studio", "platform"}) | SPEC | CLIENTS
# Where a model picks skills by their description alone (the spec's clients), a short one is
# a warning; the other worlds activate skills by triggers or by name, so there it is info
# (reported, never failing a run, not even with --strict).
INFO_SHORT = {"description-short": Severity.INFO}


def client_profile(client: Client) -> Profile:
    declared = client.profile
    assert declared is not None
    worlds = SPEC | ({client.id} if declared.own_world else frozenset())
    severities = {rule: Severity.parse(word) if word else None for rule, word in declared.severities}
    return Profile(client.id, declared.summary, worlds, severities=severities)


PROFILES: dict[str, Profile] = {p.name: p for p in (
    Profile("default", "Every world: each field that is present is checked by the rules of its world.", ALL_WORLDS,
            severities=INFO_SHORT),
    Profile("studio", "The chat studio's Skill entity: activation, triggers, scenes.", frozenset({"studio"}),
            severities=INFO_SHORT),
    Profile("platform", "The agent platform's skill actions: versions, tools, examples, agents.",
            frozenset({"platform"}), severities=INFO_SHORT),
    *(client_profile(client) for client in _PROFILED),
)}
