"""Acceptance, round 3: `skillkit server` (DESIGN 8.6; issue 26), black-box over stdio.

A tiny JSON-RPC client written here (Content-Length framing, as LSP 3.17 frames every message)
starts `python -m skillkit server`, initializes, opens a SKILL.md with a typo'd key and an unknown
key, and compares the published diagnostics with `skillkit lint --format json` on the same file.
No dependency beyond the standard library; every wait is bounded, so a missing or silent server
fails the case instead of hanging the suite.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote, urlparse

import pytest

from tests.acceptance.round3_support import BASE_ENV, finished, put, skill_md, skillkit

TIMEOUT = 20.0
SEVERITY = {"error": 1, "warning": 2, "info": 3}

SKILL_TEXT = skill_md(
    "typo-skill",
    description="Tell the weather of the scene when someone brings it up.",
    extra="when: mentioned\ntriger: [rain]\nscanDepth: 2\nzz-unknown-key: 1",
    body="Describe the weather in one sentence.\n",
)


class LspClient:
    """Just enough of an LSP client: framed requests, responses by id, notifications kept."""

    def __init__(self, cwd: Path) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skillkit", "server"], cwd=cwd, env=BASE_ENV,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
        )
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    # -- framing
    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        self.inbox.put(None)
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.decode("ascii", "replace").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    continue
                self.inbox.put(json.loads(stream.read(length).decode("utf-8")))
        except Exception:  # a closed pipe or a broken frame: the reader ends, waits fail
            self.inbox.put(None)

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _died(self) -> str:
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.stderr.seek(0)
        return f"the server ended (exit {self.process.poll()}): {self.stderr.read().decode('utf-8', 'replace')[-2000:]}"

    # -- messages
    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def _pump(self, deadline: float) -> dict[str, Any]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer in time")
        try:
            message = self.inbox.get(timeout=left)
        except queue.Empty:
            raise TimeoutError("no answer in time") from None
        if message is None:
            self.inbox.put(None)
            raise AssertionError(self._died())
        if "method" in message and "id" in message:  # a request from the server: answer plainly
            result: Any = None
            if message["method"] == "workspace/configuration":
                result = [None for _ in message.get("params", {}).get("items", [])]
            self._send({"id": message["id"], "result": result})
        elif "method" in message:
            self.notifications.append(message)
        return message

    def request(self, method: str, params: Any, timeout: float = TIMEOUT) -> Any:
        self.next_id += 1
        ident = self.next_id
        self._send({"id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            message = self._pump(deadline)
            if message.get("id") == ident and "method" not in message:
                assert "error" not in message, message
                return message.get("result")

    def wait_for(self, test: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT,
                 start: int = 0) -> dict[str, Any]:
        """The first notification from index `start` on that passes `test`, waiting for it."""
        deadline = time.monotonic() + timeout
        seen = start
        while True:
            for message in self.notifications[seen:]:
                if test(message):
                    return message
            seen = len(self.notifications)
            try:
                self._pump(deadline)
            except TimeoutError:
                raise AssertionError(f"not received in {timeout} s; got {[m['method'] for m in self.notifications]}") from None

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                self.request("shutdown", None, timeout=5)
                self.notify("exit", None)
                self.process.wait(timeout=5)
        except Exception:
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=5)
            self.stderr.close()


def same_file(uri: str, path: Path) -> bool:
    parsed = urlparse(uri)
    return parsed.scheme == "file" and os.path.realpath(unquote(parsed.path)) == os.path.realpath(path)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("server") / "ws"
    put(root, "skillkit.yaml", "name: ws\nversion: 1.0.0\n")
    put(root, "skills/typo-skill/SKILL.md", SKILL_TEXT)
    return root


@pytest.fixture(scope="module")
def server(workspace: Path):
    client = LspClient(workspace)
    try:
        result = client.request("initialize", {
            "processId": os.getpid(),
            "rootUri": workspace.as_uri(),
            "workspaceFolders": [{"uri": workspace.as_uri(), "name": "ws"}],
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "textDocument": {
                    "publishDiagnostics": {"relatedInformation": True},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {
                        "valueSet": ["quickfix", "refactor", "source", "source.fixAll"]}}},
                    "synchronization": {"didSave": True},
                },
                "workspace": {"configuration": True, "workspaceFolders": True},
            },
        })
        client.initialize_result = result  # type: ignore[attr-defined]
        client.notify("initialized", {})
        yield client
    finally:
        client.close()


@pytest.fixture(scope="module")
def opened(server: LspClient, workspace: Path) -> dict[str, Any]:
    path = workspace / "skills" / "typo-skill" / "SKILL.md"
    server.notify("textDocument/didOpen", {"textDocument": {
        "uri": path.as_uri(), "languageId": "markdown", "version": 1, "text": SKILL_TEXT}})
    message = server.wait_for(lambda m: m["method"] == "textDocument/publishDiagnostics"
                              and same_file(m["params"]["uri"], path) and m["params"]["diagnostics"])
    return message["params"]


def test_server_answers_initialize_over_stdio(server: LspClient) -> None:
    """8.6: "`skillkit server`: a Language Server (stdio, LSP 3.17) over the lint core"; an
    `initialize` request gets the server's capabilities."""
    result = server.initialize_result  # type: ignore[attr-defined]
    assert isinstance(result, dict) and isinstance(result.get("capabilities"), dict), result


def test_server_publishes_the_diagnostics_lint_reports(opened: dict[str, Any], workspace: Path) -> None:
    """8.6: "diagnostics equal to `lint --format json` for the same text"; issue 26: "with the rule
    id as `code`", each starting where lint's line and column say (0-based in LSP)."""
    run = finished(skillkit("lint", "skills/typo-skill/SKILL.md", "--format", "json", cwd=workspace), 1)
    expected = sorted((d["rule"], d["line"] - 1, d["column"] - 1, SEVERITY[d["severity"]])
                      for d in run.json()["diagnostics"])
    assert len(expected) >= 2, str(run)  # the typo'd key and the unknown key at least
    got = sorted((d.get("code"), d["range"]["start"]["line"], d["range"]["start"]["character"],
                  d.get("severity")) for d in opened["diagnostics"])
    assert got == expected, (got, expected)


def test_server_republishes_after_a_change(server: LspClient, opened: dict[str, Any], workspace: Path) -> None:
    """Issue 26: "Diagnostics on open, change and save": fixing the typo in the buffer publishes
    diagnostics without it (the file on disk is untouched)."""
    path = workspace / "skills" / "typo-skill" / "SKILL.md"
    assert any(d["range"]["start"]["line"] == 4 for d in opened["diagnostics"]), opened["diagnostics"]
    fixed = SKILL_TEXT.replace("triger:", "triggers:")
    mark = len(server.notifications)
    server.notify("textDocument/didChange", {"textDocument": {"uri": path.as_uri(), "version": 2},
                                             "contentChanges": [{"text": fixed}]})
    message = server.wait_for(lambda m: m["method"] == "textDocument/publishDiagnostics"
                              and same_file(m["params"]["uri"], path), start=mark)
    lines = {d["range"]["start"]["line"] for d in message["params"]["diagnostics"]}
    assert 4 not in lines, message["params"]
    assert path.read_text(encoding="utf-8") == SKILL_TEXT
    server.notify("textDocument/didChange", {"textDocument": {"uri": path.as_uri(), "version": 3},
                                             "contentChanges": [{"text": SKILL_TEXT}]})


def test_server_hover_on_a_frontmatter_key_shows_its_documentation(server: LspClient, opened, workspace: Path) -> None:
    """8.6 / issue 26: "Hover: on a frontmatter key, the field's documentation from the registry"."""
    path = workspace / "skills" / "typo-skill" / "SKILL.md"
    line = SKILL_TEXT.splitlines().index("scanDepth: 2")
    result = server.request("textDocument/hover", {"textDocument": {"uri": path.as_uri()},
                                                   "position": {"line": line, "character": 3}})
    assert result, "no hover on scanDepth"
    contents = result["contents"]
    if isinstance(contents, dict):
        text = contents.get("value", "")
    elif isinstance(contents, list):
        text = " ".join(c if isinstance(c, str) else c.get("value", "") for c in contents)
    else:
        text = contents
    assert "scan" in text.lower(), result


def test_server_offers_to_suppress_a_finding(server: LspClient, opened: dict[str, Any], workspace: Path) -> None:
    """8.6: "code actions (fixes and suppression)"; issue 26: "'suppress this finding' with
    skillkit's suppression comment"."""
    path = workspace / "skills" / "typo-skill" / "SKILL.md"
    diagnostic = next(d for d in opened["diagnostics"] if d.get("code") == "unknown-field"
                      or d["range"]["start"]["line"] == 6)
    actions = server.request("textDocument/codeAction", {
        "textDocument": {"uri": path.as_uri()}, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic], "only": None}})
    assert actions, "no code action for the finding"
    assert "skillkit: ignore" in json.dumps(actions), actions


def test_server_shuts_down_and_exits(workspace: Path) -> None:
    """LSP 3.17 (8.6): `shutdown` is answered, then `exit` ends the process (a bounded wait)."""
    client = LspClient(workspace)
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": workspace.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        assert client.request("shutdown", None) is None
        client.notify("exit", None)
        assert client.process.wait(timeout=10) == 0
    finally:
        client.close()
