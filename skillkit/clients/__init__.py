"""The client registry: one module per client, listed once here (as pre-commit lists its
languages). Adding a client is a module and a line below; `tests/clients/` fails when a
declaration is incomplete or an id is spelled twice."""

from __future__ import annotations

from skillkit.clients import (agent_skills, claude_api, claude_code, codex, copilot, cursor, gemini_cli, goose,
                              opencode)
from skillkit.clients.base import Client

REGISTRY: tuple[Client, ...] = (
    claude_code.CLIENT,
    claude_api.CLIENT,
    codex.CLIENT,
    gemini_cli.CLIENT,
    copilot.CLIENT,
    cursor.CLIENT,
    opencode.CLIENT,
    goose.CLIENT,
    agent_skills.CLIENT,
)
BY_ID: dict[str, Client] = {client.id: client for client in REGISTRY}
IDS: tuple[str, ...] = tuple(BY_ID)


def project_folders() -> tuple[str, ...]:
    """Every project folder some client loads skills from, each once, in registry order."""
    return tuple(dict.fromkeys(folder for client in REGISTRY for folder in client.project_folders))


def loaders_of(folder: str) -> tuple[Client, ...]:
    """The clients that load skills from the project folder `folder` (`.agents/skills`)."""
    return tuple(client for client in REGISTRY if folder in client.project_folders)


__all__ = ["REGISTRY", "BY_ID", "IDS", "Client", "project_folders", "loaders_of"]
