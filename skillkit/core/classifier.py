"""Discovery's rules (ARCHITECTURE.md, Contracts: discovery): which folders of a walked tree
are skills, workspace roots, and which files count in a root, sorted into workspaces.

Pure over a file-system view (core/fsview.py): every question about the disk goes to the
view, so a test drives it with a tree held in memory, and the fast views are held to the
plain one by comparing what this finds through each."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Hashable

from skillkit.core.codex import CODEX_AGENT_KIND
from skillkit.core.fsview import FileSystemView
from skillkit.core.kinds import (CATALOG_FILE, DOCUMENT_ORDER, KIND_FOLDERS, PLUGIN_MARKER, PYPROJECT,
                                 SKILL_FILE, YAML_SUFFIXES, marks_root)
from skillkit.core.spaces import Workspace
from skillkit.core.walk import Folder, LeftOut, WalkRules


def sort_tree(view: FileSystemView, top: Path, rules: WalkRules, left_out: list[LeftOut],
              origin: Hashable = None, top_only: bool = False) -> list[Workspace]:
    """The workspaces under `top` (a folder), in the order found, loose skills last but one.
    `top_only`: only the workspace of `top` (a root) is wanted, so the walk does not go below a
    root nested in it: everything there belongs to that root (or a deeper one), never to `top`."""
    return _Sorter(view, top, rules, origin, top_only).run(left_out)


class _Sorter:
    """One tree's sorting: for each folder walked, its workspace root and, inside a skill, the
    skill it belongs to (by the folder's path relative to the top, as the walk gives it)."""

    def __init__(self, view: FileSystemView, top: Path, rules: WalkRules, origin: Hashable, top_only: bool) -> None:
        self.view, self.top, self.origin, self.top_only = view, top, origin, top_only
        self.walk = view.walk(top, rules)
        self.spaces: dict[Path | None, Workspace] = {}
        self.owner: dict[str, Path | None] = {}       # folder (relative) -> its workspace root
        self.in_skill: dict[str, Path] = {}           # folder (relative) inside a skill -> that SKILL.md
        self.kinds: dict[Path, dict[str, list[tuple[str, Path]]]] = {}
        self.left_out: list[LeftOut] = []

    def space(self, root: Path | None) -> Workspace:
        if root not in self.spaces:
            self.spaces[root] = Workspace(root, origin=self.origin if root is None else None, listings=self.walk.listed)
        return self.spaces[root]

    def run(self, left_out: list[LeftOut]) -> list[Workspace]:
        self.left_out = left_out
        for folder in self.walk.folders():
            parent = folder.rel.rpartition("/")[0] if folder.rel else None
            home = self.owner.get(parent) if parent is not None else None
            if folder.error is not None:
                self.space(home).unreadable.append((folder.path, f"the folder cannot be listed: {folder.error}"))
            elif (outer := self.in_skill.get(folder.rel)) is not None:
                self.inside_skill(folder, outer, home)
            else:
                self.plain_folder(folder, parent, home)
        left_out.extend(self.walk.left_out)
        for root, by_kind in self.kinds.items():
            self.spaces[root].documents.extend(d for k in DOCUMENT_ORDER for d in by_kind.get(k, ()))
        return [self.spaces[k] for k in sorted(self.spaces, key=lambda p: (p is not None, str(p)))]

    def inside_skill(self, folder: Folder, outer: Path, home: Path | None) -> None:
        """Inside a skill: only a nested SKILL.md is of interest."""
        nested = _nested_skill(folder)
        if nested is not None:
            self.space(home).nested.append((outer, nested))
            self.left_out.append(LeftOut(nested, False, f"a skill nested inside {self.view.show(outer.parent)}/: "
                                                        "clients do not load it (name it to check it)"))
        prefix = folder.rel + "/" if folder.rel else ""
        for entry in folder.dirs:
            self.in_skill[prefix + entry.name] = outer
        self.owner[folder.rel] = home

    def plain_folder(self, folder: Folder, parent: str | None, root: Path | None) -> None:
        dirs = {e.name for e in folder.dirs}
        files = {e.name for e in folder.files}
        is_skill = SKILL_FILE in dirs or SKILL_FILE in files
        if not is_skill and marks_root(dirs, files, lambda: self.view.tool_table(folder.path / PYPROJECT)):
            if self.top_only and folder.rel:  # a nested root: its files are its own (they would be dropped)
                folder.dirs = []
                return
            root = folder.path
            self.space(root)
            if CATALOG_FILE in files:
                self.kinds.setdefault(root, {}).setdefault("catalog", []).append(("catalog", folder.path / CATALOG_FILE))
        self.owner[folder.rel] = root
        if PLUGIN_MARKER in dirs and not is_skill:
            self.space(root).plugins.append(folder.path)
        if is_skill:
            self.skill_folder(folder, root, "agents" in dirs)
            return
        kind = KIND_FOLDERS.get(folder.path.name) if parent is not None else None
        if kind is not None and root is not None and self.owner.get(parent) == root and folder.path.parent == root:
            self.kinds.setdefault(root, {}).setdefault(kind, []).extend(
                (kind, Path(e.path)) for e in folder.files if e.name.endswith(YAML_SUFFIXES))
        for skill in self.linked_skills(folder.files):
            self.space(root).skills.append(skill)
            self.space(root).linked.add(skill)

    def skill_folder(self, folder: Folder, root: Path | None, has_agents: bool) -> None:
        # one Path from the string, not the folder's and then its child: thousands a walk
        skill = Path(folder.where + os.sep + SKILL_FILE)
        space = self.space(root)
        space.skills.append(skill)
        space.listed_in[skill] = folder.where
        codex = folder.path / "agents" / "openai.yaml" if has_agents else None
        if codex is not None and self.view.is_file(codex):  # Codex's settings for this skill (core/codex.py)
            space.documents.append((CODEX_AGENT_KIND, codex))
        folder.dirs = [d for d in folder.dirs if d.name != SKILL_FILE]
        prefix = folder.rel + "/" if folder.rel else ""
        for entry in folder.dirs:
            self.in_skill[prefix + entry.name] = skill

    def linked_skills(self, entries: list[os.DirEntry[str]]) -> list[Path]:
        """The SKILL.md files of the linked skill folders among a folder's entries (skills/x ->
        ../shared/x): checked too, never silently passed over. Links are not walked (one to /
        would search the whole disk); a linked folder that is no skill is left out, saying what
        it holds."""
        skills = []
        for entry in entries:
            if entry.is_symlink() and self.view.is_dir(entry.path):
                if self.view.lexists(os.path.join(entry.path, SKILL_FILE)):
                    skills.append(Path(entry.path) / SKILL_FILE)
                else:
                    self.left_out.append(LeftOut(Path(entry.path), True, self.view.link_reason(entry.path, self.top)))
        return skills


def _nested_skill(folder: Folder) -> Path | None:
    """The SKILL.md of a folder inside a skill, if the walk kept one (the walk goes no further
    into it either way). `names` holds what the walk left out too: the cheap test first (most
    of a walk's folders are inside skills), then whether the walk kept it."""
    if SKILL_FILE not in folder.names:
        return None
    kept = any(e.name == SKILL_FILE for e in folder.dirs + folder.files)
    folder.dirs = [d for d in folder.dirs if d.name != SKILL_FILE]
    return folder.path / SKILL_FILE if kept else None
