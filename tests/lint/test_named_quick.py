"""Named SKILL.md files answered from their root's walk (core/named.py) must be found exactly
as the long way finds them: every workspace, file, reported path and error the same, for any
order and spelling of the names, through links, `..`, a skill folder that is a repository's
top, a hidden or excluded skill, a pipe named SKILL.md and a missing file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from skillkit.core import named, workspace
from skillkit.core.errors import InputError
from skillkit.core.walk import WalkRules
from tests.conftest import write_skill


def skill(root: Path, name: str) -> Path:
    return write_skill(root, name, f"name: {name}\ndescription: A skill for the named-files differential test.\n")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    top = tmp_path_factory.mktemp("named")
    (top / ".git").mkdir()
    (top / ".gitignore").write_text("skills/ignored/\n", encoding="utf-8")
    for name in ("a", "b", "c", "ignored"):
        skill(top / "skills", name)
    for name in ("d", "e", ".hidden"):
        skill(top / ".claude" / "skills", name)
    sub = skill(top / "skills", "sub")
    (sub.parent / ".git").write_text("gitdir: ../../.git/modules/sub\n", encoding="utf-8")  # its own repository
    skill(top / "shared", "linked")
    os.symlink(top / "shared" / "linked", top / "skills" / "linked")  # a linked skill folder
    (top / "skills" / "file-link").mkdir()
    os.symlink(top / "skills" / "a" / "SKILL.md", top / "skills" / "file-link" / "SKILL.md")
    skill(top / "skills" / "a" / "references", "nested")  # a skill inside a skill
    (top / "skills" / "pipe").mkdir()
    os.mkfifo(top / "skills" / "pipe" / "SKILL.md")
    os.symlink(top, top.parent / f"{top.name}-via-link")  # the whole tree under a second name
    return top


def spellings(top: Path) -> list[str]:
    """Named SKILL.md files as pre-commit and people write them (relative, absolute, through
    the linked tree, with `.` and `..`, doubled slashes), and folders."""
    via = f"{top}-via-link"
    names = ["skills/a/SKILL.md", "skills/b/SKILL.md", "skills/c/SKILL.md", ".claude/skills/d/SKILL.md",
             ".claude/skills/e/SKILL.md", ".claude/skills/.hidden/SKILL.md", "skills/ignored/SKILL.md",
             "skills/sub/SKILL.md", "skills/linked/SKILL.md", "skills/file-link/SKILL.md",
             "skills/a/references/nested/SKILL.md"]
    return [*names, *(f"{top}/{n}" for n in names[:4]), f"{via}/skills/b/SKILL.md", "./skills//c/SKILL.md",
            "skills/a/../b/SKILL.md", f"{via}/.claude/skills/e/SKILL.md", "skills/linked/../c/SKILL.md",
            "skills", "skills/b", ".claude", "."]  # folders too: a run may name both


BAD = ["skills/pipe/SKILL.md", "skills/missing/SKILL.md", "skills/a/SKILL.md/SKILL.md"]


def found(paths: list[str], top: Path) -> object:
    """Everything discovery says of `paths` (from `top`), or the error it stops with."""
    before = os.getcwd()
    os.chdir(top)
    try:
        discovery = workspace.discover_all(paths, WalkRules())
    except InputError as exc:
        return ("error", str(exc))
    finally:
        os.chdir(before)
    spaces = [(space.root, space.skills, space.documents, space.only, space.nested, space.unreadable,
               sorted(space.linked), [space.reports(p) for p in space.skills])
              for space in discovery.spaces]
    return spaces, [(o.path, o.is_dir, o.reason) for o in discovery.left_out]


def the_long_way(paths: list[str], top: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patch:
        patch.setattr(workspace, "plain_absolute", lambda path, cwd: None)
        return found(paths, top)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_names_in_any_order_are_found_as_the_long_way_finds_them(tree: Path, data: st.DataObject,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    pool = spellings(tree)
    paths = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12))
    if data.draw(st.booleans()):  # a bad name somewhere among them: the same error, or none
        paths.insert(data.draw(st.integers(0, len(paths))), data.draw(st.sampled_from(BAD)))
    assert found(paths, tree) == the_long_way(paths, tree, monkeypatch)


def test_the_walk_answers_for_the_files_written_as_it_found_them(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    matched: list[str] = []
    match = named.WalkedSkills.match

    def counting(self: named.WalkedSkills, absolute: str) -> Path | None:
        answer = match(self, absolute)
        if answer is not None:
            matched.append(absolute)
        return answer

    monkeypatch.setattr(named.WalkedSkills, "match", counting)
    paths = ["skills/a/SKILL.md", "skills/b/SKILL.md", f"{tree}/skills/c/SKILL.md", "./skills//c/SKILL.md",
             "skills/sub/SKILL.md", "skills/file-link/SKILL.md", "skills/ignored/SKILL.md",
             "skills/a/../b/SKILL.md", f"{tree}-via-link/skills/b/SKILL.md"]
    assert found(paths, tree) == the_long_way(paths, tree, monkeypatch)
    # the first name walks the root; then only plain spellings of files the walk found are answered
    # from it (not the repository of its own, the linked file, the ignored skill, `..`, the link)
    real = os.path.realpath(tree)
    assert matched == [f"{real}/skills/b/SKILL.md", f"{real}/skills/c/SKILL.md", f"{real}/skills/c/SKILL.md"]


def test_a_named_file_that_does_not_open_is_asked_the_long_way(tmp_path: Path) -> None:
    assert not named.opens(str(tmp_path / "missing"))
    assert named.opens(str(skill(tmp_path / "skills", "a")))
    assert named.plain_absolute(Path("skills/a/../b/SKILL.md"), "/x") is None
    assert named.plain_absolute(Path("skills/a/notes.md"), "/x") is None
    assert named.plain_absolute("./skills//a/SKILL.md", "/x") == "/x/skills/a/SKILL.md"


def test_a_file_the_walk_found_that_does_not_open_is_left_to_the_long_way(tree: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # (permissions cannot stop root from opening a file: `opens` is told to say no instead)
    walked = workspace._walk_root(Path(os.path.realpath(tree)), WalkRules(), [])
    skills = named.WalkedSkills(walked.listed_in, walked.listings)
    absolute = f"{os.path.realpath(tree)}/skills/b/SKILL.md"
    assert skills.match(absolute) is not None
    monkeypatch.setattr(named, "opens", lambda path: False)
    assert skills.match(absolute) is None
