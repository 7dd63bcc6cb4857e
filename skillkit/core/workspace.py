"""Discovery (ARCHITECTURE.md, Contracts: discovery): which files under the given paths are
skills, tools, agents, scenes, catalogs, through the one walk packs use too (core/walk.py).
A walked tree is sorted by the classifier (core/classifier.py), which asks only a file-system
view (core/fsview.py); this module brings the paths named on the command line in.

A *skill* is a folder holding `SKILL.md`; everything below it belongs to it (its `agents/` is
Codex's, not a workspace's), and a `SKILL.md` nested there is reported, not linted, on a walk.
A *workspace root* is a folder holding `skillkit.yaml`, `[tool.skillkit]` in pyproject.toml or
a `skills/` folder, and never a skill folder; only directly in a root do `agents/`, `tools/`,
`scenes/` and `catalog.yaml` count. Skills outside any root form one workspace per repository
(the nearest `.git`), else per path given: unrelated trees linted together share no names.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Hashable, Sequence, TypeVar

import msgspec

from skillkit.core.classifier import sort_tree
from skillkit.core.codex import CODEX_AGENT_KIND, is_codex_agent_file
from skillkit.core.diagnostics import Severity
from skillkit.core.fsview import FileSystemView, NamedView, PlainView
from skillkit.core.kinds import (CATALOG_FILE, KIND_FOLDERS, PLUGIN_MARKER, PYPROJECT, SETTINGS_FILE,  # noqa: F401
                                 SKILL_FILE, YAML_SUFFIXES)
from skillkit.core.named import WalkedSkills, plain_absolute
from skillkit.core.paths import display, folders_up_to_repo_top
from skillkit.core.rulebase import Finding
from skillkit.core.spaces import Workspace, identity
from skillkit.core.walk import LeftOut, WalkRules

# What discovery finds but cannot, or would not, check (core/findings.py lists them; the
# pipeline reports them).
FILE_UNREADABLE = Finding("file-unreadable", Severity.ERROR, """
        A path found by a walk cannot be read: a `SKILL.md` link whose target is gone, a FIFO
        or device named `SKILL.md`, a folder named `SKILL.md`, a folder that cannot be listed.
        It is reported on that path and everything else is still checked (a path named on the
        command line that cannot be opened stops the run instead, exit 2).""")
SKILL_NESTED = Finding("skill-nested", Severity.WARNING, """
        A `SKILL.md` sits inside another skill's folder. Clients load the outer skill and never
        discover the inner one, so a walk does not lint it either; this warning on the outer
        skill says so. Move the inner skill beside the outer one, or name its file or folder on
        the command line to check it.""")

T = TypeVar("T")
DEFAULT_EXCLUDES = ("__pycache__", "*.pyc", ".DS_Store", "node_modules", ".git")
WHAT_COUNTS = ("SKILL.md, or skillkit.yaml, catalog.yaml, agents/, tools/, scenes/, sessions/ directly in a workspace root "
               "(a folder with skillkit.yaml or skills/)")


class Discovery(msgspec.Struct):
    """What a set of paths holds, and every path the walks left out with the reason."""

    spaces: list[Workspace]
    left_out: list[LeftOut]
    searched: list[Path | str]  # as given
    settings: list[Path] = msgspec.field(default_factory=list)  # settings files named on the command line


PLAIN = PlainView()  # (it keeps nothing between questions: one serves every caller)


def is_root(folder: Path) -> bool:
    """Whether `folder` is a workspace root: never a skill folder."""
    return PLAIN.is_root(folder)


def classify(path: Path, resolve: Callable[[Path], Path] = Path.resolve) -> str | None:
    """The kind of a file by its name alone (as pre-commit passes them), or None."""
    if path.name == SKILL_FILE:
        return "skill"
    if path.name == CATALOG_FILE:
        return "catalog"
    if path.name == SETTINGS_FILE:
        return "settings"
    folder = resolve(path).parent.name  # resolved: `clash.yaml` named from inside agents/ has no parent name
    if path.suffix in YAML_SUFFIXES and folder in KIND_FOLDERS:
        return KIND_FOLDERS[folder]
    return None


def kind_here(path: Path, view: FileSystemView = PLAIN) -> str | None:
    """The kind of a named file where it is: `agents/x.yaml` and `catalog.yaml` count only
    directly in a workspace root (a Kubernetes manifest in `infra/agents/` is not skillkit's)."""
    if is_codex_agent_file(path, view.is_file):  # a skill's own Codex settings, wherever the skill is
        return CODEX_AGENT_KIND
    kind = classify(path, view.resolve)
    if kind in ("skill", "settings", None):
        return kind
    home = view.resolve(path).parent
    return kind if view.is_root(home if kind == "catalog" else home.parent) else None


def _loose_key(path: Path, index: int, view: FileSystemView) -> Hashable:
    top = view.repo_top(path)
    return ("repo", str(top)) if top is not None else ("path", index)


def enclosing_root(path: Path, known: dict[Path, tuple[bool, bool]] | None = None,
                   resolve: Callable[[Path], Path] = Path.resolve, view: FileSystemView = PLAIN) -> Path | None:
    """The nearest workspace root at or above `path`, not leaving the repository (`.git`).
    `known` remembers each folder's answers (a root? the repository's top?) across calls:
    pre-commit names thousands of files under one `skills/` folder, and listing it again for
    each cost more than linting them."""
    memo: dict[Path, tuple[bool, bool]] = {} if known is None else known

    def answers(folder: Path) -> tuple[bool, bool]:
        if (found := memo.get(folder)) is None:
            found = memo[folder] = (view.is_root(folder), view.exists(folder / ".git"))
        return found

    return next((candidate for candidate in folders_up_to_repo_top(path, resolve, lambda f: answers(f)[1], view.is_dir)
                 if answers(candidate)[0]), None)


def _root_above_skill(target: str, above: dict[str, Path | None], search: Callable[[Path], Path | None],
                      has_git: Callable[[str], bool]) -> tuple[bool, Path | None]:
    """enclosing_root of a named file resolved to `target`, when that is a SKILL.md: (True,
    the root) then, else (False, None). Its folder holds SKILL.md, so is never a root and
    need not be listed: the search goes on above it, unless it is the repository's top, and
    `search` (enclosing_root) is asked once per folder above (`above` remembers): pre-commit
    names thousands of skills in one skills/ folder, and listing each skill's folder and
    walking up from each cost more than finding them all by a walk."""
    folder, name = os.path.split(target)
    if name != SKILL_FILE:
        return False, None
    up = os.path.dirname(folder)
    # The folder is searchable (the file in it was opened): os.path.exists answers as the
    # Path.exists of enclosing_root would, at half the cost (the view's `has_git`).
    if up == folder or has_git(folder):
        return True, None  # the filesystem's root, or the repository's top: nothing above counts
    if up not in above:
        above[up] = search(Path(up))
    return True, above[up]


def _walk_root(root: Path, rules: WalkRules, left_out: list[LeftOut], view: FileSystemView = PLAIN) -> Workspace:
    # A root below is walked on its own when a file in it is named: the settings' `exclude`
    # and the ignore files count from the walk's top, so an enclosing root's walk of it differs.
    found = [w for w in sort_tree(view, root, rules, left_out, top_only=True) if w.root == root]
    return found[0] if found else Workspace(root)


class _Members:
    """A workspace's files as written, and resolved once a path not written so is named: the
    walk finds what pre-commit names, as written, and resolving costs a syscall per part."""

    def __init__(self, written: set[Path]) -> None:
        self.written = written
        self.resolved: set[Path] | None = None

    def adds(self, path: Path, real: Callable[[Path], Path]) -> bool:
        """Whether `path` is new here (then it is counted in)."""
        if path in self.written:
            return False
        if self.resolved is None:
            self.resolved = {real(p) for p in self.written}
        target = real(path)
        if target in self.resolved:
            return False
        self.resolved.add(target)
        self.written.add(path)
        return True


def discover(paths: Sequence[Path | str], rules: WalkRules = WalkRules()) -> list[Workspace]:
    return discover_all(paths, rules).spaces


def discover_all(paths: Sequence[Path | str], rules: WalkRules = WalkRules(),
                 view: FileSystemView | None = None) -> Discovery:
    """Workspaces under the given folders and files. A file or folder inside a workspace brings
    its whole workspace in as context (cross-file rules need it) with findings limited to what
    was named; what was named is checked even where a walk leaves it out. Raises InputError
    for a named path that does not exist or cannot be opened. `view`: how the file system is
    asked (core/fsview.py); the plain disk with the named-files shortcut unless told."""
    return _Discover(rules, view if view is not None else NamedView()).run(paths)


class _Discover:
    """One discovery's state: the roots walked for context, and the memos that keep naming
    thousands of files (pre-commit) linear: each folder resolved once, each root looked up once."""

    def __init__(self, rules: WalkRules, view: FileSystemView) -> None:
        self.rules = rules
        self.view = view
        self.spaces: list[Workspace] = []
        self.within: dict[Path, Workspace] = {}
        self.left_out: list[LeftOut] = []
        self.context_left_out: list[LeftOut] = []  # a root walked only for context: not what was asked
        self.settings: list[Path] = []
        self.members: dict[int, _Members] = {}  # id(space) -> its files: kept, not rebuilt per name
        self.roots: dict[Path, tuple[bool, bool]] = {}  # folder -> (a workspace root?, the repository's top?)
        self.resolved: dict[Path, Path] = {}  # each named or found path resolved once (a syscall per part)
        self.resolved_text: dict[str, str] = {}
        # a folder -> the root at or above it (enclosing_root resolves it: a folder written as it
        # resolves shares its entry with the named-files shortcut's, below)
        self.above: dict[str, Path | None] = {}
        self.keys: dict[Path, str] = {}  # each named file, resolved as Workspace.only holds it
        self.cwd = view.cwd()  # (None: the working folder was removed: every name is asked the long way)
        # that folder -> its root's workspace, walked, and what the walk found (one look a file)
        self.walked_up: dict[str, tuple[Workspace, WalkedSkills]] = {}

    def run(self, paths: Sequence[Path | str]) -> Discovery:
        for index, given in enumerate(paths):
            if self.quick(given):
                continue
            path = Path(given)  # (made only here: a Path each for thousands of named files cost)
            if self.view.named_is_folder(path):
                self.named_folder(path, index)
            else:
                self.named_file(path, index)
        self.spaces.extend(self.within.values())
        for space in self.within.values():
            space._resolved, space._resolve = self.keys, self.real  # reports() asks again, for every file
        merged = _merged(self.spaces, self.view)
        _drop_linked_copies(merged, self.left_out, self.view)
        return Discovery(merged, self.left_out, list(paths), self.settings)

    def inside(self, root: Path, named: set[str] | None) -> Workspace:
        space = self.within.get(root)
        if space is None:
            space = self.within[root] = _walk_root(root, self.rules, self.context_left_out, self.view)
            space.only = set()
        if space.only is not None:
            if named is None:
                space.only = None
            else:
                space.only |= named  # in place: a copy per named file made naming thousands quadratic
        return space

    def real(self, path: Path) -> Path:
        """`path.resolve()`, a folder at a time: the named files share their folders, and
        resolving each whole costs a syscall per part (strings: pathlib's own cost as much)."""
        if (known := self.resolved.get(path)) is None:
            known = self.resolved[path] = Path(self.real_text(os.fspath(path)))
        return known

    def real_text(self, text: str) -> str:
        if (known := self.resolved_text.get(text)) is None:
            absolute = os.path.abspath(text)
            head, name = os.path.split(absolute)
            if not name or ".." in text.split(os.sep) or self.view.is_link(absolute):
                known = self.view.realpath(text)  # a link (or `..` past one) goes where it points
            else:
                known = os.path.join(self.real_text(head), name)
            self.resolved_text[text] = known
        return known

    def bring(self, space: Workspace, skills: list[Path], documents: list[tuple[str, Path]]) -> None:
        """Named files the context walk left out (hidden, ignored, nested) join the workspace.
        Each call adds to the set it checks against: pre-commit names thousands of files, and
        rebuilding it per name made naming them quadratic. A path the walk found as written
        is there already; only the others are resolved (a syscall per part) and compared so."""
        state = self.members.get(id(space))
        if state is None:
            state = self.members[id(space)] = _Members(set(space.skills) | {d for _, d in space.documents})
        for skill in skills:
            if state.adds(skill, self.real):
                space.skills.append(skill)
        for document in documents:
            if state.adds(document[1], self.real):
                space.documents.append(document)

    def named_key(self, path: Path) -> str:
        if (key := self.keys.get(path)) is None:
            key = self.keys[path] = identity(self.real_text(os.fspath(path)))
        return key

    def named_root(self, path: Path) -> Path | None:
        known, root = _root_above_skill(self.real_text(os.fspath(path)), self.above, self.enclosing, self.view.has_git)
        return root if known else self.enclosing(path)

    def enclosing(self, path: Path) -> Path | None:
        return enclosing_root(path, self.roots, self.real, self.view)

    def quick(self, path: Path | str) -> bool:
        """A named SKILL.md that its root's walk found as written, counted in from the walk's
        listing (core/named.py); False: it is asked the long way (`named_folder`, `named_file`)."""
        absolute = plain_absolute(path, self.cwd) if self.cwd is not None else None
        if absolute is None:
            return False
        folder = os.path.dirname(absolute)
        up = os.path.dirname(folder)
        if (ready := self.walked_up.get(up)) is None:
            if up == folder:  # a SKILL.md at the filesystem's top: the long way says what it is
                return False
            if up not in self.above:
                try:
                    self.above[up] = self.enclosing(Path(up))
                except OSError:  # (a name too long, a folder not searchable): the long way says it of the file
                    return False
            root = self.above[up]
            space = self.within.get(root) if root is not None else None
            if root is None or space is None:  # loose, or its root not walked yet: the long way walks it
                return False
            ready = self.walked_up[up] = (space, WalkedSkills(space.listed_in, space.listings))
        space, skills = ready
        found = self.view.named_skill(absolute, skills)
        if found is None:
            return False
        self.keys[found] = key = identity(absolute)  # its own real path (see WalkedSkills)
        if space.only is not None:  # (None: the whole workspace is reported already)
            space.only.add(key)
        return True

    def named_folder(self, path: Path, index: int) -> None:
        root, resolve = self.enclosing(path), self.view.resolve
        if root is None or root == resolve(path):
            origin = _loose_key(path, index, self.view)
            self.spaces.extend(sort_tree(self.view, path, self.rules, self.left_out, origin))
            return
        walked = sort_tree(self.view, path, self.rules, self.left_out)
        found_skills = [p for w in walked for p in w.skills]
        found_docs = [d for w in walked for d in w.documents if w.root is not None]
        space = self.inside(root, {identity(resolve(p)) for p in found_skills + [d for _, d in found_docs]})
        self.bring(space, found_skills, found_docs)
        # `lint agents/`: the root's files below the named folder (only a root's walk finds them)
        under = resolve(path)
        if space.only is not None:
            space.only |= {identity(resolve(d)) for _, d in space.documents if resolve(d).is_relative_to(under)}
        for w in walked:
            space.nested.extend(n for n in w.nested if n not in space.nested)
            space.unreadable.extend(w.unreadable)

    def named_file(self, path: Path, index: int) -> None:
        kind = kind_here(path, self.view)
        if kind is None:
            self.left_out.append(LeftOut(path, False, "not a skillkit file here"))
            return
        if kind == "settings":
            self.settings.append(path)
            return
        root = self.named_root(path)
        if root is not None:
            space = self.inside(root, {self.named_key(path)})
            self.bring(space, [path] if kind == "skill" else [], [] if kind == "skill" else [(kind, path)])
        else:
            loose = Workspace(None, origin=_loose_key(path, index, self.view))
            (loose.skills.append(path) if kind == "skill" else loose.documents.append((kind, path)))
            self.spaces.append(loose)


def _drop_linked_copies(spaces: list[Workspace], left_out: list[LeftOut], view: FileSystemView) -> None:
    """A linked skill folder (`.codex/skills/x -> ../../skills/x`) whose target this run checks
    at its own path is checked there once, not twice under two names."""
    linked = [(space, path) for space in spaces for path in space.linked]
    if not linked:
        return
    real = {view.file_identity(p) for space in spaces for p in space.skills if p not in space.linked}
    for space, path in linked:
        kept = path in space.skills
        if not kept or view.file_identity(path) in real:  # (not kept: a copy _unique dropped for its target)
            if kept:
                space.skills.remove(path)
            target = view.show(Path(view.realpath(os.fspath(path.parent))))
            left_out.append(LeftOut(path.parent, True, f"a link to {target}/, checked there"))


def nothing_found(found: Discovery, shown: int = 8) -> str:
    """Why a run has nothing to check: what was searched, what counts, what was left out."""
    searched = ", ".join(display(p) for p in found.searched) or "."
    text = f"nothing to check under {searched}: no {WHAT_COUNTS}"
    if found.left_out:
        listed = "; ".join(f"{display(o.path)}{'/' if o.is_dir else ''} ({o.reason})" for o in found.left_out[:shown])
        more = len(found.left_out) - shown
        text += f". Left out: {listed}" + (f"; and {more} more (`skillkit lint --show-files` lists them)" if more > 0 else "")
    return text


def _merged(spaces: list[Workspace], view: FileSystemView) -> list[Workspace]:
    """One workspace per root, each file once: `lint . skills/a`, or a file named twice, must
    not read (and count) a file twice. A root walked whole outranks the same root read for context."""
    by_root: dict[Hashable, Workspace] = {}
    for space in spaces:
        key = view.resolve(space.root) if space.root is not None else space.origin
        have = by_root.setdefault(key, space)
        if have is space:
            continue
        if have.only is not None and space.only is None:
            by_root[key] = space
        elif have.only is not None and space.only is not None:
            have.only |= space.only
        if space.root is None:  # loose files found from several paths of one repository
            have.skills += space.skills
            have.documents += space.documents
            have.nested += space.nested
            have.unreadable += space.unreadable
            have.plugins += [p for p in space.plugins if p not in have.plugins]
    for space in by_root.values():
        # the real folder before a link to it: a skill is checked (and shown) where it is
        space.skills = _unique(sorted(space.skills, key=lambda path: path in space.linked), lambda path: path, view)
        space.documents = _unique(space.documents, lambda kind_path: kind_path[1], view)
    return list(by_root.values())


def _unique(items: list[T], path_of: Callable[[T], Path], view: FileSystemView) -> list[T]:
    """Each file once, however it was reached (a link, `..`): by device and inode, one stat
    each (resolving every path cost 10 times more on a big tree)."""
    seen: set[object] = set()
    out = []
    for item in items:
        identity = view.file_identity(path_of(item))
        if identity not in seen:
            seen.add(identity)
            out.append(item)
    return out
