"""Two shortcuts that answer from the walk's listings instead of asking the OS again, each held
to the plain answer on every fixture workspace: a skill's bundle listed from the run's walk
(core/bundle.listed_for_run) and the group name-unique puts a skill in (core/loading.Groups
given the skill folder's entries)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillkit.core import bundle
from skillkit.core.bundle import listed_for_run, walk_bundle
from skillkit.core.loading import Groups
from skillkit.core.workspace import discover_all

REPO = Path(__file__).resolve().parents[2]
FIXTURES = sorted({p for p in (REPO / "fixtures").glob("*/*") if p.is_dir() and not p.is_symlink()
                   and any(p.rglob("SKILL.md"))} | {REPO / "fixtures" / "workspace"})


def _spaces(top: Path):
    return discover_all([top]).spaces


@pytest.mark.parametrize("top", FIXTURES, ids=lambda p: str(p.relative_to(REPO / "fixtures")))
def test_a_bundle_listed_from_the_walk_is_the_bundle_listed_from_the_disk(top, monkeypatch):
    checked = 0
    for space in _spaces(top):
        for skill in space.skills:
            plain = walk_bundle(skill.parent)
            with listed_for_run(space.listings):
                reused = walk_bundle(skill.parent)
            assert reused == plain, skill
            checked += 1
    assert checked or top.name == "workspace"


def test_a_bundle_over_the_file_cap_is_the_same_files_from_the_walk_and_from_the_disk(tmp_path, monkeypatch):
    skill = tmp_path / "skills" / "big"
    for n in range(12):
        (skill / f"d{n:02}").mkdir(parents=True)
        for m in range(3):
            (skill / f"d{n:02}" / f"f{m}.md").write_text("x\n")
    (skill / "SKILL.md").write_text("---\nname: big\ndescription: d\n---\n")
    monkeypatch.setattr(bundle, "MAX_FILES", 10)  # the cap cuts the walk short: which files depends on the order
    (space,) = _spaces(tmp_path)
    plain = walk_bundle(skill)
    with listed_for_run(space.listings):
        assert walk_bundle(skill) == plain
    assert 10 <= len(plain.files) < 36  # cut short at the cap (a folder is read whole)


def test_inside_a_run_the_walked_folders_are_not_listed_again_and_others_are(tmp_path, monkeypatch):
    skill = tmp_path / "skills" / "a"
    (skill / "references").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: a\ndescription: d\n---\nBody.\n")
    (skill / "references" / "r.md").write_text("# R\n")
    (space,) = _spaces(tmp_path)
    (skill / "late").mkdir()  # made after the walk: no listing holds it
    (skill / "late" / "l.md").write_text("late\n")
    listed: list[str] = []
    real = os.scandir

    def counting(path):  # type: ignore[no-untyped-def]
        listed.append(os.path.normpath(path))
        return real(path)

    monkeypatch.setattr(bundle.os, "scandir", counting)
    with listed_for_run(space.listings):
        assert bundle._LISTED == {}  # indexed when a bundle is first walked (a cached run walks none)
        found = walk_bundle(skill)
    assert [f.rel for f in found.files] == ["references/r.md"]  # `late` is no folder of the walk's listing
    assert listed == []
    assert bundle._LISTED == {} and bundle._RUN == []  # the run's listings are gone after it
    assert [f.rel for f in walk_bundle(skill).files] == ["late/l.md", "references/r.md"]
    assert sorted(listed) == [os.path.normpath(skill), os.path.normpath(skill / "late"),
                              os.path.normpath(skill / "references")]


@pytest.mark.parametrize("top", FIXTURES, ids=lambda p: str(p.relative_to(REPO / "fixtures")))
def test_groups_from_the_walks_entries_are_groups_from_the_disk(top):
    for space in _spaces(top):
        plain, listed = Groups(), Groups()
        for skill in space.skills:
            entries = space.listings.get(space.listed_in.get(skill, ""))
            for follow in (True, False):
                assert listed.of(str(skill), follow, entries) == plain.of(str(skill), follow), skill


def test_a_skill_folder_s_own_markers_are_read_from_its_entries(tmp_path):
    plugin = tmp_path / "p"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / ".claude-plugin" / "plugin.json").write_text('{"skills": "./"}')
    (plugin / "SKILL.md").write_text("---\nname: p\ndescription: d\n---\n")
    (space,) = [s for s in _spaces(tmp_path) if plugin / "SKILL.md" in s.skills]
    entries = space.listings[space.listed_in[plugin / "SKILL.md"]]
    assert Groups().of(str(plugin / "SKILL.md"), True, entries) == Groups().of(str(plugin / "SKILL.md"), True)
    assert Groups().of(str(plugin / "SKILL.md"), True, entries).kind == "plugin"
    assert Groups().of(str(plugin / "SKILL.md"), True, []) is None  # the entries are what is asked
