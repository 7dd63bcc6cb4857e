"""Did you mean: the one place an unknown name (a key, a rule id, a skill, a link) finds the
known name it is most likely a typo of."""

from __future__ import annotations

from typing import Iterable


def edits(a: str, b: str, limit: int = 3) -> int:
    """Damerau-Levenshtein distance (optimal string alignment: a swap of two neighbours is one
    edit, as `tirggers` is one slip from `triggers`), capped at `limit` + 1 to stay cheap."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


def allowed_edits(word: str) -> int:
    """Two edits for a word of five characters or more, one below: two slips in `tool` reach
    `role`, `took`, `pool`, which would suggest nonsense."""
    return 2 if len(word) >= 5 else 1


def closest(word: str, known: Iterable[str], max_edits: int | None = None) -> str | None:
    """The known name within `max_edits` of `word` (case is a free slip: `Description`), the
    nearest first and, between equals, the first given; None when nothing is that close."""
    limit = allowed_edits(word) if max_edits is None else max_edits
    best: tuple[int, str] | None = None
    for name in known:
        if name == word:
            continue
        distance = 0 if name.lower() == word.lower() else edits(word.lower(), name.lower(), limit)
        if distance <= limit and (best is None or distance < best[0]):
            best = (distance, name)
    return best[1] if best else None


def did_you_mean(word: str, known: Iterable[str], max_edits: int | None = None) -> str:
    """" (did you mean `triggers`?)", or "" when no known name is close."""
    match = closest(word, known, max_edits)
    return f" (did you mean `{match}`?)" if match else ""
