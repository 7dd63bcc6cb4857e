"""The files a skill carries besides SKILL.md (scripts/, references/, assets/, ...), each read
at most once per run: the content rules (secrets, hidden Unicode, risky scripts, links,
orphans) all look at the same bundle.

Text or binary is decided cheaply, as git does: a NUL byte in the first 8 KB, or bytes that
are not UTF-8, make a file binary. Files over the reader's 1 MiB cap are listed, not read.
Folders no client loads are not walked (version control, caches, dependencies), nor a nested
skill's folder (it is a skill of its own), and links are never followed.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from skillkit.core.reader import MAX_FILE_BYTES

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


@dataclass(frozen=True, slots=True)
class BundledFile:
    """`rel`: the path inside the skill's folder, with `/`. `text` is None for a binary file,
    one over the cap, or one that could not be read; LF line ends, a leading BOM kept."""

    rel: str
    path: Path
    size: int
    text: str | None

    @property
    def name(self) -> str:
        return self.rel.rsplit("/", 1)[-1]


@dataclass(frozen=True, slots=True)
class Bundle:
    files: tuple[BundledFile, ...]
    folders: frozenset[str]  # every walked folder's rel path (a link may name a folder)

    def get(self, rel: str) -> BundledFile | None:
        return next((f for f in self.files if f.rel == rel), None)


def read_bundled(path: str, size: int) -> str | None:
    """A bundled file's text, or None: binary, over the cap, or unreadable."""
    if size > MAX_FILE_BYTES or os.path.splitext(path)[1].lower() in BINARY_SUFFIXES:
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read(SNIFF)
            if b"\x00" in data:
                return None
            data += handle.read(MAX_FILE_BYTES + 1 - len(data))
    except OSError:
        return None
    if len(data) > MAX_FILE_BYTES:
        return None  # it grew while it was read
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text.replace("\r\n", "\n") if "\r" in text else text


def walk_bundle(folder: Path) -> Bundle:
    """Every regular file under a skill's folder but SKILL.md itself, in path order."""
    found: list[tuple[str, str, int]] = []
    folders: set[str] = set()
    pending = [("", str(folder))]
    while pending and len(found) < MAX_FILES:
        prefix, here = pending.pop()
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError:
            continue
        if prefix:
            if any(e.name == "SKILL.md" for e in entries):
                continue  # a nested skill: its files are its own (discovery warns about it)
            folders.add(prefix[:-1])
        for entry in entries:
            name = entry.name
            try:
                status = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if stat.S_ISDIR(status.st_mode):
                if name not in SKIP_FOLDERS:
                    pending.append((f"{prefix}{name}/", entry.path))
            elif stat.S_ISREG(status.st_mode) and name not in SKIP_FILES and not name.endswith(".pyc") \
                    and (prefix or name != "SKILL.md"):
                found.append((prefix + name, entry.path, status.st_size))
    found.sort()
    files = tuple(BundledFile(rel, Path(path), size, read_bundled(path, size)) for rel, path, size in found)
    return Bundle(files, frozenset(folders))
