"""A small cram-like runner for the README's console examples.

A ```console block is a shell session: each `$ ` line is a command, the lines under it (up to
the next `$ ` line) what the terminal shows, standard output and standard error as they
interleave. Blocks start in a fresh copy of the repository's fixtures (so a tour that writes,
such as `pack` or `new`, writes there), and `cd` carries on from command to command as in a
shell. A command is `skillkit ARGS`, optionally after `cd DIR &&` and `NAME=VALUE` words;
a `# comment` is ignored. A line that is only `...` in the expected output stands for any
number of lines (as cram's and doctest's ellipsis). The environment is the suite's pinned one
(conftest.pinned_environment: 100 columns, no colour, SOURCE_DATE_EPOCH).

To add an example, write it in the README with the output it prints; to refresh outputs after
a deliberate change, run `SKILLKIT_UPDATE_GOLDEN=1 python -m pytest tests/test_readme.py` and
review the README's diff (blocks with `...` are never rewritten: mend those by hand).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^```console[ \t]*$")
PROMPT = "$ "
ELLIPSIS = "..."
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


@dataclass
class Step:
    command: str
    expected: list[str] = field(default_factory=list)
    line: int = 0  # the README's line number of the `$ ` line


@dataclass
class Block:
    line: int  # the README's line number of the opening fence
    steps: list[Step]
    end: int = 0  # the line number of the closing fence

    @property
    def name(self) -> str:
        first = self.steps[0].command if self.steps else ""
        return f"line {self.line}: {first[:60]}"


def blocks(text: str) -> list[Block]:
    """Every console block of a Markdown text, with its commands and expected lines."""
    found: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if current is None:
            if FENCE.match(line):
                current = Block(number, [])
            continue
        if line.startswith("```"):
            current.end = number
            found.append(current)
            current = None
        elif line.startswith(PROMPT):
            current.steps.append(Step(line[len(PROMPT):], [], number))
        elif current.steps:
            current.steps[-1].expected.append(line)
        elif line.strip():
            raise ValueError(f"README line {number}: a console block must start with a `$ ` command")
    if current is not None:
        raise ValueError(f"README line {current.line}: a console block is never closed")
    return found


def parse(command: str) -> tuple[str | None, dict[str, str], list[str]]:
    """(folder to cd into first, environment, skillkit's arguments) of one command line."""
    words = shlex.split(command, comments=True)
    folder = None
    if words[:1] == ["cd"]:
        if len(words) == 2:
            return words[1], {}, []
        if len(words) < 4 or words[2] != "&&":
            raise ValueError(f"the README runner reads `cd DIR && skillkit ...`, not {command!r}")
        folder, words = words[1], words[3:]
    env = {}
    while words and ASSIGNMENT.match(words[0]):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    if words[:1] != ["skillkit"] or any(w in ("|", "&&", ";", ">", "<", "2>&1") for w in words):
        raise ValueError(f"the README runner runs `skillkit ARGS` alone, not {command!r}")
    return folder, env, words[1:]


def run_in_process(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    """What a terminal shows for `skillkit ARGS`: standard output and standard error in the
    order they were written, through the real entry point."""
    from skillkit.cli.app import main

    shown = io.StringIO()
    saved_argv, saved_cwd, saved_stdin = sys.argv, os.getcwd(), sys.stdin
    saved_env = {name: os.environ.get(name) for name in env}
    sys.argv, sys.stdin = ["skillkit", *args], io.StringIO("")
    os.environ.update(env)
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(shown):
            with contextlib.suppress(SystemExit):
                main()
    finally:
        sys.argv, sys.stdin = saved_argv, saved_stdin
        os.chdir(saved_cwd)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return shown.getvalue()


def trimmed(lines: list[str]) -> list[str]:
    """Lines without trailing spaces (Rich pads table cells) and without trailing blank lines."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """`actual` is `expected`, where a line `...` stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0].strip() == ELLIPSIS:
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


@dataclass
class Outcome:
    step: Step
    actual: list[str]

    @property
    def ok(self) -> bool:
        return matches(trimmed(self.step.expected), self.actual)


def run_block(block: Block, top: Path) -> list[Outcome]:
    """Run a block's commands in order from `top`, `cd` carrying on; each one's outcome."""
    cwd = top
    outcomes = []
    for step in block.steps:
        folder, env, args = parse(step.command)
        if folder is not None:
            cwd = (cwd / folder).resolve()
            if not cwd.is_dir():
                raise ValueError(f"README line {step.line}: no folder {folder!r} to cd into")
        if not args:  # a bare `cd DIR`
            outcomes.append(Outcome(step, []))
            continue
        outcomes.append(Outcome(step, trimmed(run_in_process(args, cwd, env).splitlines())))
    return outcomes


def rewritten(text: str, block: Block, outcomes: list[Outcome]) -> str:
    """`text` with the block's expected outputs replaced by what ran (SKILLKIT_UPDATE_GOLDEN)."""
    lines = text.splitlines()
    body = []
    for outcome in outcomes:
        body.append(PROMPT + outcome.step.command)
        body.extend(outcome.actual)
        kept = outcome.step.expected
        body.extend([""] * (len(kept) - len(trimmed(kept))))  # the blank lines that set a command apart
    new = lines[:block.line] + body + lines[block.end - 1:]
    return "\n".join(new) + ("\n" if text.endswith("\n") else "")
