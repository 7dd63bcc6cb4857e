"""Kill-and-race tests for lint's cache: a run SIGKILLed at any moment, or two runs writing the
cache at once, never make a later run report anything but what an uncached run reports, and
leave nothing of skillkit's behind but the cache folder.

The workspace flips between two versions of one skill each round, so every run has a changed
file to check and a cache entry to write (a run with nothing changed writes nothing).
"""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest

from tests.conftest import WORKSPACE
from tests.fuzz.test_sigkill import leftovers, run

SLOW = os.environ.get("SKILLKIT_SLOW_TESTS") == "1"
LANDED = 60 if SLOW else 10     # kills that land before the run ends
MAX_RUNS = 20 * LANDED
RACES = 30 if SLOW else 5

GOOD = "---\nname: flip\ndescription: A skill the test flips between two versions.\n---\nDo the thing.\n"
BAD = "---\nname: flip\ndescription: A skill the test flips between two versions.\ntriger: [x]\n---\nDo it.\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(WORKSPACE, root)
    (root / ".git").mkdir()
    (root / "skills" / "flip").mkdir()
    monkeypatch.delenv("SKILLKIT_NO_CACHE", raising=False)  # the cache is what is under test
    from tests.conftest import run_cli

    run_cli("lint", ".", cwd=root)  # imported here once, so that each forked run costs little
    assert (root / ".skillkit_cache").is_dir()
    return root


def _report(root: Path, name: str) -> bytes:
    out = root.parent / name
    assert run(["lint", ".", "--format", "json", "-o", str(out)], root) in (0, 1)
    return out.read_bytes()


def _expected(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Each version's report from an uncached run."""
    monkeypatch.setenv("SKILLKIT_NO_CACHE", "1")
    found = {}
    for label, text in (("good", GOOD), ("bad", BAD)):
        (root / "skills" / "flip" / "SKILL.md").write_text(text, encoding="utf-8")
        found[label] = _report(root, f"expected-{label}.json")
    monkeypatch.delenv("SKILLKIT_NO_CACHE")
    assert found["good"] != found["bad"]
    return found


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks its runs")
def test_a_run_killed_while_it_writes_the_cache_never_misleads_the_next(repo: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _expected(repo, monkeypatch)
    started = time.perf_counter()
    _report(repo, "warm.json")
    seconds = time.perf_counter() - started
    rng = random.Random(2207)
    killed = index = 0
    while killed < LANDED and index < MAX_RUNS:
        label = ("good", "bad")[index % 2]
        index += 1
        (repo / "skills" / "flip" / "SKILL.md").write_text(GOOD if label == "good" else BAD, encoding="utf-8")
        killed += run(["lint", ".", "-o", str(repo.parent / "cut.txt")], repo,
                      kill_after=rng.uniform(0.0, seconds)) is None
        assert _report(repo, "after.json") == expected[label], f"a wrong report after kill {index}"
    assert killed == LANDED, f"only {killed} of {index} runs were killed before they ended"
    assert leftovers(repo) == []


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks its runs")
def test_two_runs_writing_the_cache_at_once_leave_it_right(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.fuzz.test_sigkill import _child

    expected = _expected(repo, monkeypatch)
    for round_ in range(RACES):
        label = ("good", "bad")[round_ % 2]
        (repo / "skills" / "flip" / "SKILL.md").write_text(GOOD if label == "good" else BAD, encoding="utf-8")
        outs = [repo.parent / f"race-{round_}-{n}.json" for n in range(2)]
        pids = []
        for out in outs:
            pid = os.fork()
            if pid == 0:
                _child(["lint", ".", "--format", "json", "-o", str(out)], repo)
            pids.append(pid)
        for pid in pids:
            _, status = os.waitpid(pid, 0)
            assert os.WIFEXITED(status) and os.WEXITSTATUS(status) in (0, 1), status
        assert all(out.read_bytes() == expected[label] for out in outs), f"round {round_}"
        assert _report(repo, "after.json") == expected[label], f"a wrong report after race {round_}"
    assert leftovers(repo) == []
