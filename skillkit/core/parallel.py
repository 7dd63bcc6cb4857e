"""Spread per-file work over the machine's cores when there is enough of it.

Below a few hundred files a worker pool costs more than it saves (and a pre-commit run
lints a handful), so small inputs run in this process. Workers are forked: they inherit
the imported modules, so they start in milliseconds instead of re-importing everything.
"""

from __future__ import annotations

import os
from typing import Callable, Iterator, Sequence, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")

PARALLEL_FROM = 300   # files; measured: below this a pool does not pay for itself
BATCH = 100           # files per task: big enough to amortise pickling, small enough to balance


def workers() -> int:
    wanted = os.environ.get("SKILLKIT_JOBS")
    if wanted and wanted.isdigit():
        return max(1, int(wanted))
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def map_batches(work: Callable[..., list[Out]], items: Sequence[Item], *args: object) -> Iterator[list[Out]]:
    """`work(batch, *args)` over batches of `items`, in order; parallel when it pays."""
    batches = [list(items[i:i + BATCH]) for i in range(0, len(items), BATCH)]
    jobs = min(workers(), len(batches))
    if len(items) < PARALLEL_FROM or jobs < 2 or not hasattr(os, "fork"):
        for batch in batches:
            yield work(batch, *args)
        return
    # Imported here: multiprocessing costs ~8 ms to import, wasted on every small run.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        yield from pool.map(work, batches, *([arg] * len(batches) for arg in args))
