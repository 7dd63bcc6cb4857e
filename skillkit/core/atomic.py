"""Write files so that an interrupted run never leaves a half-written one: a temporary name
in the same folder, flushed, then renamed into place (atomic on POSIX and Windows).

Every temporary name skillkit makes starts with TEMP_PREFIX and carries the writer's process
id (`.skillkit-tmp-<pid>-<what>-<random>`): discovery and packs leave every `.skillkit*` name
out, and the next write into the same folder removes the leftovers of runs that no longer
exist (a SIGKILL runs no cleanup). A target that exists and is not a regular file (a device,
a FIFO, a folder) or is a link is refused: renaming over it would replace `/dev/null`, and a
link would write somewhere the user did not name.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from skillkit.core.errors import InputError

TEMP_PREFIX = ".skillkit-tmp-"


def temp_prefix(what: str) -> str:
    """The prefix for one temporary file or folder; `what` names it for a curious reader."""
    return f"{TEMP_PREFIX}{os.getpid()}-{what[:40]}-"


def _owner_gone(name: str) -> bool:
    pid_text = name[len(TEMP_PREFIX):].split("-", 1)[0]
    if not pid_text.isdigit():
        return False  # not ours to judge
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # this process may be writing it right now (another thread)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False  # alive under another user, or unknowable: leave it
    return False


def sweep_leftovers(folder: Path) -> list[str]:
    """Remove the temporary files and folders a killed run left in `folder`; returns their names."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(TEMP_PREFIX) or not _owner_gone(entry.name):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
            removed.append(entry.name)
        except OSError:
            continue
    return removed


def target_problem(path: Path, folder: bool = False) -> str | None:
    """Why `path` must not be replaced by a write (None when it may): it is a link, or exists
    and is not a regular file (`folder`: not a folder)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be checked: {exc.strerror or exc}"
    if stat.S_ISLNK(mode):
        return "is a link; skillkit does not write through links (remove it or name the real file)"
    if folder:
        return None if stat.S_ISDIR(mode) else "exists and is not a folder"
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(mode):
        return "exists and is not a regular file (a device, pipe or socket); skillkit writes only regular files"
    return None


def check_target(path: Path, folder: bool = False) -> None:
    """InputError (exit 2, naming the path) for a target no write may replace."""
    problem = target_problem(path, folder)
    if problem is not None:
        raise InputError(problem, str(path))


def make_temp_file(folder: Path, what: str) -> tuple[int, str]:
    """mkstemp beside the target (O_EXCL: never an existing name), after sweeping leftovers."""
    sweep_leftovers(folder)
    return tempfile.mkstemp(prefix=temp_prefix(what), suffix=".tmp", dir=folder)


def make_temp_dir(folder: Path, what: str) -> Path:
    sweep_leftovers(folder)
    return Path(tempfile.mkdtemp(prefix=temp_prefix(what), suffix=".tmp", dir=folder))


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes | str, mode: int | None = None) -> None:
    """Raises InputError (exit 2, one line naming the path) when the file cannot be written."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    check_target(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = make_temp_file(path.parent, path.name)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", str(path)) from exc
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        elif path.exists():
            os.chmod(temp, path.stat().st_mode & 0o777)
        else:
            os.chmod(temp, 0o666 & ~umask())
        check_target(path)  # it may have been swapped for a link or device meanwhile
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise InputError(f"cannot write: {exc.strerror or exc}", str(path)) from exc
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
