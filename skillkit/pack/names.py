"""Entry names that are safe to write on any system: the one check both `pack` (so it never
makes a pack that `unpack` would refuse) and `unpack` (so a crafted zip never writes outside
DEST) apply."""

from __future__ import annotations

import re
from pathlib import Path

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


def inside(root: Path, path: Path) -> bool:
    """Whether `path` is at or below the pack's root (lexically, else resolved): a skill
    folder packed alone is linted with its whole workspace as context, and only what lies
    below it is the pack's."""
    if path.is_relative_to(root):
        return True
    return path.resolve().is_relative_to(root.resolve())


def root_label(root: Path, folder: Path) -> str:
    """A folder (a workspace root, a skill) as the manifest names it: relative to the pack's
    root, `.` for the root itself. Discovery builds folders under the root as given, so the
    lexical answer is the usual one; resolving (slow, a syscall per part) is the fallback."""
    try:
        relative = folder.relative_to(root).as_posix()
    except ValueError:
        relative = folder.resolve().relative_to(root.resolve()).as_posix()
    return "." if relative in ("", ".") else relative
