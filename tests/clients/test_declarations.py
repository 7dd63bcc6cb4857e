"""Every client declares everything: its keys and their types, limits, listing budget,
packaging, its spelling of each shared intent (or why it has none), its profile (or none),
its own files. The consumers (profiles, listing budgets, the `.skill` export, Codex's file, the
Claude Code fields) read these declarations, not constants of their own."""

from __future__ import annotations

import dataclasses

import pytest
from jsonschema import Draft202012Validator

from skillkit.clients import BY_ID, IDS, REGISTRY
from skillkit.clients.base import INTENTS, UNDECLARED, Client, Key, Spelling


@pytest.mark.parametrize("client", REGISTRY, ids=lambda c: c.id)
def test_every_client_declares_every_field(client: Client) -> None:
    assert client.undeclared() == [], f"skillkit/clients/{client.id.replace('-', '_')}.py leaves these out"


def test_a_client_that_leaves_a_field_out_is_caught() -> None:
    partial = dataclasses.replace(BY_ID["goose"], allowed_tools=UNDECLARED, listing=UNDECLARED)
    assert partial.undeclared() == ["listing", "allowed_tools"]


@pytest.mark.parametrize("client", REGISTRY, ids=lambda c: c.id)
def test_every_intent_is_spelled_or_said_to_be_unsupported(client: Client) -> None:
    for intent in INTENTS:
        spelling = client.spelling(intent)
        assert isinstance(spelling, Spelling)
        assert spelling.supported or spelling.note, f"{client.id} must say why it cannot spell {intent}"
        if spelling.place == "frontmatter":  # a frontmatter spelling is a key the client reads
            assert client.reads(spelling.key), (client.id, spelling.key)
        if spelling.place == "metadata":
            assert client.reads("metadata"), client.id
        if spelling.place == "file":
            assert spelling.file in {f.path for f in client.skill_files}, client.id


def test_the_shared_intents_spelled_as_the_clients_document_them() -> None:
    assert BY_ID["claude-code"].model_invocation == Spelling("frontmatter", "disable-model-invocation", "negated")
    codex = BY_ID["codex"].model_invocation
    assert (codex.place, codex.file, codex.key, codex.form) == ("file", "agents/openai.yaml",
                                                               "policy.allow_implicit_invocation", "bool")
    assert BY_ID["opencode"].model_invocation == Spelling("metadata", "opencode/autoinvoke", "text-bool")
    assert BY_ID["opencode"].user_invocation == Spelling("metadata", "opencode/slash", "text-bool")
    assert not BY_ID["gemini-cli"].model_invocation.supported and not BY_ID["codex"].allowed_tools.supported


@pytest.mark.parametrize("client", REGISTRY, ids=lambda c: c.id)
def test_keys_have_valid_schemas_and_names_once(client: Client) -> None:
    names = [k.name for k in client.keys]
    assert len(names) == len(set(names)) and {"name", "description"} <= set(names), client.id
    for key in (*client.keys, *(k for f in client.skill_files for k in f.keys)):
        assert isinstance(key, Key) and key.meaning
        Draft202012Validator.check_schema(dict(key.schema))
        if key.has_default:
            assert Draft202012Validator(dict(key.schema)).is_valid(key.default), (client.id, key.name)


@pytest.mark.parametrize("client", REGISTRY, ids=lambda c: c.id)
def test_packaging_carries_only_into_a_key_the_client_reads(client: Client) -> None:
    packaging = client.packaging
    assert packaging.carry in ("", "metadata")
    if packaging.carry:
        assert client.reads(packaging.carry)
    if packaging.form == "folder":
        assert packaging.folder in (*client.project_folders, *client.extra_project_folders), client.id


def test_claude_ai_limits_are_the_contracts() -> None:
    limits = BY_ID["claude-api"].limits
    assert limits.reserved_words == ("anthropic", "claude") and set(limits.description_forbids) == {"<", ">"}
    assert limits.max_files == 200 and limits.max_bytes == 30_000_000
    assert BY_ID["claude-api"].packaging.form == "upload"


def test_profiles_come_from_the_registry() -> None:
    from skillkit.rules import PROFILES

    client_profiles = [c.id for c in REGISTRY if c.profile is not None]
    assert set(client_profiles) == {"agent-skills", "claude-api", "claude-code", "codex"}
    assert set(PROFILES) == {"default", "studio", "platform", *client_profiles}
    for client_id in client_profiles:  # profile ids are client ids, and say what the client does
        assert PROFILES[client_id].summary == BY_ID[client_id].profile.summary  # type: ignore[union-attr]
    assert "codex" in PROFILES["default"].worlds and "claude-code" in PROFILES["default"].worlds


def test_listing_budgets_come_from_the_registry() -> None:
    from skillkit.agentskills.budgets import STRATEGIES, client_listings

    budgeted = [c.title for c in REGISTRY if c.listing.strategy in STRATEGIES]
    assert budgeted == ["Claude Code", "Codex"]
    assert [listing.client for listing in client_listings([], None)] == budgeted
    for client in REGISTRY:
        assert client.listing.strategy in ("none", *STRATEGIES)
        assert client.listing.strategy != "none" or client.listing.note, client.id


def test_the_claude_code_fields_and_codex_file_are_built_from_the_declarations() -> None:
    from skillkit.clients.claude_code import OWN_KEYS
    from skillkit.core.codex import CODEX_AGENT_KIND
    from skillkit.core.fields import CODEX_AGENT
    from skillkit.core.fields.claude_code import CLAUDE_CODE_FIELDS

    assert [f.name for f in CLAUDE_CODE_FIELDS] == [k.name for k in OWN_KEYS]
    assert all(BY_ID["claude-code"].reads(f.name) for f in CLAUDE_CODE_FIELDS)
    codex_file = BY_ID["codex"].skill_files[0]
    assert CODEX_AGENT_KIND == codex_file.kind and [f.name for f in CODEX_AGENT.fields] == [k.name for k in codex_file.keys]


def test_settings_targets_take_exactly_the_client_ids() -> None:
    from skillkit.core.fields import SETTINGS

    assert SETTINGS.field("targets").schema["items"]["enum"] == list(IDS)  # type: ignore[union-attr]
