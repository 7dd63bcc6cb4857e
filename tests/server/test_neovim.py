"""End to end with a real editor: headless Neovim (Debian's `neovim`) opens a SKILL.md with a
typo'd key, receives skillkit's diagnostic, applies the code action, and the file on disk is
fixed. Skipped, with the reason, where nvim is absent; a failure under SKILLKIT_REQUIRE_TOOLS=1."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import WORKSPACE, require_tool

SCRIPT = Path(__file__).parent / "data" / "nvim_fix.lua"


def nvim() -> str:
    return require_tool("nvim", "a real editor client: apt-get install neovim")


def test_neovim_receives_the_diagnostic_and_applies_the_fix(tmp_path):
    editor = nvim()
    folder = tmp_path / "ws"
    shutil.copytree(WORKSPACE, folder)
    skill = folder / "skills" / "typo" / "SKILL.md"
    skill.parent.mkdir()
    skill.write_text("---\nname: typo\ndesciption: Checks the weather before a trip.\n---\nDo the thing.\n",
                     encoding="utf-8")
    env = {**os.environ, "SKILLKIT_PYTHON": sys.executable, "SKILLKIT_FOLDER": str(folder),
           "SKILLKIT_SKILL": str(skill), "SKILLKIT_NO_CACHE": "1", "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run([editor, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {SCRIPT}"],
                         cwd=folder, env=env, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, (run.stdout, run.stderr)
    assert "did you mean `description`" in run.stdout
    assert "ACTION Rename `desciption` to `description`" in run.stdout
    assert skill.read_text(encoding="utf-8") == \
        "---\nname: typo\ndescription: Checks the weather before a trip.\n---\nDo the thing.\n"
