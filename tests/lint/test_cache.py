"""lint's incremental cache: a cached run reports exactly what an uncached run reports, and a
cache file that is damaged or not ours is ignored and rewritten, never trusted."""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path

import pytest

from skillkit.core.cache import FOLDER, MAGIC

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
    assert any((tmp_path / FOLDER).glob("lint-*.bin"))


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
    assert any((tmp_path / "build" / "lint-cache").glob("lint-*.bin"))
    assert not (tmp_path / FOLDER).exists()
    monkeypatch.setenv("SKILLKIT_CACHE_DIR", str(tmp_path / "elsewhere"))
    lint(cli, tmp_path)
    assert any((tmp_path / "elsewhere").glob("lint-*.bin"))


def _only_cache_file(root: Path) -> Path:
    (found,) = (root / FOLDER).glob("lint-*.bin")
    return found


class Boom:
    def __reduce__(self):
        return (os.system, ("touch pwned",))


DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "one byte changed": lambda raw: raw[:-10] + bytes([raw[-10] ^ 1]) + raw[-9:],
    "empty": lambda raw: b"",
    "not ours": lambda raw: b"\x89PNG\r\n\x1a\n" + raw,
    # a well-formed header over a payload that would run a command if it were trusted
    "foreign pickle": lambda raw: MAGIC + __import__("hashlib").sha256(p := pickle.dumps(Boom())).digest() + p,
    "foreign dict": lambda raw: MAGIC + __import__("hashlib").sha256(
        p := pickle.dumps({"saved_at": "x", "digests": 3, "entries": None})).digest() + p,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_or_foreign_cache_is_ignored_and_rewritten(cli, tmp_path: Path, damage: str) -> None:
    tree = Tree(tmp_path)
    tree.skill("a", description="")
    tree.skill("b")
    expected = lint(cli, tmp_path, "--no-cache")
    assert lint(cli, tmp_path) == expected
    cache = _only_cache_file(tmp_path)
    cache.write_bytes(DAMAGE[damage](cache.read_bytes()))
    assert lint(cli, tmp_path) == expected
    assert not (tmp_path / "pwned").exists()
    assert cache.read_bytes().startswith(MAGIC)
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
