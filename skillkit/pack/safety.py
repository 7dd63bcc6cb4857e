"""What a zip's central directory alone tells about it: the checks made before a single byte is
decompressed, so a zip bomb or a crafted name costs a directory listing and nothing more.

Refused: more entries, more declared bytes or a higher compression ratio than `Limits` allow;
entries whose data overlap (the overlapping-file bomb); names that would leave DEST
(names.unsafe_reason); links and other non-regular entries; folder entries; encrypted entries;
compression other than stored or deflate; the same name twice.
"""

from __future__ import annotations

import stat
import zipfile
from dataclasses import dataclass

from skillkit.pack.names import unsafe_reason

LOCAL_HEADER = 30  # bytes of a local file header before its name and extra field
DOS_FOLDER = 0x10


@dataclass(frozen=True, slots=True)
class Limits:
    """Far above any real skill pack, far below what hurts a machine."""

    max_entries: int = 100_000
    max_total: int = 1 << 30          # declared uncompressed bytes, all entries together
    max_ratio: int = 200              # uncompressed : compressed, for one entry ...
    ratio_floor: int = 1 << 20        # ... of at least this many bytes (small files compress as they like)
    # 100,000 entries' records take about 13 MiB; parsed, a manifest costs several times its size,
    # so past this it is refused from the size its entry declares, before a byte is read
    max_manifest: int = 16 << 20


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One reason a pack does not verify. `kind`: missing, extra, changed, mode, duplicate,
    unsafe, link, unsupported, corrupt, limit."""

    path: str
    kind: str
    message: str

    def as_json(self) -> dict[str, str]:
        return {"path": self.path, "problem": self.kind, "message": self.message}


def _kind_of_entry(info: zipfile.ZipInfo) -> Problem | None:
    name = info.orig_filename
    file_type = stat.S_IFMT(info.external_attr >> 16)
    if stat.S_ISLNK(file_type):
        return Problem(name, "link", "a symbolic link entry; packs hold regular files only")
    if name.endswith("/") or stat.S_ISDIR(file_type) or info.external_attr & DOS_FOLDER:
        return Problem(name, "extra", "a folder entry; packs hold files only")
    if file_type not in (0, stat.S_IFREG):
        return Problem(name, "link", "not a regular file (a device, pipe or socket entry)")
    reason = unsafe_reason(name)
    if reason is not None:
        return Problem(name, "unsafe", f"{reason}: it could write outside the destination")
    if info.flag_bits & 0x1:
        return Problem(name, "unsupported", "an encrypted entry")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return Problem(name, "unsupported", f"compression method {info.compress_type}; packs use deflate")
    return None


def _size_problems(infos: list[zipfile.ZipInfo], limits: Limits) -> list[Problem]:
    found: list[Problem] = []
    total = 0
    for info in infos:
        name, size, packed = info.orig_filename, info.file_size, info.compress_size
        total += size
        if info.compress_type == zipfile.ZIP_STORED and size != packed:
            found.append(Problem(name, "corrupt", f"stored entry of {size:,} bytes in {packed:,}"))
        elif size >= limits.ratio_floor and size > limits.max_ratio * max(packed, 1):
            found.append(Problem(name, "limit", f"{size:,} bytes from {packed:,} (ratio {size // max(packed, 1):,}:1, "
                                                f"at most {limits.max_ratio}:1): a zip bomb?"))
    if total > limits.max_total:
        found.append(Problem("", "limit", f"the entries declare {total:,} bytes in all; at most {limits.max_total:,}"))
    return found


def _overlaps(infos: list[zipfile.ZipInfo], directory_start: int) -> list[Problem]:
    found: list[Problem] = []
    ordered = sorted(infos, key=lambda i: i.header_offset)
    for current, following in zip(ordered, ordered[1:] + [None]):
        raw_name = current.orig_filename.encode("utf-8" if current.flag_bits & 0x800 else "cp437", "replace")
        end = current.header_offset + LOCAL_HEADER + len(raw_name) + current.compress_size
        limit = following.header_offset if following is not None else directory_start
        if end > limit:
            other = following.orig_filename if following is not None else "the central directory"
            found.append(Problem(current.orig_filename, "limit", f"its data overlaps {other}: a zip bomb's trick"))
    return found


def inspect(archive: zipfile.ZipFile, limits: Limits) -> list[Problem]:
    """Every structural problem of an open zip, from its directory only."""
    infos = archive.infolist()
    if len(infos) > limits.max_entries:
        return [Problem("", "limit", f"{len(infos):,} entries; at most {limits.max_entries:,}")]
    found = [p for p in map(_kind_of_entry, infos) if p is not None]
    seen: set[str] = set()
    for info in infos:
        if info.orig_filename in seen:
            found.append(Problem(info.orig_filename, "duplicate", "two entries have this name"))
        seen.add(info.orig_filename)
    found += _size_problems(infos, limits)
    found += _overlaps(infos, getattr(archive, "start_dir", 0) or 0)
    return sorted(set(found))
