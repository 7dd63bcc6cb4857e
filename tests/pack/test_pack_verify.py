"""`skillkit verify`: every entry against the manifest; each mismatch named; 2 for non-packs."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from skillkit.pack import MANIFEST_NAME
from tests.conftest import FIXTURES
from tests.pack.helpers import EXECUTABLE, REGULAR, craft, rewrite

SKILL = "skills/alpha/SKILL.md"
SCRIPT = "skills/alpha/scripts/run.sh"


@pytest.fixture
def pack(cli, tmp_path: Path) -> Path:
    out = tmp_path / "p.zip"
    assert cli("pack", FIXTURES / "pack" / "workspace", "-o", out).code == 0
    return out


def entry(pack: Path, name: str) -> bytes:
    with zipfile.ZipFile(pack) as archive:
        return archive.read(name)


def test_an_untouched_pack_verifies(cli, pack: Path) -> None:
    outcome = cli("verify", pack)
    assert outcome.code == 0
    assert outcome.stdout.startswith("ok: pack-example 2.1.0: 8 files match the manifest")


def test_one_changed_byte_is_caught_and_named(cli, pack: Path, tmp_path: Path) -> None:
    original = entry(pack, SKILL)
    changed = original[:40] + bytes([original[40] ^ 0x01]) + original[41:]
    outcome = cli("verify", rewrite(pack, tmp_path / "changed.zip", change={SKILL: changed}))
    assert outcome.code == 1
    assert f"{SKILL}: changed: sha256" in outcome.stdout
    assert "1 problem" in outcome.stdout


def test_one_flipped_byte_in_the_compressed_data_is_caught(cli, pack: Path, tmp_path: Path) -> None:
    data = bytearray(pack.read_bytes())
    with zipfile.ZipFile(pack) as archive:
        info = archive.getinfo(SKILL)
    data[info.header_offset + 30 + len(SKILL) + 5] ^= 0xFF  # inside the entry's deflate stream
    broken = tmp_path / "flipped.zip"
    broken.write_bytes(bytes(data))
    outcome = cli("verify", broken)
    assert outcome.code == 1 and SKILL in outcome.stdout


def test_an_extra_entry_is_caught(cli, pack: Path, tmp_path: Path) -> None:
    outcome = cli("verify", rewrite(pack, tmp_path / "extra.zip", add={"skills/alpha/evil.sh": b"rm -rf ~\n"}))
    assert outcome.code == 1
    assert "skills/alpha/evil.sh: extra: in the pack, not in the manifest" in outcome.stdout


def test_a_missing_entry_is_caught(cli, pack: Path, tmp_path: Path) -> None:
    outcome = cli("verify", rewrite(pack, tmp_path / "missing.zip", change={SCRIPT: None}))
    assert outcome.code == 1
    assert f"{SCRIPT}: missing: listed in the manifest, not in the pack" in outcome.stdout


def test_a_lost_executable_bit_is_caught(cli, pack: Path, tmp_path: Path) -> None:
    outcome = cli("verify", rewrite(pack, tmp_path / "mode.zip", attrs={SCRIPT: REGULAR}))
    assert outcome.code == 1 and f"{SCRIPT}: mode" in outcome.stdout
    outcome = cli("verify", rewrite(pack, tmp_path / "mode2.zip", attrs={SKILL: EXECUTABLE}))
    assert outcome.code == 1 and f"{SKILL}: mode" in outcome.stdout


def test_json_names_every_problem(cli, pack: Path, tmp_path: Path) -> None:
    tampered = rewrite(pack, tmp_path / "t.zip", change={SCRIPT: None}, add={"x.txt": b"x"})
    outcome = cli("verify", tampered, "--format", "json")
    assert outcome.code == 1
    data = json.loads(outcome.stdout)
    assert data["ok"] is False and data["name"] == "pack-example"
    assert [(p["path"], p["problem"]) for p in data["problems"]] == [(SCRIPT, "missing"), ("x.txt", "extra")]
    clean = json.loads(cli("verify", pack, "--format", "json").stdout)
    assert clean == {"pack": str(pack), "ok": True, "name": "pack-example", "version": "2.1.0", "files": 8,
                     "signed": False, "signer": None, "signerKey": None, "problems": []}


@pytest.mark.parametrize("content", [b"", b"plain text, not a zip", b"PK\x03\x04" + b"\x00" * 40])
def test_a_file_that_is_not_a_zip_exits_2(cli, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "not.zip"
    path.write_bytes(content)
    outcome = cli("verify", path)
    assert outcome.code == 2 and "not a zip" in outcome.stderr and "Traceback" not in outcome.stderr


def test_a_zip_that_is_not_a_pack_exits_2(cli, tmp_path: Path) -> None:
    path = tmp_path / "other.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "hello")
    outcome = cli("verify", path)
    assert outcome.code == 2 and f"no {MANIFEST_NAME}" in outcome.stderr


@pytest.mark.parametrize("manifest, why", [
    (b"{not json", "is not JSON"),
    (b'{"format": "something-else"}', "format"),
    (b'{"format": "skillkit-pack", "formatVersion": 99}', "formatVersion 99"),
    (b'{"format": "skillkit-pack", "formatVersion": 1, "name": "x", "files": [{"path": "a"}]}', "sha256"),
    (b'{"format": "skillkit-pack", "formatVersion": 1, "name": "x", "files": [1]}', "not an object"),
])
def test_a_broken_manifest_exits_2(cli, tmp_path: Path, manifest: bytes, why: str) -> None:
    path = craft(tmp_path / "bad.zip", {"a": b"a"}, manifest=manifest)
    outcome = cli("verify", path)
    assert outcome.code == 2 and why in outcome.stderr


def test_missing_and_folder_paths_exit_2(cli, tmp_path: Path) -> None:
    assert cli("verify", tmp_path / "nope.zip").code == 2
    outcome = cli("verify", tmp_path)
    assert outcome.code == 2 and "is a folder" in outcome.stderr


def test_a_duplicated_name_is_caught(cli, tmp_path: Path) -> None:
    path = craft(tmp_path / "dup.zip", {"a.txt": b"one"})
    with zipfile.ZipFile(path, "a") as archive:
        with pytest.warns(UserWarning):
            archive.writestr("a.txt", b"two")
    outcome = cli("verify", path)
    assert outcome.code == 1 and "a.txt: duplicate" in outcome.stdout
