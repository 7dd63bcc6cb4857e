"""`-o`, `--lock` and every output refuse a target that exists and is not a regular file, and
never write through a link: a private character device (mknod), a FIFO, a symlink, each left
exactly as it was."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Callable

import pytest

from tests.conftest import WORKSPACE


def char_device(path: Path) -> Path:
    """A private copy of /dev/null's device numbers (we are root in the test container)."""
    os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def symlink(path: Path) -> Path:
    victim = path.with_name("victim.txt")
    victim.write_text("keep me\n", encoding="utf-8")
    path.symlink_to(victim)
    return path


MAKERS: dict[str, Callable[[Path], Path]] = {"char-device": char_device, "fifo": fifo, "symlink": symlink}


def snapshot(path: Path) -> tuple[int, int, str | None, str | None]:
    status = os.lstat(path)
    link = os.readlink(path) if stat.S_ISLNK(status.st_mode) else None
    content = path.resolve().read_text(encoding="utf-8") if link else None
    return status.st_mode, status.st_ino, link, content


def commands(tmp_path: Path, target: Path) -> dict[str, tuple[str, ...]]:
    return {"lint -o": ("lint", str(WORKSPACE), "-o", str(target)),
            "pack -o": ("pack", str(tmp_path / "w"), "-o", str(target)),
            "resolve --lock": ("resolve", str(tmp_path / "w"), "--lock", str(target))}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(WORKSPACE, tmp_path / "w")
    return tmp_path / "w"


@pytest.mark.parametrize("kind", list(MAKERS))
@pytest.mark.parametrize("command", ["lint -o", "pack -o", "resolve --lock"])
def test_an_output_that_is_not_a_regular_file_is_refused_and_left_alone(cli, tmp_path: Path, workspace: Path,
                                                                         kind: str, command: str) -> None:
    if kind == "char-device" and os.geteuid() != 0:
        pytest.skip("mknod of a character device needs root")
    target = MAKERS[kind](tmp_path / "out")
    before = snapshot(target)
    out = cli(*commands(tmp_path, target)[command])
    assert out.code == 2, (out.stdout, out.stderr)
    assert "link" in out.stderr or "not a regular file" in out.stderr, out.stderr
    assert "internal error" not in out.stderr
    assert snapshot(target) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".skillkit")]


@pytest.mark.parametrize("kind", list(MAKERS))
def test_unpack_refuses_a_destination_that_is_not_a_folder(cli, tmp_path: Path, workspace: Path, kind: str) -> None:
    if kind == "char-device" and os.geteuid() != 0:
        pytest.skip("mknod of a character device needs root")
    assert cli("pack", workspace, "-o", tmp_path / "p.zip").code == 0
    dest = MAKERS[kind](tmp_path / "dest")
    before = snapshot(dest)
    out = cli("unpack", tmp_path / "p.zip", dest)
    assert out.code == 2 and "internal error" not in out.stderr, out.stderr
    assert snapshot(dest) == before


def test_agent_skills_export_refuses_a_file_where_its_folder_goes(cli, tmp_path: Path, workspace: Path) -> None:
    target = tmp_path / "out"
    target.write_text("not a folder\n", encoding="utf-8")
    out = cli("pack", workspace, "--target", "agent-skills", "-o", target)
    assert out.code == 2 and "internal error" not in out.stderr, out.stderr
    assert target.read_text(encoding="utf-8") == "not a folder\n"


@pytest.mark.parametrize("kind", ["fifo", "symlink"])
def test_new_and_import_refuse_a_skill_folder_that_is_not_a_folder(cli, tmp_path: Path, kind: str) -> None:
    (tmp_path / "skills").mkdir()
    target = MAKERS[kind](tmp_path / "skills" / "fresh")
    before = snapshot(target)
    out = cli("new", "fresh", "--dir", tmp_path / "skills")
    assert out.code == 2 and "not a folder" in out.stderr, out.stderr
    assert snapshot(target) == before


def test_new_does_not_wait_on_a_fifo_named_skill_md_beside_it(cli, tmp_path: Path) -> None:
    (tmp_path / "skills" / "other").mkdir(parents=True)
    os.mkfifo(tmp_path / "skills" / "other" / "SKILL.md")
    out = cli("new", "fresh", "--world", "platform", "--dir", tmp_path / "skills")
    assert out.code == 0, out.stderr
    assert (tmp_path / "skills" / "fresh" / "SKILL.md").is_file()
