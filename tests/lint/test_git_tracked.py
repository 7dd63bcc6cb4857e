"""Discovery follows git: ignore files leave out untracked files only (core/gitindex.py reads
the index itself, versions 2 to 4), checked against `git ls-files` where git is installed."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from skillkit.core.gitindex import parse_index, read_tracked
from tests.conftest import require_tool, write_skill


def _git() -> str:
    return require_tool("git", "to make the repositories whose index is read; `git ls-files` is the reference")


def git(cwd: Path, *args: str) -> str:
    return subprocess.run([_git(), "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True,
                          capture_output=True, text=True).stdout


def _repo(root: Path) -> Path:
    root.mkdir()
    git(root, "init", "-q")
    (root / ".gitignore").write_text("planned/\n*.draft\n", encoding="utf-8")
    write_skill(root / "planned", "kept", "name: kept\ndescription: A committed skill in a folder that .gitignore lists.")
    write_skill(root / "planned", "loose", "name: loose\ndescription: An untracked skill in the same ignored folder.")
    write_skill(root / "skills", "plain", "name: plain\ndescription: A skill nobody ignores, in skills/ as usual.")
    git(root, "add", ".gitignore", "skills")
    git(root, "add", "-f", "planned/kept/SKILL.md")
    git(root, "commit", "-q", "-m", "x")
    return root


@pytest.mark.parametrize("version", ["2", "3", "4"])
def test_the_index_reads_as_git_ls_files_says(tmp_path, version):
    root = _repo(tmp_path / "repo")
    (root / "skills" / "new.md").write_text("intent to add\n", encoding="utf-8")
    git(root, "add", "-N", "skills/new.md")  # an extended flag: version 3's own entry kind
    (root / "skills" / "ü name.md").write_text("x\n", encoding="utf-8")
    git(root, "add", "skills/ü name.md")
    git(root, "update-index", "--index-version", version)
    listed = git(root, "ls-files", "-z").split("\0")
    data = (root / ".git" / "index").read_bytes()
    assert parse_index(data) == [p for p in listed if p]
    tracked = read_tracked(root)
    assert tracked is not None and "planned/kept/SKILL.md" in tracked.files and "planned" in tracked.folders


def test_a_committed_skill_in_an_ignored_folder_is_checked(cli, tmp_path):
    root = _repo(tmp_path / "repo")
    outcome = cli("lint", "--format", "json", ".", cwd=root)
    assert outcome.code == 0, outcome.stderr
    shown = cli("lint", "--show-files", ".", cwd=root).stdout
    assert "planned/kept/SKILL.md" in shown and "skills/plain/SKILL.md" in shown
    assert "planned/loose" in shown and "ignored by" in shown.split("planned/loose", 1)[1].split("\n", 1)[0]
    assert json.loads(outcome.stdout)["summary"]["files"] == 2


def test_only_ignored_tracked_skills_are_no_longer_nothing_to_check(cli, tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    (root / ".gitignore").write_text("generated/\n", encoding="utf-8")
    write_skill(root / "generated", "only", "name: only\ndescription: The one skill, committed with git add -f.")
    git(root, "add", "-A")
    git(root, "add", "-f", "generated")
    git(root, "commit", "-q", "-m", "x")
    assert cli("lint", ".", cwd=root).code == 0


@pytest.mark.parametrize("data", [b"", b"DIRC", b"DIRC\x00\x00\x00\x05\x00\x00\x00\x01", b"DIRC\x00\x00\x00\x02\xff\xff\xff\xff",
                                  b"DIRC\x00\x00\x00\x02\x00\x00\x00\x01" + b"\x00" * 70])
def test_a_broken_index_gives_no_answer(data):
    with pytest.raises(ValueError):
        parse_index(data)


def test_a_broken_index_file_leaves_the_ignore_files_in_charge(cli, tmp_path):
    root = _repo(tmp_path / "repo")
    (root / ".git" / "index").write_bytes(b"DIRC\x00\x00\x00\x02\x00\x00\x01\x00garbage")
    outcome = cli("lint", "--format", "json", ".", cwd=root)
    assert json.loads(outcome.stdout)["summary"]["files"] == 1  # planned/ ignored as before


@pytest.mark.parametrize("pattern, path, is_dir, ignored", [
    ("**/.DS_Store", "a/b/.DS_Store", False, True),
    ("**/**.nupkg", "pkg/x.1.nupkg", False, True),
    ("**/docs/plugins/*", "site/docs/plugins/x.md", False, True),
    ("**/docs/plugins/*", "docs/plugins/x.md", False, True),
    ("**/docs/plugins/*", "docs/other/x.md", False, False),
    ("a*b*/**/c*d*", "a1b2/c3d4", False, True),
    ("a*b*/**/c*d*", "a1b2/x/y/c3d4", False, True),
    ("a*b*/**/c*d*", "a1b2/x/y/c3", False, False),
    ("**/__uipath/", "x/__uipath", True, True),
    ("**/__uipath/", "x/__uipath", False, False),
])
def test_the_faster_forms_of_patterns_match_as_git_does(pattern, path, is_dir, ignored, tmp_path):
    """`**/name` read as a name at any depth, a few `**/` as a regex, several `*` as the NFA
    behind a literal every match holds: each answers as git check-ignore does."""
    from skillkit.core.ignore import IgnoreLayer, compile_lines, ignored as is_ignored

    assert is_ignored([IgnoreLayer("", compile_lines([pattern]))], path, is_dir) is ignored
    root = tmp_path / "r"
    root.mkdir()
    git(root, "init", "-q")
    (root / ".gitignore").write_text(pattern + "\n", encoding="utf-8")
    target = root / path
    if is_dir:
        target.mkdir(parents=True)
        (target / "f").write_text("x", encoding="utf-8")
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("x", encoding="utf-8")
    checked = subprocess.run([_git(), "check-ignore", "-q", path], cwd=root).returncode == 0
    assert checked is ignored
