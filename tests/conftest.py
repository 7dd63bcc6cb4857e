"""Shared test set-up: the real CLI, driven in-process, with a pinned environment.

Every test runs with a fixed terminal width, no colour, a fixed SOURCE_DATE_EPOCH and the
working folder it asks for, so golden outputs do not depend on the machine.

A fresh machine has Python and git, nothing else: a test that needs another tool asks
`require_tool(NAME)`, which skips it with the reason when the tool is missing, and fails it
instead under SKILLKIT_REQUIRE_TOOLS=1 (`.ci/run` sets it, having installed the tools). Slow
end-to-end tests (`@pytest.mark.slow`: a real install from the package registry, a newcomer's change
made in a copy of the checkout and checked by the copy's own suite) run only under
SKILLKIT_SLOW_TESTS=1, which `.ci/run` sets too.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis's limits for the whole suite, in one place: no per-example deadline (a timing
# assertion: on this shared 2-core machine one example ran 609 ms against the 200 ms default)
# and no "too slow" health check (how fast data is drawn says nothing of the code under test).
# A hang is still caught: fixtures and readers bound their own work, and pytest shows the test.
settings.register_profile("skillkit", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("SKILLKIT_HYPOTHESIS_PROFILE", "skillkit"))

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
WORKSPACE = FIXTURES / "workspace"
CORPUS = FIXTURES / "corpus"


REQUIRE_TOOLS = "SKILLKIT_REQUIRE_TOOLS"
SLOW_TESTS = "SKILLKIT_SLOW_TESTS"


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _missing(what: str, why: str) -> None:
    """Skip, or fail under SKILLKIT_REQUIRE_TOOLS=1 (CI installed every tool: a missing one is a broken set-up)."""
    message = f"needs {what}{f' ({why})' if why else ''}; .ci/run installs it"
    if _flag(REQUIRE_TOOLS):
        pytest.fail(f"{message}, and {REQUIRE_TOOLS}=1 makes a missing tool a failure", pytrace=False)
    pytest.skip(message)


def require_tool(name: str, why: str = "") -> str:
    """The tool `name` found on PATH (its full path), else skip with the reason (fail under
    SKILLKIT_REQUIRE_TOOLS=1). `why` says what the tool is for and where it comes from."""
    found = shutil.which(name)
    if found is None:
        _missing(f"`{name}` on PATH", why)
    return found  # type: ignore[return-value]  # _missing never returns


def require_module(name: str, why: str = "") -> None:
    """A Python module the test runs as `sys.executable -m NAME` (pre-commit), as require_tool."""
    import importlib.util

    if importlib.util.find_spec(name) is None:
        _missing(f"the Python module `{name}`", why)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _flag(SLOW_TESTS):
        return
    skip = pytest.mark.skip(reason=f"slow end-to-end test: runs under {SLOW_TESTS}=1 (.ci/run sets it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str


@pytest.fixture(autouse=True)
def pinned_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    # lint caches by default; tests that are about the cache turn it back on (tests/lint/test_cache.py)
    monkeypatch.setenv("SKILLKIT_NO_CACHE", "1")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def run_cli(*args: str | os.PathLike[str], cwd: Path | None = None, stdin: str = "") -> Outcome:
    """Run `skillkit ARGS` in this process through the real entry point (exit-code mapping included)."""
    from skillkit.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    old_argv, old_cwd, old_stdin = sys.argv, os.getcwd(), sys.stdin
    sys.argv = ["skillkit", *map(str, args)]
    sys.stdin = io.StringIO(stdin)
    code = 0
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
        os.chdir(old_cwd)
    from tests.sarif_check import check_run

    check_run(args, out.getvalue(), cwd)  # every SARIF log the suite makes meets the official schema
    return Outcome(code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli():
    """`cli("lint", path, cwd=...)` -> Outcome(code, stdout, stderr)."""
    return run_cli


@pytest.fixture
def workspace_copy(tmp_path: Path) -> Path:
    """A writable copy of the example workspace."""
    target = tmp_path / "workspace"
    shutil.copytree(WORKSPACE, target)
    return target


def write_skill(root: Path, name: str, frontmatter: str, body: str = "Do the thing.\n") -> Path:
    """Write `root/name/SKILL.md` from raw frontmatter text; returns the file."""
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "SKILL.md"
    path.write_text(f"---\n{frontmatter.strip()}\n---\n{body}", encoding="utf-8")
    return path
