"""Write through a temporary name beside the target and rename into place, so an interrupted
run leaves either the old target or the new one, never half of one. The streaming twin of
skillkit.core.atomic.write_atomic (a pack can be larger than memory should hold)."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path
from typing import BinaryIO, Iterator

from skillkit.core.atomic import check_target, make_temp_dir, make_temp_file
from skillkit.core.atomic import umask as _umask


@contextlib.contextmanager
def staged_file(path: Path) -> Iterator[BinaryIO]:
    """Yield a seekable binary file; on a clean exit it is flushed, synced and renamed to
    `path`; on any exception it is removed and `path` is untouched."""
    check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = make_temp_file(path.parent, path.name)
    try:
        with os.fdopen(handle, "w+b") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o666 & ~_umask())
        check_target(path)  # swapped for a link or a device meanwhile: still refused
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def staged_folder(dest: Path, replace: bool) -> Iterator[Path]:
    """Yield an empty temporary folder beside `dest`; on a clean exit it becomes `dest`
    (an existing `dest` is removed first only when `replace`), on an exception it is removed.
    An empty `dest` that is the current folder is filled instead of replaced: renamed away, it
    would leave the caller (and their shell) in a deleted folder."""
    dest = Path(os.path.abspath(dest))  # `.` has no name to stage beside
    check_target(dest, folder=True)
    dest.parent.mkdir(parents=True, exist_ok=True)
    temp = make_temp_dir(dest.parent, dest.name)
    try:
        yield temp
        os.chmod(temp, 0o777 & ~_umask())
        if dest.is_dir() and not dest.is_symlink():
            if any(dest.iterdir()) and not replace:
                raise FileExistsError(f"{dest} is not empty")
            if not any(dest.iterdir()) and os.path.samefile(dest, os.getcwd()):
                for child in sorted(temp.iterdir()):
                    os.replace(child, dest / child.name)
                temp.rmdir()
                return
            # Rename the old tree aside first: a crash between the two renames leaves both
            # trees whole, never a half-deleted DEST.
            aside = make_temp_dir(dest.parent, f"{dest.name}-old")
            os.replace(dest, aside / "old")
            os.replace(temp, dest)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            # rename, not replace: a DEST another run filled meanwhile makes this fail
            # (ENOTEMPTY) instead of being overwritten.
            os.rename(temp, dest)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
