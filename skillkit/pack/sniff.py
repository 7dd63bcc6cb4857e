"""Earlier packs in a workspace: a pack is never packed again, nor a `.skill` export.

Recognised by content, not by name alone: a zip that holds `skillkit-manifest.json`, or a zip
named `*.skill`. A zip that is neither (an asset a skill ships) is an ordinary file."""

from __future__ import annotations

import zipfile
from pathlib import Path

from skillkit.pack import MANIFEST_NAME

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")


def is_earlier_pack(path: Path, head: bytes) -> bool:
    """`head` is the file's first bytes (read anyway while hashing it)."""
    if not head.startswith(ZIP_MAGIC):
        return False
    if path.suffix == ".skill":
        return True
    try:
        with zipfile.ZipFile(path) as archive:
            return any(info.filename == MANIFEST_NAME for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, UnicodeDecodeError, NotImplementedError):
        return False
