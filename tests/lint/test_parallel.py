"""Workers share the run's files out as they go: whatever the number of processes, lint
reports exactly what one process reports, across several workspaces."""

from __future__ import annotations

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
    monkeypatch.setattr(parallel, "BATCH", 7)  # many batches, so the pool and this process both take some
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
    monkeypatch.setattr(parallel, "BATCH", 3)
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
    monkeypatch.setattr(parallel, "BATCH", 2)
    monkeypatch.setenv("SKILLKIT_JOBS", "2")
    with pytest.raises(ValueError, match="batch with 13"), Workers() as workers:
        list(workers.map_batches(_fails, list(range(30))))


@pytest.mark.parametrize("value", ["²", "٣", "-1", " 2", "", "two"])
def test_a_jobs_value_that_is_no_plain_number_is_ignored(monkeypatch, value) -> None:
    monkeypatch.setenv("SKILLKIT_JOBS", value)
    assert parallel.planned_processes(10) == 1  # below PARALLEL_FROM: one process, no error
