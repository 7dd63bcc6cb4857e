"""Files named on the command line (as pre-commit names them) through the real CLI: each is
reported, its workspace read for context, as discovery finds it from the file."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.conftest import write_skill


def ok(root: Path, name: str, skill_name: str | None = None) -> Path:
    return write_skill(root, name, f"name: {skill_name or Path(name).name}\n"
                                   "description: A skill that the named-file tests name.\n")


def report(cli, *args: str | Path, cwd: Path) -> tuple[int, list[tuple[str, str]]]:
    # name-folder left out: these skills share a name across folders of other names
    outcome = cli("lint", "--no-cache", "--format", "json", "--ignore", "name-folder", *args, cwd=cwd)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    found = json.loads(outcome.stdout)["diagnostics"] if outcome.stdout else []
    return outcome.code, sorted((d["path"], d["rule"]) for d in found)


def test_a_skill_folder_that_is_a_repository_of_its_own_is_no_part_of_the_root_around_it(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    ok(tmp_path / "skills", "a", "same")
    inner = ok(tmp_path / "skills", "sub", "same")
    (inner.parent / ".git").write_text("gitdir: ../../.git/modules/sub\n", encoding="utf-8")  # a submodule
    # sub is a workspace of its own (the search for a root stops at its .git): a's root walk still
    # reads it, for context, so a clashes with it, but sub itself does not with a
    assert report(cli, "skills/a/SKILL.md", "skills/sub/SKILL.md", cwd=tmp_path) == (1, [("skills/a/SKILL.md", "name-unique")])
    (inner.parent / ".git").unlink()  # one repository: the same name twice in one workspace clashes
    code, found = report(cli, "skills/a/SKILL.md", "skills/sub/SKILL.md", cwd=tmp_path)
    assert code == 1 and {rule for _, rule in found} == {"name-unique"}


def test_a_linked_skill_md_belongs_to_the_workspace_of_its_target(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    ok(tmp_path / "one" / "skills", "x", "same")
    ok(tmp_path / "two" / "skills", "y", "same")
    (tmp_path / "three" / "skills" / "z").mkdir(parents=True)
    os.symlink(tmp_path / "two" / "skills" / "y" / "SKILL.md", tmp_path / "three" / "skills" / "z" / "SKILL.md")
    # z's SKILL.md is y's: checked in two/'s workspace, beside y, where x's name does not clash
    assert report(cli, "one/skills/x/SKILL.md", "three/skills/z/SKILL.md", cwd=tmp_path) == (0, [])
    # a link to a file of another name: the root is looked for from where that file is
    (tmp_path / "two" / "skills" / "w").mkdir()
    (tmp_path / "two" / "skills" / "w" / "notes.md").write_text(
        "---\nname: same\ndescription: A skill that the named-file tests name.\n---\nDo the thing.\n", encoding="utf-8")
    (tmp_path / "one" / "skills" / "v").mkdir()
    os.symlink(tmp_path / "two" / "skills" / "w" / "notes.md", tmp_path / "one" / "skills" / "v" / "SKILL.md")
    code, found = report(cli, "one/skills/v/SKILL.md", cwd=tmp_path)
    assert code == 1 and found == [("one/skills/v/SKILL.md", "name-unique")]  # one/'s x is named `same` too


def test_naming_every_skill_of_nested_roots_reports_what_the_walk_does(cli, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "skillkit.yaml").write_text("exclude: [.claude/skills/hidden/]\n", encoding="utf-8")
    for index in range(8):  # s0..s3 twice in each workspace: names clash within one, not across
        ok(tmp_path / ("skills" if index % 2 else ".claude/skills"), f"s{index}", f"s{index // 2 % 2}")
    ok(tmp_path / ".claude" / "skills", "hidden", "s0")
    files = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("SKILL.md") if "hidden" not in str(p))
    walked = report(cli, ".", cwd=tmp_path)
    assert walked[0] == 1 and {rule for _, rule in walked[1]} == {"name-unique"}
    assert report(cli, *files, cwd=tmp_path) == walked
    assert report(cli, *reversed(files), *files, cwd=tmp_path) == walked  # any order, each named twice


def test_a_named_path_that_does_not_exist_or_does_not_open_as_a_file_is_exit_2(cli, tmp_path: Path) -> None:
    ok(tmp_path / "skills", "a")
    os.symlink(tmp_path / "nowhere", tmp_path / "skills" / "dangling.md")
    (tmp_path / "skills" / "p").mkdir()
    os.mkfifo(tmp_path / "skills" / "p" / "SKILL.md")
    for missing, says in (("skills/b/SKILL.md", "no such file or folder"),
                          ("skills/dangling.md", "cannot open: a dangling link"),
                          ("skills/a/SKILL.md/x", "no such file or folder"),
                          ("skills/p/SKILL.md", "is a FIFO (named pipe), not a regular file")):
        outcome = cli("lint", "skills/a/SKILL.md", missing, cwd=tmp_path)
        assert outcome.code == 2 and f"{missing}: {says}" in outcome.stderr and "Traceback" not in outcome.stderr


def test_a_named_path_whose_folder_cannot_be_searched_says_so_of_the_path_named(cli, tmp_path: Path) -> None:
    # the named-files shortcut looks for the root above a skill before opening the file: an error
    # there (a name too long) is the long way's, said of the path named, not of a folder above it
    ok(tmp_path / "skills", "a")
    long = f"skills/{'x' * 300}/b/SKILL.md"
    outcome = cli("lint", "skills/a/SKILL.md", long, cwd=tmp_path)
    assert outcome.code == 2 and f"{long}: " in outcome.stderr and "too long" in outcome.stderr, outcome.stderr
    assert "Traceback" not in outcome.stderr


def test_a_named_folder_that_cannot_be_listed_is_exit_2_not_a_pass(cli, tmp_path: Path, monkeypatch) -> None:
    ok(tmp_path / "skills", "a")
    (tmp_path / "skills" / "locked").mkdir()
    listing = os.scandir

    def refused(path=".") -> object:  # (root opens any folder: its refusal is made here)
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return listing(path)

    monkeypatch.setattr(os, "scandir", refused)
    for named in (["skills/locked"], ["skills/a/SKILL.md", "skills/locked"]):
        outcome = cli("lint", "--no-cache", *named, cwd=tmp_path)
        assert outcome.code == 2, (named, outcome)
        assert "skills/locked: cannot list the folder: Permission denied" in outcome.stderr
