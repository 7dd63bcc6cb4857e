"""Earlier packs in a workspace: a pack is never packed again, nor a `.skill` export.

A pack is a pack by its manifest: a zip whose first entry is `skillkit-manifest.json` (as
pack/archive.py writes it), read from the first local header in the bytes hashing the file
read anyway, never by opening the file as a zip (a 47 MB asset that happens to start with
`PK` cost 386 MB to open that way). A zip named `*.skill` is an export. Any other zip (an
asset a skill ships) is an ordinary file."""

from __future__ import annotations

import struct
from pathlib import Path

from skillkit.pack import MANIFEST_NAME

ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
_LOCAL = struct.Struct("<4s22xHH")  # a local file header: signature, ..., name length, extra length
HEAD_BYTES = _LOCAL.size + len(MANIFEST_NAME)  # what the test needs of a file's start


def is_earlier_pack(path: Path, head: bytes) -> bool:
    """`head`: the file's first HEAD_BYTES bytes (or all of a shorter file)."""
    if not head.startswith(ZIP_MAGIC):
        return False
    if path.suffix == ".skill":
        return True
    if len(head) < HEAD_BYTES:
        return False
    signature, name_length, _ = _LOCAL.unpack_from(head)
    return (signature == b"PK\x03\x04" and name_length == len(MANIFEST_NAME)
            and head[_LOCAL.size:HEAD_BYTES] == MANIFEST_NAME.encode("ascii"))
