"""paths.display with a memo of resolved folders (what lint passes for thousands of skills)
shows every path as display without one does, links and `..` included."""

from __future__ import annotations

import os
from pathlib import Path

from skillkit.core.paths import Resolved, _real, display


def test_resolving_folders_once_gives_realpaths_answer(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "skills" / "a").mkdir(parents=True)
    (real / "skills" / "a" / "SKILL.md").write_text("x", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real)
    (real / "skills" / "b").symlink_to(real / "skills" / "a")
    (real / "skills" / "a" / "LINK.md").symlink_to("SKILL.md")
    (real / "loop").symlink_to(real / "loop")
    paths = [real / "skills" / "a" / "SKILL.md", tmp_path / "linked" / "skills" / "a" / "SKILL.md",
             tmp_path / "linked" / "skills" / "b" / "SKILL.md", real / "skills" / "a" / "LINK.md",
             Path(f"{real}/skills/b/../a/SKILL.md"), Path(f"{real}/./skills//a/SKILL.md"), real / "loop" / "SKILL.md",
             real / "gone" / "SKILL.md", Path("relative") / "SKILL.md", Path("SKILL.md")]
    folders = Resolved()
    for path in paths * 2:  # the second time from the memo
        assert _real(os.fspath(path), folders) == os.path.realpath(path), path
    base = str(tmp_path / "elsewhere")
    memo = Resolved()
    assert [display(p, base, memo) for p in paths] == [display(p, base) for p in paths]
    inside = str(real)
    assert [display(p, inside, Resolved()) for p in paths] == [display(p, inside) for p in paths]


def test_a_walk_says_which_paths_are_no_links(tmp_path: Path, monkeypatch) -> None:
    """Lint tells display what its walk listed (pipeline._resolved): those paths are not looked
    at again, and they are shown as without the hint."""
    from skillkit.core import pipeline
    from skillkit.core.walk import WalkRules
    from skillkit.core.workspace import discover

    (tmp_path / "shared" / "x").mkdir(parents=True)
    (tmp_path / "shared" / "x" / "SKILL.md").write_text("x", encoding="utf-8")
    for name in ("a", "b"):
        (tmp_path / "skills" / name).mkdir(parents=True)
    (tmp_path / "skills" / "a" / "SKILL.md").write_text("a", encoding="utf-8")
    (tmp_path / "skills" / "b" / "SKILL.md").symlink_to(tmp_path / "shared" / "x" / "SKILL.md")
    (space,) = discover([tmp_path / "skills"], WalkRules())
    hint = pipeline._resolved(space)
    assert os.fspath(tmp_path / "skills" / "a" / "SKILL.md") in hint.plain
    assert os.fspath(tmp_path / "skills" / "b" / "SKILL.md") not in hint.plain
    assert os.fspath(tmp_path) not in hint.plain and os.fspath(tmp_path / "skills") in hint.plain  # the top may be a link
    for base in (str(tmp_path / "shared"), str(tmp_path / "elsewhere")):
        assert [display(f, base, pipeline._resolved(space)) for f in space.skills] == [display(f, base) for f in space.skills]
    looked = []
    monkeypatch.setattr(os.path, "islink", lambda p: looked.append(p) or os.path.lexists(p) and os.lstat(p).st_mode & 0o170000 == 0o120000)
    [display(f, str(tmp_path / "elsewhere"), hint) for f in space.skills]
    assert not [p for p in looked if p.endswith("a/SKILL.md") or p.endswith("skills/a")]


def test_lint_outside_the_working_folder_shows_each_path_as_realpath_would(cli, tmp_path: Path, monkeypatch) -> None:
    """The shown paths lint sends its workers with each file (pipeline._listed, from the walk's
    hint) are the ones each worker's display made on its own, links and all."""
    from skillkit.core import pipeline

    real = tmp_path / "real"
    for name in ("a", "c"):
        (real / "skills" / name).mkdir(parents=True)
        (real / "skills" / name / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: x\n---\nSee [gone](references/gone.md).\n", encoding="utf-8")
    (tmp_path / "shared" / "x").mkdir(parents=True)
    (tmp_path / "shared" / "x" / "SKILL.md").write_text("---\nname: x\ndescription: x\n---\nx\n", encoding="utf-8")
    (real / "skills" / "b").symlink_to(tmp_path / "shared" / "x")  # a linked skill folder
    (real / "skills" / "d").mkdir()
    (real / "skills" / "d" / "SKILL.md").symlink_to(real / "skills" / "a" / "SKILL.md")  # a linked SKILL.md
    (tmp_path / "via").symlink_to(real)
    (tmp_path / "elsewhere").mkdir()
    for target in (real, tmp_path / "via", tmp_path / "via" / "skills"):
        hinted = cli("lint", "--no-cache", "--format", "json", target, cwd=tmp_path / "elsewhere")
        with monkeypatch.context() as patch:
            patch.setattr(pipeline, "_resolved", lambda space: None)  # display on its own, for every file
            alone = cli("lint", "--no-cache", "--format", "json", target, cwd=tmp_path / "elsewhere")
        assert hinted.code == alone.code == 1 and hinted.stdout == alone.stdout
        assert '/skills/a/SKILL.md"' in hinted.stdout
