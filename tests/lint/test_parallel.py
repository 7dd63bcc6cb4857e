"""Workers share the run's files out as they go: whatever the number of processes, lint
reports exactly what one process reports, across several workspaces."""

from __future__ import annotations

import os
from concurrent.futures import Future
from pathlib import Path

import pytest

from skillkit.core import parallel
from skillkit.core.parallel import Workers


def _skills(root: Path, count: int) -> None:
    for index in range(count):
        folder = root / f"skill-{index:03d}"
        folder.mkdir(parents=True)
        broken = index % 17 == 3
        name = f"Skill {index}" if broken else f"skill-{index:03d}"
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: Checks the parallel run number {index}. Use when testing.\n---\n"
            f"# Skill {index}\n\nSee [missing](references/gone-{index}.md).\n" + "Some prose.\n" * (index % 40),
            encoding="utf-8")


@pytest.mark.parametrize("jobs", ["2", "3"])
def test_any_number_of_processes_reports_what_one_process_reports(cli, tmp_path, monkeypatch, jobs) -> None:
    (tmp_path / ".git").mkdir()
    _skills(tmp_path / "skills", 90)
    _skills(tmp_path / ".claude" / "skills", 40)  # a second workspace root: the pool is reused
    monkeypatch.setattr(parallel, "SHARES", 6)  # many batches, so the pool and this process both take some
    monkeypatch.setenv("SKILLKIT_JOBS", "1")
    alone = cli("lint", "--format", "json", ".", cwd=tmp_path)
    monkeypatch.setenv("SKILLKIT_JOBS", jobs)
    shared = cli("lint", "--format", "json", ".", cwd=tmp_path)
    assert alone.code == shared.code == 1
    assert '"rule": "name-format"' in alone.stdout and '"rule": "references"' in alone.stdout
    assert shared.stdout == alone.stdout


def _double(batch: list[int], offset: int) -> list[int]:
    return [item * 2 + offset for item in batch]


def test_batches_come_back_in_order_whoever_ran_them(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "SMALLEST", 1)
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    with Workers() as workers:
        first = [x for batch in workers.map_batches(_double, list(range(100)), 1) for x in batch]
        again = [x for batch in workers.map_batches(_double, list(range(40)), 0) for x in batch]
    assert first == [n * 2 + 1 for n in range(100)]
    assert again == [n * 2 for n in range(40)]


def _fails(batch: list[int]) -> list[int]:
    if 13 in batch:
        raise ValueError("batch with 13")
    return batch


def test_an_error_in_any_batch_reaches_the_caller(monkeypatch) -> None:
    monkeypatch.setattr(parallel, "SMALLEST", 1)
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    with pytest.raises(ValueError, match="batch with 13"), Workers() as workers:
        list(workers.map_batches(_fails, list(range(30))))


@pytest.mark.parametrize("value", ["²", "٣", "-1", " 2", "", "two"])
def test_a_jobs_value_that_is_no_plain_number_is_ignored(monkeypatch, value) -> None:
    monkeypatch.setenv("SKILLKIT_JOBS", value)
    assert parallel.planned_processes(10) == 1  # below PARALLEL_FROM: one process, no error


@pytest.mark.parametrize(("count", "processes"), [(8, 2), (100, 2), (2000, 2), (1334, 3), (401, 8)])
def test_batches_shrink_along_the_queue_and_hold_every_item_once_in_order(count, processes) -> None:
    batches = parallel.guided(list(range(count)), processes)
    assert [x for batch in batches for x in batch] == list(range(count))
    sizes = [len(batch) for batch in batches]
    assert sizes == sorted(sizes, reverse=True)  # the last ones, which every process ends on, are smallest
    assert sizes[-1] <= parallel.SMALLEST and sizes[0] == max(parallel.SMALLEST, -(-count // (parallel.SHARES * processes)))


def _same(batch: list[int]) -> list[int]:
    return batch


class _HeldPool:
    """A pool that runs nothing until told to: what it holds at once can be counted."""

    def __init__(self, refuse_after: int = 10**9) -> None:
        self.held: list[Future[list[int]]] = []
        self.most = 0
        self.refuse_after = refuse_after
        self.taken = 0

    def submit(self, work, batch, *args) -> Future[list[int]]:
        if self.taken >= self.refuse_after:
            raise RuntimeError("cannot schedule new futures after shutdown")
        self.taken += 1
        future: Future[list[int]] = Future()
        future.batch = batch  # type: ignore[attr-defined]
        self.held.append(future)
        self.most = max(self.most, len(self.held))
        return future

    def finish_one(self, work) -> None:
        future = self.held.pop(0)
        future.set_result(work(future.batch))  # type: ignore[attr-defined]  # its callback feeds the next


def test_the_pool_is_fed_as_it_finishes_never_holding_more_than_ahead_per_worker() -> None:
    pool = _HeldPool()
    batches = [[n] for n in range(20)]
    shared = parallel._Shared(pool, _same, batches, ())
    for _ in range(parallel.AHEAD * 2):  # two workers
        shared.feed()
    while pool.held:
        pool.finish_one(_same)
    assert pool.most == parallel.AHEAD * 2 and pool.taken == 20 and not shared.left
    landed = sorted(index for index, _ in iter(lambda: shared.landed.get() if not shared.landed.empty() else None, None))
    assert landed == list(range(20))


def test_a_pool_that_refuses_a_batch_stops_the_feeding_and_says_why() -> None:
    pool = _HeldPool(refuse_after=3)
    shared = parallel._Shared(pool, _same, [[n] for n in range(10)], ())
    for _ in range(parallel.AHEAD):
        shared.feed()
    pool.finish_one(_same)  # feeds the third
    pool.finish_one(_same)  # the fourth is refused
    assert shared.failed.is_set()
    results = [shared.landed.get() for _ in range(3)]
    assert isinstance(results[-1][1], RuntimeError) and results[-1][0] == 3
    shared.feed()  # nothing more is taken once it failed
    assert pool.taken == 3 and list(shared.left) == list(range(4, 10))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_is_told_as_batches_finish_not_only_at_the_end(monkeypatch, jobs) -> None:
    monkeypatch.setattr(parallel, "SMALLEST", 1)
    monkeypatch.setenv("SKILLKIT_JOBS", jobs)
    told: list[int] = []
    with Workers() as workers:
        batches = workers.map_batches(_double, list(range(500)), 0, done=told.append)
        first = next(batches)  # the first result: by then this process has finished its own share
        rest = [x for batch in batches for x in batch]
    assert first + rest == [n * 2 for n in range(500)]
    assert sum(told) == 500 and len(told) > 5
    assert sum(told[:-1]) > 0  # some of it before everything was in


def test_a_lint_run_shows_progress_up_to_every_file(tmp_path, monkeypatch) -> None:
    from skillkit.core.options import build_options
    from skillkit.core.pipeline import run
    from skillkit.rules import RULESET

    _skills(tmp_path / "skills", 60)
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    monkeypatch.setattr(parallel, "SMALLEST", 2)
    seen: list[tuple[int, int]] = []
    options = build_options([tmp_path], None, None, None, None, registry=RULESET)
    run([tmp_path], options, progress=lambda done, total: seen.append((done, total)), models=False)
    assert seen[-1] == (60, 60) and len(seen) > 3 and [d for d, _ in seen] == sorted(d for d, _ in seen)


def _where(batch: list[int]) -> list[tuple[int, int]]:
    return [(n, os.getpid()) for n in batch]


def test_the_first_files_are_checked_here_before_the_pool_is_forked(monkeypatch) -> None:
    """The workers inherit what the first WARM files warmed; every file still comes back once,
    in order, and a second map over the same pool warms nothing again."""
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    with Workers() as workers:
        batches = workers.map_batches(_where, list(range(100)))
        head = next(batches)
        assert workers._pool is None  # not forked yet: the head is this process's own work
        rest = [x for batch in batches for x in batch]
        again = [x for batch in workers.map_batches(_where, list(range(100))) for x in batch]
    assert [n for n, _ in head] == list(range(parallel.WARM))
    assert {pid for _, pid in head} == {os.getpid()}
    assert [n for n, _ in head + rest] == list(range(100)) == [n for n, _ in again]
