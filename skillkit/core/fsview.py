"""The file-system view discovery asks (ARCHITECTURE.md, A lint run, step 3): listings, whether a
folder is a workspace root, where a path resolves, and the few other things the classifier
(core/classifier.py) needs to know of a path. The classifier asks nothing of the OS itself,
so the rules of discovery read apart from the ways of answering fast:

- `PlainView`: the disk, through the one walk packs use too (core/walk.py: its rules for
  links and ignore files);
- `ListedView`: listings a walk recorded (lint's cache fingerprints from the same ones),
  the disk for a folder it does not hold;
- `NamedView`: the plain view, and a named SKILL.md its root's walk found answered from that
  walk's listing (core/named.py) instead of five questions to the OS.

Each is held to the plain one by tests (tests/lint/test_fsview.py), over the fixtures'
workspaces and generated trees."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, Protocol

from skillkit.core.errors import InputError
from skillkit.core.kinds import SKILL_FILE, marks_root
from skillkit.core.named import WalkedSkills
from skillkit.core.paths import display
from skillkit.core.reader import open_descriptor
from skillkit.core.walk import Folder, LeftOut, Walker, WalkRules, repo_top, scan_disk

LINK_LOOK = 2000  # entries of a linked folder looked at to say what it holds


class Walk(Protocol):
    """One walk of a tree (Walker is one): its folders, parents first, names sorted (names
    removed from a folder's `dirs` are not walked), what it left out, what it listed."""

    left_out: list[LeftOut]
    listed: dict[str, list[os.DirEntry[str]]]

    def folders(self) -> Iterator[Folder]: ...


class FileSystemView(Protocol):
    """What discovery may ask of the file system; paths as the walk spells them."""

    def walk(self, top: Path, rules: WalkRules) -> Walk: ...

    def show(self, path: Path) -> str:
        """A path as reports show it (core/paths.py: display)."""

    def tool_table(self, pyproject: Path) -> bool:
        """Whether the file holds `[tool.skillkit]` (a FIFO is never opened)."""

    def is_root(self, folder: Path) -> bool:
        """Whether `folder` is a workspace root (core/kinds.py: marks_root)."""

    def is_file(self, path: Path) -> bool: ...

    def is_dir(self, path: str | Path) -> bool:
        """Whether `path` is a folder, a link to one included."""

    def lexists(self, path: str) -> bool: ...

    def exists(self, path: Path) -> bool:
        """Path.exists: a link followed; an error other than "not there" raises."""

    def has_git(self, folder: str) -> bool:
        """Whether `.git` is in `folder`, known to be searchable (os.path.exists)."""

    def is_link(self, path: str) -> bool: ...

    def realpath(self, path: str) -> str: ...

    def resolve(self, path: Path) -> Path: ...

    def repo_top(self, path: Path) -> Path | None:
        """The nearest folder at or above `path` holding `.git` (core/walk.py: repo_top)."""

    def file_identity(self, path: Path) -> object:
        """What is equal for two paths of one file: its device and inode, else its path."""

    def cwd(self) -> str | None:
        """The working folder, resolved (None: it was removed)."""

    def named_is_folder(self, path: Path) -> bool:
        """Whether a path named on the command line is a folder; a file must open as a
        regular file and a folder must list (else InputError, exit 2)."""

    def link_reason(self, link: str, top: Path) -> str:
        """Why a linked folder that is no skill was left out, saying what it holds."""

    def named_skill(self, absolute: str, walked: WalkedSkills) -> Path | None:
        """The walk's Path for a named SKILL.md when the view can vouch for it without the OS
        (None: discovery asks the long way)."""


class PlainView:
    """The disk, as discovery has always read it."""

    def walk(self, top: Path, rules: WalkRules) -> Walk:
        return Walker(top, rules, display)

    def show(self, path: Path) -> str:
        return display(path)

    def tool_table(self, pyproject: Path) -> bool:
        from skillkit.core.reader import read_head

        try:  # (a FIFO named pyproject.toml is not opened for a read that would wait forever)
            return b"[tool.skillkit]" in read_head(pyproject, 1024 * 1024)
        except InputError:
            return False

    def is_root(self, folder: Path) -> bool:
        try:
            names = set(os.listdir(folder))
        except OSError:
            return False
        dirs = {"skills"} if "skills" in names and (folder / "skills").is_dir() else set()
        return marks_root(dirs, names - {"skills"}, lambda: self.tool_table(folder / "pyproject.toml"))

    def is_file(self, path: Path) -> bool:
        return path.is_file()

    def is_dir(self, path: str | Path) -> bool:
        return os.path.isdir(path)

    def lexists(self, path: str) -> bool:
        return os.path.lexists(path)

    def exists(self, path: Path) -> bool:
        return path.exists()

    def has_git(self, folder: str) -> bool:
        return os.path.exists(os.path.join(folder, ".git"))

    def is_link(self, path: str) -> bool:
        return os.path.islink(path)

    def realpath(self, path: str) -> str:
        return os.path.realpath(path)

    def resolve(self, path: Path) -> Path:
        return path.resolve()

    def repo_top(self, path: Path) -> Path | None:
        return repo_top(path)

    def file_identity(self, path: Path) -> object:
        try:
            status = os.stat(path)
            return (status.st_dev, status.st_ino)
        except OSError:  # unreadable: the reader reports it; kept once by its name
            return os.path.abspath(path)

    def cwd(self) -> str | None:
        try:
            return os.path.realpath(os.getcwd())
        except OSError:  # the working folder was removed: every name is asked the long way
            return None

    def named_is_folder(self, path: Path) -> bool:
        return named_is_folder(path)

    def link_reason(self, link: str, top: Path) -> str:
        return _link_reason(link, top)

    def named_skill(self, absolute: str, walked: WalkedSkills) -> Path | None:
        return None


class ListedView(PlainView):
    """The plain view, each folder listed from `listings` (a walk's `listed`, as lint's cache
    keeps them) when they hold it: a folder they do not hold is listed from the disk."""

    def __init__(self, listings: dict[str, list[os.DirEntry[str]]]) -> None:
        self.listings = listings

    def walk(self, top: Path, rules: WalkRules) -> Walk:
        return Walker(top, rules, display, self.scan)

    def scan(self, folder: str) -> list[os.DirEntry[str]]:
        listed = self.listings.get(folder)
        return list(listed) if listed is not None else scan_disk(folder)


class NamedView(PlainView):
    """The plain view, with the named-files shortcut (core/named.py): discovery's default."""

    def named_skill(self, absolute: str, walked: WalkedSkills) -> Path | None:
        return walked.match(absolute)


def _link_reason(link: str, top: Path) -> str:
    """What a linked folder holds, said as `--show-files` says why it was left out: a linked
    skills folder (`.claude/skills -> ../.agents/skills`) is checked where it points when the
    walk reaches that folder; links are never walked (one to / would search the whole disk)."""
    target = os.readlink(link)
    skills = 0
    try:
        with os.scandir(link) as listing:
            for index, entry in enumerate(listing):
                if index >= LINK_LOOK:
                    break
                skills += entry.is_dir() and os.path.lexists(os.path.join(entry.path, SKILL_FILE))
    except OSError:
        return f"a link to {target}, which cannot be listed (links are not walked)"
    if not skills:
        return f"a link to a folder without skills ({target}; links are not walked)"
    inside = os.path.realpath(link).startswith(os.path.realpath(top) + os.sep)
    where = "they are checked there" if inside else f"name {target} to check them"
    return f"a linked skills folder (-> {target}, {skills} skill{'s' if skills != 1 else ''}): links are not walked; {where}"


def named_is_folder(path: Path) -> bool:
    """Whether a path named on the command line is a folder; a file must open as a regular
    file (else InputError, exit 2). A file that opens is answered by the one open and fstat
    (exists(), is_dir() and the open check made five calls to the OS for each of the thousands
    of files pre-commit names); anything else is asked the long way, for the same messages."""
    try:
        descriptor, _ = open_descriptor(path)
    except (InputError, ValueError):  # a folder, not a regular file, or it does not open
        if not path.exists():
            raise InputError("no such file or folder" if not path.is_symlink() else "cannot open: a dangling link",
                             str(path)) from None
        if path.is_dir():
            _check_listable(path)
            return True
        _check_openable(path)  # this says why
        return False
    os.close(descriptor)
    return False


def _check_listable(folder: Path) -> None:
    """A folder named on the command line must list: else exit 2. (Walked, its listing error
    was a finding on a folder that, inside a workspace, no report names: the run passed.)"""
    try:
        with os.scandir(folder):
            pass
    except OSError as exc:
        raise InputError(f"cannot list the folder: {exc.strerror or exc}", str(folder)) from None


def _check_openable(path: Path) -> None:
    """A file named on the command line must open as a regular file: else exit 2."""
    descriptor, _ = open_descriptor(path)
    os.close(descriptor)
