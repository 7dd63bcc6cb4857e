"""Issue 22's reproductions, each a test: the command exits 0, 1 or 2 with a message, within
10 s and under 300 MB of peak resident memory (tests/fuzz/guard.bounded), never a hang, a
traceback or `internal error`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.fuzz import crafted
from tests.fuzz.guard import bounded


def _workspace(root: Path) -> Path:
    (root / ".git").mkdir(parents=True, exist_ok=True)
    crafted.skill(root, "a", "")
    return root


# --- hangs: every open non-blocking and regular-file-only ---------------------------------

@pytest.mark.parametrize("command", ["lint", "pack"])
@pytest.mark.parametrize("where", ["skills/a/.gitignore", ".gitignore", "pyproject.toml", "skills/pyproject.toml",
                                   ".skillignore"])
def test_a_fifo_where_skillkit_reads_its_own_files_never_hangs(tmp_path: Path, command: str, where: str) -> None:
    root = _workspace(tmp_path / "repo")
    os.mkfifo(root / where)
    args = ["lint", "."] if command == "lint" else ["pack", ".", "-o", str(tmp_path / "out.zip")]
    done = bounded(*args, cwd=root).within()
    if command == "pack" and where != ".skillignore":
        assert done.code in (1, 2) and "not a regular file" in done.stderr  # the FIFO is no file to pack


def test_standard_input_is_read_through_the_cap(tmp_path: Path) -> None:
    """400 MB piped into `lint --stdin-filename`: one chunk past the 1 MiB cap is read, not 400 MB."""
    root = _workspace(tmp_path / "repo")
    piped = tmp_path / "stdin"
    with open(piped, "wb") as out:
        out.write(b"---\nname: a\ndescription: x\n---\n")
        out.truncate(400 * 1024 * 1024)  # sparse: costs the disk nothing
    done = bounded("lint", "--stdin-filename", "skills/a/SKILL.md", cwd=root, stdin=piped).within((2,))
    assert "standard input holds more than 1,048,576 bytes" in done.stderr


@pytest.mark.parametrize("device", ["/dev/zero", "fifo", "folder"])
def test_a_settings_file_that_is_not_a_file_says_what_it_is(tmp_path: Path, device: str) -> None:
    root = _workspace(tmp_path / "repo")
    target = device
    if device == "fifo":
        target = str(root / "settings.yaml")
        os.mkfifo(target)
    elif device == "folder":
        target = str(root / "skills")
    done = bounded("lint", "--config", target, ".", cwd=root).within((2,))
    said = {"/dev/zero": "is a character device", "fifo": "is a FIFO", "folder": "is a folder"}[device]
    assert said in done.stderr and "no such settings file" not in done.stderr, done.stderr


def test_pack_does_not_open_an_asset_as_a_zip_because_it_starts_like_one(tmp_path: Path) -> None:
    """A 47 MB asset starting `PK\\x03\\x04` is an ordinary file: a pack is a pack by its manifest."""
    root = _workspace(tmp_path / "repo")
    asset = root / "skills" / "a" / "assets" / "blob.zip"
    asset.parent.mkdir()
    with open(asset, "wb") as out:
        out.write(b"PK\x03\x04" + bytes(26) + b"not a manifest")
        out.truncate(47 * 1024 * 1024)
    done = bounded("pack", ".", "-o", str(tmp_path / "out.zip"), cwd=root).within((0,))
    import zipfile

    assert "skills/a/assets/blob.zip" in zipfile.ZipFile(tmp_path / "out.zip").namelist(), done.stdout
