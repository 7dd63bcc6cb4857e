"""`skillkit unpack`: verify first, nothing outside DEST, no links, no bombs, no clobbering."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from skillkit.pack.safety import Limits
from skillkit.pack.unpack import unpack_pack
from tests.conftest import FIXTURES
from tests.pack.helpers import SYMLINK, craft, point_entry_at, rewrite, snapshot

WORKSPACE = FIXTURES / "pack" / "workspace"


@pytest.fixture
def pack(cli, tmp_path: Path) -> Path:
    out = tmp_path / "p.zip"
    assert cli("pack", WORKSPACE, "-o", out).code == 0
    return out


def test_unpack_recreates_the_packed_tree(cli, pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "release"
    outcome = cli("unpack", pack, dest)
    assert outcome.code == 0 and outcome.stdout.startswith("unpacked pack-example 2.1.0: 8 files into")
    with zipfile.ZipFile(pack) as archive:
        packed = {n: archive.read(n) for n in archive.namelist()[1:]}
    assert {p for p in snapshot(dest) if (dest / p).is_file()} == set(packed)
    assert all((dest / name).read_bytes() == data for name, data in packed.items())
    assert os.stat(dest / "skills/alpha/scripts/run.sh").st_mode & 0o100
    assert not os.stat(dest / "skills/alpha/SKILL.md").st_mode & 0o111
    # what unpack wrote packs to the same bytes again
    assert cli("pack", dest, "-o", tmp_path / "again.zip").code == 0
    assert (tmp_path / "again.zip").read_bytes() == pack.read_bytes()


HOSTILE = {
    "escape": "../x",
    "deep escape": "skills/../../x",
    "absolute": "/tmp/skillkit-unpack-absolute-test",
    "drive letter": "C:/Windows/x",
    "backslash": "..\\x",
    "empty segment": "a//b",
}


@pytest.mark.parametrize("name", HOSTILE.values(), ids=HOSTILE.keys())
def test_names_that_leave_dest_are_refused_and_nothing_is_written(cli, tmp_path: Path, name: str) -> None:
    box = tmp_path / "box"
    box.mkdir()
    path = craft(box / "evil.zip", {"ok.txt": b"fine", name: b"owned"})
    outcome = cli("unpack", path, box / "dest")
    assert outcome.code == 1
    assert "unsafe" in outcome.stderr and "nothing was written" in outcome.stderr
    assert snapshot(tmp_path) == {"box", "box/evil.zip"}
    assert not Path("/tmp/skillkit-unpack-absolute-test").exists()


def test_a_symlink_entry_is_refused(cli, tmp_path: Path) -> None:
    path = craft(tmp_path / "link.zip", {"skills/x/SKILL.md": b"---\n", "skills/x/passwd": b"/etc/passwd"},
                 attrs={"skills/x/passwd": SYMLINK})
    outcome = cli("unpack", path, tmp_path / "dest")
    assert outcome.code == 1 and "skills/x/passwd: link" in outcome.stderr
    assert snapshot(tmp_path) == {"link.zip"}
    assert cli("verify", path).code == 1


def test_a_zip_bomb_is_refused_before_anything_is_decompressed(cli, tmp_path: Path) -> None:
    zeros = bytes(20 << 20)  # 20 MiB of zeros deflate to ~20 KiB: a ratio near 1000:1
    path = craft(tmp_path / "bomb.zip", {"big.txt": zeros})
    outcome = cli("unpack", path, tmp_path / "dest")
    assert outcome.code == 1 and "big.txt: limit" in outcome.stderr and "zip bomb" in outcome.stderr
    assert snapshot(tmp_path) == {"bomb.zip"}


def test_limits_are_judged_from_the_directory_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = craft(tmp_path / "bomb.zip", {"big.txt": bytes(20 << 20)})

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("an entry was decompressed before the limits were checked")

    monkeypatch.setattr(zipfile.ZipFile, "open", no_reading)
    result = unpack_pack(path, tmp_path / "dest")
    assert not result.verified.ok and result.files == 0
    assert [p.kind for p in result.verified.problems] == ["limit"]


@pytest.mark.parametrize("limits, entries, word", [
    (Limits(max_total=1000), {"a.txt": b"a" * 600, "b.txt": b"b" * 600}, "bytes in all"),
    (Limits(max_entries=2), {"a.txt": b"a", "b.txt": b"b"}, "entries"),
    (Limits(max_ratio=2, ratio_floor=100), {"a.txt": b"a" * 5000}, "ratio"),
])
def test_each_limit_refuses(tmp_path: Path, limits: Limits, entries: dict[str, bytes], word: str) -> None:
    path = craft(tmp_path / "p.zip", entries)
    result = unpack_pack(path, tmp_path / "dest", limits=limits)
    assert result.files == 0 and word in " ".join(p.message for p in result.verified.problems)
    assert snapshot(tmp_path) == {"p.zip"}


def test_overlapping_entries_are_refused(cli, tmp_path: Path) -> None:
    path = craft(tmp_path / "overlap.zip", {"a.txt": b"a" * 1000, "b.txt": b"a" * 1000})
    point_entry_at(path, index=2, offset_of=1)  # b.txt's directory entry now points at a.txt's data
    outcome = cli("unpack", path, tmp_path / "dest")
    assert outcome.code == 1 and "overlaps" in outcome.stderr
    assert snapshot(tmp_path) == {"overlap.zip"}


def test_a_tampered_pack_writes_nothing(cli, pack: Path, tmp_path: Path) -> None:
    tampered = rewrite(pack, tmp_path / "t.zip", change={"skills/beta/SKILL.md": b"---\nname: beta\n---\nevil\n"})
    before = snapshot(tmp_path)
    outcome = cli("unpack", tampered, tmp_path / "dest")
    assert outcome.code == 1 and "skills/beta/SKILL.md: changed" in outcome.stderr
    assert snapshot(tmp_path) == before


def test_a_non_empty_dest_needs_force(cli, pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "mine.txt").write_text("keep me", encoding="utf-8")
    outcome = cli("unpack", pack, dest)
    assert outcome.code == 2 and "--force" in outcome.stderr
    assert snapshot(dest) == {"mine.txt"}
    assert cli("unpack", pack, dest, "--force").code == 0
    assert "mine.txt" not in snapshot(dest) and (dest / "skillkit.yaml").is_file()
    assert {p for p in snapshot(tmp_path) if not p.startswith("dest/")} == {"p.zip", "dest"}  # no temp folders left


def test_an_empty_dest_is_filled(cli, pack: Path, tmp_path: Path) -> None:
    (tmp_path / "dest").mkdir()
    assert cli("unpack", pack, tmp_path / "dest").code == 0
    assert (tmp_path / "dest" / "skillkit.yaml").is_file()


def test_dest_that_is_a_file_or_a_link_is_a_usage_error(cli, pack: Path, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert cli("unpack", pack, tmp_path / "file", "--force").code == 2
    assert cli("unpack", pack, tmp_path / "link", "--force").code == 2
    assert snapshot(tmp_path / "real") == set()


def test_unpack_help_documents_the_exit_codes(cli) -> None:
    outcome = cli("unpack", "--help")
    assert outcome.code == 0 and "--force" in outcome.stdout and "2 usage" in outcome.stdout
