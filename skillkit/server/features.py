"""Which LSP method each concern answers: the one table of the server's features."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types
from pygls.uris import from_fs_path

if TYPE_CHECKING:
    from skillkit.server.app import SkillkitServer

WATCHED = ("**/SKILL.md", "**/*.md", "**/*.yaml", "**/*.yml", "**/pyproject.toml", "**/skills/**")


def register(server: SkillkitServer, guarded: Callable[..., Any], path_of: Callable[[str], Path | None]) -> None:
    from skillkit.server.actions import register as actions_register
    from skillkit.server.completion import register as completion_register
    from skillkit.server.hover import register as hover_register
    from skillkit.server.navigation import register as navigation_register
    from skillkit.server.startup import initialize

    def feature(method: str, options: Any = None) -> Callable[[Callable[..., Any]], Any]:
        def wrap(handler: Callable[..., Any]) -> Any:
            return server.feature(method, options)(guarded(server, method)(handler))
        return wrap

    @feature(types.INITIALIZE)
    def on_initialize(ls: SkillkitServer, params: types.InitializeParams) -> None:
        initialize(ls, params)

    @feature(types.INITIALIZED)
    def on_initialized(ls: SkillkitServer, params: types.InitializedParams) -> None:
        changed = ls.session.load()
        _watch(ls)
        ls.publish(changed)

    _documents(feature, path_of)
    _workspace(feature, path_of)
    _pulled(feature, path_of)
    for register_concern in (hover_register, completion_register, actions_register, navigation_register):
        register_concern(server, feature, path_of)


Feature = Callable[..., Callable[[Callable[..., Any]], Any]]  # `feature(method, options)` of register


def _documents(feature: Feature, path_of: Callable[[str], Path | None]) -> None:
    """An open document's life: opened, changed, saved, closed."""
    @feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: SkillkitServer, params: types.DidOpenTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None:
            changed = ls.session.open(path, params.text_document.text)
            ls.publish(changed | {path})

    @feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: SkillkitServer, params: types.DidChangeTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None:
            text = ls.workspace.get_text_document(params.text_document.uri).source
            ls.publish(ls.session.change(path, text) | {path})  # the edited file always: its client waits for it

    @feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: SkillkitServer, params: types.DidSaveTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None:
            ls.publish(ls.session.saved(path))

    @feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: SkillkitServer, params: types.DidCloseTextDocumentParams) -> None:
        path = path_of(params.text_document.uri)
        if path is not None:
            ls.publish(ls.session.close(path))
            if not ls.pull and ls.session.settings.diagnostics == "open":  # what the editor shows no more
                ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                                    diagnostics=[]))


def _workspace(feature: Feature, path_of: Callable[[str], Path | None]) -> None:
    """Files changed on disk, and the client's settings changed."""
    @feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: SkillkitServer, params: types.DidChangeWatchedFilesParams) -> None:
        kinds = {types.FileChangeType.Created: "created", types.FileChangeType.Changed: "changed",
                 types.FileChangeType.Deleted: "deleted"}
        events = [(p, kinds[c.type]) for c in params.changes if (p := path_of(c.uri)) is not None]
        ls.publish(ls.session.watched(events))

    @feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: SkillkitServer, params: types.DidChangeConfigurationParams) -> None:
        from skillkit.server.settings import client_settings

        if not params.settings:
            return
        settings, problems = client_settings(params.settings)
        for problem in problems:
            ls.log(f"skillkit: {problem}", types.MessageType.Warning)
        if settings != ls.session.settings:
            ls.session.settings = settings
            ls.publish(ls.session.load(fresh=True))


def _pulled(feature: Feature, path_of: Callable[[str], Path | None]) -> None:
    """Diagnostics the client asks for (pull), of a document or the whole workspace."""
    @feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier="skillkit", inter_file_dependencies=True, workspace_diagnostics=True))
    def pull_document(ls: SkillkitServer, params: types.DocumentDiagnosticParams) -> types.FullDocumentDiagnosticReport:
        path = path_of(params.text_document.uri)
        return types.FullDocumentDiagnosticReport(items=ls.lsp_diagnostics(path) if path is not None else [])

    @feature(types.WORKSPACE_DIAGNOSTIC)
    def pull_workspace(ls: SkillkitServer, params: types.WorkspaceDiagnosticParams) -> types.WorkspaceDiagnosticReport:
        items = []
        for path in sorted(ls.session.shown_paths()):
            items.append(types.WorkspaceFullDocumentDiagnosticReport(
                uri=from_fs_path(str(path)) or "", items=ls.lsp_diagnostics(path), version=None))
        return types.WorkspaceDiagnosticReport(items=items)


def _watch(ls: SkillkitServer) -> None:
    """Ask the client to tell of changes on disk (a file saved elsewhere, added or deleted),
    where it can be asked after start-up."""
    caps = ls.client_capabilities.workspace
    if not (caps and caps.did_change_watched_files and caps.did_change_watched_files.dynamic_registration):
        return
    watchers = [types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED]
    ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
        id="skillkit-watched-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
