"""Every regex skillkit itself applies to input, fed adversarial strings of 100 KB.

The strings are built from the characters each pattern names (a super-linear case needs them):
each character repeated, pairs alternated, and random prefix + repeated unit (+ repeated
middle) + suffix shapes (`{{` + `a!` * n, `<a` + `a` * n, `[` * n + `](x` * n). A pattern first
meets them short (STAGES), where a super-linear one already shows (the stdlib `re` has no
timeout: at 100 KB a cubic pattern would take hours); its five slowest shapes then run longer,
up to 100 KB.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
import time
from typing import Any, Iterator

import pytest
import regex

import skillkit

# (length, seconds one pass may take): a cubic pattern is caught at 300 characters, a quadratic
# one at 3,000, before either gets an input it would take minutes on (`re` has no timeout).
STAGES = ((300, 0.02), (3_000, 0.02), (100_000, 0.5))
_EXTRA = "a !\n\x010"
# How skillkit applies a pattern when it is not a search (finditer, the worst case, otherwise):
# a full match is anchored at both ends, so only one start position counts.
APPLIED = {"skillkit.platform.versions._SEMVER": "fullmatch",
           "skillkit.core.yamlsimple.LINE": "fullmatch",  # one frontmatter line
           "skillkit.core.markdown_tokens._CLOSING": "match",  # one line, from its start
           "skillkit.core.markdown.RULE": "match"}  # a list item's first line, from its start


def package_patterns() -> dict[str, Any]:
    found: dict[int, tuple[str, Any]] = {}
    for module in pkgutil.walk_packages(skillkit.__path__, "skillkit."):
        loaded = importlib.import_module(module.name)
        for name, value in vars(loaded).items():
            if isinstance(value, (re.Pattern, regex.Pattern)):
                found.setdefault(id(value), (f"{module.name}.{name}", value))
    return dict(found.values())


def alphabet(pattern: str) -> list[str]:
    """The printable characters the pattern names, and a few every text has."""
    chars = {c for c in pattern if c.isprintable() or c in "\n\t"}
    return sorted(chars | set(_EXTRA))


Shape = tuple[str, str, str, str]  # prefix, repeated unit, repeated middle (second half), suffix


def build(shape: Shape, length: int) -> str:
    prefix, unit, middle, suffix = shape
    if not middle:
        return prefix + unit * max((length - len(prefix)) // len(unit), 1) + suffix
    half = length // 2
    return prefix + unit * (half // len(unit)) + middle * (half // len(middle)) + suffix


def shapes(pattern: str, seed: int = 11) -> list[Shape]:
    chars = alphabet(pattern)
    rng = random.Random(seed)
    found: list[Shape] = [("", c, "", "") for c in chars]
    pairs = [(c, d) for c in chars for d in chars if c < d]
    found += [("", c + d, "", "") for c, d in rng.sample(pairs, min(len(pairs), 60))]

    def pick(low: int, high: int) -> str:
        return "".join(rng.choice(chars) for _ in range(rng.randint(low, high)))

    for _ in range(30):
        found.append((pick(0, 3), pick(1, 3), "", pick(0, 2)))
        found.append((pick(0, 3), pick(1, 3), pick(1, 3), pick(0, 2)))
    return found


def timed(compiled: Any, text: str, how: str = "finditer") -> float:
    """CPU seconds of this thread for one pass: a machine busy with other work (the wall clock
    ran 10-30x slow at a load of 8 on 2 cores) does not count, only the pattern's own steps."""
    started = time.thread_time()
    if how == "fullmatch":
        compiled.fullmatch(text)
    elif how == "match":
        compiled.match(text)
    else:
        for _ in compiled.finditer(text):
            pass
    return time.thread_time() - started


def slowest(compiled: Any, length: int, limit: float, candidates: list[Shape] | None = None,
            keep: int = 5, how: str = "finditer") -> tuple[float, str, list[Shape]]:
    """(seconds, input) of the slowest finditer pass, and the `keep` slowest shapes; stops at the
    first pass over `limit`."""
    times: list[tuple[float, Shape]] = []
    for shape in candidates if candidates is not None else shapes(compiled.pattern):
        text = build(shape, length)
        took = timed(compiled, text, how)
        if took > limit:  # a busy machine can pause any pass: the fastest of three decides
            took = min(took, timed(compiled, text, how), timed(compiled, text, how))
        times.append((took, shape))
        if took > limit:
            break
    times.sort(key=lambda pair: -pair[0])
    worst, shape = times[0]
    return worst, build(shape, length)[:40], [s for _, s in times[:keep]]


PATTERNS = package_patterns()


def test_the_package_has_patterns_to_check() -> None:
    assert len(PATTERNS) >= 20 and "skillkit.rules.naming.XML_TAG" in PATTERNS


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_a_package_regex_is_linear_on_adversarial_input(name: str) -> None:
    compiled, how = PATTERNS[name], APPLIED.get(name, "finditer")
    candidates = None
    for length, limit in STAGES:  # every shape short, then the slowest ones longer
        took, text, candidates = slowest(compiled, length, limit, candidates, how=how)
        assert took <= limit, f"{name} took {took:.3f} s on {length:,} characters starting {text!r}"


def test_the_shapes_find_a_quadratic_pattern() -> None:
    """The check is real: naming.XML_TAG as it was (6 s on `<a` + 40,000 `a`) fails it."""
    old = re.compile(r"<\s*/?\s*[A-Za-z][\w.:-]*[^<>]*>")
    took, _, _ = slowest(old, 10_000, 0.05)
    assert took > 0.05
