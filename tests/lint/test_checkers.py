"""The check seam (core/check.py) and the speed plumbing around it (core/checkers.py,
core/cached_check.py): the plain check answers on its own, with no wrapper, and each wrapper
(lean bodies on and off, the worker pool with two workers, the cache cold and warm, and all of
them composed as lint composes them) gives exactly what the plain check gives on the fixtures."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from skillkit.core import parallel
from skillkit.core.cache import FOLDER, open_cache
from skillkit.core.cached_check import Cached, Fingerprints
from skillkit.core.check import CheckContext, SourceFile, check
from skillkit.core.checked import Checked
from skillkit.core.checkers import Lean, Plain, Pooled, build_checker
from skillkit.core.options import Options
from skillkit.core.parallel import Workers
from skillkit.core.paths import display
from skillkit.core.stored_body import LeanSplit, StoredSplit
from skillkit.core.walk import WalkRules
from skillkit.core.workspace import discover
from skillkit.rules import RULESET

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The lint fixtures and the example workspace in one writable tree, their files' times
    kept (copytree copies them): none is new enough for a lean body to be kept in memory."""
    monkeypatch.delenv("SKILLKIT_NO_CACHE", raising=False)
    monkeypatch.delenv("SKILLKIT_CACHE_DIR", raising=False)
    root = tmp_path / "tree"
    shutil.copytree(FIXTURES / "lint", root / "lint")
    shutil.copytree(FIXTURES / "workspace", root / "workspace")
    (root / ".git").mkdir()
    return root


def _sources(root: Path) -> list[SourceFile]:
    base = str(root)
    return [SourceFile(file, display(file, base), space.reports(file))
            for space in discover([root], WalkRules()) for file in space.skills]


def _context(root: Path) -> CheckContext:
    return CheckContext(str(root), Options(RULESET))


def _seen(results: list[Checked]) -> list[tuple[object, ...]]:
    """What a result says, its body read (from the file, for a lean or cached document)."""
    return [(c.file, c.shown, c.core, c.rules, c.directives, None if c.doc is None else (
        c.doc.path, c.doc.file, c.doc.split.yaml_text, c.doc.body, c.doc.split.body_line, repr(c.doc.data),
        c.doc.parsed.positions, c.doc.invalid)) for c in results]


class Recording:
    """A checker that notes the files it is handed (which ones the cache sent on)."""

    def __init__(self, inner: Plain) -> None:
        self.inner = inner
        self.handed: list[Path] = []

    def __call__(self, files):
        self.handed.extend(source.file for source in files)
        return self.inner(files)


def test_the_plain_check_answers_on_its_own(tree: Path) -> None:
    skills = tree / "lint" / "broken" / "skills"
    files = [SourceFile(skills / "Bad_Name" / "SKILL.md", "Bad_Name/SKILL.md"),
             SourceFile(skills / "ok-skill" / "SKILL.md", "ok-skill/SKILL.md", reported=False),
             SourceFile(skills / "gone" / "SKILL.md", "gone/SKILL.md")]
    bad, context_only, gone = check(files, _context(tree))
    assert [bad.shown, context_only.shown, gone.shown] == [f.shown for f in files]
    assert bad.doc is not None and bad.doc.data["name"] == "Bad_Name" and bad.doc.split.yaml_text == ""
    assert bad.rules is not None
    assert ("name-format", 2, 7) in {(d.rule, d.line, d.column) for d in bad.found()}
    assert all(d.path == "Bad_Name/SKILL.md" for d in bad.found())
    assert context_only.rules is None and context_only.doc is not None  # read for context: no rules ran
    assert gone.doc is None and [d.rule for d in gone.core] == ["file-unreadable"]


def test_lean_bodies_give_what_the_plain_check_gives(tree: Path) -> None:
    sources, context = _sources(tree), _context(tree)
    plain = check(sources, context)
    lean = Lean(Plain(context))(sources)
    assert any(isinstance(c.doc.split, LeanSplit) for c in lean if c.doc is not None)  # bodies left on disk
    assert not any(isinstance(c.doc.split, LeanSplit) for c in plain if c.doc is not None)
    assert _seen(lean) == _seen(plain)


@pytest.mark.parametrize("lean", [False, True])
def test_two_workers_give_what_the_plain_check_gives(tree: Path, monkeypatch: pytest.MonkeyPatch, lean: bool) -> None:
    monkeypatch.setattr(parallel, "SMALLEST", 1)  # many small batches, shared by the pool and this process
    monkeypatch.setenv("SKILLKIT_JOBS", "3")  # this process and two workers
    sources, context = _sources(tree), _context(tree)
    ticks: list[int] = []
    with Workers() as workers:
        pooled = Pooled(Lean(Plain(context)) if lean else Plain(context), workers, ticks.append)(sources)
        assert workers._pool is not None and workers._size == 2  # the pool did take part
    assert sum(ticks) == len(sources) and len(sources) >= 8
    assert _seen(pooled) == _seen(check(sources, context))


def test_the_cache_cold_and_warm_gives_what_the_plain_check_gives(tree: Path) -> None:
    sources, context = _sources(tree), _context(tree)
    base = str(tree)

    def cached() -> tuple[list[Checked], Recording]:
        store = open_cache(tree, context.options, base, str(tree))
        assert store is not None
        recording = Recording(Plain(context))
        return Cached(recording, store, Fingerprints(None), lambda count: None)(sources), recording

    cold, first = cached()
    assert first.handed == [s.file for s in sources] and any((tree / FOLDER).glob("lint-*/*.bin"))
    assert _seen(cold) == _seen(check(sources, context))
    warm, second = cached()
    assert second.handed == []  # every skill from its entry
    assert all(isinstance(c.doc.split, StoredSplit) for c in warm if c.doc is not None)
    assert _seen(warm) == _seen(check(sources, context))
    edited = tree / "lint" / "broken" / "skills" / "ok-skill" / "SKILL.md"
    edited.write_text(edited.read_text(encoding="utf-8").replace("name:", "name: Renamed\nnope:"), encoding="utf-8")
    os.utime(edited, (1_600_000_000, 1_600_000_000))
    again, third = cached()
    assert third.handed == [edited]
    assert _seen(again) == _seen(check(sources, context))


@pytest.mark.parametrize("lean", [False, True])
def test_everything_composed_gives_what_the_plain_check_gives(tree: Path, monkeypatch: pytest.MonkeyPatch,
                                                               lean: bool) -> None:
    """build_checker as lint runs it: the cache over the pool over the (lean) check, cold then warm."""
    monkeypatch.setattr(parallel, "SMALLEST", 1)
    monkeypatch.setenv("SKILLKIT_JOBS", "3")
    sources, context = _sources(tree), _context(tree)
    expected = _seen(check(sources, context))
    for _ in ("cold", "warm"):
        store = open_cache(tree, context.options, str(tree), str(tree))
        ticks: list[int] = []
        with Workers() as workers:
            assert _seen(build_checker(context, workers, ticks.append, lean, store)(sources)) == expected
        assert sum(ticks) == len(sources)
