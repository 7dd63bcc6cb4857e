"""Helpers for the pack tests: hand-crafted zips (hostile ones included) and tree snapshots."""

from __future__ import annotations

import hashlib
import os
import stat
import struct
import zipfile
from pathlib import Path

from skillkit.pack import FORMAT, FORMAT_VERSION, MANIFEST_NAME
from skillkit.pack.manifest import canonical_json

REGULAR = (stat.S_IFREG | 0o644) << 16
EXECUTABLE = (stat.S_IFREG | 0o755) << 16
SYMLINK = (stat.S_IFLNK | 0o777) << 16


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_for(files: dict[str, bytes], executable: frozenset[str] = frozenset()) -> bytes:
    """A well-formed manifest listing `files` with their true digests."""
    return canonical_json({
        "format": FORMAT, "formatVersion": FORMAT_VERSION, "name": "crafted", "version": None,
        "files": [{"path": name, "sha256": sha256(data), "size": len(data), "executable": name in executable}
                  for name, data in sorted(files.items())],
        "skills": [], "references": {},
    })


def craft(path: Path, entries: dict[str, bytes], listed: dict[str, bytes] | None = None,
          attrs: dict[str, int] | None = None, manifest: bytes | None = None,
          compression: int = zipfile.ZIP_DEFLATED) -> Path:
    """A zip whose manifest lists `listed` (default: `entries`) truthfully, holding `entries`
    under exactly the names given (`../x`, `/abs`, ... are written as is)."""
    attrs = attrs or {}
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(MANIFEST_NAME, manifest if manifest is not None else manifest_for(
            entries if listed is None else listed))
        for name, data in entries.items():
            info = zipfile.ZipInfo(name)
            info.compress_type = compression
            info.create_system = 3
            info.external_attr = attrs.get(name, REGULAR)
            archive.writestr(info, data)
    return path


def rewrite(source: Path, target: Path, change: dict[str, bytes | None] | None = None,
            attrs: dict[str, int] | None = None, add: dict[str, bytes] | None = None) -> Path:
    """A copy of a zip, entry by entry: `change` replaces (or with None drops) an entry's bytes,
    `attrs` its external attributes, `add` appends entries. Everything else is kept as is."""
    change, attrs, add = change or {}, attrs or {}, add or {}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            data = change[info.filename] if info.filename in change else old.read(info)
            if data is None:
                continue
            if info.filename in attrs:
                info.external_attr = attrs[info.filename]
            new.writestr(info, data)
        for name, data in add.items():
            new.writestr(zipfile.ZipInfo(name), data)
    return target


def point_entry_at(path: Path, index: int, offset_of: int) -> None:
    """Make central-directory entry `index` point at entry `offset_of`'s local header: the
    overlapping-entries trick of non-recursive zip bombs."""
    data = bytearray(path.read_bytes())
    headers = [i for i in range(len(data)) if data[i:i + 4] == b"PK\x01\x02"]
    target = struct.unpack_from("<I", data, headers[offset_of] + 42)[0]
    struct.pack_into("<I", data, headers[index] + 42, target)
    path.write_bytes(bytes(data))


def snapshot(root: Path) -> set[str]:
    """Every path under `root` (files, folders, links), relative, for "nothing else was written"."""
    found: set[str] = set()
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            found.add(Path(folder, name).relative_to(root).as_posix())
    return found
