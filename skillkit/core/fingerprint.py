"""A skill folder's fingerprint: a digest of every file's name and content, and the stat of
each file that vouches for its digest on the next run, as git's index does: (size, mtime,
ctime, inode), the times in nanoseconds. A file whose stat is unchanged is not read again.
ruff trusts the mtime alone; two more holes are closed here:
- an edit that puts the old mtime back afterwards (`touch -d`, `cp -p`, `rsync -t`, an editor
  keeping times) cannot put back the ctime, which the kernel sets to now on every write and
  every utime: the stat differs, the file is hashed;
- an edit in the same clock tick as the look that hashed the file (timestamps are coarse: a few
  milliseconds on Linux, two seconds on FAT) keeps size and mtime: so, as git's "racy" check,
  a file whose mtime is within RACY_SECONDS of the moment the run that wrote its entry began
  (it looked at the file after that moment) is hashed again, every run, until an entry written
  later vouches for it (the cache rewrites an entry whose digests it had to compute).
Left open, as git leaves it: a same-size rewrite within the tick of that look whose writer also
puts the mtime back within that tick (so the ctime matches too), or a clock set back.
"""

from __future__ import annotations

import hashlib
import os
import stat
import struct
from dataclasses import dataclass

from skillkit.core.reader import OPEN_FLAGS
from skillkit.core.walk import Scan, scan_disk

CACHE_FOLDER = ".skillkit_cache"  # never part of a skill's files (the cache's own default folder)
RACY_SECONDS = 2.0

# relative name -> its stat packed (STAT: size, mtime, ctime, inode) then its digest: two
# objects a file, not seven (an entry is rebuilt for every skill on every run)
Known = dict[str, bytes]
STAT = struct.Struct("<QQQQ")
_WORD = (1 << 64) - 1
_UNLISTABLE = "\0unlistable"  # no file's name holds a NUL: what _files_under says of a folder it cannot list


@dataclass(frozen=True)
class Fingerprint:
    """What a skill's folder held when it was looked at: a digest of every file's name and
    content, and the stats that vouch for each file's digest."""

    digest: str
    files: Known
    fresh: bool  # some digest was computed anew (not vouched for by a stat)

    def content(self, rel: str) -> bytes | None:
        """The digest of the file `rel` (relative to the skill's folder) had when looked at."""
        seen = self.files.get(rel)
        return None if seen is None else seen[STAT.size:]


def fingerprint_folder(folder: str) -> Fingerprint:
    """A skill folder's fingerprint with no entry to vouch for any file (each is hashed), as
    lookup leaves it to the caller on a first run: module-level, for worker processes."""
    return fingerprint_with(folder, scan_disk, {}, 0.0, "")


def fingerprint_with(folder: str, scan: Scan, known: Known, racy_from: float, known_digest: str) -> Fingerprint:
    """`known`: the files an entry vouches for (checked by `_entry`: bytes longer than a
    stamp); `known_digest`: its fingerprint's digest; `scan`: how a folder is listed (the
    cache's: discovery's file-system view over the walk's listings, core/fsview.ListedView).
    The loop runs for every file of every skill on every run: a stat and a comparison each,
    the rest out of its way."""
    start = len(folder) + 1
    racy_ns = int(racy_from * 1e9)
    files: Known = {}
    fresh = False
    stat_of, stamp_of, size = os.stat, _stamp, STAT.size
    for path in _files_under(folder, scan):
        rel = path[start:]
        try:
            st = stat_of(path)
        except (OSError, ValueError):  # gone since it was listed; or the NUL of _UNLISTABLE
            if path.endswith(_UNLISTABLE):  # a folder that cannot be listed: as it was, or not
                files[rel] = bytes(size) + b"unlistable"
                fresh = fresh or known.get(rel) != files[rel]
            else:
                files[rel] = bytes(size) + b"missing"
                fresh = True
            continue
        stamp = stamp_of(st)
        seen = known.get(rel)
        if seen is not None and seen[:size] == stamp and st.st_mtime_ns < racy_ns:
            files[rel] = seen
        else:
            fresh = True
            files[rel] = stamp + _digest(path, st)
    if not fresh and len(files) == len(known):  # every file as the entry has it: so is the digest
        return Fingerprint(known_digest, files, fresh)
    parts = b"\n".join(rel.encode("utf-8", "surrogateescape") + b"\0" + seen[size:]
                       for rel, seen in sorted(files.items()))
    return Fingerprint(hashlib.sha256(parts).hexdigest(), files, fresh)


def _stamp(st: os.stat_result) -> bytes:
    """What vouches for a file's digest: size, mtime, ctime, inode (see the module's docstring),
    packed (each in 64 bits: a negative time or a wider inode is cut, never refused)."""
    return STAT.pack(st.st_size & _WORD, st.st_mtime_ns & _WORD, st.st_ctime_ns & _WORD, st.st_ino & _WORD)


def _digest(path: str, st: os.stat_result) -> bytes:
    """A file's content digest: sha256 of its bytes; a FIFO or a device is never opened (it
    could block): lint reports it."""
    if not _regular(st):
        return f"special {st.st_mode:o}".encode()
    try:  # non-blocking, and checked again once open: swapped for a FIFO since the stat, it is not read
        descriptor = os.open(path, OPEN_FLAGS)
    except OSError:
        return b"unreadable"
    with open(descriptor, "rb") as handle:
        try:
            now = os.fstat(descriptor)
            if not _regular(now):
                return f"special {now.st_mode:o}".encode()
            return hashlib.file_digest(handle, "sha256").digest()
        except OSError:
            return b"unreadable"


def _regular(st: os.stat_result) -> bool:
    return stat.S_ISREG(st.st_mode)


def _files_under(folder: str, scan: Scan) -> list[str]:
    """Every file under `folder` (in no particular order), without following links to folders (as the rules
    read them: a linked file is read through its link), each folder listed by `scan`. An
    explicit stack: no recursion limit."""
    found: list[str] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            for entry in scan(current):
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != CACHE_FOLDER:
                        stack.append(entry.path)
                else:
                    found.append(entry.path)
        except OSError:
            found.append(current + os.sep + _UNLISTABLE)
    return found
