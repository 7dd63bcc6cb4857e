"""Spread per-file work over the machine's cores when there is enough of it.

A worker pool has fixed costs (forking, and sending every result back through a pipe), so a
run takes as many processes as the work pays for and never more than the cores it may use:
below PARALLEL_FROM files (a pre-commit run lints a handful) everything runs in this process.
This process takes a share of the work itself instead of waiting on the pool, so two cores
give two workers, not two workers and an idle parent. Workers are forked: they inherit the
imported modules and start in milliseconds instead of re-importing everything.
"""

from __future__ import annotations

import os
from typing import Callable, Iterator, Sequence, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")

PARALLEL_FROM = 400   # files; measured with benchmarks/bench_lint.py: below this one process wins
PER_PROCESS = 200     # files each extra process must have to pay for itself
BATCH = 50            # files per task: big enough to amortise pickling, small enough to balance


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def planned_processes(items: int) -> int:
    """How many processes (this one included) `items` files are worth. SKILLKIT_JOBS sets it."""
    wanted = os.environ.get("SKILLKIT_JOBS")
    if wanted and wanted.isdigit():
        return max(1, int(wanted))
    if items < PARALLEL_FROM or not hasattr(os, "fork"):
        return 1
    return max(1, min(cores(), items // PER_PROCESS))


def map_batches(work: Callable[..., list[Out]], items: Sequence[Item], *args: object) -> Iterator[list[Out]]:
    """`work(batch, *args)` over batches of `items`, in order; parallel when it pays."""
    batches = [list(items[i:i + BATCH]) for i in range(0, len(items), BATCH)]
    processes = min(planned_processes(len(items)), len(batches))
    if processes < 2:
        for batch in batches:
            yield work(batch, *args)
        return
    # Imported here: multiprocessing costs ~8 ms to import, wasted on every small run.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # The pool takes the first batches, this process the last share: it works while they do.
    own = max(1, len(batches) // processes)
    pooled, mine = batches[:-own], batches[-own:]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=processes - 1, mp_context=context) as pool:
        futures = [pool.submit(work, batch, *args) for batch in pooled]
        done_here = [work(batch, *args) for batch in mine]
        for future in futures:
            yield future.result()
    yield from done_here
