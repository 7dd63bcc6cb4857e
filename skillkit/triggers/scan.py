"""The scan text of a turn (ARCHITECTURE.md, Contracts: triggers).

The newest `scanDepth` messages up to and including the one being answered, each trimmed,
newest first, each preceded by U+0001 and followed by a newline before the next:
`"\\x01newest\\n\\x01older"`. An empty message still takes a depth slot; tool messages and
hidden messages take none.

The history a turn sees is a chain of `Unit`s, one per scanned message, each pointing at the
one before it. A chain, not a list, because a swipe takes back the reply it replaces: the
units after the swiped reply's start are simply not on the new chain, and every turn keeps
its own history for the cost of one pointer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

JOINER = "\x01"


@dataclass(frozen=True, slots=True, eq=False)
class Unit:
    """One scanned message as a turn's history holds it."""

    id: int            # unique per transcript walk, in creation order
    message: int       # index of the message in the transcript as given (the first one, when
                       # a continue appended to it)
    text: str          # trimmed text; "" for an empty message
    prev: Unit | None  # the message before it in this history
    pos: int           # how many units come before it on its chain

    def newest_first(self, depth: int) -> Iterator[Unit]:
        """This unit and those before it, at most `depth` of them."""
        unit: Unit | None = self
        while unit is not None and depth > 0:
            yield unit
            unit = unit.prev
            depth -= 1


def window(answered: Unit | None, depth: int) -> list[Unit]:
    """The units a trigger with this scan depth reads, newest first."""
    if answered is None or depth <= 0:
        return []
    return list(answered.newest_first(depth))


def join(texts: list[str]) -> str:
    """Newest-first message texts -> the joined scan text ("" for none)."""
    if not texts:
        return ""
    return JOINER + f"\n{JOINER}".join(texts)


def scan_text(answered: Unit | None, depth: int) -> str:
    """The joined scan text a trigger with this depth sees on a turn answering `answered`."""
    return join([u.text for u in window(answered, depth)])
