"""The CLI boundary: every failure is one line and an exit code, for every command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import FIXTURES, WORKSPACE


@pytest.mark.parametrize("args", [
    ["new", "abc", "--dir", "/proc/skillkit-nope"],
    ["import", str(FIXTURES / "import" / "worldinfo.json"), "-o", "/proc/skillkit-nope"],
    ["lint", str(WORKSPACE), "-o", "/proc/skillkit-nope/lint.txt"],
    ["schema", "--dir", "/proc/skillkit-nope"],
])
def test_a_file_that_cannot_be_written_is_one_line_and_exit_2(cli, args):
    outcome = cli(*args)
    assert outcome.code == 2, outcome.stderr
    assert outcome.stderr.startswith("skillkit: error: ") and outcome.stderr.count("\n") == 1
    assert "internal error" not in outcome.stderr


@pytest.mark.parametrize("args", [
    ["simulate", str(FIXTURES / "transcripts" / "words.yaml"), "--skills", str(FIXTURES / "studio" / "words")],
    ["render", str(FIXTURES / "transcripts" / "words.yaml"), "--skills", str(FIXTURES / "studio" / "words"),
     "--format", "json", "--tokenizer", "estimate"],
    ["lint", "--format", "json", str(FIXTURES / "lint" / "broken")],
])
def test_a_stdout_that_is_not_utf8_never_crashes(args):
    """Output with non-ASCII text (Cyrillic, CJK triggers) on an ASCII stdout."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "skillkit", *args], capture_output=True, text=True,
                          env=env, check=False, encoding="ascii", errors="replace")
    assert done.returncode in (0, 1), done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
