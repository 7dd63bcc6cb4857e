"""The language server: pygls over stdio, each LSP message handed to the module of its concern.

Every handler is guarded: what it cannot do is logged (window/logMessage) and answered with
nothing, never raised, so a broken file or a bug never takes the editor's server down."""

from __future__ import annotations

import functools
import traceback
from pathlib import Path
from typing import Any, Callable, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from skillkit import __version__
from skillkit.server.diagnostics import disk_text, to_lsp
from skillkit.server.positions import Text
from skillkit.server.settings import client_settings
from skillkit.server.state import Session

F = TypeVar("F", bound=Callable[..., Any])


class SkillkitServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("skillkit", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.session = Session(self.log)
        self.pull = False  # the client asks for diagnostics (textDocument/diagnostic) itself
        self.refresh = False  # ... and may be told to ask again (workspace/diagnostic/refresh)
        from skillkit.reporters.locations import Locator

        self.locator = Locator(self.session.base)

    # --- helpers every concern uses -----------------------------------------------------
    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # noqa: BLE001 - before initialize, or the client is gone: nothing to tell
            pass

    @property
    def encoding(self) -> str:
        chosen = self.workspace.position_encoding if self.protocol._workspace is not None else None  # noqa: SLF001
        return str(chosen.value if hasattr(chosen, "value") else chosen or "utf-16")

    def text(self, path: Path) -> Text:
        """A file's text as the client holds it (the open buffer, else the file on disk)."""
        held = self.session.texts.get(path)
        return Text(held if held is not None else disk_text(path), self.encoding)

    def publish(self, paths: set[Path]) -> None:
        """Tell the client of the findings that changed: pushed for the files it has open (every
        file in `workspace` mode), or a refresh request when it pulls them."""
        if self.pull:
            if paths and self.refresh:
                self.workspace_diagnostic_refresh(None)
            return
        everything = self.session.settings.diagnostics == "workspace"
        for path in sorted(paths):
            if not everything and path not in self.session.texts:
                continue
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=from_fs_path(str(path)) or "", diagnostics=self.lsp_diagnostics(path)))

    def lsp_diagnostics(self, path: Path) -> list[types.Diagnostic]:
        found = self.session.findings(path)
        shown = found[0].path if found else self.session.shown(path)
        return to_lsp(found, self.text(path), shown, self.locator)


def guarded(server: SkillkitServer, what: str) -> Callable[[F], F]:
    """Log what a handler could not do instead of raising it to pygls (and the editor)."""
    def wrap(handler: F) -> F:
        @functools.wraps(handler)
        def run(*args: Any) -> Any:
            try:
                return handler(*args)
            except Exception as exc:  # noqa: BLE001 - the editor must keep its server
                server.log(f"skillkit could not answer {what}: {exc}\n{traceback.format_exc(limit=4)}",
                           types.MessageType.Error)
                return None
        return run  # type: ignore[return-value]
    return wrap


def path_of(uri: str) -> Path | None:
    found = to_fs_path(uri)
    return Path(found) if found else None


def build() -> SkillkitServer:
    server = SkillkitServer()
    from skillkit.server import features

    features.register(server, guarded, path_of)
    return server


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
