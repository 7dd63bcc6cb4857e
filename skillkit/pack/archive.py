"""A reproducible zip: the same entries give the same bytes with the same zlib.

What would otherwise leak the machine into the bytes, and what is written instead:
- times: every entry gets SOURCE_DATE_EPOCH (UTC), or 1980-01-01 00:00:00 without it;
- permissions and owners: 0644, or 0755 for an executable file; no owner, uid or gid;
- order: entries are written in the order given (callers sort them);
- the zip format's free choices: Unix as creating system, version 2.0, no extra fields,
  no comments, deflate at a fixed level (9), sizes known up front (no data descriptors).
"""

from __future__ import annotations

import os
import stat
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, Iterator

from skillkit.core.errors import UsageError
from skillkit.core.reader import open_regular

DEFAULT_DATE = (1980, 1, 1, 0, 0, 0)
COMPRESSION = zipfile.ZIP_DEFLATED
LEVEL = 9
CHUNK = 1024 * 1024
UNIX = 3


@dataclass(frozen=True, slots=True)
class Entry:
    """One file of the archive. `read` yields its bytes in chunks (a file, or bytes in memory);
    `size` is its length, known before writing."""

    name: str
    size: int
    executable: bool
    read: Callable[[], Iterator[bytes]]


def file_chunks(path: Path) -> Callable[[], Iterator[bytes]]:
    def read() -> Iterator[bytes]:
        with open_regular(path) as handle:  # swapped for a FIFO since it was hashed: refused, never waited on
            while chunk := handle.read(CHUNK):
                yield chunk
    return read


def bytes_chunks(data: bytes) -> Callable[[], Iterator[bytes]]:
    return lambda: iter((data,))


def entry_time() -> tuple[int, int, int, int, int, int]:
    """SOURCE_DATE_EPOCH as a zip date (clamped to the years a zip can hold), or the default."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return DEFAULT_DATE
    if not raw.isdigit():
        raise UsageError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, not {raw!r}")
    moment = time.gmtime(min(int(raw), 4354819198))  # 2107-12-31 23:59:58, the last zip date
    return max(DEFAULT_DATE, tuple(moment[:6]))  # type: ignore[return-value]


def entry_info(name: str, size: int, executable: bool, when: tuple[int, int, int, int, int, int]) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=when)
    info.compress_type = COMPRESSION
    info._compresslevel = LEVEL  # type: ignore[attr-defined]  # read by ZipFile.open(info, "w")
    info.create_system = UNIX
    info.create_version = info.extract_version = 20
    info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
    info.file_size = size  # known size: no data descriptor, zip64 only when the size needs it
    return info


class ChangedWhilePacking(Exception):
    """A file's length differs from what was measured before writing."""


def write_entries(out: BinaryIO, entries: Iterable[Entry], total: int,
                  progress: Callable[[int, int], None] | None = None,
                  on_chunk: Callable[[str, bytes], None] | None = None) -> None:
    """Write a zip of `entries` to a seekable binary stream. `on_chunk` sees every chunk (to
    hash it as it is written); `progress(done, total)` is called once per entry."""
    when = entry_time()
    with zipfile.ZipFile(out, "w", allowZip64=True) as archive:
        for done, entry in enumerate(entries, start=1):
            written = 0
            with archive.open(entry_info(entry.name, entry.size, entry.executable, when), "w") as sink:
                for chunk in entry.read():
                    written += len(chunk)
                    if written > entry.size:
                        raise ChangedWhilePacking(entry.name)
                    if on_chunk is not None:
                        on_chunk(entry.name, chunk)
                    sink.write(chunk)
            if written != entry.size:
                raise ChangedWhilePacking(entry.name)
            if progress is not None:
                progress(done, total)
