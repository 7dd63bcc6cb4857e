"""`lint --fix` never loses a save made while it runs, and a SKILL.md it must not write (a
link) is reported and skipped, never the end of the run."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

BOM = "\ufeff"
SKILL = "---\nname: a\ndescription: Does the thing when asked, save {n}.\n---\nDo it.\n"

# A writer that saves the file in place (as most editors do: open, truncate, write, close)
# every 1 to 6 ms from an `r` on its standard input until an `s`, then says the number of its
# last save. Unbuffered single-byte commands: a buffered reader could swallow the `s` and
# leave select() with nothing to see.
WRITER = textwrap.dedent("""
    import os, random, select, sys
    path, n = sys.argv[1], 0
    template = {template!r}
    while os.read(0, 1) == b"r":
        while not select.select([0], [], [], random.uniform(0.001, 0.006))[0]:
            n += 1
            with open(path, "w", encoding="utf-8") as out:
                out.write("\\ufeff" + template.format(n=n))
        os.read(0, 1)
        os.write(1, b"%d\\n" % n)
""")


def _reply(stream) -> int:
    import select

    assert select.select([stream], [], [], 10)[0], "the writer did not answer within 10 s"
    return int(os.read(stream.fileno(), 64))


def test_a_save_during_fix_is_never_lost(cli, tmp_path: Path) -> None:
    skill = tmp_path / "skills" / "a" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(BOM + SKILL.format(n=0), encoding="utf-8")
    writer = subprocess.Popen([sys.executable, "-c", WRITER.format(template=SKILL), str(skill)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert writer.stdin is not None and writer.stdout is not None
    lost, fixed, left = [], 0, 0
    try:
        for round_ in range(200):
            writer.stdin.write(b"r")
            outcome = cli("lint", "--fix", "-q", ".", cwd=tmp_path)
            assert outcome.code in (0, 1) and "Traceback" not in outcome.stderr, outcome.stderr
            left += "changed during the run" in outcome.stderr
            writer.stdin.write(b"s")
            last = _reply(writer.stdout)
            text = skill.read_text(encoding="utf-8")
            if text not in (BOM + SKILL.format(n=last), SKILL.format(n=last)):
                lost.append((round_, last, text))
            fixed += not text.startswith(BOM)
    finally:
        writer.stdin.close()
        try:
            writer.wait(timeout=10)
        except subprocess.TimeoutExpired:
            writer.kill()
    assert lost == []
    assert fixed > 0  # the fix did land in some rounds: the check is not one that always refuses
    print(f"200 rounds: fixed in {fixed}, left alone as changed in {left}, lost 0")


def test_a_file_changed_after_planning_is_left_alone(cli, tmp_path: Path, monkeypatch) -> None:
    """Deterministic: the file is saved between the plan and the write."""
    from skillkit.core import fix_write

    skill = tmp_path / "skills" / "a" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(BOM + SKILL.format(n=1), encoding="utf-8")
    holds = fix_write._holds

    def saved_meanwhile(path, change):
        skill.write_text(BOM + SKILL.format(n=2), encoding="utf-8")
        return holds(path, change)

    monkeypatch.setattr(fix_write, "_holds", saved_meanwhile)
    outcome = cli("lint", "--fix", ".", cwd=tmp_path)
    assert skill.read_text(encoding="utf-8") == BOM + SKILL.format(n=2)
    assert outcome.code == 0 and "skills/a/SKILL.md: not fixed: it changed during the run" in outcome.stderr
    assert "byte-order-mark" in outcome.stdout  # the finding stays


def test_a_save_in_place_during_the_rename_is_put_back(cli, tmp_path: Path, monkeypatch) -> None:
    """A save written into the old file between the last check and the rename (the writer had
    it open) lands in the file kept by the hard link: it is put back."""
    from skillkit.core import fix_write

    skill = tmp_path / "skills" / "a" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(BOM + SKILL.format(n=1), encoding="utf-8")
    handle = open(skill, "r+b")  # the writer's open file (the same inode, whatever is renamed over the name)
    replace = os.replace

    saved = []

    def save_then_replace(source, target):
        if os.path.abspath(target) == str(skill) and not saved:
            saved.append(True)
            handle.seek(0)
            handle.truncate()
            handle.write((BOM + SKILL.format(n=2)).encode("utf-8"))
            handle.flush()
        return replace(source, target)

    monkeypatch.setattr(fix_write.os, "replace", save_then_replace)
    try:
        outcome = cli("lint", "--fix", ".", cwd=tmp_path)
    finally:
        handle.close()
    assert skill.read_text(encoding="utf-8") == BOM + SKILL.format(n=2)
    assert "changed during the run" in outcome.stderr


def test_a_linked_skill_md_is_reported_and_skipped(cli, tmp_path: Path) -> None:
    """A SKILL.md linking out of the working folder (shown as the link, not its target)."""
    real = tmp_path / "elsewhere" / "SKILL.md"
    real.parent.mkdir()
    real.write_text(BOM + SKILL.format(n=1), encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / "skills" / "a").mkdir(parents=True)
    (repo / "skills" / "a" / "SKILL.md").symlink_to(real)
    other = repo / "skills" / "b" / "SKILL.md"
    other.parent.mkdir()
    other.write_text(BOM + SKILL.format(n=1).replace("name: a", "name: b"), encoding="utf-8")
    outcome = cli("lint", "--fix", "skills", cwd=repo)
    assert outcome.code == 0, outcome  # (the byte-order mark is a warning)
    assert "skills/a/SKILL.md: not fixed: is a link" in outcome.stderr
    assert real.read_text(encoding="utf-8").startswith(BOM)  # never written through the link
    assert not other.read_text(encoding="utf-8").startswith(BOM)  # the rest of the run was fixed
    assert "Fixed 1 finding" in outcome.stderr
