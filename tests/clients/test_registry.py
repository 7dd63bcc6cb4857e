"""The client registry: every id the contract names, each declared whole and once."""

from __future__ import annotations

import importlib
import pkgutil

import skillkit.clients as clients
from skillkit.clients import BY_ID, IDS, REGISTRY, loaders_of, project_folders
from skillkit.clients.base import Client

CONTRACT_IDS = ("claude-code", "claude-api", "codex", "gemini-cli", "copilot", "cursor", "opencode", "goose",
                "agent-skills")


def test_the_registry_holds_exactly_the_contracts_ids_in_order():
    assert IDS == CONTRACT_IDS
    assert len(set(IDS)) == len(REGISTRY)


def test_every_client_module_is_listed_and_every_listed_client_has_its_module():
    modules = {info.name for info in pkgutil.iter_modules(clients.__path__)} - {"base"}
    declared = {}
    for name in modules:
        module = importlib.import_module(f"skillkit.clients.{name}")
        assert isinstance(module.CLIENT, Client), name
        declared[module.CLIENT.id] = name
        assert module.__doc__, f"skillkit/clients/{name}.py needs a docstring saying what the client loads"
    assert set(declared) == set(IDS)
    for client_id, module in declared.items():
        assert module == client_id.replace("-", "_")


def test_every_client_says_what_it_is():
    for client in REGISTRY:
        assert client.title and client.summary and client.docs.startswith("https://"), client.id


def test_folders_match_the_contract():
    assert BY_ID["claude-code"].project_folders == (".claude/skills",)
    assert BY_ID["codex"].project_folders == (".agents/skills",) and BY_ID["codex"].walks_up
    assert set(BY_ID["gemini-cli"].project_folders) == {".gemini/skills", ".agents/skills"}
    assert BY_ID["copilot"].project_folders == (".github/skills",)
    assert set(BY_ID["cursor"].project_folders) == {".cursor/skills", ".agents/skills"}
    assert set(BY_ID["opencode"].project_folders) == {".opencode/skills", ".claude/skills", ".agents/skills"}
    assert set(BY_ID["goose"].project_folders) == {".claude/skills", ".agents/skills"}
    assert BY_ID["claude-api"].project_folders == ()
    assert ".agents/skills" in project_folders() and len(project_folders()) == len(set(project_folders()))
    assert {c.id for c in loaders_of(".agents/skills")} == {"codex", "gemini-cli", "cursor", "opencode", "goose"}


def test_a_folder_spelled_with_a_trailing_slash_is_refused():
    import pytest

    with pytest.raises(ValueError):
        Client(id="x", title="x", summary="x", project_folders=(".x/skills/",))
