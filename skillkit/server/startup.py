"""What the server learns when the client starts it (initialize): the folders, the client's
settings, whether it pulls diagnostics; and how a client's URI names a file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from skillkit.server.settings import client_settings

if TYPE_CHECKING:
    from skillkit.server.app import SkillkitServer


def path_of(uri: str) -> Path | None:
    found = to_fs_path(uri)
    return Path(found) if found else None


def initialize(server: SkillkitServer, params: types.InitializeParams) -> None:
    settings, problems = client_settings(params.initialization_options)
    server.session.settings = settings
    for problem in problems:
        server.log(f"skillkit: {problem}", types.MessageType.Warning)
    folders = [path_of(f.uri) for f in params.workspace_folders or []]
    if not folders and params.root_uri:
        folders = [path_of(params.root_uri)]
    server.session.folders = [f for f in folders if f is not None]
    capabilities = params.capabilities
    server.pull = bool(capabilities.text_document and capabilities.text_document.diagnostic)
    server.refresh = bool(capabilities.workspace and capabilities.workspace.diagnostics
                          and capabilities.workspace.diagnostics.refresh_support)
