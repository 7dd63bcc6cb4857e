"""lint's speed plumbing, as wrappers around the check (core/check.py): each is a `Checker`,
files in and what checking each found out, as the plain check is, and each gives what the
plain check gives (tests/lint/test_checkers.py). They are composed once, in `build_checker`:

- `Lean`: each document's body is left in its file, read again only if a workspace rule asks
  (core/stored_body.lean): most of what a worker sends back;
- `Pooled`: the files shared out over the run's worker pool (core/parallel.py);
- `Cached` (core/cached_check.py): skills whose folders did not change come from lint's cache.

What runs in a worker process (the check, and `Lean` around it) holds plain values only, so it
is pickled as it stands; the pool and the cache stay in the process that reads the results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import msgspec

from skillkit.core import check as seam
from skillkit.core import wire  # noqa: F401  (what Pooled sends the worker pool and gets back: registered there)
from skillkit.core.check import CheckContext, Checker, SourceFile, Tick
from skillkit.core.checked import Checked
from skillkit.core.stored_body import lean

if TYPE_CHECKING:
    from skillkit.core.cache import LintCache
    from skillkit.core.parallel import Workers


def _untold(count: int) -> None:
    """No one is shown progress."""


class Plain(msgspec.Struct, frozen=True):
    """The check itself, bound to its context (sent to worker processes as it is)."""

    context: CheckContext

    def __call__(self, files: Sequence[SourceFile]) -> list[Checked]:
        return seam.check(files, self.context)


class Lean(msgspec.Struct, frozen=True):
    """`inner`'s results with each document's body left in its file (core/stored_body.lean):
    run where the check runs, so a worker never sends the body back."""

    inner: Checker

    def __call__(self, files: Sequence[SourceFile]) -> list[Checked]:
        return [c if c.doc is None else msgspec.structs.replace(c, doc=lean(c.doc)) for c in self.inner(files)]


class Pooled(msgspec.Struct, frozen=True):
    """`inner` over batches of the files, in the worker pool when there are enough of them
    (core/parallel.py decides), in order; `tick` told of each batch done."""

    inner: Checker
    workers: Workers
    tick: Tick = _untold

    def __call__(self, files: Sequence[SourceFile]) -> list[Checked]:
        out: list[Checked] = []
        for batch in self.workers.map_batches(self.inner, list(files), done=self.tick):
            out.extend(batch)
        return out


def build_checker(context: CheckContext, workers: Workers | None = None, tick: Tick = _untold,
                  lean_bodies: bool = False, cache: LintCache | None = None) -> Checker:
    """The run's checker, composed here and nowhere else: the check, with bodies left on disk
    when `lean_bodies` (lint, which builds no models), over the worker pool when `workers` is
    given (`tick` told as its batches are done), behind the cache when `cache` is (a first
    run's fingerprints taken over the pool too)."""
    checker: Checker = Plain(context)
    if lean_bodies:
        checker = Lean(checker)
    if workers is not None:
        checker = Pooled(checker, workers, tick)
    if cache is not None:  # (imported here: the cache's modules cost a --no-cache run ~15 ms of start-up)
        from skillkit.core.cached_check import Cached, Fingerprints

        checker = Cached(checker, cache, Fingerprints(workers), tick)
    return checker

