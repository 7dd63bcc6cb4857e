"""The paths git tracks, read from the repository's index file (`.git/index`), so discovery
can follow git's own rule: ignore files apply to untracked files only; a file git tracks is
never left out by them. Read directly, versions 2 to 4 (gitformat-index(5)): no git binary
is needed at run time, and one read is cheaper than starting git.

The index is input like any other file: its size is capped before reading, every length is
checked against what is left, and a file that does not parse gives no answer (discovery then
reads the ignore files alone, as before) instead of an error or a guess.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

import msgspec

MAX_INDEX_BYTES = 256 * 1024 * 1024  # a checkout of about two million files
MAX_ENTRIES = 4_000_000
HEADER = struct.Struct(">4sII")
ENTRY_FIXED = 62  # ten 32-bit fields, a 20-byte object id, 16-bit flags (SHA-1 repositories)
SHA256_EXTRA = 12  # a SHA-256 repository's object ids are 32 bytes
EXTENDED = 0x4000
NAME_MASK = 0x0FFF


class Tracked(msgspec.Struct, frozen=True):
    """Tracked files and every folder that holds one, `/`-separated, relative to the top."""

    files: frozenset[str]
    folders: frozenset[str]

    def holds(self, rel: str, is_dir: bool) -> bool:
        return rel in (self.folders if is_dir else self.files)


def git_dir(top: Path) -> Path | None:
    """The repository's git folder: `.git` itself, or where a `.git` file (a worktree, a
    submodule) points with its `gitdir:` line."""
    dot_git = top / ".git"
    if dot_git.is_dir():
        return dot_git
    try:
        with open(dot_git, "rb") as handle:
            line = handle.read(4096).split(b"\n", 1)[0].decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not line.startswith("gitdir:"):
        return None
    target = Path(line[len("gitdir:"):].strip())
    return target if target.is_absolute() else top / target


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """Git's offset encoding (index version 4's prefix lengths): 7 bits a byte, each
    continuation adding one before the shift."""
    if at >= len(data):
        raise ValueError("truncated")
    byte = data[at]
    value = byte & 0x7F
    at += 1
    while byte & 0x80:
        if at >= len(data) or value > 1 << 40:
            raise ValueError("truncated")
        byte = data[at]
        value = ((value + 1) << 7) | (byte & 0x7F)
        at += 1
    return value, at


def parse_index(data: bytes, object_bytes: int = 20) -> list[str]:
    """The entry paths of an index file's bytes; ValueError when it does not parse."""
    if len(data) < HEADER.size:
        raise ValueError("too short")
    signature, version, count = HEADER.unpack_from(data, 0)
    if signature != b"DIRC" or version not in (2, 3, 4) or count > MAX_ENTRIES:
        raise ValueError("not an index of version 2, 3 or 4")
    fixed = ENTRY_FIXED + object_bytes - 20
    at, paths, previous = HEADER.size, [], b""
    for _ in range(count):
        start = at
        if at + fixed > len(data):
            raise ValueError("truncated")
        flags = struct.unpack_from(">H", data, at + fixed - 2)[0]
        at += fixed + (2 if flags & EXTENDED and version >= 3 else 0)
        if version == 4:
            strip, at = _varint(data, at)
            end = data.find(b"\0", at)
            if end < 0 or strip > len(previous):
                raise ValueError("truncated")
            name = previous[:len(previous) - strip] + data[at:end]
            at = end + 1
        else:
            end = data.find(b"\0", at)
            if end < 0:
                raise ValueError("truncated")
            name = data[at:end]
            at = start + ((end - start) // 8 + 1) * 8  # one to eight NULs pad the entry to 8 bytes
        if not name or (flags & NAME_MASK) != NAME_MASK and (flags & NAME_MASK) != len(name):
            raise ValueError("an entry's name is empty or its length disagrees with its flags")
        paths.append(name.decode("utf-8", "surrogateescape"))
        previous = name
    return paths


def _object_bytes(folder: Path) -> int:
    """20 for SHA-1 repositories, 32 for SHA-256 ones (`extensions.objectformat`)."""
    try:
        with open(folder / "config", "rb") as handle:
            config = handle.read(1024 * 1024).decode("utf-8", "replace").lower()
    except OSError:
        return 20
    squeezed = config.replace(" ", "").replace("\t", "")
    return 20 + SHA256_EXTRA if "objectformat=sha256" in squeezed else 20


def read_tracked(top: Path) -> Tracked | None:
    """What git tracks in the repository whose top is `top`, or None: no index (a fresh
    repository, a bare copy), an index too big, or one that does not parse."""
    folder = git_dir(top)
    if folder is None:
        return None
    try:
        with open(folder / "index", "rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_INDEX_BYTES:
                return None
            data = handle.read(MAX_INDEX_BYTES + 1)
    except OSError:
        return None
    try:
        paths = parse_index(data, _object_bytes(folder))
    except (ValueError, struct.error):
        return None
    folders: set[str] = set()
    for path in paths:
        # a sparse index keeps a whole folder as one entry ending in `/`
        cut = path.rstrip("/")
        while "/" in cut:
            cut = cut.rsplit("/", 1)[0]
            if cut in folders:
                break
            folders.add(cut)
    files = frozenset(p for p in paths if not p.endswith("/"))
    return Tracked(files, frozenset(folders | {p.rstrip("/") for p in paths if p.endswith("/")}))
