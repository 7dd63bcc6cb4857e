"""Spread per-file work over the machine's cores when there is enough of it.

A worker pool has fixed costs (forking, and sending every result back through a pipe), so a
run takes as many processes as the work pays for and never more than the cores it may use:
below PARALLEL_FROM files (a pre-commit run lints a handful) everything runs in this process.
This process works too instead of waiting on the pool, so two cores give two workers, not
two workers and an idle parent. Workers are forked: they inherit the imported modules and
start in milliseconds instead of re-importing everything.

The work is shared out as it goes, from one queue: skills differ a hundredfold in size, and
fixed shares left one process idle for a third of the run. Batches shrink along the queue
(guided scheduling: each a fraction of what is left), so the last ones, which every process
ends on, are small. The pool is fed AHEAD batches per worker, then one from the callback of each
batch it finishes, not all at once: a pool holds every batch handed to it (running or queued) out
of reach, and with everything handed over this process, having run out, waited ~90 ms at
the end of each workspace for the three batches a worker still held. One pool serves a whole
run (`Workers`): a run over several workspaces forks once, not once per workspace.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterator, Sequence, TypeVar

Item = TypeVar("Item")
Out = TypeVar("Out")

PARALLEL_FROM = 400   # files; measured with benchmarks/bench_lint.py: below this one process wins
PER_PROCESS = 200     # files each extra process must have to pay for itself
BATCH = 25            # files per batch in one process (the progress bar moves a batch at a time)
SHARES = 4            # a batch is at most 1/(SHARES x processes) of the files left ...
SMALLEST = 4          # ... and at least this many files: smaller cost more to send than to check
AHEAD = 2             # batches each worker holds (one running, one waiting: no idle round trip)
WARM = 8              # files this process checks before the first fork (see map_batches)


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

    def map_batches(self, work: Callable[..., list[Out]], items: Sequence[Item], *args: object,
                    done: Callable[[int], None] | None = None) -> Iterator[list[Out]]:
        """`work(batch, *args)` over batches of `items`, in order; parallel when it pays.
        `done(count)`: told, in this thread, of each `count` more items checked, as they are
        (the results come in order, so the last of them may wait on the first)."""
        processes = planned_processes(len(items))
        if processes > 1 and self._pool is None and len(items) > WARM:
            # The first few checked here before the fork: the workers inherit what they
            # warmed (lazy imports, compiled schema checkers, regular expressions) instead of
            # each building its own copy (0.06-0.15 s of CPU measured on 1,051 skills).
            head = work(list(items[:WARM]), *args)
            if done is not None:
                done(len(head))
            yield head
            items = items[WARM:]
        if processes < 2 or len(items) < 2 * SMALLEST:
            for start in range(0, len(items), BATCH):
                batch = work(list(items[start:start + BATCH]), *args)
                if done is not None:
                    done(len(batch))
                yield batch
            return
        batches = guided(items, processes)
        shared = _Shared(self.pool(processes), work, batches, args)
        for _ in range(AHEAD * (processes - 1)):
            shared.feed()
        told = 0

        def tell(mine_done: int) -> None:  # what this process and the pool have finished, so far
            nonlocal told
            now = mine_done + shared.finished
            if done is not None and now > told:
                done(now - told)
                told = now

        mine: dict[int, list[Out]] = {}
        mine_done = 0
        while not shared.failed.is_set():
            try:
                index = shared.left.popleft()
            except IndexError:
                break
            mine[index] = work(batches[index], *args)
            mine_done += len(batches[index])
            tell(mine_done)
        futures: dict[int, Any] = {}
        while len(mine) + len(futures) < len(batches):
            index, landed = shared.landed.get()
            if isinstance(landed, BaseException):
                raise landed  # the pool could not take a batch (broken, or shut down)
            if landed.cancelled() or landed.exception() is not None:
                landed.result()  # raises the batch's error (or CancelledError)
            futures[index] = landed
            tell(mine_done)
        if done is not None and told < len(items):  # (a count the pool's thread lost to this one)
            done(len(items) - told)
        for index in range(len(batches)):
            yield mine[index] if index in mine else futures[index].result()


def guided(items: Sequence[Item], processes: int) -> list[list[Item]]:
    """`items` in batches that shrink as they go (see the module's docstring)."""
    batches, start = [], 0
    while start < len(items):
        size = max(SMALLEST, -(-(len(items) - start) // (SHARES * processes)))
        batches.append(list(items[start:start + size]))
        start += size
    return batches


class _Shared:
    """The batches not yet started, taken from the front by this process and by the pool,
    which is handed the next one from the callback of each batch it finishes (run by the
    pool's own thread: deque's popleft is atomic, so the two never take one batch twice)."""

    def __init__(self, pool: Any, work: Callable[..., Any], batches: list[list[Any]], args: tuple[object, ...]) -> None:
        import queue
        import threading
        from collections import deque

        self.pool, self.work, self.batches, self.args = pool, work, batches, args
        self.left = deque(range(len(batches)))
        self.landed: queue.SimpleQueue[tuple[int, Any]] = queue.SimpleQueue()  # (index, done future or error)
        self.failed = threading.Event()  # a batch failed: no more are started
        self.finished = 0  # items of the batches the pool has finished (written by its thread alone)

    def feed(self) -> None:
        if self.failed.is_set():
            return
        try:
            index = self.left.popleft()
        except IndexError:
            return
        try:
            future = self.pool.submit(self.work, self.batches[index], *self.args)
        except BaseException as exc:  # (in the pool's thread: an error raised here would be lost)
            self.failed.set()
            self.landed.put((index, exc))
            return
        future.add_done_callback(lambda done: self.done(index, done))

    def done(self, index: int, future: Any) -> None:
        if future.cancelled() or future.exception() is not None:
            self.landed.put((index, future))
            self.failed.set()
        else:
            self.finished += len(self.batches[index])  # (before it lands: the count never lags the results)
            self.landed.put((index, future))
            self.feed()
