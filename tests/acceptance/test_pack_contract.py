"""Acceptance: `skillkit pack`, `verify` and `unpack` against DESIGN 4.7, black-box.

Workspaces are built in tmp_path from fixtures/acceptance/platform/reviewer plus files written
here (with chosen modes, times and creation order); hostile packs are crafted byte by byte.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import stat
import struct
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest
import yaml

from tests.conftest import FIXTURES, WORKSPACE

BASE = FIXTURES / "acceptance" / "platform" / "reviewer"
SCRIPT = "skills/review-activity/scripts/collect.sh"
# Extra files every built workspace holds: path -> (bytes, executable).
EXTRA: dict[str, tuple[bytes, bool]] = {
    SCRIPT: (b"#!/bin/sh\necho collecting\n", True),
    "skills/summarize/references/STYLE.md": (b"# Style\n\nPlain words.\n", False),
    "skills/summarize/assets/table.csv": (b"a,b\n1,2\n", False),
    "skillkit.yaml": (b"name: reviewer-pack\nversion: 1.2.0\n", False),
}
AGENT_SKILLS_KEYS = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}


# --------------------------------------------------------------------------- helpers


def sources() -> dict[str, tuple[bytes, bool]]:
    files = {p.relative_to(BASE).as_posix(): (p.read_bytes(), False) for p in BASE.rglob("*") if p.is_file()}
    return {**files, **EXTRA}


def build(root: Path, *, reverse: bool = False, file_mode: int = 0o644, exec_mode: int = 0o755, mtime: float = 1e9) -> Path:
    """Write the sources in sorted (or reversed) creation order with the given modes and times."""
    files = sources()
    for rel in sorted(files, reverse=reverse):
        data, executable = files[rel]
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        os.chmod(path, exec_mode if executable else file_mode)
        os.utime(path, (mtime, mtime))
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), reverse=not reverse):
        os.utime(folder, (mtime + 7, mtime + 7))
    return root


def run(cli, *args: Any, cwd: Path):
    out = cli(*args, cwd=cwd)
    assert "Traceback" not in out.stderr + out.stdout, out
    return out


def pack(cli, ws: Path, target: Path, *extra: str, cwd: Path | None = None):
    return run(cli, "pack", str(ws), "-o", str(target), *extra, cwd=cwd or ws.parent)


def manifest_of(archive: Path, workspace_files: Iterable[str]) -> tuple[str, Any]:
    """The one entry that is not a workspace file, parsed as JSON."""
    with zipfile.ZipFile(archive) as zf:
        extra = sorted(set(zf.namelist()) - set(workspace_files))
        assert len(extra) == 1, f"expected exactly one manifest entry besides the files, found {extra}"
        return extra[0], json.loads(zf.read(extra[0]))


def walk(node: Any) -> Iterable[Any]:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def file_record(manifest: Any, rel: str) -> dict[str, Any]:
    """The manifest's record for one file: a mapping holding the path as a value (or keyed by it)."""
    for node in walk(manifest):
        if isinstance(node, dict):
            if rel in node.values():
                return node
            if isinstance(node.get(rel), dict):
                return {"path": rel, **node[rel]}
            if isinstance(node.get(rel), str):
                return {"path": rel, "sha256": node[rel]}
    raise AssertionError(f"{rel} is not in the manifest")


def rewrite(src: Path, dst: Path, change: Callable[[zipfile.ZipInfo, bytes], list[tuple[zipfile.ZipInfo, bytes]]],
            add: list[tuple[zipfile.ZipInfo, bytes]] = ()) -> None:
    """Copy a zip entry by entry through `change` (which may drop, alter or multiply entries)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            for new_info, data in change(info, zin.read(info)):
                zout.writestr(new_info, data)
        for info, data in add:
            zout.writestr(info, data)


def with_manifest_entry(src: Path, dst: Path, manifest_name: str, rel: str, data_sha: str, size: int,
                        entry: tuple[zipfile.ZipInfo, bytes] | None) -> None:
    """Copy a pack adding `entry` and a manifest record for `rel` shaped as the pack's own records."""
    def change(info: zipfile.ZipInfo, data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
        if info.filename != manifest_name:
            return [(info, data)]
        manifest = json.loads(data)
        known = "skills/summarize/SKILL.md"
        for node in walk(manifest):
            if isinstance(node, list) and any(isinstance(n, dict) and known in n.values() for n in node):
                record = dict(next(n for n in node if known in n.values()))
                for key, value in record.items():
                    if value == known:
                        record[key] = rel
                    elif isinstance(value, str) and len(value) == 64:
                        record[key] = data_sha
                    elif isinstance(value, bool):
                        record[key] = False
                    elif isinstance(value, int):
                        record[key] = size
                node.append(record)
                break
        else:
            raise AssertionError("no file list in the manifest")
        return [(info, json.dumps(manifest, indent=2, sort_keys=True).encode())]

    rewrite(src, dst, change, add=[entry] if entry else [])


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def built(tmp_path: Path) -> Path:
    return build(tmp_path / "ws")


@pytest.fixture
def good_pack(cli, built: Path, tmp_path: Path) -> Path:
    target = tmp_path / "dist" / "pack.zip"
    out = pack(cli, built, target)
    assert out.code == 0, out
    return target


# --------------------------------------------------------------------------- reproducibility


def test_two_copies_give_byte_identical_packs(cli, tmp_path: Path) -> None:
    one = build(tmp_path / "one" / "ws")
    two = build(tmp_path / "somewhere" / "else" / "ws", reverse=True, file_mode=0o600, exec_mode=0o700, mtime=1.6e9)
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    assert pack(cli, one, a).code == 0
    assert pack(cli, two, b, cwd=two).code == 0
    assert a.read_bytes() == b.read_bytes()
    time.sleep(0.01)
    c = tmp_path / "c.zip"
    assert pack(cli, one, c).code == 0
    assert c.read_bytes() == a.read_bytes()  # and again later


def test_the_checkout_folder_name_does_not_change_the_bytes(cli, tmp_path: Path) -> None:
    # Without a pack name in skillkit.yaml, two clones in differently named folders are still
    # the same sources (a CI runner's checkout folder is nobody's choice).
    packs = []
    for folder in ("alice-clone", "ci-build-4711"):
        ws = build(tmp_path / folder)
        (ws / "skillkit.yaml").unlink()
        packs.append(tmp_path / f"{folder}.zip")
        assert pack(cli, ws, packs[-1]).code == 0
        assert run(cli, "verify", str(packs[-1]), cwd=tmp_path).code == 0
    assert packs[0].read_bytes() == packs[1].read_bytes()


def test_only_the_executable_bit_is_kept(cli, tmp_path: Path) -> None:
    ws = build(tmp_path / "ws", file_mode=0o664, exec_mode=0o775)
    target = tmp_path / "pack.zip"
    assert pack(cli, ws, target).code == 0
    with zipfile.ZipFile(target) as zf:
        modes = {i.filename: (i.external_attr >> 16) & 0o7777 for i in zf.infolist()}
        kinds = {i.filename: stat.S_IFMT(i.external_attr >> 16) for i in zf.infolist()}
    assert modes[SCRIPT] == 0o755
    assert {m for f, m in modes.items() if f != SCRIPT} == {0o644}
    assert set(kinds.values()) <= {0, stat.S_IFREG}


def test_times_are_source_date_epoch(cli, built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = tmp_path / "first.zip"
    assert pack(cli, built, first).code == 0  # conftest pins SOURCE_DATE_EPOCH=1700000000
    with zipfile.ZipFile(first) as zf:
        assert {i.date_time for i in zf.infolist()} == {time.gmtime(1700000000)[:6]}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")
    second = tmp_path / "second.zip"
    assert pack(cli, built, second).code == 0
    with zipfile.ZipFile(second) as zf:
        assert {i.date_time for i in zf.infolist()} == {time.gmtime(1600000000)[:6]}
    assert first.read_bytes() != second.read_bytes()


# --------------------------------------------------------------------------- the manifest


def test_the_manifest_lists_every_file_with_its_sha256(cli, built: Path, good_pack: Path) -> None:
    files = sources()
    _, manifest = manifest_of(good_pack, files)
    with zipfile.ZipFile(good_pack) as zf:
        packed = {name: zf.read(name) for name in zf.namelist()}
    for rel, (data, _) in files.items():
        assert packed[rel] == data
        assert file_record(manifest, rel)["sha256"] == hashlib.sha256(data).hexdigest()


def test_the_manifest_holds_the_resolved_references(cli, built: Path, good_pack: Path) -> None:
    _, manifest = manifest_of(good_pack, sources())
    nodes = [n for n in walk(manifest) if isinstance(n, dict)]
    assert "account-reviewer" in json.dumps(manifest)
    # summarize is referenced without a version: it resolves to what loads now, 1.
    assert any(n.get("name") == "summarize" and n.get("version") == 1 for n in nodes), manifest
    assert any(n.get("name") == "record_note" and n.get("version") == 3 for n in nodes), manifest


# --------------------------------------------------------------------------- what goes in


def test_default_excludes_and_earlier_packs(cli, built: Path, tmp_path: Path) -> None:
    junk = {
        "skills/summarize/__pycache__/helper.cpython-311.pyc": b"\x00junk",
        "skills/summarize/helper.pyc": b"\x00junk",
        ".DS_Store": b"\x00\x00\x00\x01Bud1",
        "skills/summarize/.DS_Store": b"\x00\x00\x00\x01Bud1",
        "node_modules/left-pad/index.js": b"module.exports = 1\n",
        "skills/review-activity/node_modules/x/index.js": b"module.exports = 2\n",
        ".git/HEAD": b"ref: refs/heads/main\n",
        "skills/summarize/.git/config": b"[core]\n",
    }
    for rel, data in junk.items():
        (built / rel).parent.mkdir(parents=True, exist_ok=True)
        (built / rel).write_bytes(data)
    # A zip that is an asset of a skill is a file like any other; an earlier pack is not.
    asset = built / "skills/summarize/assets/data.zip"
    with zipfile.ZipFile(asset, "w") as zf:
        zf.writestr("rows.csv", "a,b\n")
    earlier = built / "dist" / "release-1.zip"
    assert pack(cli, built, earlier).code == 0
    later = built / "dist" / "release-2.zip"
    assert pack(cli, built, later).code == 0
    with zipfile.ZipFile(later) as zf:
        names = set(zf.namelist())
    for rel in junk:
        assert rel not in names
    assert not any("__pycache__" in n or n.endswith(".pyc") or "node_modules" in n or ".git/" in n for n in names)
    assert "dist/release-1.zip" not in names and "dist/release-2.zip" not in names
    assert "skills/summarize/assets/data.zip" in names
    for rel in sources():
        assert rel in names


def test_skillignore_patterns(cli, built: Path, tmp_path: Path) -> None:
    (built / ".skillignore").write_text("# drafts stay home\n*.log\n!keep.log\ndrafts/\n/TODO.md\n", encoding="utf-8")
    extra = {
        "notes.log": b"x",
        "skills/summarize/run.log": b"x",
        "skills/summarize/keep.log": b"kept",
        "drafts/plan.md": b"x",
        "skills/summarize/drafts/idea.md": b"x",
        "TODO.md": b"x",
        "skills/summarize/TODO.md": b"kept too",
    }
    for rel, data in extra.items():
        (built / rel).parent.mkdir(parents=True, exist_ok=True)
        (built / rel).write_bytes(data)
    target = tmp_path / "pack.zip"
    assert pack(cli, built, target).code == 0
    with zipfile.ZipFile(target) as zf:
        names = set(zf.namelist())
    assert {"skills/summarize/keep.log", "skills/summarize/TODO.md"} <= names
    for rel in ("notes.log", "skills/summarize/run.log", "drafts/plan.md", "skills/summarize/drafts/idea.md", "TODO.md"):
        assert rel not in names, rel


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "break_it",
    [
        lambda ws: (ws / "skills/summarize/SKILL.md").write_text("---\nname: summarize\n---\nNo description.\n"),
        lambda ws: (ws / "agents/account-reviewer.yaml").write_text(
            "name: account-reviewer\nhandler: agent\nskills:\n  - {name: no-such-skill}\n"
        ),
        lambda ws: (ws / "skills/review-activity/SKILL.md").write_text(
            (ws / "skills/review-activity/SKILL.md").read_text().replace("name: record_note", "name: record_note\n    version: 9")
        ),
    ],
    ids=["broken-skill", "broken-reference", "broken-skill-tool-version"],
)
@pytest.mark.parametrize("target", ["zip", "agent-skills"])
def test_nothing_is_written_when_validation_fails(cli, built: Path, tmp_path: Path, break_it, target: str) -> None:
    break_it(built)
    out_dir = tmp_path / "dist"
    out_dir.mkdir()
    previous = out_dir / "pack.zip"
    previous.write_bytes(b"an older artifact")
    destination = previous if target == "zip" else out_dir / "skills"
    out = pack(cli, built, destination, "--target", target)
    assert out.code == 1, out
    assert previous.read_bytes() == b"an older artifact"
    assert sorted(p.name for p in out_dir.rglob("*")) == ["pack.zip"]


def test_warnings_never_stop_a_pack(cli, built: Path, tmp_path: Path) -> None:
    skill = built / "skills/summarize/SKILL.md"
    skill.write_text(skill.read_text().replace("plain language.", "plain language.\n  And a second line."))
    assert run(cli, "lint", str(built), cwd=tmp_path).code == 0  # a warning, not an error
    assert pack(cli, built, tmp_path / "pack.zip").code == 0


def test_output_is_required(cli, built: Path) -> None:
    out = run(cli, "pack", str(built), cwd=built)
    assert out.code == 2
    assert not list(built.rglob("*.zip"))


def test_no_stray_temporary_files(cli, built: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "dist"
    assert pack(cli, built, out_dir / "pack.zip").code == 0
    assert [p.name for p in out_dir.iterdir()] == ["pack.zip"]


# --------------------------------------------------------------------------- verify


def test_verify_a_good_pack(cli, good_pack: Path) -> None:
    out = run(cli, "verify", str(good_pack), cwd=good_pack.parent)
    assert out.code == 0, out


def _tampered(kind: str, good: Path, target: Path) -> None:
    def change(info: zipfile.ZipInfo, data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
        if info.filename == "skills/summarize/SKILL.md":
            if kind == "content":
                return [(info, data.replace(b"five", b"six!"))]
            if kind == "missing":
                return []
        if info.filename == SCRIPT and kind == "mode":
            clone = zipfile.ZipInfo(info.filename, info.date_time)
            clone.external_attr = (stat.S_IFREG | 0o644) << 16
            clone.compress_type = info.compress_type
            return [(clone, data)]
        if kind == "manifest" and not info.filename.startswith(("skills/", "agents/", "tools/", "catalog", "skillkit.yaml")):
            text = data.decode()
            digest = hashlib.sha256(EXTRA["skills/summarize/references/STYLE.md"][0]).hexdigest()
            assert digest in text
            return [(info, text.replace(digest, "0" * 64).encode())]
        return [(info, data)]

    extra = [(zipfile.ZipInfo("skills/summarize/smuggled.md", (2023, 11, 14, 22, 13, 20)), b"hello")] if kind == "extra" else []
    rewrite(good, target, change, add=extra)


@pytest.mark.parametrize("kind", ["content", "missing", "extra", "mode", "manifest"])
def test_verify_and_unpack_refuse_any_mismatch(cli, good_pack: Path, tmp_path: Path, kind: str) -> None:
    bad = tmp_path / f"{kind}.zip"
    _tampered(kind, good_pack, bad)
    out = run(cli, "verify", str(bad), cwd=tmp_path)
    assert out.code == 1, out
    dest = tmp_path / "dest"
    out = run(cli, "unpack", str(bad), str(dest), cwd=tmp_path)
    assert out.code == 1, out
    assert not dest.exists() or not any(dest.iterdir())


@pytest.mark.parametrize("content", [b"", b"not a zip at all", b"PK\x03\x04garbage"])
def test_verify_an_unusable_file_is_exit_2(cli, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "thing.zip"
    path.write_bytes(content)
    assert run(cli, "verify", str(path), cwd=tmp_path).code == 2
    assert run(cli, "unpack", str(path), str(tmp_path / "dest"), cwd=tmp_path).code == 2
    assert not (tmp_path / "dest").exists() or not any((tmp_path / "dest").iterdir())


def test_verify_a_zip_that_is_not_a_pack_is_exit_2(cli, tmp_path: Path) -> None:
    path = tmp_path / "plain.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("README.md", "hello")
    assert run(cli, "verify", str(path), cwd=tmp_path).code == 2


def test_verify_a_missing_file_is_exit_2(cli, tmp_path: Path) -> None:
    assert run(cli, "verify", str(tmp_path / "absent.zip"), cwd=tmp_path).code == 2


# --------------------------------------------------------------------------- unpack


def test_unpack_recreates_the_tree(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "release"
    out = run(cli, "unpack", str(good_pack), str(dest), cwd=tmp_path)
    assert out.code == 0, out
    files = sources()
    assert tree(dest) == {rel: data for rel, (data, _) in files.items()}
    assert os.access(dest / SCRIPT, os.X_OK)
    assert not os.access(dest / "skills/summarize/SKILL.md", os.X_OK)
    # What was unpacked is the workspace again: it lints and packs to the same bytes.
    again = tmp_path / "again.zip"
    assert pack(cli, dest, again).code == 0
    assert again.read_bytes() == good_pack.read_bytes()


def test_unpack_into_an_existing_empty_folder(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "empty"
    dest.mkdir()
    assert run(cli, "unpack", str(good_pack), str(dest), cwd=tmp_path).code == 0
    assert (dest / "skills/summarize/SKILL.md").is_file()


def test_unpack_does_not_overwrite_a_non_empty_dest_without_force(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    (dest / "skills/summarize").mkdir(parents=True)
    (dest / "skills/summarize/SKILL.md").write_text("mine")
    (dest / "other.txt").write_text("mine too")
    out = run(cli, "unpack", str(good_pack), str(dest), cwd=tmp_path)
    assert out.code != 0
    assert out.code == 2, out
    assert tree(dest) == {"skills/summarize/SKILL.md": b"mine", "other.txt": b"mine too"}
    out = run(cli, "unpack", str(good_pack), str(dest), "--force", cwd=tmp_path)
    assert out.code == 0, out
    assert (dest / "skills/summarize/SKILL.md").read_bytes() == sources()["skills/summarize/SKILL.md"][0]


def _hostile(good: Path, target: Path, manifest_name: str, info: zipfile.ZipInfo, data: bytes) -> None:
    with_manifest_entry(good, target, manifest_name, info.filename, hashlib.sha256(data).hexdigest(), len(data), (info, data))


@pytest.mark.parametrize(
    "name",
    ["../evil.txt", "skills/../../evil.txt", "skills/summarize/../../../evil.txt", "..\\evil.txt", "C:/evil.txt"],
)
def test_unpack_never_writes_outside_dest(cli, good_pack: Path, tmp_path: Path, name: str) -> None:
    manifest_name, _ = manifest_of(good_pack, sources())
    bad = tmp_path / "bad.zip"
    _hostile(good_pack, bad, manifest_name, zipfile.ZipInfo(name, (2023, 11, 14, 22, 13, 20)), b"pwned\n")
    work = tmp_path / "deep" / "work"
    work.mkdir(parents=True)
    dest = work / "dest"
    before = set(tmp_path.rglob("*"))
    out = run(cli, "unpack", str(bad), str(dest), cwd=work)
    assert out.code in (1, 2), out
    assert not list(tmp_path.rglob("evil.txt"))
    assert set(tmp_path.rglob("*")) - before <= {dest}
    assert not dest.exists() or not any(dest.iterdir())
    assert run(cli, "verify", str(bad), cwd=work).code in (1, 2)


def test_unpack_refuses_an_absolute_name(cli, good_pack: Path, tmp_path: Path) -> None:
    manifest_name, _ = manifest_of(good_pack, sources())
    outside = tmp_path / "outside" / "abs-evil.txt"
    outside.parent.mkdir()
    bad = tmp_path / "bad.zip"
    _hostile(good_pack, bad, manifest_name, zipfile.ZipInfo(str(outside), (2023, 11, 14, 22, 13, 20)), b"pwned\n")
    with zipfile.ZipFile(bad) as zf:
        assert str(outside) in zf.namelist()  # the hostile name really is absolute
    dest = tmp_path / "dest"
    out = run(cli, "unpack", str(bad), str(dest), cwd=tmp_path)
    assert out.code in (1, 2), out
    assert not outside.exists()
    assert not dest.exists() or not any(dest.iterdir())


def test_unpack_refuses_a_link_entry(cli, good_pack: Path, tmp_path: Path) -> None:
    manifest_name, _ = manifest_of(good_pack, sources())
    info = zipfile.ZipInfo("skills/summarize/link", (2023, 11, 14, 22, 13, 20))
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    info.create_system = 3
    bad = tmp_path / "bad.zip"
    _hostile(good_pack, bad, manifest_name, info, b"../../../../outside")
    dest = tmp_path / "dest"
    out = run(cli, "unpack", str(bad), str(dest), cwd=tmp_path)
    assert out.code in (1, 2), out
    assert not any(p.is_symlink() for p in tmp_path.rglob("*"))
    assert not dest.exists() or not any(dest.iterdir())
    assert run(cli, "verify", str(bad), cwd=tmp_path).code in (1, 2)


# 1 GiB of zeros, deflated as 1,024 identical fully flushed blocks (about 1 MiB).
GIB = 1 << 30
GIB_ZEROS_SHA256 = "49bc20df15e412a64472421e13fe86ff1c5165e18b2afccf160d4dc19fe68a14"
GIB_ZEROS_CRC32 = 1533330096


def _bomb_stream() -> bytes:
    block = zlib.compressobj(9, zlib.DEFLATED, -15)
    one = block.compress(bytes(1 << 20)) + block.flush(zlib.Z_FULL_FLUSH)
    return one * 1024 + zlib.compressobj(9, zlib.DEFLATED, -15).flush()


def _append_raw_entry(archive: Path, name: str, compressed: bytes, size: int, crc: int) -> None:
    """Rewrite `archive` with one more deflated entry whose compressed bytes are given as they are."""
    with zipfile.ZipFile(archive) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in entries:
            zf.writestr(info, data)
    body = buffer.getvalue()
    eocd = body.rindex(b"PK\x05\x06")
    count, cd_size, cd_offset = struct.unpack("<HII", body[eocd + 10 : eocd + 20])
    local_part, central = body[:cd_offset], body[cd_offset : cd_offset + cd_size]
    raw_name = name.encode()
    dos_time, dos_date = 0, (2023 - 1980) << 9 | 11 << 5 | 14
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, dos_time, dos_date, crc, len(compressed), size, len(raw_name), 0)
    offset = len(local_part)
    central_entry = struct.pack(
        "<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, 20, 0, 8, dos_time, dos_date, crc, len(compressed), size,
        len(raw_name), 0, 0, 0, 0, (stat.S_IFREG | 0o644) << 16, offset,
    )
    new_local = local_part + local + raw_name + compressed
    new_central = central + central_entry + raw_name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count + 1, count + 1, len(new_central), len(new_local), 0)
    archive.write_bytes(new_local + new_central + end)


def test_unpack_and_verify_refuse_absurd_sizes(cli, good_pack: Path, tmp_path: Path) -> None:
    manifest_name, _ = manifest_of(good_pack, sources())
    bad = tmp_path / "bomb.zip"
    with_manifest_entry(good_pack, bad, manifest_name, "skills/summarize/assets/zeros.bin", GIB_ZEROS_SHA256, GIB, None)
    _append_raw_entry(bad, "skills/summarize/assets/zeros.bin", _bomb_stream(), GIB, GIB_ZEROS_CRC32)
    with zipfile.ZipFile(bad) as zf:  # the crafted archive is a well-formed zip that says 1 GiB
        assert zf.getinfo("skills/summarize/assets/zeros.bin").file_size == GIB
    assert bad.stat().st_size < 4 << 20
    dest = tmp_path / "dest"
    out = run(cli, "unpack", str(bad), str(dest), cwd=tmp_path)
    assert out.code in (1, 2), out
    assert not dest.exists() or not any(dest.iterdir())
    assert not list(tmp_path.rglob("zeros.bin"))
    assert run(cli, "verify", str(bad), cwd=tmp_path).code in (1, 2)


# --------------------------------------------------------------------------- --target agent-skills


def _frontmatter(text: str) -> dict[str, Any]:
    assert text.startswith("---\n"), text[:40]
    head = text[4 : text.index("\n---\n", 4)]
    return yaml.safe_load(head)


def test_agent_skills_target(cli, workspace_copy: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "uploads"
    out = pack(cli, workspace_copy, out_dir, "--target", "agent-skills")
    assert out.code == 0, out
    names = sorted(p.name for p in (workspace_copy / "skills").iterdir() if (p / "SKILL.md").is_file())
    assert sorted(p.name for p in out_dir.iterdir()) == [f"{n}.skill" for n in names]
    report = out.stdout + out.stderr
    for name in names:
        archive = out_dir / f"{name}.skill"
        with zipfile.ZipFile(archive) as zf:
            infos = zf.infolist()
            for info in infos:
                assert info.filename.split("/")[0] == name, info.filename
                assert ".." not in info.filename.split("/") and not info.filename.startswith("/")
                assert stat.S_IFMT(info.external_attr >> 16) in (0, stat.S_IFREG, stat.S_IFDIR)
            assert [i.filename for i in infos if i.filename.rsplit("/", 1)[-1] == "SKILL.md"] == [f"{name}/SKILL.md"]
            zf.extractall(tmp_path / "extracted")
        front = _frontmatter((tmp_path / "extracted" / name / "SKILL.md").read_text(encoding="utf-8"))
        assert set(front) <= AGENT_SKILLS_KEYS, (name, front)
        assert front["name"] == name
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in (front.get("metadata") or {}).items())
    lint = run(cli, "lint", "--profile", "agent-skills", str(tmp_path / "extracted"), cwd=tmp_path)
    assert lint.code == 0, lint
    # Other files travel with the skill.
    with zipfile.ZipFile(out_dir / "pdf-tables.skill") as zf:
        assert "pdf-tables/scripts/extract.py" in zf.namelist()
        assert "pdf-tables/references/REFERENCE.md" in zf.namelist()
    # What the open spec does not define is reported, kept or dropped.
    for field in ("triggers", "when", "examples", "tools"):
        assert field in report, (field, report)
    original = _frontmatter((workspace_copy / "skills/pdf-tables/SKILL.md").read_text(encoding="utf-8"))
    exported = _frontmatter((tmp_path / "extracted/pdf-tables/SKILL.md").read_text(encoding="utf-8"))
    assert exported == original  # already an Agent Skills skill: nothing to change


def test_agent_skills_target_is_reproducible(cli, workspace_copy: Path, tmp_path: Path) -> None:
    assert pack(cli, workspace_copy, tmp_path / "one", "--target", "agent-skills").code == 0
    for path in workspace_copy.rglob("*"):
        os.utime(path, (1.2e9, 1.2e9))
    assert pack(cli, workspace_copy, tmp_path / "two", "--target", "agent-skills").code == 0
    one, two = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert one == two and one


def test_agent_skills_target_on_the_built_workspace(cli, built: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "uploads"
    assert pack(cli, built, out_dir, "--target", "agent-skills").code == 0
    with zipfile.ZipFile(out_dir / "review-activity.skill") as zf:
        info = zf.getinfo(f"review-activity/{SCRIPT.split('review-activity/')[1]}")
        assert (info.external_attr >> 16) & 0o777 == 0o755
        zf.extractall(tmp_path / "x")
    assert run(cli, "lint", "--profile", "agent-skills", str(tmp_path / "x"), cwd=tmp_path).code == 0


def test_the_example_workspace_packs(cli, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    target = tmp_path / "example.zip"
    assert pack(cli, ws, target).code == 0
    assert run(cli, "verify", str(target), cwd=tmp_path).code == 0


# --------------------------------------------------------------------------- what is packed is what was checked


def _add_draft_skill(ws: Path, referenced: bool) -> None:
    folder = ws / "skills" / "draft-review"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: draft-review\ndescription: Not released yet.\nversion: 1\n---\nDraft.\n")
    (ws / ".skillignore").write_text("skills/draft-review/\n")
    if referenced:
        agent = ws / "agents" / "account-reviewer.yaml"
        agent.write_text(agent.read_text() + "  - {name: draft-review}\n")


def test_an_excluded_skill_that_an_agent_references_refuses_the_pack(cli, built: Path, tmp_path: Path) -> None:
    # Packed, the agent would reference a skill the pack does not hold: unpacked, it fails resolve.
    _add_draft_skill(built, referenced=True)
    assert run(cli, "resolve", str(built), cwd=tmp_path).code == 0  # the workspace itself is fine
    out = pack(cli, built, tmp_path / "pack.zip")
    assert out.code == 1, out
    assert "draft-review" in out.stderr
    assert not (tmp_path / "pack.zip").exists()


def test_an_excluded_skill_nothing_references_stays_home(cli, built: Path, tmp_path: Path) -> None:
    _add_draft_skill(built, referenced=False)
    target = tmp_path / "pack.zip"
    assert pack(cli, built, target).code == 0
    _, manifest = manifest_of(target, [*sources(), ".skillignore"])
    assert "draft-review" not in json.dumps(manifest)
    dest = tmp_path / "release"
    assert run(cli, "unpack", str(target), str(dest), cwd=tmp_path).code == 0
    assert run(cli, "resolve", str(dest), cwd=tmp_path).code == 0


def test_a_link_in_the_workspace_is_refused(cli, built: Path, tmp_path: Path) -> None:
    (built / "skills/summarize/references/shared.md").symlink_to(built / "catalog.yaml")
    out = pack(cli, built, tmp_path / "pack.zip")
    assert out.code == 1, out
    assert "shared.md" in out.stderr
    assert not (tmp_path / "pack.zip").exists()


def test_source_date_epoch_before_zip_time_begins(cli, built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert pack(cli, built, tmp_path / "pack.zip").code == 0
    with zipfile.ZipFile(tmp_path / "pack.zip") as zf:
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("value", ["soon", "-5", "1.5e9"])
def test_a_malformed_source_date_epoch_writes_nothing(cli, built: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    out = pack(cli, built, tmp_path / "pack.zip")
    assert out.code == 2, out
    assert "SOURCE_DATE_EPOCH" in out.stderr
    assert not (tmp_path / "pack.zip").exists()


def test_non_ascii_names_round_trip(cli, built: Path, tmp_path: Path) -> None:
    name = "skills/summarize/références/résumé ✓.md"
    (built / name).parent.mkdir(parents=True)
    (built / name).write_text("Ça marche.\n", encoding="utf-8")
    target = tmp_path / "pack.zip"
    assert pack(cli, built, target).code == 0
    assert file_record(manifest_of(target, [*sources(), name])[1], name)
    dest = tmp_path / "dest"
    assert run(cli, "unpack", str(target), str(dest), cwd=tmp_path).code == 0
    assert (dest / name).read_text(encoding="utf-8") == "Ça marche.\n"


def test_unpack_into_a_file_is_refused(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "a-file"
    dest.write_text("mine")
    out = run(cli, "unpack", str(good_pack), str(dest), "--force", cwd=tmp_path)
    assert out.code == 2, out
    assert dest.read_text() == "mine"


def test_unpack_into_the_current_empty_folder(cli, good_pack: Path, tmp_path: Path) -> None:
    here = tmp_path / "here"
    here.mkdir()
    out = run(cli, "unpack", str(good_pack), ".", cwd=here)
    assert out.code == 0, out
    assert tree(here) == {rel: data for rel, (data, _) in sources().items()}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no staging left beside it


@pytest.mark.parametrize("dest", [".", "..", "ABSOLUTE"])
def test_force_never_replaces_the_folder_you_stand_in(cli, good_pack: Path, tmp_path: Path, dest: str) -> None:
    # --force replaces DEST whole; a DEST that holds the current folder is a typo, not a release folder.
    here = tmp_path / "project" / "here"
    here.mkdir(parents=True)
    (here / "precious.txt").write_text("mine")
    before = snapshot_all(tmp_path / "project")
    out = run(cli, "unpack", str(good_pack), str(here) if dest == "ABSOLUTE" else dest, "--force", cwd=here)
    assert out.code == 2, out
    assert snapshot_all(tmp_path / "project") == before


def test_force_never_replaces_a_checkout(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "checkout"
    (dest / ".git").mkdir(parents=True)
    (dest / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    out = run(cli, "unpack", str(good_pack), str(dest), "--force", cwd=tmp_path)
    assert out.code == 2, out
    assert (dest / ".git" / "HEAD").is_file()


def test_force_replaces_an_earlier_unpack(cli, good_pack: Path, tmp_path: Path) -> None:
    dest = tmp_path / "release"
    assert run(cli, "unpack", str(good_pack), str(dest), cwd=tmp_path).code == 0
    (dest / "skills" / "stale").mkdir()
    (dest / "skills" / "stale" / "SKILL.md").write_text("---\nname: stale\ndescription: Old.\n---\nOld.\n")
    assert run(cli, "unpack", str(good_pack), str(dest), "--force", cwd=tmp_path).code == 0
    assert tree(dest) == {rel: data for rel, (data, _) in sources().items()}  # the tree, nothing stale


def snapshot_all(root: Path) -> dict[str, bytes | None]:
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None) for p in root.rglob("*")}


def test_output_that_is_a_folder_is_a_usage_error(cli, built: Path, tmp_path: Path) -> None:
    folder = tmp_path / "dist"
    folder.mkdir()
    out = pack(cli, built, folder)
    assert out.code == 2, out
    assert "dist" in out.stderr and ".tmp" not in out.stderr  # named as given, not by a temporary name
    assert list(folder.iterdir()) == [] and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_agent_skills_target_leaves_other_files_in_the_folder(cli, built: Path, tmp_path: Path) -> None:
    folder = tmp_path / "uploads"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    assert pack(cli, built, folder, "--target", "agent-skills").code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt", "review-activity.skill", "summarize.skill"]
