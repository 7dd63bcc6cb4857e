"""The files a skill carries besides SKILL.md (scripts/, references/, assets/, ...), each read
at most once per run: the content rules (secrets, hidden Unicode, risky scripts, links,
orphans) all look at the same bundle.

Text or binary is decided cheaply, as git does: a NUL byte in the first 8 KB, or bytes that
are not UTF-8, make a file binary. Files over the reader's 1 MiB cap are listed, not read.
Folders no client loads are not walked (version control, caches, dependencies), nor a nested
skill's folder (it is a skill of its own), and links are never followed.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator, Mapping, NamedTuple

from skillkit.core.errors import InputError
from skillkit.core.reader import MAX_FILE_BYTES, read_stamped
from skillkit.core.walk import scan_disk

SKIP_FOLDERS = (".git", ".hg", ".svn", "__pycache__", "node_modules", ".venv", "venv", ".tox", ".nox",
                ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages")
SKIP_FILES = (".DS_Store",)  # and *.pyc
MAX_FILES = 5000  # a skill folder holding more is not a skill's bundle; stop there
SNIFF = 8192
# Known binary kinds are never opened (fonts, images, archives are most of a big bundle).
BINARY_SUFFIXES = frozenset((".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".bmp", ".tif", ".tiff", ".pdf",
                             ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".tar", ".jar", ".whl", ".skill",
                             ".ttf", ".otf", ".woff", ".woff2", ".eot", ".mp3", ".mp4", ".wav", ".ogg", ".mov",
                             ".so", ".dylib", ".dll", ".exe", ".bin", ".pyc", ".class", ".o", ".a",
                             ".docx", ".xlsx", ".pptx", ".odt", ".sqlite", ".db"))


class BundledFile(NamedTuple):
    """`rel`: the path inside the skill's folder, with `/`. `text` is None for a binary file,
    one over the cap, or one that could not be read; LF line ends, a leading BOM kept."""

    rel: str
    path: str
    text: str | None
    size: int | None = None  # bytes, as the read's fstat said; None when the file was not read

    @property
    def name(self) -> str:
        return self.rel.rsplit("/", 1)[-1]


class Bundle(NamedTuple):
    files: tuple[BundledFile, ...]
    folders: frozenset[str]  # every walked folder's rel path (a link may name a folder)


def read_bundled(path: str) -> tuple[str | None, int | None]:
    """A bundled file's text, or None: binary, over the cap, or unreadable (a FIFO or a folder
    swapped in for the file listed is not read). One read of the size the open file reports
    (core/reader.read_stamped): most files are a few KB. A stand-in's text (an editor's unsaved
    buffer, in the language server) is read in place of the file's, as for SKILL.md. With it,
    the file's size when it was opened (upload-limits adds them up without a second stat a
    file); None for a binary kind never opened, a stand-in, a failed read."""
    if os.path.splitext(path)[1].lower() in BINARY_SUFFIXES:
        return None, None
    try:
        data, stamp = read_stamped(path, MAX_FILE_BYTES)
    except InputError:
        return None, None
    size = None if stamp is None else stamp[2]
    if isinstance(data, int) or data.find(b"\x00", 0, SNIFF) >= 0:
        return None, size  # over the cap, or binary
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None, size
    return (text.replace("\r\n", "\n") if "\r" in text else text), size


# A lint run's walk listings (core/spaces.py: Workspace.listings): discovery listed every folder
# of every skill moments ago, and a second scandir of each (two thousand skills: 4,000
# listings, about 90 ms here) bought nothing. Indexed by folder as os.path.normpath spells it
# when a bundle is first walked (a cached run walks none: its listings are never indexed).
# Empty outside a run that sets it (the language server, pack): there the disk is listed.
_RUN: list[Mapping[str, list[os.DirEntry[str]]]] = []
_LISTED: dict[str, list[os.DirEntry[str]]] = {}


@contextlib.contextmanager
def listed_for_run(listings: Mapping[str, list[os.DirEntry[str]]]) -> Iterator[None]:
    """The walk's `listings` answer walk_bundle inside (a run inside a run: the outer's after)."""
    outer, outer_index = list(_RUN), dict(_LISTED)
    _RUN[:] = [listings]
    _LISTED.clear()
    try:
        yield
    finally:
        _RUN[:] = outer
        _LISTED.clear()
        _LISTED.update(outer_index)


def _entries(here: str) -> list[os.DirEntry[str]]:
    """A folder's entries, sorted by name as the walk's are: the run's listing of it, else the
    disk's (OSError: it cannot be listed). Sorted, a bundle of more than MAX_FILES files is
    the same files on every machine (the disk's own order differs between file systems)."""
    if _RUN:
        if not _LISTED:
            _LISTED.update((os.path.normpath(where), entries) for where, entries in _RUN[0].items())
        if (listed := _LISTED.get(os.path.normpath(here))) is not None:
            return listed
    return scan_disk(here)


def walk_bundle(folder: Path) -> Bundle:
    """Every regular file under a skill's folder but SKILL.md itself, in path order. The
    directory entries' own types decide file or folder (no stat per entry); links are skipped."""
    found: list[tuple[str, str]] = []
    folders: set[str] = set()
    pending = [("", str(folder))]
    while pending and len(found) < MAX_FILES:
        prefix, here = pending.pop()
        try:
            entries = _entries(here)
        except OSError:
            continue
        if prefix:
            if any(e.name == "SKILL.md" for e in entries):
                continue  # a nested skill: its files are its own (discovery warns about it)
            folders.add(prefix[:-1])
        for entry in entries:
            name = entry.name
            try:  # not following links: a link is neither a file nor a folder here
                if entry.is_file(follow_symlinks=False):
                    if name not in SKIP_FILES and not name.endswith(".pyc") and (prefix or name != "SKILL.md"):
                        found.append((prefix + name, entry.path))
                elif entry.is_dir(follow_symlinks=False) and name not in SKIP_FOLDERS:
                    pending.append((f"{prefix}{name}/", entry.path))
            except OSError:
                continue
    found.sort()
    return Bundle(tuple(BundledFile(rel, path, *read_bundled(path)) for rel, path in found), frozenset(folders))
