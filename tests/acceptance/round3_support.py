"""Helpers for the round-3 acceptance suites (tests/acceptance/test_round3_*.py).

Every case drives the real command, `python -m skillkit ARGS`, in a process of its own, with the
environment, working folder and standard input it asks for. Starting a Python interpreter and
importing skillkit costs about 0.35 s of CPU on this machine, so by default one helper process
imports skillkit once and forks a child per command: the child sets argv, environment, folder and
file descriptors 0-2 and runs the `skillkit` package as `__main__`, exactly what `python -m
skillkit` runs, then exits with the command's code. `SKILLKIT_ACC_SPAWN=1` runs every command as
a fresh `python -m skillkit` instead (slower, the same results: the suite is checked both ways).

A command that does not end within its timeout is killed and reported as timed out, so a hang is
a failed test, never a hung suite.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

import pytest

# The tree the commands run from and whose README, CI script and fixtures are read: this
# checkout, or another one named by SKILLKIT_ACC_TREE (to try the suite on a branch's exported
# tree without installing it).
REPO = Path(os.environ.get("SKILLKIT_ACC_TREE") or Path(__file__).resolve().parents[2])
FIXTURES = REPO / "fixtures"

# The environment every command starts from: pinned width, no colour, a fixed epoch, and the
# user-level cache folder moved into a throwaway folder so no case touches the real one.
_SCRATCH = Path(tempfile.mkdtemp(prefix="skillkit-acc-"))
atexit.register(shutil.rmtree, _SCRATCH, True)
BASE_ENV: dict[str, str] = {
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    "HOME": os.environ.get("HOME", str(_SCRATCH)),
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONPATH": str(REPO),
    "PYTHONDONTWRITEBYTECODE": "1",
    "COLUMNS": "100",
    "NO_COLOR": "1",
    "TERM": "dumb",
    "SOURCE_DATE_EPOCH": "1700000000",
    "XDG_CACHE_HOME": str(_SCRATCH / "xdg-cache"),
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "acc",
    "GIT_AUTHOR_EMAIL": "acc@example.org",
    "GIT_COMMITTER_NAME": "acc",
    "GIT_COMMITTER_EMAIL": "acc@example.org",
}
if os.environ.get("VIRTUAL_ENV"):
    BASE_ENV["VIRTUAL_ENV"] = os.environ["VIRTUAL_ENV"]

# The helper process: imports the CLI once, then forks one child per request line.
_DRIVER = r"""
import json, os, runpy, select, signal, sys, time, traceback
import importlib, pkgutil
import skillkit, skillkit.cli.app  # noqa: F401
# Warm every module of the package once (by name, whatever they hold), so a child pays only for
# its command's work. A module that fails to import here is simply imported (and fails) later in
# the child that needs it, as it would in `python -m skillkit`.
for info in pkgutil.walk_packages(skillkit.__path__, "skillkit."):
    if info.name.rsplit(".", 1)[-1] != "__main__":
        try:
            importlib.import_module(info.name)
        except BaseException:
            pass

def child(req):
    os.setpgid(0, 0)
    os.environ.clear()
    os.environ.update(req["env"])
    os.chdir(req["cwd"])
    for fd, path, flags in ((0, req["stdin"], os.O_RDONLY),
                            (1, req["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                            (2, req["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        opened = os.open(path, flags, 0o600)
        os.dup2(opened, fd)
        os.close(opened)
    sys.stdin = open(0, "r", encoding="utf-8", errors="surrogateescape", closefd=False)
    sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    sys.argv = ["skillkit", *req["argv"]]
    code = 0
    try:
        runpy.run_module("skillkit", run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        if exc.code is None:
            code = 0
        elif isinstance(exc.code, int):
            code = exc.code
        else:
            print(exc.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 120
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    os._exit(code & 0xFF)

def wait(pid, timeout):
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        return reap(pid, fd, time.monotonic() + timeout)
    finally:
        if fd is not None:
            os.close(fd)

def reap(pid, fd, deadline):
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status), False
        left = deadline - time.monotonic()
        if left <= 0:
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(pid, 0)
            return None, True
        if fd is not None:
            select.select([fd], [], [], left)
        else:
            time.sleep(min(left, 0.02))

for line in sys.stdin:
    req = json.loads(line)
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        child(req)
    code, timed_out = wait(pid, req["timeout"])
    sys.stdout.write(json.dumps({"code": code, "timed_out": timed_out}) + "\n")
    sys.stdout.flush()
"""


@dataclass
class Run:
    """What one `skillkit` command did: its exit code (None: killed at the timeout) and output."""

    argv: tuple[str, ...]
    code: int | None
    stdout: str
    stderr: str
    timed_out: bool = False

    def json(self) -> Any:
        try:
            return json.loads(self.stdout)
        except json.JSONDecodeError as exc:
            raise AssertionError(f"not JSON ({exc}): {self}") from None

    def __str__(self) -> str:
        return (f"skillkit {' '.join(self.argv)} -> code {self.code}"
                f"{' (timed out)' if self.timed_out else ''}\n--- stdout\n{self.stdout[-4000:]}"
                f"\n--- stderr\n{self.stderr[-4000:]}")


class _ForkServer:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _DRIVER], cwd=REPO, env=BASE_ENV, text=True,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None,
            )
            atexit.register(self.stop)
        return self.process

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def run(self, request: dict[str, Any]) -> tuple[int | None, bool]:
        with self.lock:
            process = self.start()
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
        if not answer:
            raise RuntimeError("the skillkit fork helper died (it only imports skillkit.cli.app)")
        reply = json.loads(answer)
        return reply["code"], reply["timed_out"]


_SERVER = _ForkServer()


def skillkit(*args: str | os.PathLike[str], cwd: Path, stdin: str | bytes | None = None,
             env: Mapping[str, str | None] | None = None, timeout: float = 60) -> Run:
    """Run `python -m skillkit ARGS` in `cwd`; `env` adds to (None: removes from) BASE_ENV."""
    argv = tuple(os.fspath(a) for a in args)
    full_env = dict(BASE_ENV)
    for key, value in (env or {}).items():
        if value is None:
            full_env.pop(key, None)
        else:
            full_env[key] = value
    work = Path(tempfile.mkdtemp(dir=_SCRATCH))
    try:
        stdin_path = work / "stdin"
        data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
        stdin_path.write_bytes(data)
        out, err = work / "stdout", work / "stderr"
        if os.environ.get("SKILLKIT_ACC_SPAWN") == "1":
            code, timed_out = _spawn(argv, cwd, full_env, stdin_path, out, err, timeout)
        else:
            code, timed_out = _SERVER.run({
                "argv": list(argv), "cwd": str(cwd), "env": full_env, "stdin": str(stdin_path),
                "out": str(out), "err": str(err), "timeout": timeout,
            })
        read = lambda p: p.read_bytes().decode("utf-8", "replace") if p.exists() else ""  # noqa: E731
        return Run(argv, code, read(out), read(err), timed_out)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _spawn(argv, cwd, env, stdin_path, out, err, timeout) -> tuple[int | None, bool]:
    with open(stdin_path, "rb") as i, open(out, "wb") as o, open(err, "wb") as e:
        process = subprocess.Popen([sys.executable, "-m", "skillkit", *argv], cwd=cwd, env=env,
                                   stdin=i, stdout=o, stderr=e, start_new_session=True)
        try:
            return process.wait(timeout=timeout), False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
            return None, True


# ------------------------------------------------------------------------ checks shared by the suites


def finished(run: Run, *codes: int) -> Run:
    """The command ended by itself, without a traceback, with one of `codes` (default 0, 1, 2)."""
    assert not run.timed_out, f"did not finish: {run}"
    assert "Traceback (most recent call last)" not in run.stdout + run.stderr, str(run)
    assert "internal error" not in run.stderr, str(run)
    allowed = codes or (0, 1, 2)
    assert run.code in allowed, f"expected exit {allowed}: {run}"
    return run


def no_such_option(run: Run) -> bool:
    """True when Click/Typer refused an option or argument as unknown."""
    text = run.stderr + run.stdout
    return "No such option" in text or "no such option" in text or "Got unexpected extra argument" in text


REQUIRE_TOOLS = os.environ.get("SKILLKIT_REQUIRE_TOOLS") == "1"


def need_tool(name: str) -> str:
    """The tool's path; without it, skip with the reason (fail under SKILLKIT_REQUIRE_TOOLS=1)."""
    path = shutil.which(name)
    if path is None:
        message = f"this test needs `{name}` on PATH"
        if REQUIRE_TOOLS:
            pytest.fail(message + " (SKILLKIT_REQUIRE_TOOLS=1)")
        pytest.skip(message)
    return path


def git(repo: Path, *args: str) -> str:
    need_tool("git")
    done = subprocess.run(["git", "-C", str(repo), *args], env=BASE_ENV, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def git_repo(root: Path) -> Path:
    """`root` as a fresh git repository (git init, on a branch named main)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    return root


# ------------------------------------------------------------------------ writing fixtures


def skill_md(name: str, description: str = "Does one clear thing for the user when asked.",
             extra: str = "", body: str = "Do the thing, then say what was done.\n") -> str:
    lines = [f"name: {name}", f"description: {description}"]
    if extra.strip():
        lines.append(extra.strip("\n"))
    return "---\n" + "\n".join(lines) + "\n---\n" + body


def put(root: Path, rel: str, text: str | bytes) -> Path:
    """Write `root/rel` (parents made); text as UTF-8, exactly as given."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def put_skill(root: Path, folder: str, name: str | None = None, **kwargs: Any) -> Path:
    """Write `root/folder/SKILL.md` for a skill named `name` (default: the folder's last part)."""
    return put(root, f"{folder}/SKILL.md", skill_md(name or Path(folder).name, **kwargs))


def diagnostics(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(document["diagnostics"])


def rules_of(document: Mapping[str, Any], path_part: str | None = None) -> set[str]:
    return {d["rule"] for d in document["diagnostics"] if path_part is None or path_part in d["path"]}


def walk(node: Any) -> Iterable[Any]:
    """Every value nested in a JSON document, the document included."""
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


CONTROL_CODE_POINTS = [chr(c) for c in range(0x20) if chr(c) not in "\n\t"] + \
    [chr(c) for c in range(0x7F, 0xA0)] + [chr(c) for c in range(0x202A, 0x202F)] + \
    [chr(c) for c in range(0x2066, 0x206A)]


def raw_controls(text: str) -> list[str]:
    """The code points issue 22 says never reach human output raw (CR aside: a line ending)."""
    return sorted({repr(ch) for ch in text if ch in CONTROL_CODE_POINTS and ch != "\r"})
