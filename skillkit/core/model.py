"""Typed, immutable objects the commands work on, built only from documents without errors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import msgspec


def freeze(value: Any) -> Any:
    """Deep read-only copy: mappings become MappingProxyType, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


Version = int | str  # an integer >= 1, or a semantic version string


class ToolRef(msgspec.Struct, frozen=True):
    name: str
    version: Version | None = None
    line: int = 1
    column: int = 1


@dataclass(frozen=True, slots=True)  # a dataclass still: tests replace() it and read dataclasses.fields()
class Skill:
    """A valid skill. `fields` holds the frontmatter as written; the typed attributes carry
    the defaults of the field registry."""

    name: str
    description: str
    body: str
    path: str           # display path of SKILL.md
    folder: Path        # the skill's folder on disk
    fields: Mapping[str, Any]
    when: str = "picked"
    triggers: tuple[str, ...] = ()
    secondary_triggers: tuple[str, ...] = ()
    trigger_logic: str = "any"
    selective_logic: str = "andAny"
    case_sensitive: bool = False
    match_whole_words: bool = False
    scan_depth: int = 2
    close_when_unmentioned: bool = False
    version: Version = 1
    tools: tuple[ToolRef, ...] = ()
    examples: tuple[Mapping[str, Any], ...] = ()

    @property
    def id(self) -> str:
        """The skill id a scene links: its folder name."""
        return self.folder.name


class Document(msgspec.Struct, frozen=True):
    """Any other workspace YAML file (tool, agent, scene, catalog), valid, frozen."""

    kind: str
    path: str
    file: Path
    data: Mapping[str, Any]
    positions: Mapping[tuple[str | int, ...], tuple[int, int]]

    def where(self, *path: str | int) -> tuple[int, int]:
        probe = tuple(path)
        while probe and probe not in self.positions:
            probe = probe[:-1]
        return self.positions.get(probe, (1, 1))
