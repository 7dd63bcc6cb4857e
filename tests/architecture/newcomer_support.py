"""What tests/architecture/test_newcomer_changes.py needs to make a change in a copy of the
checkout and watch it: the copy, edits anchored on text that is there exactly once, the real CLI
and the copy's own tests run from it, and what the change touched, measured against the
checkout it was copied from."""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

# What a recipe's edits and its safety tests read (benchmarks/, editors/ and the docs are not).
COPIED = ("skillkit", "tests", "fixtures", "schemas", "templates", "pyproject.toml", ".gitignore")
# Written by running things in the copy, never by a recipe: left out when counting what changed.
RUN_LITTER = {"__pycache__", ".hypothesis", ".pytest_cache", ".skillkit_cache", ".git"}


@dataclass(frozen=True)
class Touched:
    """The files one change touches, by what they are. `registry` is the one existing source
    file edited; `registry_lines` the lines added to it (the entry, and its import where the
    registry imports its members); nothing is removed from it."""

    new_modules: tuple[str, ...]
    registry: str
    registry_lines: int
    tests: tuple[str, ...]  # the change's own test: a new test file or a line in an existing one
    data: tuple[str, ...]  # its golden or fixture, new
    generated: tuple[str, ...] = ()  # rewritten by `skillkit schema`, never by hand

    def files(self) -> set[str]:
        return {*self.new_modules, self.registry, *self.tests, *self.data, *self.generated}


def checkout(tmp_path: Path) -> Path:
    """A copy of the checkout's code, tests and data. Compiled modules come along (they stay
    valid for files left as they are; an edited file's are ignored by its new time stamp), and
    an empty `.git` makes the copy a repository's top, as the checkout is for reports' paths."""
    copy = tmp_path / "checkout"
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns(".hypothesis", ".skillkit_cache"))
        else:
            copy.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    (copy / ".git").mkdir()
    return copy


def write(copy: Path, relative: str, text: str) -> None:
    target = copy / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def edit(copy: Path, relative: str, anchor: str, replacement: str) -> None:
    """Replace `anchor`, which must be in the file exactly once (a recipe edit is never a guess)."""
    target = copy / relative
    text = target.read_text(encoding="utf-8")
    assert text.count(anchor) == 1, f"{relative}: {anchor!r} found {text.count(anchor)} times"
    target.write_text(text.replace(anchor, replacement), encoding="utf-8")


def environment(copy: Path) -> dict[str, str]:
    """The copy's code first on the path; nothing of the outer test run (pytest's own variables,
    SKILLKIT_UPDATE_GOLDEN) reaches it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "SKILLKIT_", "PYTHON"))}
    env.update(PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1", COLUMNS="200", NO_COLOR="1",
               SKILLKIT_NO_CACHE="1", SOURCE_DATE_EPOCH="1700000000")
    return env


def skillkit(copy: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m skillkit ARGS` run from the copy's code."""
    return subprocess.run([sys.executable, "-m", "skillkit", *args], cwd=cwd, env=environment(copy),
                          capture_output=True, text=True, timeout=300)


OUTCOME = re.compile(r"(PASSED|FAILED|ERROR) (\S+)")


def copy_tests(copy: Path, *tests: str, k: str = "", update: bool = False) -> dict[str, str]:
    """Run tests of the copy's own suite against the copy: each test's outcome by node id.
    `update` is the recipes' SKILLKIT_UPDATE_GOLDEN=1 (the goldens are rewritten)."""
    args = [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "no:pytest-lsp",
            "-n", "0", *tests, *(("-k", k) if k else ())]
    env = environment(copy)
    if update:
        env["SKILLKIT_UPDATE_GOLDEN"] = "1"
    done = subprocess.run(args, cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    outcomes = {m.group(2): m.group(1) for line in done.stdout.splitlines() if (m := OUTCOME.match(line))}
    assert outcomes, done.stdout[-3000:] + done.stderr[-3000:]
    return outcomes


def failed(outcomes: dict[str, str]) -> set[str]:
    return {test for test, outcome in outcomes.items() if outcome != "PASSED"}


def _files(top: Path) -> dict[str, Path]:
    found = {}
    for name in COPIED:
        base = top / name
        paths = [base] if base.is_file() else base.rglob("*")
        for path in paths:
            relative = path.relative_to(top)
            if path.is_file() and not RUN_LITTER & set(relative.parts):
                found[relative.as_posix()] = path
    return found


def changed(copy: Path) -> set[str]:
    """The files that differ between the copy and the checkout it was copied from (new ones too)."""
    mine, theirs = _files(copy), _files(REPO)
    return {name for name, path in mine.items()
            if name not in theirs or path.read_bytes() != theirs[name].read_bytes()} | (set(theirs) - set(mine))


def lines_added_and_removed(copy: Path, relative: str) -> tuple[list[str], list[str]]:
    before = (REPO / relative).read_text(encoding="utf-8").splitlines()
    after = (copy / relative).read_text(encoding="utf-8").splitlines()
    diff = list(difflib.unified_diff(before, after, lineterm="", n=0))[2:]
    return ([line[1:] for line in diff if line.startswith("+")], [line[1:] for line in diff if line.startswith("-")])


def assert_touched(copy: Path, touched: Touched) -> None:
    """The change touched exactly the files its constant says, and its registry file gained
    only its lines: one new module, one registry entry (and the entry's import)."""
    assert changed(copy) == touched.files()
    assert len(touched.new_modules) == 1 and all(not (REPO / m).exists() for m in touched.new_modules)
    added, removed = lines_added_and_removed(copy, touched.registry)
    assert removed == [] and len(added) == touched.registry_lines, (added, removed)
    entries = [line for line in added if not line.startswith(("import ", "from "))]
    assert len(entries) == 1, added  # one registry entry; any other line added is its import
