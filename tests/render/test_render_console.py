"""render's text output on a long history and in small budgets: a progress bar on a terminal
and nothing when piped, token bars that never run past the console, no empty "Prompt"
section; and a scene whose response reserve leaves no room is a lint error."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import write_skill

SHEET = ("Skills", "History", "Response", "Free", "Tools")


def _workspace(root: Path, scene: str | None = None, messages: int = 0) -> Path:
    write_skill(root / "skills", "lamp", "name: lamp\ndescription: The lamp.\nwhen: mentioned\ntriggers: [lamp]",
                "The lamp is blue.\n")
    write_skill(root / "skills", "tone", "name: tone\ndescription: The tone.\nwhen: always", "Speak softly.\n")
    if scene is not None:
        (root / "scenes").mkdir(exist_ok=True)
        (root / "scenes" / "s.yaml").write_text(scene, encoding="utf-8")
    if messages:
        chat = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"message {i} about the lamp"}
                for i in range(messages)]
        (root / "chat.json").write_text(json.dumps(chat[:-1] if chat[-1]["role"] == "assistant" else chat),
                                        encoding="utf-8")
    return root


def _sheet_lines(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.strip().split(" ")[0] in SHEET and "  " in line]


@pytest.mark.parametrize("columns", [40, 60, 100])
def test_a_reserve_larger_than_the_context_keeps_bars_inside_the_console(cli, tmp_path, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    _workspace(tmp_path, "skills: [tone, lamp]\nbudget: {context: 1000, response: 8000}\n", messages=4)
    out = cli("render", "chat.json", "--scene", "scenes/s.yaml", "--tokenizer", "estimate", cwd=tmp_path)
    assert out.code == 0, out.stderr
    sheet = _sheet_lines(out.stdout)
    assert any(line.lstrip().startswith("Response") for line in sheet)
    assert all(len(line) <= columns for line in sheet), sheet
    assert "The response reserve (8,000) is not smaller than the context (1,000)" in out.stdout


def test_the_context_option_smaller_than_the_reserve_keeps_bars_short(cli, tmp_path) -> None:
    _workspace(tmp_path, messages=4)
    out = cli("render", "chat.json", "--skills", "skills", "--context", "100", "--tokenizer", "estimate",
              cwd=tmp_path)
    assert out.code == 0, out.stderr
    assert all(len(line) <= 100 for line in _sheet_lines(out.stdout))
    assert max(line.count("█") for line in _sheet_lines(out.stdout)) <= 40


def test_such_a_scene_is_a_lint_error(cli, tmp_path) -> None:
    _workspace(tmp_path, "skills: [tone, lamp]\nbudget: {context: 1000, response: 8000}\n")
    out = cli("lint", ".", "--format", "json", cwd=tmp_path)
    assert out.code == 1
    found = [d for d in json.loads(out.stdout)["diagnostics"] if d["rule"] == "scene-budget"]
    assert [(d["path"], d["severity"]) for d in found] == [("scenes/s.yaml", "error")]


def test_an_empty_prompt_prints_no_prompt_section(cli, tmp_path) -> None:
    write_skill(tmp_path / "skills", "lamp", "name: lamp\ndescription: The lamp.\nwhen: mentioned\ntriggers: [lamp]")
    out = cli("render", "--skills", "skills", "--tokenizer", "estimate", cwd=tmp_path)
    assert out.code == 0, out.stderr
    assert "No Skills block" in out.stdout
    assert "Prompt" not in out.stdout.splitlines()
    with_one = cli("render", "--skills", str(_workspace(tmp_path / "b") / "skills"), "--tokenizer", "estimate",
                   cwd=tmp_path)
    assert "Prompt" in with_one.stdout.splitlines()  # a Skills block: the outline is there


def test_a_long_history_shows_progress_on_a_terminal_and_nothing_when_piped(tmp_path) -> None:
    _workspace(tmp_path, messages=400)
    command = [sys.executable, "-m", "skillkit", "render", "chat.json", "--skills", "skills", "--tokenizer",
               "estimate"]
    # No NO_COLOR: a bar is cursor movement, which NO_COLOR turns off with every other escape.
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"COLUMNS": "100"}
    piped = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(command, cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=follower,
                              timeout=120, check=False)
        os.close(follower)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: everything is read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0
    assert b"Rendering" in drawn
