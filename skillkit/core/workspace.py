"""Discovery: which files under the given paths are skills, tools, agents, scenes, catalogs.

A *workspace root* is a folder holding `skillkit.yaml`, `catalog.yaml` or any of `skills/`,
`tools/`, `agents/`, `scenes/`. Skills are found anywhere (every folder holding SKILL.md,
not descending into a skill's own folder); the other kinds only at a root.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, TypeVar

from skillkit.core.errors import InputError
from skillkit.core.ignore import IgnoreLayer, compile_lines, ignored
from skillkit.core.paths import folders_up_to_repo_top

SKILL_FILE = "SKILL.md"
SETTINGS_FILE = "skillkit.yaml"
CATALOG_FILE = "catalog.yaml"
KIND_FOLDERS = {"tools": "tool", "agents": "agent", "scenes": "scene", "sessions": "session"}
ROOT_MARKERS = (SETTINGS_FILE, CATALOG_FILE, "skills", *KIND_FOLDERS)
T = TypeVar("T")
DEFAULT_EXCLUDES = ("__pycache__", "*.pyc", ".DS_Store", "node_modules", ".git", ".*")
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Workspace:
    """The files of one root (or, with root None, skills found outside any root)."""

    root: Path | None
    skills: list[Path] = field(default_factory=list)
    documents: list[tuple[str, Path]] = field(default_factory=list)  # (kind, path)
    # Files inside a root that were named on the command line (as pre-commit names them): the
    # whole workspace is read for context, findings are reported for these alone. None: all.
    only: set[Path] | None = None

    def reports(self, path: Path) -> bool:
        return self.only is None or path.resolve() in self.only


def excluded(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def is_root(folder: Path, names: set[str] | None = None) -> bool:
    """`names`: the folder's entries when the caller has listed them already (saves 7 stats)."""
    if names is not None:
        return not names.isdisjoint(ROOT_MARKERS)
    return any((folder / marker).exists() for marker in ROOT_MARKERS)


def _root_documents(root: Path) -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    for folder, kind in KIND_FOLDERS.items():
        base = root / folder
        if base.is_dir():
            found.extend((kind, p) for p in sorted(base.iterdir()) if p.suffix in YAML_SUFFIXES and p.is_file())
    if (root / CATALOG_FILE).is_file():
        found.append(("catalog", root / CATALOG_FILE))
    return found


def classify(path: Path) -> str | None:
    """The kind of a file given by name (as pre-commit passes them), or None."""
    if path.name == SKILL_FILE:
        return "skill"
    if path.name == CATALOG_FILE:
        return "catalog"
    if path.name == SETTINGS_FILE:
        return "settings"
    folder = path.resolve().parent.name  # resolved: `clash.yaml` named from inside agents/ has no parent name
    if path.suffix in YAML_SUFFIXES and folder in KIND_FOLDERS:
        return KIND_FOLDERS[folder]
    return None


def _walk(top: Path, excludes: tuple[str, ...], patterns: tuple[str, ...] = ()) -> list[Workspace]:
    """`excludes`: folder names never entered; `patterns`: the settings' `exclude`, gitignore
    syntax relative to `top` (the same matcher packs use)."""
    spaces: dict[Path | None, Workspace] = {}
    owner: dict[Path, Path | None] = {}
    layers = (IgnoreLayer("", compile_lines(patterns)),) if patterns else ()
    for folder_text, dirs, files in os.walk(top, followlinks=False):
        folder = Path(folder_text)
        relative = os.path.relpath(folder, top).replace(os.sep, "/")
        prefix = "" if relative == "." else relative + "/"
        dirs[:] = sorted(d for d in dirs if not excluded(d, excludes)
                         and not (layers and ignored(layers, prefix + d, is_dir=True)))
        if layers and SKILL_FILE in files and ignored(layers, prefix + SKILL_FILE, is_dir=False):
            files = [f for f in files if f != SKILL_FILE]
        parent_root = owner.get(folder.parent) if folder != top else None
        root = folder if is_root(folder, {*dirs, *files}) else parent_root
        owner[folder] = root
        if root == folder:
            spaces.setdefault(root, Workspace(root)).documents.extend(_root_documents(folder))
        if SKILL_FILE in files:
            spaces.setdefault(root, Workspace(root)).skills.append(folder / SKILL_FILE)
            dirs[:] = []  # a skill's own folders travel with it; they hold no other skills
            continue
        for name in dirs:
            # A linked skill folder (skills/x -> ../shared/x) is checked too, never silently
            # passed over; links are not walked (one to / would search the whole disk).
            linked = os.path.join(folder_text, name)
            if os.path.islink(linked) and os.path.isfile(os.path.join(linked, SKILL_FILE)):
                spaces.setdefault(root, Workspace(root)).skills.append(folder / name / SKILL_FILE)
    return [spaces[k] for k in sorted(spaces, key=lambda p: (p is not None, str(p)))]


def enclosing_root(path: Path) -> Path | None:
    """The nearest workspace root at or above `path`, not leaving the repository (`.git`)."""
    return next((candidate for candidate in folders_up_to_repo_top(path) if is_root(candidate)), None)


def _walk_root(root: Path, excludes: tuple[str, ...], patterns: tuple[str, ...]) -> Workspace:
    found = [w for w in _walk(root, excludes, patterns) if w.root == root]
    return found[0] if found else Workspace(root)


def discover(paths: list[Path], excludes: tuple[str, ...] = DEFAULT_EXCLUDES,
             patterns: tuple[str, ...] = ()) -> list[Workspace]:
    """Workspaces under the given folders and files. A file or folder inside a workspace brings
    its whole workspace in as context (cross-file rules need it) with findings limited to what
    was named. Raises InputError for a path that does not exist or a file of no known kind."""
    spaces: list[Workspace] = []
    within: dict[Path, Workspace] = {}
    loose = Workspace(None)

    def inside(root: Path, named: set[Path] | None) -> None:
        space = within.get(root)
        if space is None:
            space = within[root] = _walk_root(root, excludes, patterns)
            space.only = set()
        if space.only is not None:
            space.only = None if named is None else space.only | named

    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise InputError("no such file or folder", str(path))
        if path.is_dir():
            root = enclosing_root(path)
            if root is None or root == path.resolve():
                spaces.extend(_walk(path, excludes, patterns))
            else:
                inside(root, {p.resolve() for w in _walk(path, excludes, patterns) for p in w.skills + [d for _, d in w.documents]})
            continue
        kind = classify(path)
        if kind is None:
            raise InputError("not a skillkit file (SKILL.md, skillkit.yaml, catalog.yaml, "
                             "or a YAML file under tools/, agents/ or scenes/)", str(path))
        if kind == "settings":
            continue
        root = enclosing_root(path)
        if root is not None:
            inside(root, {path.resolve()})
            space = within[root]
            known = {p.resolve() for p in space.skills + [d for _, d in space.documents]}
            if path.resolve() not in known:  # named explicitly, though the walk excludes it (a hidden folder)
                if kind == "skill":
                    space.skills.append(path)
                else:
                    space.documents.append((kind, path))
        elif kind == "skill":
            loose.skills.append(path)
        else:
            loose.documents.append((kind, path))
    spaces.extend(within.values())
    if loose.skills or loose.documents:
        spaces.append(loose)
    return _merged(spaces)


def _merged(spaces: list[Workspace]) -> list[Workspace]:
    """One workspace per root, each file once: `lint . skills/a`, or a file named twice, must
    not read (and count) a file twice. A root walked whole outranks the same root read for context."""
    by_root: dict[Path | None, Workspace] = {}
    for space in spaces:
        key = space.root.resolve() if space.root is not None else None
        have = by_root.setdefault(key, space)
        if have is space:
            continue
        if have.only is not None and space.only is None:
            by_root[key] = space
        elif have.only is not None and space.only is not None:
            have.only |= space.only
        if key is None:  # loose files found from several paths
            have.skills += space.skills
            have.documents += space.documents
    for space in by_root.values():
        space.skills = _unique(space.skills, lambda path: path)
        space.documents = _unique(space.documents, lambda kind_path: kind_path[1])
    return list(by_root.values())


def _unique(items: list[T], path_of: Callable[[T], Path]) -> list[T]:
    """Each file once, however it was reached (a link, `..`): by device and inode, one stat
    each (resolving every path cost 10 times more on a big tree)."""
    seen: set[object] = set()
    out = []
    for item in items:
        try:
            status = os.stat(path_of(item))
            identity: object = (status.st_dev, status.st_ino)
        except OSError:  # unreadable: the reader reports it; keep it once by its name
            identity = os.path.abspath(path_of(item))
        if identity not in seen:
            seen.add(identity)
            out.append(item)
    return out
