"""lint's incremental cache: a cached run reports exactly what an uncached run reports, and a
cache file that is damaged or not ours is ignored and rewritten, never trusted."""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path

import pytest

from skillkit.core.cache import FOLDER
from skillkit.core.cache_format import HEAD, MAGIC, frame

SKILL = "---\nname: {name}\ndescription: {description}\n{extra}---\n{body}"


@pytest.fixture(autouse=True)
def cache_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKILLKIT_NO_CACHE", raising=False)
    monkeypatch.delenv("SKILLKIT_CACHE_DIR", raising=False)


class Tree:
    """A small workspace whose files a test edits; every write gets an mtime of its own in the
    past, so the cache's (size, mtime) shortcut is exercised, not only its re-hashing."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.clock = 1_600_000_000

    def write(self, rel: str, text: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.clock += 10
        os.utime(path, (self.clock, self.clock))

    def skill(self, name: str, description: str = "Does the thing when asked.", extra: str = "",
              body: str = "Do it.\n") -> None:
        self.write(f"skills/{name}/SKILL.md", SKILL.format(name=name, description=description, extra=extra, body=body))


def lint(cli, root: Path, *flags: str):
    out = cli("lint", "--format", "json", *flags, ".", cwd=root)
    assert "Traceback" not in out.stderr
    return out.code, out.stdout


EDITS = [
    lambda t, r: t.skill(f"s{r.randint(0, 4)}"),
    lambda t, r: t.skill(f"s{r.randint(0, 4)}", description=""),
    lambda t, r: t.skill(f"s{r.randint(0, 4)}", extra="when: sometimes\n"),
    lambda t, r: t.skill(f"s{r.randint(0, 4)}", body="See [ref](references/r.md).\n"),
    lambda t, r: t.write(f"skills/s{r.randint(0, 4)}/references/r.md", "# R\n" + "x" * r.randint(0, 3)),
    lambda t, r: t.write(f"skills/s{r.randint(0, 4)}/references/r.md", "See [more](more.md).\n"),
    lambda t, r: [p.unlink() for p in t.root.glob(f"skills/s{r.randint(0, 4)}/references/r.md")],
    lambda t, r: t.write("skills/s9/SKILL.md", SKILL.format(name="s1", description="Twin.", extra="", body="")),
    lambda t, r: t.write("scenes/main.yaml", f"skills: [s{r.randint(0, 6)}, s1]\n"),
    lambda t, r: t.write("skillkit.yaml", r.choice(["profile: agent-skills\n", "strict: true\n", "ignore: [references]\n"])),
    lambda t, r: [p.unlink() for p in t.root.glob("skillkit.yaml")],
    lambda t, r: t.write(f"skills/s{r.randint(0, 4)}/SKILL.md", "---\nname: [broken\n---\n"),
]


@pytest.mark.parametrize("seed", range(6))
def test_a_cached_run_reports_exactly_what_an_uncached_run_reports(cli, tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    tree = Tree(tmp_path)
    for n in range(5):
        tree.skill(f"s{n}")
    for _ in range(14):
        rng.choice(EDITS)(tree, rng)
        cached = lint(cli, tmp_path)
        assert cached == lint(cli, tmp_path, "--no-cache")
        assert lint(cli, tmp_path) == cached  # and a second cached run, all from the cache
    assert any((tmp_path / FOLDER).glob("lint-*/*.bin"))


def test_an_edit_that_keeps_size_and_mtime_is_seen(cli, tmp_path: Path) -> None:
    """A same-size rewrite whose mtime is put back (`touch -d`, `cp -p`): the ctime tells."""
    tree = Tree(tmp_path)
    tree.skill("s0")
    tree.skill("s1")
    skill = tmp_path / "skills" / "s0" / "SKILL.md"
    first = lint(cli, tmp_path)
    before = skill.stat()
    skill.write_text(skill.read_text(encoding="utf-8").replace("name: s0", "name: s9"), encoding="utf-8")
    os.utime(skill, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert skill.stat().st_size == before.st_size and skill.stat().st_mtime_ns == before.st_mtime_ns
    edited = lint(cli, tmp_path)
    assert edited != first
    assert edited == lint(cli, tmp_path, "--no-cache")


def test_an_edit_in_the_same_clock_tick_is_seen(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A same-size rewrite that keeps the mtime (and, on a filesystem where ctime cannot tell
    them apart, the ctime) right after a run looked at the file: its mtime is too recent to
    vouch for it, so it is hashed again."""
    from skillkit.core import fingerprint

    monkeypatch.setattr(fingerprint, "_stamp", lambda st: fingerprint.STAT.pack(st.st_size, st.st_mtime_ns, 0, st.st_ino))
    tree = Tree(tmp_path)
    tree.skill("s1")
    skill = tmp_path / "skills" / "s0" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SKILL.format(name="s0", description="Does it.", extra="", body="Do it.\n"), encoding="utf-8")
    first = lint(cli, tmp_path)
    before = skill.stat()
    skill.write_text(skill.read_text(encoding="utf-8").replace("name: s0", "name: s9"), encoding="utf-8")
    os.utime(skill, ns=(before.st_atime_ns, before.st_mtime_ns))  # as a clock too coarse to tell would
    edited = lint(cli, tmp_path)
    assert edited != first
    assert edited == lint(cli, tmp_path, "--no-cache")
    assert lint(cli, tmp_path) == edited


def test_a_cached_run_writes_only_the_entry_of_the_skill_that_changed(cli, tmp_path: Path) -> None:
    tree = Tree(tmp_path)
    for n in range(4):
        tree.skill(f"s{n}")
    lint(cli, tmp_path)
    before = _cache_files(tmp_path)
    assert list(before) == ["pack.bin"]
    tree.skill("s2", description="Does another thing when asked.")
    lint(cli, tmp_path)
    after = _cache_files(tmp_path)
    assert after["pack.bin"] == before["pack.bin"] and len(after) == 2  # the pack, and s2's entry
    lint(cli, tmp_path)
    assert _cache_files(tmp_path) == after  # nothing changed: nothing written
    for p in (tmp_path / "skills" / "s2").iterdir():
        p.unlink()
    (tmp_path / "skills" / "s2").rmdir()
    assert lint(cli, tmp_path) == lint(cli, tmp_path, "--no-cache")
    assert list(_cache_files(tmp_path)) == ["pack.bin"]  # a skill gone: its entry too


def test_the_cache_keeps_its_own_gitignore_and_no_cache_writes_nothing(cli, tmp_path: Path) -> None:
    tree = Tree(tmp_path)
    tree.skill("a")
    lint(cli, tmp_path, "--no-cache")
    assert not (tmp_path / FOLDER).exists()
    lint(cli, tmp_path)
    assert (tmp_path / FOLDER / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"


def test_the_cache_dir_setting_and_environment(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tree = Tree(tmp_path)
    tree.skill("a")
    tree.write("skillkit.yaml", "cache-dir: build/lint-cache\n")
    lint(cli, tmp_path)
    assert any((tmp_path / "build" / "lint-cache").glob("lint-*/*.bin"))
    assert not (tmp_path / FOLDER).exists()
    monkeypatch.setenv("SKILLKIT_CACHE_DIR", str(tmp_path / "elsewhere"))
    lint(cli, tmp_path)
    assert any((tmp_path / "elsewhere").glob("lint-*/*.bin"))


def _cache_files(root: Path) -> dict[str, bytes]:
    """The files of the one cache folder: its pack and its loose entries."""
    (folder,) = (root / FOLDER).glob("lint-*")
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.bin"))}


class Boom:
    def __reduce__(self):
        return (os.system, ("touch pwned",))


def _rewrapped(raw: bytes, change) -> bytes:
    """A cache file (one this test's own run wrote) with each entry changed by `change` (on the
    entry as plain msgpack values: [name, started, files, digest, value]), behind a valid header."""
    import msgspec

    key, held = msgspec.msgpack.decode(raw[HEAD:])
    if isinstance(held, dict):  # a pack: {slot: entry}
        return frame(msgspec.msgpack.encode([key, {slot: change(entry) for slot, entry in held.items()}]))
    return frame(msgspec.msgpack.encode([key, change(held)]))


def _doc_changed(change):
    """An entry whose value's document (value[2]) is changed by `change`."""
    def apply(entry):
        value = list(entry[4])
        if value[2] is not None:
            value[2] = change(list(value[2]))
        return [*entry[:4], value]
    return apply


OLD_MAGIC = b"skillkit-lint-cache 2\n"

DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "one byte changed": lambda raw: raw[:-10] + bytes([raw[-10] ^ 1]) + raw[-9:],
    "empty": lambda raw: b"",
    "not ours": lambda raw: b"\x89PNG\r\n\x1a\n" + raw,
    # a well-formed header over a payload that would run a command if it were unpickled
    "foreign pickle": lambda raw: frame(pickle.dumps(Boom())),
    # the pickle format skillkit wrote before: never read again, whatever it holds
    "old format": lambda raw: OLD_MAGIC + bytes(12) + pickle.dumps(Boom()),
    "another format version": lambda raw: raw[:len(MAGIC)] + b"\x00\x02" + raw[len(MAGIC) + 2:],
    "foreign msgpack": lambda raw: frame(__import__("msgspec").msgpack.encode({"saved_at": "x", "digests": 3})),
    "another options key": lambda raw: _rekeyed(raw),
    "files of another shape": lambda raw: _rewrapped(raw, lambda entry: [*entry[:2], {"SKILL.md": 3}, *entry[3:]]),
    # the skill's own entry, its files unchanged, around a value that checking a skill never gives
    "foreign value": lambda raw: _rewrapped(raw, lambda entry: [*entry[:4], [1, 2]]),
    "entry of another skill": lambda raw: _rewrapped(raw, lambda entry: ["elsewhere", *entry[1:]]),
    "stats of another shape": lambda raw: _rewrapped(raw, lambda entry: [*entry[:2], [["SKILL.md", 1]], *entry[3:]]),
    "stats cut short": lambda raw: _rewrapped(raw, lambda entry: [*entry[:2], {k: v[:20] for k, v in entry[2].items()},
                                                                  *entry[3:]]),
    "data YAML never gives": lambda raw: _rewrapped(raw, _doc_changed(lambda doc: [*doc[:3], {"name": {1: 2}},
                                                                                     *doc[4:]])),
    "an extension type the cache never writes": lambda raw: _rewrapped(raw, _doc_changed(
        lambda doc: [*doc[:3], {"name": __import__("msgspec").msgpack.Ext(99, b"os.system")}, *doc[4:]])),
}


def _rekeyed(raw: bytes) -> bytes:
    import msgspec

    key, held = msgspec.msgpack.decode(raw[HEAD:])
    return frame(msgspec.msgpack.encode(["0" * len(key), held]))


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_or_foreign_cache_is_ignored_and_rewritten(cli, tmp_path: Path, damage: str) -> None:
    tree = Tree(tmp_path)
    tree.skill("a", description="")
    tree.skill("b")
    lint(cli, tmp_path)  # the pack
    tree.skill("b", description="Does another thing when asked.")
    expected = lint(cli, tmp_path, "--no-cache")
    assert lint(cli, tmp_path) == expected  # and b's loose entry
    files = _cache_files(tmp_path)
    assert len(files) == 2 and "pack.bin" in files
    (folder,) = (tmp_path / FOLDER).glob("lint-*")
    damaged = {name: DAMAGE[damage](data) for name, data in files.items()}
    for name, data in damaged.items():
        (folder / name).write_bytes(data)
    assert lint(cli, tmp_path) == expected
    assert not (tmp_path / "pwned").exists()
    mended = _cache_files(tmp_path)
    assert all(mended.get(name) != data for name, data in damaged.items())  # rewritten or dropped
    assert all(data.startswith(MAGIC) for data in mended.values())
    assert lint(cli, tmp_path) == expected
    assert _cache_files(tmp_path) == mended  # whole again after one run: nothing left to mend


def test_many_loose_entries_become_one_pack(cli, tmp_path: Path) -> None:
    tree = Tree(tmp_path)
    for n in range(24):
        tree.skill(f"s{n}")
    lint(cli, tmp_path)
    assert list(_cache_files(tmp_path)) == ["pack.bin"]
    tree.skill("s3", description="Does another thing when asked.")
    first = lint(cli, tmp_path)
    assert len(_cache_files(tmp_path)) == 2
    for n in range(24):
        tree.skill(f"s{n}", description="")
    expected = lint(cli, tmp_path, "--no-cache")
    assert lint(cli, tmp_path) == expected != first
    assert list(_cache_files(tmp_path)) == ["pack.bin"]
    assert lint(cli, tmp_path) == expected


def test_a_cache_that_is_a_folder_or_unwritable_changes_nothing(cli, tmp_path: Path) -> None:
    tree = Tree(tmp_path)
    tree.skill("a")
    expected = lint(cli, tmp_path, "--no-cache")
    (tmp_path / FOLDER).write_text("a file where the cache folder would be", encoding="utf-8")
    assert lint(cli, tmp_path) == expected
    assert lint(cli, tmp_path) == expected


def test_packs_leave_the_cache_out(cli, tmp_path: Path) -> None:
    import zipfile

    tree = Tree(tmp_path)
    tree.skill("a")
    lint(cli, tmp_path)
    assert (tmp_path / FOLDER).is_dir()
    out = cli("pack", ".", "-o", str(tmp_path.parent / "out.zip"), cwd=tmp_path)
    assert out.code == 0, out.stderr
    names = zipfile.ZipFile(tmp_path.parent / "out.zip").namelist()
    assert not [n for n in names if FOLDER in n]


def test_workspace_rules_read_the_bodies_of_cached_skills(cli, tmp_path: Path) -> None:
    """The cache keeps no bodies (core/stored_body.py): a workspace rule that reads one (a
    studio skill's macros) reads it from the file, and finds what an uncached run finds."""
    tree = Tree(tmp_path)
    tree.skill("hello", extra="when: always\n", body="Hi {{user}}, I am {{mood}}.\n")
    tree.skill("other")
    tree.write("scenes/s.yaml", "skills: [hello]\nvariables: {user: Ann}\n")
    first = lint(cli, tmp_path)
    assert "macro-unanswered" in first[1]
    tree.skill("other", description="Does another thing when asked.")  # hello comes from the cache
    expected = lint(cli, tmp_path, "--no-cache")
    assert lint(cli, tmp_path) == expected
    assert lint(cli, tmp_path) == expected


def test_a_skill_md_changed_after_its_lookup_is_read_afresh(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor saving a SKILL.md after the cache vouched for it, before a rule read its body:
    the body is not the entry's any more, so the workspace is checked again without the cache
    (its report is the new file's, never old findings with a new body)."""
    from skillkit.core import pipeline

    tree = Tree(tmp_path)
    tree.skill("hello", extra="when: always\n", body="Hi {{user}}, I am {{mood}}.\n")
    tree.write("scenes/s.yaml", "skills: [hello]\nvariables: {user: Ann}\n")
    lint(cli, tmp_path)
    checked = pipeline._checked_skills

    def then_edited(*args, **kwargs):
        found = checked(*args, **kwargs)
        tree.skill("hello", description="", extra="when: always\n", body="Hi {{user}}, I am {{weather}}.\n")
        return found

    monkeypatch.setattr(pipeline, "_checked_skills", then_edited)
    raced = lint(cli, tmp_path)
    monkeypatch.setattr(pipeline, "_checked_skills", checked)
    assert "weather" in raced[1] and "mood" not in raced[1]
    assert raced == lint(cli, tmp_path, "--no-cache") == lint(cli, tmp_path)


def test_a_stored_body_checks_its_file() -> None:
    from skillkit.core.stored_body import StaleBody, StoredSplit

    split = StoredSplit("name: a\n", 4)
    with pytest.raises(StaleBody):  # never bound by a lookup
        _ = split.body
    split.bind(Path("/nonexistent/SKILL.md"), b"0" * 32)
    with pytest.raises(StaleBody):
        _ = split.body


def test_files_added_renamed_or_removed_in_a_skill_are_seen(cli, tmp_path: Path) -> None:
    """The cache reads a skill's files from the discovery walk's listings (Walker.listed): a
    file added, renamed or removed anywhere in the skill's folder makes its entry miss."""
    tree = Tree(tmp_path)
    tree.skill("s0", body="See [ref](references/r.md).\n")
    tree.skill("s1")
    deep = tmp_path / "skills" / "s0" / "references"
    steps = [
        lambda: tree.write("skills/s0/references/r.md", "# R\n"),
        lambda: (deep / "r.md").rename(deep / "q.md"),
        lambda: tree.write("skills/s0/references/deeper/more/x.md", "x\n"),
        lambda: (deep / "q.md").rename(deep / "r.md"),
        lambda: (deep / "deeper" / "more" / "x.md").unlink(),
        lambda: tree.write("skills/s0/scripts/run.py", "print(1)\n"),
        lambda: (deep / "r.md").unlink(),
    ]
    lint(cli, tmp_path)
    for step in steps:
        step()
        expected = lint(cli, tmp_path, "--no-cache")
        assert lint(cli, tmp_path) == expected
        assert lint(cli, tmp_path) == expected


def test_a_first_run_fingerprinted_by_worker_processes_is_all_hits_next_time(cli, tmp_path: Path, monkeypatch) -> None:
    """A first run's lookups leave each skill's fingerprint to the process that checks it
    (cache.lookup returns none): what two processes wrote must be what the next run sees."""
    from skillkit.core import check as seam
    from skillkit.core import parallel

    tree = Tree(tmp_path)
    for index in range(40):
        tree.skill(f"s{index:02d}", body=f"See [ref](references/r{index}.md).\n")
        tree.write(f"skills/s{index:02d}/references/r{index}.md", f"# R{index}\n")
        tree.write(f"skills/s{index:02d}/assets/blob.bin", "\0" * index)  # a file lint never reads
    monkeypatch.setattr(parallel, "SMALLEST", 2)
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    first = lint(cli, tmp_path)
    monkeypatch.setenv("SKILLKIT_JOBS", "1")
    checked: list[Path] = []
    check = seam.check
    monkeypatch.setattr(seam, "check", lambda files, *a, **k: checked.extend(f.file for f in files) or check(files, *a, **k))
    assert lint(cli, tmp_path) == first and checked == []  # every skill a hit
    tree.write("skills/s07/assets/blob.bin", "changed")
    assert lint(cli, tmp_path) == first and [p.parent.name for p in checked] == ["s07"]
    assert lint(cli, tmp_path, "--no-cache") == first


def test_standard_input_leaves_no_entry_for_the_file_on_disk(cli, tmp_path: Path) -> None:
    """`--stdin-filename` checks text that no file holds: kept under the file's fingerprint, its
    findings were the next run's answer for the file on disk (pre-commit names that file)."""
    tree = Tree(tmp_path)
    tree.skill("a")
    broken = SKILL.format(name="a", description="", extra="", body="Do it.\n")
    piped = cli("lint", "--format", "json", "--stdin-filename", "skills/a/SKILL.md", cwd=tmp_path, stdin=broken)
    assert piped.code == 1 and "description" in piped.stdout
    for named in ("skills/a/SKILL.md", "skills/a", "."):
        outcome = cli("lint", "--format", "json", named, cwd=tmp_path)
        assert outcome.code == 0, (named, outcome.stdout)
