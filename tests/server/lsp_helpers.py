"""Driving the real `skillkit server` over stdio with pytest-lsp, as an editor does."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "skillkit", "server"],
                            server_env={**os.environ, "SKILLKIT_NO_CACHE": "1", "NO_COLOR": "1"})


def capabilities(pull: bool = False, encodings: list[str] | None = None) -> types.ClientCapabilities:
    """What a plain editor says it can do: push diagnostics unless `pull`."""
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        text_document=types.TextDocumentClientCapabilities(
            diagnostic=types.DiagnosticClientCapabilities() if pull else None,
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            completion=types.CompletionClientCapabilities(completion_item=types.ClientCompletionItemOptions(
                documentation_format=[types.MarkupKind.Markdown])),
            code_action=types.CodeActionClientCapabilities(is_preferred_support=True),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
            definition=types.DefinitionClientCapabilities(),
            document_link=types.DocumentLinkClientCapabilities()),
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=False),
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True) if pull else None))


async def start(client: LanguageClient, folders: list[Path], settings: dict | None = None, pull: bool = False,
                encodings: list[str] | None = None) -> types.InitializeResult:
    return await client.initialize_session(types.InitializeParams(
        capabilities=capabilities(pull, encodings),
        workspace_folders=[types.WorkspaceFolder(uri=uri(f), name=f.name) for f in folders],
        initialization_options={"skillkit": settings or {}}))


def uri(path: Path) -> str:
    return from_fs_path(str(path)) or ""


def path(value: str) -> Path:
    return Path(to_fs_path(value) or "")


def open_file(client: LanguageClient, file: Path, text: str | None = None, version: int = 1) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(file), language_id="markdown" if file.suffix == ".md" else "yaml", version=version,
        text=file.read_text(encoding="utf-8") if text is None else text)))


def change(client: LanguageClient, file: Path, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(file), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


# pytest-lsp hands a notification only to a waiter already waiting: one that arrives while the test is
# between two waits is recorded in `client.diagnostics` but never returned, and a wait for it hangs.
# So these helpers poll `client.diagnostics`, where every publish lands as a new list object.
POLL = 0.02


async def published(client: LanguageClient, files: list[Path], timeout: float = 60) -> dict[Path, list]:
    """Wait until diagnostics were published for every one of `files`; theirs, by path."""
    wanted = {uri(f) for f in files}

    async def all_in() -> None:
        while not wanted <= set(client.diagnostics):
            await asyncio.sleep(POLL)

    await asyncio.wait_for(all_in(), timeout)
    return {path(u): list(client.diagnostics[u]) for u in wanted}


async def next_publish(client: LanguageClient, file: Path, timeout: float = 30) -> list:
    """The diagnostics of the first publish for `file` after this call (the test sent its change
    before calling and did not await since, so no publish caused by it has been read yet)."""
    target = uri(file)
    before = client.diagnostics.get(target)

    async def wait() -> list:
        while client.diagnostics.get(target) is before:
            await asyncio.sleep(POLL)
        return list(client.diagnostics[target])

    return await asyncio.wait_for(wait(), timeout)


def as_lint(diagnostic: types.Diagnostic, shown: str) -> dict[str, object]:
    """A published diagnostic as `lint --format json` shows one (UTF-16 positions of ASCII-free
    lines are compared where the test converts them)."""
    severity = {1: "error", 2: "warning", 3: "info"}[int(diagnostic.severity)]
    return {"path": shown, "line": diagnostic.range.start.line + 1, "column": diagnostic.range.start.character + 1,
            "rule": diagnostic.code, "severity": severity, "message": diagnostic.message}
