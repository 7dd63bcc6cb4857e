"""The one walk over a tree that discovery (lint, simulate, render, resolve) and packs share,
so that what a pack holds and what lint checks can never disagree (ARCHITECTURE.md,
Contracts: discovery).

Hidden folders are walked (`.claude/skills`, `skills/.curated`). Left out, each with the
reason `--show-files` prints: `.git` and the usual tool folders, skillkit's own temporary
names (`.skillkit*`), what `.gitignore` files (nested ones too, each below its folder) and
`.git/info/exclude` ignore unless `respect-gitignore: false`, the settings' `exclude`, and
what the caller adds (packs: `.skillignore` and their defaults). Links are never followed.
The walk keeps its own stack: a tree 1,000 folders deep costs no recursion.
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterator

import msgspec

from skillkit.core.gitindex import Tracked, read_tracked
from skillkit.core.ignore import IgnoreLayer, compile_lines, deciding

# What no client loads skills from and no pack ships: version control and tool caches.
TOOL_FOLDERS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox",
                          ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages"})
# skillkit's temporary files and caches (`.skillkit-new-*`, `.skillkit_cache/`): never input.
TEMP_PREFIX = ".skillkit"
GITIGNORE = ".gitignore"
_NAMED_OUT = TOOL_FOLDERS | {".git"}  # the names Walker._reason leaves out whatever the patterns
MAX_IGNORE_BYTES = 1024 * 1024


class LeftOut(msgspec.Struct, frozen=True):
    """A path a walk (or discovery) did not take, and why."""

    path: Path
    is_dir: bool
    reason: str


class WalkRules(msgspec.Struct, frozen=True):
    """What leaves paths out. `exclude`: the settings' patterns (gitignore syntax, relative to
    the top); `ignore_file`: an extra per-folder ignore file (packs: `.skillignore`);
    `defaults`: the caller's own always-out patterns, with `defaults_reason` to show."""

    respect_gitignore: bool = True
    exclude: tuple[str, ...] = ()
    ignore_file: str | None = None
    defaults: tuple[str, ...] = ()
    defaults_reason: str = ""


class Folder(msgspec.Struct, dict=True):
    """One folder of the walk: its subfolders (not links) and its other entries, both already
    filtered. Remove names from `dirs` to keep the walk out of them (as with os.walk)."""

    where: str                    # the folder as os.scandir names it (`path`: as a Path)
    rel: str                      # relative to the top, posix; "" for the top
    dirs: list[os.DirEntry[str]]
    files: list[os.DirEntry[str]]
    error: str | None = None      # the folder could not be listed
    names: set[str] = msgspec.field(default_factory=set)

    @cached_property
    def path(self) -> Path:
        # made when asked for: a walk of thousands of folders (discovery descends into every
        # skill's) asks for few of them, and a Path costs more than listing a small folder
        return Path(self.where)


def repo_top(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git`, or None."""
    folder = start.resolve()
    for candidate in (folder, *folder.parents):
        if os.path.lexists(candidate / ".git"):
            return candidate
    return None


def _read_patterns(file: Path) -> list[str] | None:
    """An ignore file's lines; None when it cannot be read or is no regular file (a FIFO named
    `.gitignore` is never opened for a read that would wait forever)."""
    from skillkit.core.errors import InputError
    from skillkit.core.reader import read_head

    try:
        data = read_head(file, MAX_IGNORE_BYTES)
    except InputError:
        return None
    return data.decode("utf-8", errors="replace").split("\n")


Scan = Callable[[str], list[os.DirEntry[str]]]  # one folder's entries (OSError: it cannot be listed)


def scan_disk(folder: str) -> list[os.DirEntry[str]]:
    """A folder's entries as the OS lists them, sorted by name (OSError: it cannot be listed)."""
    return sorted(os.scandir(folder), key=lambda e: e.name)


class Walker:
    """Walks `top` (a folder), recording in `left_out` every path it did not take and why.
    `scan` lists one folder (core/fsview.py: the disk, or listings a walk recorded)."""

    def __init__(self, top: Path, rules: WalkRules = WalkRules(),
                 show: Callable[[Path], str] = lambda path: path.as_posix(),
                 scan: Scan = scan_disk) -> None:
        self.top = top
        self.show = show
        self.rules = rules
        self.scan = scan
        self.left_out: list[LeftOut] = []
        # every folder's whole listing (nothing left out), as scandir names it: lint's cache
        # fingerprints a skill's files from it instead of listing every skill folder again
        self.listed: dict[str, list[os.DirEntry[str]]] = {}
        resolved = top.resolve()
        repo = repo_top(resolved)
        self._repo = repo
        self._tracked: Tracked | None | bool = False  # read when an ignore file first matches (False: not yet)
        self._git_base = repo if repo is not None else resolved
        rel = os.path.relpath(resolved, self._git_base).replace(os.sep, "/")
        self._git_prefix = "" if rel == "." else rel + "/"  # the top, seen from the git base
        self._fixed = (IgnoreLayer("", compile_lines(rules.exclude), "the settings' `exclude`")
                       if rules.exclude else None)
        self._defaults = IgnoreLayer("", compile_lines(rules.defaults), rules.defaults_reason) if rules.defaults else None

    def _git_layers(self) -> list[IgnoreLayer]:
        """`.git/info/exclude`, then the `.gitignore` files above the top (the top's own and
        those below are read as the walk reaches them)."""
        if not self.rules.respect_gitignore:
            return []
        layers = []
        exclude = self._git_base / ".git" / "info" / "exclude"
        lines = _read_patterns(exclude) if exclude.is_file() else None
        if lines:
            layers.append(IgnoreLayer("", compile_lines(lines), str(exclude)))
        parts = self._git_prefix.rstrip("/").split("/") if self._git_prefix else []
        for depth in range(len(parts)):
            base = "/".join(parts[:depth])
            lines = _read_patterns(self._git_base / base / GITIGNORE)
            if lines:
                layers.append(IgnoreLayer(base, compile_lines(lines), str(self._git_base / base / GITIGNORE)))
        return layers

    def _reason(self, rel: str, name: str, is_dir: bool, git: list[IgnoreLayer], own: list[IgnoreLayer],
                forced: str | None = None) -> tuple[str | None, str | None]:
        """Why the entry is left out (None: taken), and for a folder taken only because git
        tracks files in it, the ignore file's reason its untracked entries inherit."""
        if name in TOOL_FOLDERS and is_dir or name == ".git":
            return "tool folder", None
        if name.startswith(TEMP_PREFIX):
            return "skillkit temporary file", None
        if self._fixed is not None:
            hit = deciding((self._fixed,), rel, is_dir)
            if hit is not None:
                return f"excluded by the settings' `exclude` ({hit[1].source.strip()})", None
        path = self._git_prefix + rel
        found = deciding(git, path, is_dir) if git else None
        ignored = forced if found is None else \
            f"ignored by {self.show(Path(found[0].source))}:{found[1].number} ({found[1].source.strip()})"
        if ignored is not None:
            if not self._is_tracked(path, is_dir):
                return ignored, None
            forced = ignored  # kept for what git tracks in it; the rest of it stays ignored
        hit = deciding(own, rel, is_dir) if own else None
        if hit is not None:
            return f"ignored by {self.show(Path(hit[0].source))}:{hit[1].number} ({hit[1].source.strip()})", None
        if self._defaults is not None and deciding((self._defaults,), rel, is_dir) is not None:
            return self.rules.defaults_reason, None
        return None, forced if is_dir else None

    def _is_tracked(self, path: str, is_dir: bool) -> bool:
        """Git ignores untracked files only: a tracked file, or a folder holding one, is never
        left out by an ignore file (the index says, core/gitindex.py)."""
        if self._tracked is False:
            self._tracked = read_tracked(self._repo) if self._repo is not None else None
        return isinstance(self._tracked, Tracked) and self._tracked.holds(path, is_dir)

    def folders(self) -> Iterator[Folder]:
        """Every folder taken, parents before children, names in sorted order."""
        stack: list[tuple[str, str, list[IgnoreLayer], list[IgnoreLayer], str | None]] = [
            (str(self.top), "", self._git_layers(), [], None)]
        while stack:
            path, rel, git, own, forced = stack.pop()
            try:
                entries = self.scan(path)
            except OSError as exc:
                yield Folder(path, rel, [], [], error=exc.strerror or str(exc))
                continue
            self.listed[path] = entries
            names = {e.name for e in entries}
            prefix = rel + "/" if rel else ""
            if self.rules.respect_gitignore and GITIGNORE in names:
                lines = _read_patterns(Path(path, GITIGNORE))
                if lines:
                    git = [*git, IgnoreLayer(self._git_prefix + rel, compile_lines(lines), str(Path(path, GITIGNORE)))]
            if self.rules.ignore_file is not None and self.rules.ignore_file in names:
                own_file = Path(path, self.rules.ignore_file)
                if own_file.is_file() and not own_file.is_symlink():
                    own = [*own, self._own_layer(own_file, rel)]
            dirs, files = [], []
            inherited: dict[str, str] = {}  # folders kept for their tracked files -> the reason
            # no pattern applies here: only a name can leave an entry out (asked first: discovery
            # walks every folder of every skill, and most trees have no ignore file inside them)
            plain = not git and not own and self._fixed is None and self._defaults is None and forced is None
            for entry in entries:
                try:
                    is_dir = entry.is_dir(follow_symlinks=False)
                except OSError:
                    is_dir = False
                name = entry.name
                if plain and name not in _NAMED_OUT and not name.startswith(TEMP_PREFIX):
                    reason, keeps = None, None
                else:
                    reason, keeps = self._reason(prefix + name, name, is_dir, git, own, forced)
                if reason is not None:
                    self.left_out.append(LeftOut(Path(entry.path), is_dir, reason))
                elif is_dir:
                    dirs.append(entry)
                    if keeps is not None:
                        inherited[entry.name] = keeps
                else:
                    files.append(entry)
            folder = Folder(path, rel, dirs, files, names=names)
            yield folder
            for entry in reversed(folder.dirs):
                stack.append((entry.path, prefix + entry.name, git, own, inherited.get(entry.name)))

    def _own_layer(self, file: Path, rel: str) -> IgnoreLayer:
        """The caller's ignore file; unreadable, it stops the walk (a pack must not guess)."""
        from skillkit.core.errors import ConfigError
        from skillkit.core.reader import read_text

        shown = file.as_posix()
        source, findings = read_text(file, shown)
        if source is None:
            first = findings[0]
            raise ConfigError(first.message, shown, first.line, first.column)
        return IgnoreLayer(rel, compile_lines(source.text.split("\n")), str(file))
