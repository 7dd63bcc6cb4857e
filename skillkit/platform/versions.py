"""Versions as the platform has them: integers (`3`) or semantic versions (`1.2.0`).

Semantic versions compare by precedence (semver.org section 11): numbers numerically, a
prerelease below its release, numeric identifiers below alphanumeric ones. Build metadata
(`+build`) takes no part in precedence but is part of a version's identity, so `1.0.0+a` and
`1.0.0+b` are two published versions, ordered by their text when precedence ties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from skillkit.core.fields.base import SEMVER_BODY

_SEMVER = re.compile(SEMVER_BODY)  # the one grammar lint's schema uses too
_INT_TEXT = re.compile(r"[1-9][0-9]*")

Raw = int | str


@dataclass(frozen=True, slots=True)
class Version:
    """One version. `raw` is what JSON shows (an int, or the semver text); `key` orders."""

    raw: Raw = field(compare=True)
    key: tuple[Any, ...] = field(compare=False, repr=False)

    def __lt__(self, other: Version) -> bool:
        return (self.key, str(self.raw)) < (other.key, str(other.raw))

    def __str__(self) -> str:
        return str(self.raw)

    @property
    def is_semver(self) -> bool:
        return isinstance(self.raw, str)


def _identifier_key(part: str) -> tuple[int, int | str]:
    # Numeric identifiers have lower precedence than alphanumeric ones.
    return (0, int(part)) if part.isdigit() else (1, part)


def _semver(text: str) -> Version | None:
    match = _SEMVER.fullmatch(text)
    if match is None:
        return None
    major, minor, patch, pre, _build = match.groups()
    # A release ranks above every prerelease of it: (1,) > (0, ...).
    pre_key: tuple[Any, ...] = (1,) if pre is None else (0, *(_identifier_key(p) for p in pre.split(".")))
    return Version(text, (1, int(major), int(minor), int(patch), pre_key))


def parse_version(value: object) -> Version | None:
    """A version from YAML: an int >= 1, or a semver string. A catalog mapping's keys arrive as
    text, so a string of digits is read as the integer it spells. None when it is neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Version(value, (0, value)) if value >= 1 else None
    if isinstance(value, str):
        text = value.strip()
        if _INT_TEXT.fullmatch(text):
            return Version(int(text), (0, int(text)))
        return _semver(text)
    return None


def latest(versions: frozenset[Version] | set[Version] | tuple[Version, ...]) -> Version | None:
    """The highest version (integers rank below semantic versions when a catalog mixes them,
    which `version-kind` reports for files); None for no versions."""
    return max(versions) if versions else None


def shown(versions: frozenset[Version] | set[Version] | tuple[Version, ...]) -> str:
    """`1, 2, 3` in ascending order, for messages."""
    return ", ".join(str(v) for v in sorted(versions)) or "none"
