"""`lint --fix` writes a file only if it still holds the bytes its fixes were planned on.

An editor may save the file while lint runs. So the fixed text goes to a temporary file
beside it, and just before the rename the file is read again: its size, mtime, inode and
bytes must be what the plan read, else it is left alone ("it changed during the run"). The
window left is the rename itself. A save made in place (most editors write into the same
file) during that last step is caught too: the old file is held by a hard link across the
rename and read once more after it; if a save landed in it, it is put back.

A SKILL.md that is a link is not written through (the fix would land where the user did not
name): it is reported and skipped, as a file that changed is, and the run goes on.
"""

from __future__ import annotations

import os
import stat
import secrets
from pathlib import Path

from skillkit.core.atomic import make_temp_file, temp_prefix
from skillkit.core.fixes import FileFix
from skillkit.core.reader import MAX_FILE_BYTES, Stamp, read_unfollowed, stamp_of

CHANGED = "it changed during the run (saved by another program?): left as it is; run `skillkit lint --fix` again"


def write_fix(change: FileFix) -> str | None:
    """Write `change.after` over its file when the file still holds `change.raw`; why not
    (a sentence), or None when it was written."""
    path = Path(change.path)
    try:
        status = os.lstat(path)
    except OSError as exc:
        return f"cannot be fixed: {exc.strerror or exc}"
    if stat.S_ISLNK(status.st_mode):
        return "is a link; skillkit does not write through links (fix the file it points to)"
    if not stat.S_ISREG(status.st_mode):
        return "is not a regular file"
    if not _holds(str(path), change):
        return CHANGED
    try:
        handle, temp = make_temp_file(path.parent, path.name)
    except OSError as exc:
        return f"cannot be written: {exc.strerror or exc}"
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(change.after.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, stat.S_IMODE(status.st_mode))
        return _swap(path, temp, change)
    except OSError as exc:
        return f"cannot be written: {exc.strerror or exc}"
    finally:
        Path(temp).unlink(missing_ok=True)


def _swap(path: Path, temp: str, change: FileFix) -> str | None:
    """Rename `temp` over `path` if `path` still holds what was planned on (the old file held
    by a hard link meanwhile, where the file system has them)."""
    keep = os.path.join(path.parent, f"{temp_prefix('fix-kept')}{secrets.token_hex(8)}.tmp")
    try:
        os.link(path, keep, follow_symlinks=False)
    except OSError:  # no hard links here (FAT, some network file systems): the check before alone
        keep = ""
    try:
        if not _holds(keep or str(path), change) or (keep and not _same_file(keep, path)):
            return CHANGED
        os.replace(temp, path)
        if keep and not _holds(keep, change):  # saved in place during the rename: the save goes back
            if _holds_text(path, change.after):
                os.replace(keep, path)
            return CHANGED
        return None
    finally:
        if keep:
            Path(keep).unlink(missing_ok=True)


def _same_file(one: str, other: Path) -> bool:
    a, b = os.lstat(one), os.lstat(other)
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _holds(path: str, change: FileFix) -> bool:
    """Whether `path` holds the bytes planned on, with the size, mtime and inode they had."""
    found = read_unfollowed(path, MAX_FILE_BYTES)
    if found is None or change.stamp is None:
        return False
    data, status = found
    return data == change.raw and _unmoved(stamp_of(status), change.stamp)


def _holds_text(path: Path, text: str) -> bool:
    found = read_unfollowed(path, MAX_FILE_BYTES)
    return found is not None and found[0] == text.encode("utf-8")


def _unmoved(now: Stamp, then: Stamp) -> bool:
    """Device, inode, size and mtime as they were (the ctime moves with the hard link)."""
    return now[:4] == then[:4]
