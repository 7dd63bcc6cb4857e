"""Entry names that are safe to write on any system: the one check both `pack` (so it never
makes a pack that `unpack` would refuse) and `unpack` (so a crafted zip never writes outside
DEST) apply."""

from __future__ import annotations

import re

_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def unsafe_reason(name: str) -> str | None:
    """Why `name` must not be written under a destination folder, or None when it is safe.

    Refused: empty names, absolute paths, drive letters and `:` (Windows streams), backslashes
    (a separator on Windows), `.` and `..` segments, empty segments (`a//b`, a trailing `/`),
    and control characters."""
    if not name:
        return "an empty name"
    if name.startswith("/"):
        return "an absolute path"
    if _DRIVE.match(name) or ":" in name:
        return "a drive letter or `:` in the name"
    if "\\" in name:
        return "a backslash in the name"
    if _CONTROL.search(name):
        return "a control character in the name"
    for segment in name.split("/"):
        if segment in (".", ".."):
            return f"a `{segment}` segment (it would leave its folder)"
        if not segment:
            return "an empty path segment"
    return None
