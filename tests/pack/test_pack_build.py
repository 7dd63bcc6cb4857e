"""`skillkit pack`: reproducible bytes, the manifest, excludes, refusals that write nothing."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from skillkit.pack import MANIFEST_NAME
from tests.conftest import FIXTURES, write_skill
from tests.pack.helpers import snapshot

PACK_WORKSPACE = FIXTURES / "pack" / "workspace"
GOLDEN_MANIFEST = FIXTURES / "pack" / "workspace.manifest.json"


def names(pack: Path) -> list[str]:
    with zipfile.ZipFile(pack) as archive:
        return archive.namelist()


def manifest(pack: Path) -> dict:
    with zipfile.ZipFile(pack) as archive:
        return json.loads(archive.read(MANIFEST_NAME))


def scrambled_copy(source: Path, target: Path, mtime: int, loose: bool) -> None:
    """The same files, created in reverse order, with other times and other permission bits
    (only the executable bit is kept alike)."""
    files = sorted((p for p in source.rglob("*") if p.is_file()), reverse=True)
    for file in files:
        copy = target / file.relative_to(source)
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(file.read_bytes())
        executable = os.stat(file).st_mode & 0o100
        os.chmod(copy, (0o775 if loose else 0o700) if executable else (0o664 if loose else 0o600))
        os.utime(copy, (mtime, mtime))
    for folder in sorted((p for p in target.rglob("*") if p.is_dir()), reverse=True):
        os.utime(folder, (mtime + 7, mtime + 7))


def test_two_copies_with_other_times_modes_and_order_give_identical_bytes(cli, tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    scrambled_copy(PACK_WORKSPACE, first, 1_000_000_000, loose=False)
    scrambled_copy(PACK_WORKSPACE, second, 1_600_000_000, loose=True)
    assert cli("pack", first, "-o", tmp_path / "one.zip").code == 0
    assert cli("pack", second, "-o", tmp_path / "two.zip").code == 0
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()


def test_entries_are_sorted_with_fixed_times_modes_and_no_owner_fields(cli, tmp_path: Path) -> None:
    out = tmp_path / "p.zip"
    assert cli("pack", PACK_WORKSPACE, "-o", out).code == 0
    with zipfile.ZipFile(out) as archive:
        infos = archive.infolist()
    assert infos[0].filename == MANIFEST_NAME
    assert [i.filename for i in infos[1:]] == sorted(i.filename for i in infos[1:])
    assert {i.date_time for i in infos} == {(2023, 11, 14, 22, 13, 20)}  # SOURCE_DATE_EPOCH=1700000000
    assert {i.extra for i in infos} == {b""}  # no uid/gid or time extra fields
    assert {i.create_system for i in infos} == {3}
    modes = {i.filename: i.external_attr >> 16 for i in infos}
    assert modes["skills/alpha/scripts/run.sh"] == 0o100755
    assert {m for n, m in modes.items() if n != "skills/alpha/scripts/run.sh"} == {0o100644}
    assert {i.compress_type for i in infos} == {zipfile.ZIP_DEFLATED}


def test_without_source_date_epoch_the_date_is_1980(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    out = tmp_path / "p.zip"
    assert cli("pack", PACK_WORKSPACE, "-o", out).code == 0
    with zipfile.ZipFile(out) as archive:
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_a_malformed_source_date_epoch_is_a_usage_error(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    outcome = cli("pack", PACK_WORKSPACE, "-o", tmp_path / "p.zip")
    assert outcome.code == 2 and "SOURCE_DATE_EPOCH" in outcome.stderr
    assert snapshot(tmp_path) == set()


def test_manifest_matches_the_golden_file(cli, tmp_path: Path) -> None:
    out = tmp_path / "p.zip"
    assert cli("pack", PACK_WORKSPACE, "-o", out).code == 0
    with zipfile.ZipFile(out) as archive:
        raw = archive.read(MANIFEST_NAME)
    # Refresh after an intended change: unzip -p the pack's skillkit-manifest.json | python -m json.tool
    assert json.loads(raw) == json.loads(GOLDEN_MANIFEST.read_text(encoding="utf-8"))
    assert raw == json.dumps(json.loads(raw), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def test_manifest_names_the_pack_its_skills_and_resolved_references(cli, tmp_path: Path) -> None:
    out = tmp_path / "p.zip"
    assert cli("pack", PACK_WORKSPACE, "-o", out).code == 0
    data = manifest(out)
    assert (data["name"], data["version"]) == ("pack-example", "2.1.0")
    assert [(s["name"], s["version"]) for s in data["skills"]] == [("alpha", 1), ("beta", 2)]
    support = data["references"]["."]["agents"]["support"]
    assert [(s["name"], s["version"]) for s in support["skills"]] == [("beta", 2)]
    assert [f["path"] for f in data["files"]] == names(out)[1:]


def test_skillignore_and_settings_exclude_leave_files_out(cli, tmp_path: Path) -> None:
    out = tmp_path / "p.zip"
    assert cli("pack", PACK_WORKSPACE, "-o", out).code == 0
    packed = names(out)
    assert "notes.bak" not in packed          # `*.bak` in .skillignore
    assert "keep.bak" in packed               # `!keep.bak` brings it back
    assert "drafts/idea.md" not in packed     # `exclude: [drafts]` in skillkit.yaml
    assert ".skillignore" in packed           # the rules travel with the pack


def test_nested_skillignore_applies_below_its_folder(cli, workspace_copy: Path, tmp_path: Path) -> None:
    pdf = workspace_copy / "skills" / "pdf-tables"
    (pdf / ".skillignore").write_text("/scripts/\nREFERENCE.md\n", encoding="utf-8")
    (workspace_copy / "scripts").mkdir()
    (workspace_copy / "scripts" / "top.sh").write_text("echo\n", encoding="utf-8")
    out = tmp_path / "p.zip"
    assert cli("pack", workspace_copy, "-o", out).code == 0
    packed = names(out)
    assert "skills/pdf-tables/scripts/extract.py" not in packed
    assert "skills/pdf-tables/references/REFERENCE.md" not in packed
    assert "scripts/top.sh" in packed  # `/scripts/` is anchored to its own folder


def test_default_excludes_cannot_be_brought_back(cli, workspace_copy: Path, tmp_path: Path) -> None:
    for junk in ("__pycache__/m.cpython-311.pyc", "skills/sword/helper.pyc", ".DS_Store", "skills/lore/.DS_Store",
                 "node_modules/pkg/index.js", ".git/config", "skills/sword/.git"):
        (workspace_copy / junk).parent.mkdir(parents=True, exist_ok=True)
        (workspace_copy / junk).write_text("junk\n", encoding="utf-8")
    (workspace_copy / ".skillignore").write_text("!.DS_Store\n!*.pyc\n!node_modules/\n", encoding="utf-8")
    out = tmp_path / "p.zip"
    assert cli("pack", workspace_copy, "-o", out).code == 0
    packed = names(out)
    assert not [n for n in packed if n.endswith((".pyc", ".DS_Store")) or "node_modules" in n or ".git" in n.split("/")]


def test_earlier_packs_are_left_out(cli, workspace_copy: Path, tmp_path: Path) -> None:
    first = workspace_copy / "dist" / "release.zip"
    assert cli("pack", workspace_copy, "-o", first).code == 0
    shutil.copy(first, workspace_copy / "old-release.bin")  # recognised by content, not by name
    assert cli("pack", workspace_copy, "--target", "agent-skills", "-o", workspace_copy / "dist").code == 0
    (workspace_copy / "assets.zip").write_bytes(_plain_zip())
    second = tmp_path / "again.zip"
    assert cli("pack", workspace_copy, "-o", second).code == 0
    packed = names(second)
    assert "assets.zip" in packed  # an ordinary zip is an ordinary file
    assert not [n for n in packed if n.startswith("dist/") or n == "old-release.bin"]
    assert cli("pack", workspace_copy, "-o", first).code == 0  # repacking over itself: same sources
    assert "dist/release.zip" not in names(first)


def _plain_zip() -> bytes:
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("logo.txt", "not a pack")
    return buffer.getvalue()


def test_an_invalid_workspace_writes_nothing(cli, workspace_copy: Path, tmp_path: Path) -> None:
    write_skill(workspace_copy / "skills", "broken", "name: Broken_Name\ndescription: x")
    before = snapshot(tmp_path)
    outcome = cli("pack", workspace_copy, "-o", tmp_path / "out" / "p.zip")
    assert outcome.code == 1
    assert "name-format" in outcome.stderr and "nothing was written" in outcome.stderr
    assert snapshot(tmp_path) == before
    outcome = cli("pack", workspace_copy, "--target", "agent-skills", "-o", tmp_path / "skills")
    assert outcome.code == 1 and snapshot(tmp_path) == before


def test_a_broken_reference_refuses_the_pack(cli, workspace_copy: Path, tmp_path: Path) -> None:
    agent = workspace_copy / "agents" / "account-reviewer.yaml"
    agent.write_text(agent.read_text(encoding="utf-8").replace("version: 3", "version: 9"), encoding="utf-8")
    before = snapshot(tmp_path)
    outcome = cli("pack", workspace_copy, "-o", tmp_path / "p.zip")
    assert outcome.code == 1 and "account-reviewer.yaml" in outcome.stderr
    assert snapshot(tmp_path) == before


def test_links_are_refused_unless_ignored(cli, workspace_copy: Path, tmp_path: Path) -> None:
    (workspace_copy / "skills" / "sword" / "outside").symlink_to("/etc")
    outcome = cli("pack", workspace_copy, "-o", tmp_path / "p.zip")
    assert outcome.code == 1 and "skills/sword/outside: is a link" in outcome.stderr
    assert not (tmp_path / "p.zip").exists()
    (workspace_copy / ".skillignore").write_text("outside\n", encoding="utf-8")
    assert cli("pack", workspace_copy, "-o", tmp_path / "p.zip").code == 0
    assert "skills/sword/outside" not in names(tmp_path / "p.zip")


def test_a_file_named_like_the_manifest_is_refused(cli, workspace_copy: Path, tmp_path: Path) -> None:
    (workspace_copy / MANIFEST_NAME).write_text("{}", encoding="utf-8")
    outcome = cli("pack", workspace_copy, "-o", tmp_path / "p.zip")
    assert outcome.code == 1 and MANIFEST_NAME in outcome.stderr
    assert not (tmp_path / "p.zip").exists()


def test_an_interrupted_pack_leaves_no_file(workspace_copy: Path, tmp_path: Path) -> None:
    from skillkit.pack.build import build_pack
    from skillkit.pack.preflight import prepare

    prepared = prepare(workspace_copy, None)
    out = tmp_path / "out" / "p.zip"
    out.parent.mkdir()
    out.write_bytes(b"the previous release")

    def interrupt(done: int, total: int) -> None:
        if done > total // 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_pack(prepared, out, interrupt)
    assert snapshot(tmp_path / "out") == {"p.zip"}
    assert out.read_bytes() == b"the previous release"


def test_output_that_is_a_folder_is_a_clean_error(cli, tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    outcome = cli("pack", PACK_WORKSPACE, "-o", tmp_path / "taken")
    assert outcome.code == 2 and "Traceback" not in outcome.stderr
    assert snapshot(tmp_path) == {"taken"}


def test_workspace_that_is_not_a_folder_is_a_usage_error(cli, tmp_path: Path) -> None:
    outcome = cli("pack", tmp_path / "missing", "-o", tmp_path / "p.zip")
    assert outcome.code == 2 and "not a folder" in outcome.stderr


def test_warnings_never_stop_a_pack(cli, workspace_copy: Path, tmp_path: Path) -> None:
    write_skill(workspace_copy / "skills", "folded", 'name: folded\ndescription: "Folds line one\\n\\ninto line two"')
    outcome = cli("pack", workspace_copy, "-o", tmp_path / "p.zip")
    assert outcome.code == 0 and "1 warning(s)" in outcome.stderr
    assert "skills/folded/SKILL.md" in names(tmp_path / "p.zip")


def test_pack_honours_the_rules_lint_is_told_to_ignore(cli, tmp_path):
    """An agent pinning a version the skill lacks fails resolve's rule; with that rule ignored
    in skillkit.yaml, lint passes, and so must the pack's own check."""
    import shutil

    from tests.conftest import WORKSPACE

    ws = tmp_path / "ws"
    shutil.copytree(WORKSPACE, ws)
    agent = ws / "agents" / "account-reviewer.yaml"
    agent.write_text(agent.read_text().replace("{name: summarize}", "{name: summarize, version: 9}"))
    assert cli("pack", ws, "-o", tmp_path / "a.zip").code == 1
    (ws / "skillkit.yaml").write_text((ws / "skillkit.yaml").read_text() + "ignore: [skill-ref-version]\n")
    assert cli("lint", ws).code == 0
    assert cli("pack", ws, "-o", tmp_path / "b.zip").code == 0
