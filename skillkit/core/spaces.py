"""What discovery hands on: a workspace's files (ARCHITECTURE.md, Contracts: discovery).
Plain data, built by the classifier (core/classifier.py) and discovery (core/workspace.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Hashable


@dataclass  # not a Struct: its memos and listings are left out of == and repr (compare=False)
class Workspace:
    """The files of one root (or, with root None, skills found outside any root)."""

    root: Path | None
    skills: list[Path] = field(default_factory=list)
    documents: list[tuple[str, Path]] = field(default_factory=list)  # (kind, path)
    # Files inside a root that were named on the command line (as pre-commit names them): the
    # whole workspace is read for context, findings are reported for these alone. None: all.
    # Resolved, as `identity` spells them: a Path per named file cost more than finding it.
    only: set[str] | None = None
    nested: list[tuple[Path, Path]] = field(default_factory=list)  # (outer SKILL.md, nested SKILL.md)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)  # folders a walk could not list
    origin: Hashable = None  # loose skills: the repository or command-line path they came from
    linked: set[Path] = field(default_factory=set)  # skills reached through a linked folder
    plugins: list[Path] = field(default_factory=list)  # folders holding `.claude-plugin/` (a plugin's root)
    _resolved: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)
    # How a path is resolved: discovery's memoised resolve (a folder at a time) once it is done
    _resolve: Callable[[Path], Path] = field(default=Path.resolve, repr=False, compare=False)
    # what the walk listed (Walker.listed) and where it listed each skill's folder: lint's
    # cache reads a skill's files from there (a skill not walked so is listed again)
    listings: dict[str, list[os.DirEntry[str]]] = field(default_factory=dict, repr=False, compare=False)
    listed_in: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)

    def reports(self, path: Path) -> bool:
        if self.only is None:
            return True
        if (real := self._resolved.get(path)) is None:  # asked several times a file: resolved once
            real = self._resolved[path] = identity(self._resolve(path))
        return real in self.only


def identity(resolved: Path | str) -> str:
    """A resolved path as a string that is equal where the Paths are (their case folded where
    the system's paths ignore case, as Path's equality does)."""
    return os.path.normcase(os.fspath(resolved))
