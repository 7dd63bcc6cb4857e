"""The language server's speed, against `skillkit lint` of the same file in the same run.

In a generated workspace of 2,000 skills (benchmarks/_generate.py), after start-up: the time
from `didChange` on one SKILL.md to its published diagnostics, median and 95th percentile
over 200 edits (typing in the body and in the description, by turns), beside `skillkit lint
FILE` of that one file as a subprocess (lint's cache on, as pre-commit runs it, warmed first).
Goals: the median under a tenth of the subprocess, the 95th percentile under 100 ms. Also
printed: the server's memory (VmRSS) once it has checked the workspace, and the workspace's
size on disk, and the time of a rename that changes a platform skill's `name` (it re-runs the
platform's reference analysis over every skill: no goal, shown so the cost is known).

Run: python benchmarks/bench_server.py [--skills 2000] [--edits 200]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _generate import generate  # noqa: E402


class Server:
    """`skillkit server` as a subprocess, spoken to in JSON-RPC over its stdio."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "skillkit", "server"], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env={**os.environ, "SKILLKIT_NO_CACHE": "1"})
        self.messages: queue.Queue[dict] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = 0
            while (line := out.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            self.messages.put((time.perf_counter(), json.loads(out.read(length))))  # type: ignore[arg-type]

    def send(self, method: str, params: object, request: bool = False) -> int | None:
        message: dict = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return message.get("id")

    def wait(self, test, timeout: float = 600) -> tuple[float, dict]:
        end = time.perf_counter() + timeout
        while True:
            at, message = self.messages.get(timeout=max(0.1, end - time.perf_counter()))
            if message.get("id") is not None and "method" in message:  # a request of the server's: answer it
                self.send_result(message["id"])
            if test(message):
                return at, message

    def send_result(self, ident: int) -> None:
        body = json.dumps({"jsonrpc": "2.0", "id": ident, "result": None}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        ident = self.send("shutdown", None, request=True)
        self.wait(lambda m: m.get("id") == ident, 30)
        self.send("exit", None)
        self.process.wait(30)


def published_for(uri: str, version: list[int]):
    return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skills", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=200)
    args = parser.parse_args()
    top = Path(tempfile.mkdtemp(prefix="skillkit-bench-server-"))
    generate(top, args.skills)
    size = sum(f.stat().st_size for f in top.rglob("*") if f.is_file()) / 1024 / 1024
    target = top / "skills" / "skill-00007" / "SKILL.md"  # a studio skill (index 7: world 1)
    renamed = top / "skills" / "skill-00008" / "SKILL.md"  # a platform skill (world 2)
    uri, rename_uri = target.as_uri(), renamed.as_uri()

    started = time.perf_counter()
    server = Server(top)
    init = server.send("initialize", {"processId": os.getpid(), "rootUri": top.as_uri(), "capabilities": {},
                                      "workspaceFolders": [{"uri": top.as_uri(), "name": "bench"}]}, request=True)
    server.wait(lambda m: m.get("id") == init)
    server.send("initialized", {})
    server.wait(lambda m: m.get("method") == "window/logMessage" and "files checked" in m["params"]["message"])
    loaded = time.perf_counter() - started
    rss = server.rss_mb()
    text = target.read_text(encoding="utf-8")
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1,
                                                          "text": text}})
    server.wait(published_for(uri, []))
    latencies = []
    for edit in range(args.edits):
        if edit % 2:  # typing in the body
            changed = text + f"\nOne more line {edit}.\n"
        else:  # typing in the description
            changed = text.replace("description: ", f"description: Word{edit} ", 1)
        sent = time.perf_counter()
        server.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": edit + 2},
                                               "contentChanges": [{"text": changed}]})
        at, _ = server.wait(published_for(uri, []))
        latencies.append(at - sent)
    other = renamed.read_text(encoding="utf-8")
    server.send("textDocument/didOpen", {"textDocument": {"uri": rename_uri, "languageId": "markdown", "version": 1,
                                                          "text": other}})
    server.wait(published_for(rename_uri, []))
    renames = []
    for edit in range(10):
        sent = time.perf_counter()
        server.send("textDocument/didChange", {"textDocument": {"uri": rename_uri, "version": edit + 2},
                                               "contentChanges": [{"text": other.replace(
                                                   "name: skill-00008", f"name: skill-x{edit}", 1)}]})
        at, _ = server.wait(published_for(rename_uri, []))
        renames.append(at - sent)
    rss_after = server.rss_mb()
    server.stop()

    lint = [sys.executable, "-m", "skillkit", "lint", "--format", "json", str(target.relative_to(top))]
    subprocess.run(lint, cwd=top, capture_output=True, check=False)  # the cache warmed, as pre-commit finds it
    runs = []
    for _ in range(7):
        sent = time.perf_counter()
        subprocess.run(lint, cwd=top, capture_output=True, check=False)
        runs.append(time.perf_counter() - sent)
    median, p95 = statistics.median(latencies), statistics.quantiles(latencies, n=20)[18]
    subprocess_median = statistics.median(runs)
    print(f"workspace: {args.skills:,} skills, {size:.1f} MB on disk; server start-up and first check {loaded:.1f} s")
    print(f"server RSS after opening the workspace: {rss:.0f} MB ({rss_after:.0f} MB after the edits)")
    print(f"didChange -> publishDiagnostics over {args.edits} edits: median {median * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms (goal < 100 ms: {'met' if p95 < 0.1 else 'NOT met'})")
    print(f"`skillkit lint FILE` subprocess (cached): median {subprocess_median * 1000:.0f} ms over {len(runs)} runs")
    print(f"ratio server median / subprocess median: {median / subprocess_median:.3f} "
          f"(goal < 0.1: {'met' if median < subprocess_median / 10 else 'NOT met'})")
    print(f"a platform skill's `name` changed (the reference analysis re-runs): median "
          f"{statistics.median(renames) * 1000:.1f} ms over {len(renames)} edits (no goal)")


if __name__ == "__main__":
    main()
