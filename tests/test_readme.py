"""Every console example in the README runs, in a fresh copy of the fixtures, and prints what the
README shows (tests/console.py says how a block is read). A README output that drifts from
what skillkit prints fails here; SKILLKIT_UPDATE_GOLDEN=1 rewrites the drifted blocks."""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest

from tests import console
from tests.conftest import FIXTURES, REPO

README = REPO / "README.md"
BLOCKS = console.blocks(README.read_text(encoding="utf-8"))
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def fresh_checkout(tmp_path: Path) -> Path:
    """The files the examples read, copied: what a tour writes lands here, never in the checkout."""
    top = tmp_path / "checkout"
    shutil.copytree(FIXTURES, top / "fixtures", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(REPO / ".gitignore", top / ".gitignore")
    return top


def test_the_readme_has_console_examples_of_every_command():
    commands = {console.parse(step.command)[2][0] for block in BLOCKS for step in block.steps
                if console.parse(step.command)[2]}
    assert {"lint", "simulate", "render", "resolve", "session", "pack", "verify", "unpack", "new", "import",
            "init", "rules"} <= commands


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=[b.steps[0].command[:50] for b in BLOCKS])
def test_a_console_example_prints_what_the_readme_shows(tmp_path, index):
    block = BLOCKS[index]
    outcomes = console.run_block(block, fresh_checkout(tmp_path))
    failed = [o for o in outcomes if not o.ok]
    if failed and UPDATE and not any(console.ELLIPSIS in (line.strip() for line in o.step.expected) for o in outcomes):
        text = README.read_text(encoding="utf-8")
        current = console.blocks(text)[index]
        README.write_text(console.rewritten(text, current, outcomes), encoding="utf-8")
        return
    report = []
    for outcome in failed:
        diff = difflib.unified_diff(console.trimmed(outcome.step.expected), outcome.actual,
                                    "README", "skillkit printed", lineterm="")
        report.append(f"README.md:{outcome.step.line}: $ {outcome.step.command}\n" + "\n".join(diff))
    assert not failed, "\n\n".join(report)


def test_the_runner_fails_on_a_drifted_line_and_reads_an_ellipsis(tmp_path):
    """Break one output line of a block that passes: the runner says so."""
    text = "```console\n$ skillkit lint fixtures/lint/broken --select name-format -q\n{}\n```\n"
    good = ("fixtures/lint/broken/skills/Bad_Name/SKILL.md:2:7: error name-format `name` 'Bad_Name' has upper-case "
            "letters and '_': only a-z, 0-9 and single inner '-' are allowed; try 'bad-name'")
    top = fresh_checkout(tmp_path)
    (block,) = console.blocks(text.format(good))
    assert [o.ok for o in console.run_block(block, top)] == [True]
    (broken,) = console.blocks(text.format(good.replace("2:7", "2:8")))
    assert [o.ok for o in console.run_block(broken, top)] == [False]
    (elided,) = console.blocks(text.format("..."))
    assert [o.ok for o in console.run_block(elided, top)] == [True]
    assert console.matches(["a", "...", "d"], ["a", "b", "c", "d"]) and not console.matches(["a", "...", "d"], ["a"])


def test_tours_write_into_the_copy_not_the_checkout():
    """The pack tour's dist/ and release/ are the copy's: the checkout's workspace stays as committed."""
    for leftover in ("dist", "release"):
        assert not (FIXTURES / "workspace" / leftover).exists()


@pytest.mark.parametrize("command", ["skillkit lint a | head", "skillkit lint a > out", "ls", "cd a; skillkit lint"])
def test_the_runner_refuses_what_it_cannot_run(command):
    with pytest.raises(ValueError):
        console.parse(command)
