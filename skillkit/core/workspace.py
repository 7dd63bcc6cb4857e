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

from skillkit.core.errors import InputError

SKILL_FILE = "SKILL.md"
SETTINGS_FILE = "skillkit.yaml"
CATALOG_FILE = "catalog.yaml"
KIND_FOLDERS = {"tools": "tool", "agents": "agent", "scenes": "scene"}
ROOT_MARKERS = (SETTINGS_FILE, CATALOG_FILE, "skills", *KIND_FOLDERS)
DEFAULT_EXCLUDES = ("__pycache__", "*.pyc", ".DS_Store", "node_modules", ".git", ".*")
YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class Workspace:
    """The files of one root (or, with root None, skills found outside any root)."""

    root: Path | None
    skills: list[Path] = field(default_factory=list)
    documents: list[tuple[str, Path]] = field(default_factory=list)  # (kind, path)

    @property
    def settings(self) -> Path | None:
        if self.root and (self.root / SETTINGS_FILE).is_file():
            return self.root / SETTINGS_FILE
        return None


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
    if path.suffix in YAML_SUFFIXES and path.parent.name in KIND_FOLDERS:
        return KIND_FOLDERS[path.parent.name]
    return None


def _walk(top: Path, excludes: tuple[str, ...]) -> list[Workspace]:
    spaces: dict[Path | None, Workspace] = {}
    owner: dict[Path, Path | None] = {}
    for folder_text, dirs, files in os.walk(top, followlinks=False):
        folder = Path(folder_text)
        dirs[:] = sorted(d for d in dirs if not excluded(d, excludes))
        parent_root = owner.get(folder.parent) if folder != top else None
        root = folder if is_root(folder, {*dirs, *files}) else parent_root
        owner[folder] = root
        if root == folder:
            spaces.setdefault(root, Workspace(root)).documents.extend(_root_documents(folder))
        if SKILL_FILE in files:
            spaces.setdefault(root, Workspace(root)).skills.append(folder / SKILL_FILE)
            dirs[:] = []  # a skill's own folders travel with it; they hold no other skills
    return [spaces[k] for k in sorted(spaces, key=lambda p: (p is not None, str(p)))]


def discover(paths: list[Path], excludes: tuple[str, ...] = DEFAULT_EXCLUDES) -> list[Workspace]:
    """Workspaces under the given folders and files. Raises InputError for a path that does
    not exist or a file skillkit does not know how to read."""
    spaces: list[Workspace] = []
    loose = Workspace(None)
    for path in paths:
        if path.is_dir():
            spaces.extend(_walk(path, excludes))
            continue
        if not path.exists() and not path.is_symlink():
            raise InputError("no such file or folder", str(path))
        kind = classify(path)
        if kind is None:
            raise InputError("not a skillkit file (SKILL.md, skillkit.yaml, catalog.yaml, "
                             "or a YAML file under tools/, agents/ or scenes/)", str(path))
        if kind == "skill":
            loose.skills.append(path)
        elif kind != "settings":
            loose.documents.append((kind, path))
    if loose.skills or loose.documents:
        spaces.append(loose)
    return spaces
