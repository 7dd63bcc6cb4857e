"""Never crashes the editor: a request on a broken or huge file is answered within 10 s (a
bounded wait, not a timing: a server that hangs fails here instead of hanging the suite), the
server stays under 300 MB, and what it cannot do is logged, never raised."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from tests.conftest import WORKSPACE
from tests.server import lsp_helpers as lsp

pytestmark = pytest.mark.asyncio

ANSWER_WITHIN = 10.0  # seconds: what an editor may wait for its server
MEMORY_LIMIT = 300 * 1024 * 1024  # bytes, beside the workspace's own size (a few kilobytes here)
UNDER_LIMIT = 1000 * 1000  # just under lint's 1 MiB file limit: read and parsed, not refused

# Each text is one an editor can hold; the comment says what it stresses.
SHAPES = {
    "over-the-limit": "---\nname: [\n" + "x" * (2 * 1024 * 1024),  # refused by size, unclosed
    "many-keys": "---\nname: many\n" + "".join(f"k{i}: v\n" for i in range(UNDER_LIMIT // 9)) + "---\nBody.\n",
    "deep-nesting": "---\nname: deep\nx: " + "[" * (UNDER_LIMIT // 2) + "\n---\nBody.\n",
    "unclosed-frontmatter": "---\nname: open\ndescription: " + "word " * (UNDER_LIMIT // 5),
    # a megabyte line, 10,000 broken links on it: 10,000 findings, 1,000 sent (100,000 links on
    # one line take lint's own check several seconds: a cost of the core, not of the server)
    "one-long-body-line": "---\nname: long\ndescription: A long line.\n---\n" + "[a](b.md) " * 10_000
                          + "word " * ((UNDER_LIMIT - 100_000) // 5),
    "headings-and-nul": "---\nname: nul\ndescription: x\x00y\n---\n" + "# h\x00\n" * (UNDER_LIMIT // 6),
    "not-yaml": "---\n" + "\t: : - [ {\n" * (UNDER_LIMIT // 12) + "---\n",
}


@pytest_lsp.fixture(config=lsp.SERVER)
async def client(lsp_client: pytest_lsp.LanguageClient):
    yield
    await lsp_client.shutdown_session()


def rss(pid: int) -> int:
    """The process's resident memory in bytes (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def doc(file: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=lsp.uri(file))


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads memory from Linux's /proc")
async def test_broken_and_huge_files_are_answered_in_time_within_memory(client, tmp_path):
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    for shape in SHAPES:  # on disk a small skill; the editor's buffer is the shape
        (ws / "skills" / shape).mkdir()
        (ws / "skills" / shape / "SKILL.md").write_text(f"---\nname: {shape}\n---\n", encoding="utf-8")
    await lsp.start(client, [ws])
    for number, (shape, text) in enumerate(SHAPES.items()):
        skill = ws / "skills" / shape / "SKILL.md"
        lsp.open_file(client, skill, text, version=number + 1)
        try:
            found = await lsp.next_publish(client, skill, timeout=ANSWER_WITHIN)
        except asyncio.TimeoutError:
            raise AssertionError(f"{shape}: no diagnostics within {ANSWER_WITHIN} s") from None
        assert found, f"{shape}: no finding published"
        line = min(3, len(text.splitlines()) - 1)
        for request in (
                client.text_document_hover_async(types.HoverParams(doc(skill), types.Position(line, 3))),
                client.text_document_completion_async(types.CompletionParams(doc(skill), types.Position(line, 3))),
                client.text_document_code_action_async(types.CodeActionParams(
                    doc(skill), found[0].range, types.CodeActionContext(diagnostics=found[:50]))),
                client.text_document_document_link_async(types.DocumentLinkParams(doc(skill))),
                client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(skill))),
                client.text_document_definition_async(types.DefinitionParams(doc(skill), types.Position(line, 3)))):
            await asyncio.wait_for(request, ANSWER_WITHIN)  # answered (perhaps with nothing), never an error
        client.text_document_did_close(types.DidCloseTextDocumentParams(doc(skill)))
        assert rss(client._server.pid) < MEMORY_LIMIT, f"{shape}: {rss(client._server.pid):,} bytes"  # noqa: SLF001
    assert client._server.returncode is None  # noqa: SLF001 - still serving
