"""paths.display with a memo of resolved folders (what lint passes for thousands of skills)
shows every path as display without one does, links and `..` included."""

from __future__ import annotations

import os
from pathlib import Path

from skillkit.core.paths import _real, display


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
    folders: dict[str, str] = {}
    for path in paths * 2:  # the second time from the memo
        assert _real(os.fspath(path), folders) == os.path.realpath(path), path
    base = str(tmp_path / "elsewhere")
    memo: dict[str, str] = {}
    assert [display(p, base, memo) for p in paths] == [display(p, base) for p in paths]
    inside = str(real)
    assert [display(p, inside, {}) for p in paths] == [display(p, inside) for p in paths]
