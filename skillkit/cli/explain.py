"""`--explain NAME,...` of simulate and render: which linked skills a person asked about."""

from __future__ import annotations

from collections.abc import Sequence

GLOB = set("*?[")


def pick(names: Sequence[str], patterns: Sequence[str]) -> list[int]:
    """The indexes of `names` that `patterns` pick (each value: names or glob patterns, commas
    between), in order; a UsageError, with a did-you-mean, for a name or pattern that picks none."""
    import fnmatch

    from skillkit.core.errors import UsageError
    from skillkit.core.suggest import did_you_mean

    chosen: set[int] = set()
    for value in patterns:
        for pattern in filter(None, (part.strip() for part in value.split(","))):
            if GLOB & set(pattern):
                found = [i for i, n in enumerate(names) if fnmatch.fnmatchcase(n, pattern)]
                if not found:
                    raise UsageError(f"--explain: the pattern {pattern!r} matches no linked skill")
            elif pattern in names:
                found = [list(names).index(pattern)]
            else:
                few = f"; the linked skills are: {', '.join(names) or 'none'}" if len(names) <= 12 else ""
                raise UsageError(f"--explain: no linked skill {pattern!r}{did_you_mean(pattern, list(names))}{few}")
            chosen.update(found)
    return sorted(chosen)
