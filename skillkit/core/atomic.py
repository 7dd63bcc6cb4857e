"""Write files so that an interrupted run never leaves a half-written one: a temporary name
in the same folder, flushed, then renamed into place (atomic on POSIX and Windows)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from skillkit.core.errors import InputError


def write_atomic(path: Path, data: bytes | str, mode: int | None = None) -> None:
    """Raises InputError (exit 2, one line naming the path) when the file cannot be written."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise InputError(f"cannot write: {exc.strerror or exc}", str(path)) from exc
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
