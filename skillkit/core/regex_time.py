"""One time budget per run for all regex work on user patterns: compiling and matching.

Each evaluation is bounded on its own (jsregex.js_test's timeout), but bounded pieces add up:
one `/(a|aa)+$/` skill on 100 messages would cost 100 timeouts, ten such skills ten times that;
240 big case-insensitive patterns in one file cost 35 s to compile. So a run (a lint, a
simulate, a render) has one budget, `regex-budget` seconds in the settings (default 2). While
it lasts every evaluation runs, each charged what it took however short (the text's
conversion to what JavaScript sees included), with at most what is left as its timeout. Once
it is spent nothing more runs, so the whole run's regex work stays within the budget:

- an evaluation is not run (BudgetSpent, a TimeoutError): it counts as no match, and its
  verdict says "not evaluated: the regex time budget is spent", never a silent off;
- no further pattern is compiled (RegexBudgetSpent): lint says so once, at the first skill
  it could not check, and simulate prints one note for the run.

A repository cannot lift it past MAX_SECONDS: `regex-budget: 1000000` is read as 10 s.

The budget is a value of this module (`current()`): each command of the CLI starts a run
(`start_run`, in cli/app.main) and ends it (`end_run`), the settings' `regex-budget` sets its
length once they are read (`configure`). Outside a run (skillkit used as a library) the budget
is unlimited and each evaluation is bounded by its own timeout only, as before.
"""

from __future__ import annotations

import time
from typing import Callable, Protocol, TypeVar

DEFAULT_SECONDS = 2.0
MAX_SECONDS = 10.0  # the ceiling: no setting lifts a run's regex work past it
AFTER_SPENT = 0.01  # the shortest timeout an evaluation is given while some budget is left
Result = TypeVar("Result")


class Pattern(Protocol):
    """What the budget needs of a compiled pattern: the key it is remembered by when left unrun.
    A protocol, not the triggers' JSRegex, so that the core does not import the triggers."""

    @property
    def source(self) -> str: ...

    @property
    def flags(self) -> str: ...


class BudgetSpent(TimeoutError):
    """An evaluation not run: the run's regex time budget is spent."""


class RegexBudget:
    def __init__(self, seconds: float = DEFAULT_SECONDS) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self.skipped = 0                           # evaluations counted as no match unrun
        self.uncompiled = 0                        # patterns not compiled
        self.announced = False                     # lint said so once already
        self.unevaluated: set[tuple[str, str]] = set()  # (pattern, flags) left unrun once it was spent

    @property
    def exhausted(self) -> bool:
        return self.spent >= self.seconds

    @property
    def ran_out(self) -> bool:
        """True when the budget changed some answer: an evaluation skipped or a pattern uncompiled."""
        return bool(self.skipped or self.uncompiled)

    def evaluate(self, rx: Pattern, timeout: float, run: Callable[[float], bool]) -> bool:
        """`run(timeout)` charged to the budget; TimeoutError when it counts as no match
        (BudgetSpent when it was not run at all)."""
        key = (rx.source, rx.flags)
        if self.exhausted:
            self.skipped += 1
            self.unevaluated.add(key)
            raise BudgetSpent("not evaluated: the regex time budget is spent")
        timeout = min(timeout, max(self.seconds - self.spent, AFTER_SPENT))
        started = time.perf_counter()
        try:
            return run(timeout)
        finally:
            self.spent += time.perf_counter() - started

    def compile(self, run: Callable[[], Result], spent: Callable[[str], Exception]) -> Result:
        """`run()` (a compile) charged to the budget; `spent(message)` raised once it is spent
        (the caller's own error: the triggers' RegexBudgetSpent)."""
        if self.exhausted:
            self.uncompiled += 1
            raise spent(f"the run's regex time budget ({self.seconds:g} s) is spent")
        started = time.perf_counter()
        try:
            return run()
        finally:
            self.spent += time.perf_counter() - started

    def note(self) -> str | None:
        """The one line a run prints when the budget changed its answers, else None."""
        if not self.ran_out:
            return None
        parts = []
        if self.skipped:
            parts.append(f"{self.skipped:,} evaluation{'s' if self.skipped != 1 else ''} of regex triggers "
                         "not run (counted as no match)")
        if self.uncompiled:
            parts.append(f"{self.uncompiled:,} regex trigger{'s' if self.uncompiled != 1 else ''} not compiled")
        return (f"the regex time budget ({self.seconds:g} s, setting `regex-budget`) was spent: "
                + " and ".join(parts))


_UNLIMITED = float("inf")
_current = RegexBudget(_UNLIMITED)


def start_run(seconds: float | None = None) -> RegexBudget:
    """A fresh budget for the run starting now (at most MAX_SECONDS)."""
    global _current
    _current = RegexBudget(min(DEFAULT_SECONDS if seconds is None else float(seconds), MAX_SECONDS))
    return _current


def end_run() -> None:
    global _current
    _current = RegexBudget(_UNLIMITED)


def configure(seconds: object) -> None:
    """The settings' `regex-budget`, applied to the run under way (none: nothing to apply),
    never past MAX_SECONDS."""
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds > 0 \
            and _current.seconds != _UNLIMITED:
        _current.seconds = min(float(seconds), MAX_SECONDS)


def current() -> RegexBudget:
    return _current
