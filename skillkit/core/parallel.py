"""Spread per-file work over the machine's cores when there is enough of it.

A worker pool has fixed costs (forking, and sending every result back through a pipe), so a
run takes as many processes as the work pays for and never more than the cores it may use:
below PARALLEL_FROM files (a pre-commit run lints a handful) everything runs in this process.
This process works too instead of waiting on the pool, so two cores give two workers, not
two workers and an idle parent. Workers are forked: they inherit the imported modules and
start in milliseconds instead of re-importing everything.

The work is shared out as it goes, not in fixed shares: skills differ a hundredfold in size,
and a fixed half left one process idle for a third of the run while the other finished.
Every batch is queued for the pool; this process takes batches from the back of the queue
(cancelling each before a worker starts it) while the workers take them from the front, so
both end within a batch of each other. One pool serves a whole run (`Workers`): a run over
several workspaces forks once, not once per workspace.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Sequence, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")

PARALLEL_FROM = 400   # files; measured with benchmarks/bench_lint.py: below this one process wins
PER_PROCESS = 200     # files each extra process must have to pay for itself
BATCH = 25            # files per task: big enough to amortise pickling, small enough to balance


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def planned_processes(items: int) -> int:
    """How many processes (this one included) `items` files are worth. SKILLKIT_JOBS sets it."""
    wanted = os.environ.get("SKILLKIT_JOBS")
    if wanted and wanted.isascii() and wanted.isdigit():  # (`²` is a digit int() refuses)
        return max(1, int(wanted))
    if items < PARALLEL_FROM or not hasattr(os, "fork"):
        return 1
    return max(1, min(cores(), items // PER_PROCESS))


class Workers:
    """The run's worker pool, forked on first need and shut down on leaving the `with` block."""

    def __init__(self) -> None:
        self._pool: Any = None
        self._size = 0

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def pool(self, processes: int) -> Any:
        """A pool of at least `processes - 1` workers (this process is the last one)."""
        if self._pool is None or self._size < processes - 1:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
            # Imported here: multiprocessing costs ~8 ms to import, wasted on every small run.
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._size = processes - 1
            self._pool = ProcessPoolExecutor(max_workers=self._size, mp_context=multiprocessing.get_context("fork"))
        return self._pool

    def map_batches(self, work: Callable[..., list[Out]], items: Sequence[Item], *args: object) -> Iterator[list[Out]]:
        """`work(batch, *args)` over batches of `items`, in order; parallel when it pays."""
        batches = [list(items[i:i + BATCH]) for i in range(0, len(items), BATCH)]
        processes = min(planned_processes(len(items)), len(batches))
        if processes < 2:
            for batch in batches:
                yield work(batch, *args)
            return
        pool = self.pool(processes)
        futures = [pool.submit(work, batch, *args) for batch in batches]
        mine: dict[int, list[Out]] = {}
        for index in range(len(batches) - 1, -1, -1):
            if not futures[index].cancel():
                break  # a worker has it: every batch before it is the pool's too
            mine[index] = work(batches[index], *args)
        for index, future in enumerate(futures):
            yield mine[index] if index in mine else future.result()
