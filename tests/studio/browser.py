"""A small Chrome DevTools Protocol client over `--remote-debugging-pipe`, for tests that open
a page in headless chromium and ask it what a person would see: elements and their boxes,
what a click opens. No network, no websocket: chromium reads commands on file descriptor 3
and writes answers on 4, each a JSON message ended by a NUL byte.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
         "--remote-debugging-pipe")


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless chromium with one page; `evaluate` runs JavaScript in it, `click` clicks
    at a point as a mouse would."""

    def __init__(self, executable: str, profile: Path, width: int = 1400, height: int = 900,
                 timeout: float = 60.0) -> None:
        self.timeout = timeout
        import fcntl

        reads, self._write = os.pipe()   # our commands: chromium reads them on fd 3
        self._read, writes = os.pipe()   # its answers: chromium writes them on fd 4
        # Moved above 3 and 4 first, so that putting one in place cannot close the other.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (reads, writes)]
        for fd in (reads, writes):
            os.close(fd)

        def descriptors() -> None:  # in the child, before exec: fds 3 and 4 are the pipes
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            pass_fds=(3, 4, *high), preexec_fn=descriptors)
        for fd in high:
            os.close(fd)
        self._buffer = b""
        self._next = 0
        self.session = self._attach()

    def _send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            for answer in self._messages(deadline):
                if answer.get("id") == self._next:
                    if "error" in answer:
                        raise BrowserError(f"{method}: {answer['error']}")
                    return answer.get("result", {})

    def _messages(self, deadline: float) -> list[dict[str, Any]]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise BrowserError("chromium did not answer in time")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed the pipe: " + self.process.stderr.read().decode()[-2000:]
                                   if self.process.stderr else "chromium closed the pipe")
            self._buffer += chunk
        *whole, self._buffer = self._buffer.split(b"\0")
        return [json.loads(part) for part in whole if part]

    def _attach(self) -> str:
        targets = self._send("Target.getTargets")["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        target = page["targetId"] if page else self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        return self._send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def command(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self._send(method, params, self.session)

    def open(self, url: str) -> None:
        """Load `url` and wait until its scripts have run (document complete)."""
        self.command("Page.enable")
        self.command("Page.navigate", {"url": url})
        deadline = time.monotonic() + self.timeout
        while self.evaluate("document.readyState") != "complete" or self.evaluate("document.URL") != url:
            if time.monotonic() > deadline:
                raise BrowserError(f"{url} did not load")
            time.sleep(0.05)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        found = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                  "awaitPromise": True})
        if "exceptionDetails" in found:
            raise BrowserError(f"{expression[:80]}: {found['exceptionDetails'].get('exception', found)}")
        return found["result"].get("value")

    def click(self, x: float, y: float) -> None:
        """A left click at (x, y) in the viewport, as the mouse makes it: press, release."""
        for kind in ("mousePressed", "mouseReleased"):
            self.command("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def click_on(self, selector: str) -> None:
        """Click the middle of the first element `selector` finds, once it is scrolled into view
        and the page has drawn two frames since (a page that redraws on scroll has settled), as
        found again after them."""
        found = json.dumps(selector)
        box = self.evaluate(f"""new Promise(done => {{
          const first = document.querySelector({found}); if (!first) {{ done(null); return; }}
          first.scrollIntoView({{block: 'center', inline: 'center'}});
          requestAnimationFrame(() => requestAnimationFrame(() => {{
            const e = document.querySelector({found}); if (!e) {{ done(null); return; }}
            const r = e.getBoundingClientRect(); done([r.left + r.width / 2, r.top + r.height / 2]); }})); }})""")
        if box is None:
            raise BrowserError(f"nothing matches {selector}")
        self.click(*box)

    def wait_for(self, expression: str, timeout: float = 10.0) -> Any:
        """The value of `expression` once it is truthy (a busy machine draws late)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)

    def close(self) -> None:
        try:
            self._send("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for descriptor in (self._read, self._write):
            try:
                os.close(descriptor)
            except OSError:
                pass
        if self.process.stderr:
            self.process.stderr.close()
