"""Colour: NO_COLOR set, or --color never, means not one escape sequence from any command,
on a real terminal (a pseudo-terminal); FORCE_COLOR and --color always colour a pipe."""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO, WORKSPACE

ESCAPE = re.compile(r"\x1b")
SEPARATOR = "=====skillkit-run====="
# Runs each command line in one process on the terminal it is given (one start-up, not twenty).
DRIVER = f"""
import json, sys
from skillkit.cli.app import main
for argv in json.loads(sys.argv[1]):
    sys.argv = ["skillkit", *argv]
    try:
        main()
    except SystemExit as exc:
        print(f"{SEPARATOR} exit={{exc.code}}", flush=True)
"""


def command_lines(tmp: Path) -> list[list[str]]:
    """Every command, each doing its real work (findings included, where they draw colour)."""
    work = tmp / "ws"
    shutil.copytree(WORKSPACE, work)
    pack = tmp / "out.zip"
    return [
        ["lint", str(FIXTURES / "lint" / "broken")],
        ["lint", str(work)],
        ["simulate", str(FIXTURES / "transcripts" / "activation.yaml"), "--skills", str(work)],
        ["simulate", str(FIXTURES / "transcripts" / "activation.yaml"), "--skills", str(work), "--explain", "weather"],
        ["render", str(FIXTURES / "transcripts" / "activation.yaml"), "--skills", str(work)],
        ["resolve", str(work)],
        ["pack", str(work), "-o", str(pack)],
        ["verify", str(pack)],
        ["unpack", str(pack), str(tmp / "unpacked")],
        ["rules"],
        ["rules", "name-format"],
        ["schema", "--dir", str(tmp / "schemas")],
        ["new", "fresh", "--dir", str(tmp / "new")],
        ["import", str(FIXTURES / "import" / "worldinfo.json"), "-o", str(tmp / "imported")],
        ["lint", "--help"],
        ["nonsense-command"],
    ]


def on_a_terminal(runs: list[list[str]], env: dict[str, str]) -> str:
    """Run the command lines with stdout and stderr on one pseudo-terminal; return all it showed."""
    primary, secondary = pty.openpty()
    process = subprocess.Popen([sys.executable, "-c", DRIVER, json.dumps(runs)], stdin=secondary, stdout=secondary,
                               stderr=secondary, env=env, cwd=REPO, close_fds=True)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:  # EIO: the terminal's other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(primary)
    return b"".join(chunks).decode("utf-8", "replace")


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "GITHUB_ACTIONS", "PY_COLORS")}
    return {**env, "TERM": "xterm-256color", "COLUMNS": "100", **extra}


@pytest.mark.parametrize("how", ["NO_COLOR=1", "--color never"])
def test_no_escape_sequence_from_any_command_on_a_terminal(tmp_path, how):
    runs = command_lines(tmp_path)
    if how == "--color never":
        runs = [[*argv, "--color", "never"] for argv in runs]
        runs.append(["--color", "never", "lint"])  # a group-level --color: a usage error, printed plainly
    env = environment(NO_COLOR="1") if how == "NO_COLOR=1" else environment()
    shown = on_a_terminal(runs, env)
    outputs = shown.split(SEPARATOR)
    assert len(outputs) == len(runs) + 1, shown[-2000:]
    codes = [int(code) for code in re.findall(rf"{SEPARATOR} exit=(\d+)", shown)]
    assert codes == [1] + [0] * 14 + [2] * (len(runs) - 15), shown  # each did its real work
    assert "internal error" not in shown and "Traceback" not in shown, shown
    for argv, output in zip(runs, outputs):
        assert not ESCAPE.search(output), (argv, output[:800])


def test_the_same_commands_do_colour_a_terminal(tmp_path):
    """The check above means something: with colour allowed, the terminal gets escapes."""
    shown = on_a_terminal([["lint", str(FIXTURES / "lint" / "broken")], ["rules"]], environment())
    first, second = shown.split(SEPARATOR)[:2]
    assert ESCAPE.search(first) and ESCAPE.search(second)


@pytest.mark.parametrize("how", [("--color", "always"), ()])
def test_force_color_and_color_always_colour_a_pipe(how):
    env = environment(**({} if how else {"FORCE_COLOR": "1"}))
    for argv in (["lint", str(FIXTURES / "lint" / "broken"), *how], ["rules", *how]):
        done = subprocess.run([sys.executable, "-m", "skillkit", *argv], capture_output=True, text=True, env=env,
                              cwd=REPO, check=False)
        assert ESCAPE.search(done.stdout), (argv, done.stdout[:300])


def test_color_never_beats_force_color():
    done = subprocess.run([sys.executable, "-m", "skillkit", "lint", str(FIXTURES / "lint" / "broken"), "--color",
                           "never"], capture_output=True, text=True, env=environment(FORCE_COLOR="1"), cwd=REPO,
                          check=False)
    assert done.returncode == 1 and not ESCAPE.search(done.stdout)
