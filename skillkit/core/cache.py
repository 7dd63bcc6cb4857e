"""lint's incremental cache, in the manner of ruff's: what checking one skill found, keyed by
skillkit's version, the effective options and the content of every file of the skill's folder.

A skill's per-file results (its parsed document, the core's findings, its per-skill rules'
findings) depend on nothing else: the per-skill rules read only files inside the skill's own
folder. So an entry is reused exactly when that folder's files hash the same. Workspace rules
always run again, on the documents the cache gives back.

One file per skill (`lint-<options digest>/<digest of the skill's name>.bin`): a re-run with one
skill changed writes that skill's entry only, not every skill's, and each entry holds what
deciding about it takes (the stat of each of its files, their digests, the findings).

Hashing every file on every run would read everything the cache saves reading, so each file's
digest is remembered with its stat, as git's index does: (size, mtime, ctime, inode), the times
in nanoseconds, and a file whose stat is unchanged is not read again. ruff trusts the mtime
alone; two more holes are closed here:
- an edit that puts the old mtime back afterwards (`touch -d`, `cp -p`, `rsync -t`, an editor
  keeping times) cannot put back the ctime, which the kernel sets to now on every write and
  every utime: the stat differs, the file is hashed;
- an edit in the same clock tick as the look that hashed the file (timestamps are coarse: a few
  milliseconds on Linux, two seconds on FAT) keeps size and mtime: so, as git's "racy" check,
  a file whose mtime is within RACY_SECONDS of the moment the run that wrote its entry began
  (it looked at the file after that moment) is hashed again, every run, until an entry written
  later vouches for it (`lookup` rewrites an entry whose digests it had to compute).
Left open, as git leaves it: a same-size rewrite within the tick of that look whose writer also
puts the mtime back within that tick (so the ctime matches too), or a clock set back.

Each file is a pickle, read with an unpickler that builds only skillkit's own classes and plain
containers, behind a digest of its payload: a corrupted, truncated or foreign file is a miss,
rewritten, never trusted, never a traceback.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
import struct
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from skillkit import __version__
from skillkit.core.atomic import TEMP_PREFIX, temp_prefix, write_atomic
from skillkit.core.errors import SkillkitError

if TYPE_CHECKING:
    from skillkit.core.options import Options

FOLDER = ".skillkit_cache"
MAGIC = b"skillkit-lint-cache 2\n"
RACY_SECONDS = 2.0
MAX_BYTES = 64 * 1024 * 1024  # a bigger entry is not ours: ignored, never read whole
_SLOT = re.compile(r"[0-9a-f]{32}\.bin")

# What a cache file may rebuild: skillkit's own (frozen data) classes and the standard library's
# plain values. Nothing callable beyond these classes' constructors.
SAFE_GLOBALS = {
    ("builtins", "frozenset"), ("builtins", "set"), ("builtins", "tuple"), ("builtins", "list"),
    ("builtins", "dict"), ("builtins", "bytearray"), ("builtins", "complex"),
    ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"), ("pathlib", "Path"),
    ("datetime", "date"), ("datetime", "datetime"), ("datetime", "time"), ("datetime", "timedelta"),
    ("datetime", "timezone"), ("collections", "OrderedDict"), ("copyreg", "_reconstructor"),
    ("builtins", "object"),
}


class _SkillPickler(pickle.Pickler):
    """Writes the skill's own file (in an entry twice: the check's and the document's) as a
    reference, which the reader answers with the path it looked the skill up by: rebuilding a
    Path costs more than the rest of a small entry's values."""

    def __init__(self, out: io.BytesIO, file: PurePath) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.file = file

    def persistent_id(self, obj: Any) -> str | None:
        return "file" if isinstance(obj, PurePath) and obj == self.file else None


class _SafeUnpickler(pickle.Unpickler):
    def __init__(self, data: io.BytesIO, file: PurePath | None = None) -> None:
        super().__init__(data)
        self.file = file

    def persistent_load(self, pid: Any) -> Any:
        if pid == "file" and self.file is not None:
            return self.file
        raise pickle.UnpicklingError("not a reference a cache holds")

    def find_class(self, module: str, name: str) -> Any:
        found = _FOUND.get((module, name))  # thousands of entries name the same few classes
        if found is not None:
            return found
        if (module, name) in SAFE_GLOBALS or (module.startswith("skillkit.core.") and name[:1].isupper()):
            found = super().find_class(module, name)
            if isinstance(found, type) or (module, name) == ("copyreg", "_reconstructor"):
                _FOUND[module, name] = found
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not something a cache holds")


# relative name -> its stat packed (_STAT: size, mtime, ctime, inode) then its digest: two
# objects a file, not seven (an entry is rebuilt for every skill on every run)
Known = dict[str, bytes]
_STAT = struct.Struct("<QQQQ")
_WORD = (1 << 64) - 1
_UNLISTABLE = "\0unlistable"  # no file's name holds a NUL: what _files_under says of a folder it cannot list
_FOUND: dict[tuple[str, str], Any] = {}


@dataclass(frozen=True)
class Fingerprint:
    """What a skill's folder held when it was looked at: a digest of every file's name and
    content, and the stats that vouch for each file's digest."""

    digest: str
    files: Known
    fresh: bool  # some digest was computed anew (not vouched for by a stat)


@dataclass
class LintCache:
    """The cache of one workspace under one set of options: a folder of entries, one a skill."""

    folder: Path
    started: float = field(default_factory=time.time)  # before this run looked at any file
    used: set[str] = field(default_factory=set)
    writes: dict[str, bytes] = field(default_factory=dict)

    @classmethod
    def open(cls, folder: Path, key: object) -> LintCache:
        """The cache for `key` (the effective options) in `folder`. Nothing is read yet: each
        skill's entry is read when that skill is looked up."""
        digest = hashlib.sha256(repr((__version__, key)).encode("utf-8", "surrogateescape")).hexdigest()[:20]
        return cls(folder / f"lint-{digest}")

    def lookup(self, name: str, file: Path) -> tuple[Any | None, Fingerprint]:
        """What checking the skill `name` (its SKILL.md: `file`) found, when its folder's files
        are what they were then (None otherwise), and the folder's fingerprint now."""
        slot = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".bin"
        self.used.add(slot)
        folder = os.path.dirname(file)
        stored = _read_entry(os.path.join(self.folder, slot), name, file)
        if stored is None:
            print_ = self._fingerprint(folder, {}, 0.0, "")
        else:
            print_ = self._fingerprint(folder, stored[2], stored[1] - RACY_SECONDS, stored[3])
        if stored is not None and stored[3] == print_.digest:
            if print_.fresh:  # a newer look vouches for the digests: the next run need not hash them
                self._write(slot, name, print_, stored[4], file)
            return stored[4], print_
        return None, print_

    def put(self, name: str, fingerprint: Fingerprint, value: Any, file: Path) -> None:
        slot = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".bin"
        self.used.add(slot)
        self._write(slot, name, fingerprint, value, file)

    def _write(self, slot: str, name: str, fingerprint: Fingerprint, value: Any, file: Path) -> None:
        out = io.BytesIO()
        _SkillPickler(out, file).dump((name, self.started, fingerprint.files, fingerprint.digest, value))
        self.writes[slot] = frame(out.getvalue())

    def _fingerprint(self, folder: str, known: Known, racy_from: float, known_digest: str) -> Fingerprint:
        """`known`: the files an entry vouches for; `known_digest`: its fingerprint's digest."""
        start = len(folder) + 1
        racy_ns = int(racy_from * 1e9)
        files: Known = {}
        fresh = False
        for path in _files_under(folder):
            rel = path[start:]
            if path.endswith(_UNLISTABLE):  # a folder that cannot be listed: as it was, or not
                files[rel] = bytes(_STAT.size) + b"unlistable"
                fresh = fresh or known.get(rel) != files[rel]
                continue
            try:
                st = os.stat(path)
            except (OSError, ValueError):
                files[rel] = bytes(_STAT.size) + b"missing"
                fresh = True
                continue
            stamp = _stamp(st)
            seen = known.get(rel)
            # what a cache file holds is checked where it is used: bytes of this shape or a miss
            if type(seen) is bytes and seen.startswith(stamp) and len(seen) > _STAT.size and st.st_mtime_ns < racy_ns:
                files[rel] = seen
                continue
            fresh = True
            if not _regular(st):  # a FIFO or a device: never opened (it could block); lint reports it
                digest = f"special {st.st_mode:o}".encode()
            else:
                try:
                    with open(path, "rb") as handle:
                        digest = hashlib.file_digest(handle, "sha256").digest()
                except OSError:
                    digest = b"unreadable"
            files[rel] = stamp + digest
        if not fresh and len(files) == len(known):  # every file as the entry has it: so is the digest
            return Fingerprint(known_digest, files, fresh)
        parts = b"\n".join(rel.encode("utf-8", "surrogateescape") + b"\0" + seen[_STAT.size:] for rel, seen in files.items())
        return Fingerprint(hashlib.sha256(parts).hexdigest(), files, fresh)

    def save(self) -> None:
        """Write the entries this run made, drop those of skills gone since (and what a killed
        run left half-written). Never raises: a cache that cannot be written only makes the
        next run slower."""
        try:
            if self.writes:
                self.folder.mkdir(parents=True, exist_ok=True)
                ignore = self.folder.parent / ".gitignore"
                if not ignore.exists():
                    write_atomic(ignore, b"# Written by skillkit: its lint cache is no part of the repository.\n*\n")
                for slot, data in self.writes.items():
                    _replace_unsynced(self.folder / slot, data)
                self.writes.clear()
            _tidy(self.folder, self.used)
        except (OSError, SkillkitError):
            pass


def _tidy(folder: Path, used: set[str]) -> None:
    """Remove the entries no skill of this run has (one scan of the folder), and the temporary
    files of writers that are gone."""
    from skillkit.core.atomic import _owner_gone

    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if (name.startswith(TEMP_PREFIX) and _owner_gone(name)) or (name not in used and _SLOT.fullmatch(name)):
            try:
                os.unlink(entry.path)
            except OSError:
                continue


def _replace_unsynced(target: Path, data: bytes) -> None:
    """A temporary file renamed into place, as write_atomic does, without its fsync: a cache
    lost to a power cut is only a slower next run. Killed runs' temporaries are swept by
    `_tidy`, once a run, not once a write (a first run writes thousands of entries)."""
    import tempfile

    handle, temp = tempfile.mkstemp(prefix=temp_prefix("cache"), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _stamp(st: os.stat_result) -> bytes:
    """What vouches for a file's digest: size, mtime, ctime, inode (see the module's docstring),
    packed (each in 64 bits: a negative time or a wider inode is cut, never refused)."""
    return _STAT.pack(st.st_size & _WORD, st.st_mtime_ns & _WORD, st.st_ctime_ns & _WORD, st.st_ino & _WORD)


def _regular(st: os.stat_result) -> bool:
    import stat

    return stat.S_ISREG(st.st_mode)


def _files_under(folder: str) -> list[str]:
    """Every file under `folder`, sorted, without following links to folders (as the rules
    read them: a linked file is read through its link). An explicit stack: no recursion limit."""
    found: list[str] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name != FOLDER:
                            stack.append(entry.path)
                    else:
                        found.append(entry.path)
        except OSError:
            found.append(current + os.sep + _UNLISTABLE)
    return sorted(found)


def _check(payload: bytes) -> bytes:
    """What tells a damaged entry (a torn write, a flipped bit): a CRC, not a cryptographic
    digest; a file forged to look whole is still only unpickled into skillkit's own data
    (_SafeUnpickler), and it costs a third of sha256 over the megabytes a run reads."""
    return zlib.crc32(payload).to_bytes(4, "big") + len(payload).to_bytes(8, "big")


def frame(payload: bytes) -> bytes:
    """An entry file's bytes: MAGIC, the check of the payload, the payload (a pickle)."""
    return MAGIC + _check(payload) + payload


HEAD = len(MAGIC) + 12  # where the payload starts


def _read_entry(file: str, name: str, skill: Path) -> tuple[str, float, Known, str, Any] | None:
    """The entry in `file` when it is whole, ours and for `name` (its SKILL.md: `skill`); None
    otherwise, whatever the file holds."""
    try:
        with open(file, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not _regular(st) or st.st_size > MAX_BYTES:
                return None
            raw = handle.read()
    except OSError:
        return None
    payload = memoryview(raw)[HEAD:]
    if not raw.startswith(MAGIC) or len(raw) < HEAD or _check(payload) != raw[len(MAGIC):HEAD]:
        return None
    try:
        loaded = _SafeUnpickler(io.BytesIO(payload), skill).load()
    except Exception:  # noqa: BLE001 - whatever a damaged or foreign pickle raises, it is not trusted
        return None
    try:
        stored_name, checked_at, files, digest, value = loaded
        if stored_name != name or type(digest) is not str or type(checked_at) is not float or type(files) is not dict:
            return None
    except Exception:  # noqa: BLE001 - not the shape an entry has, however it fails to be
        return None
    return stored_name, checked_at, files, digest, value


def cache_folder(root: Path | None, settings: dict[str, object], settings_source: Path | None) -> Path:
    """Where a workspace's cache lives: $SKILLKIT_CACHE_DIR, the settings' `cache-dir` (from the
    settings file's folder), else `.skillkit_cache/` in the workspace root (the current folder
    for skills outside any root)."""
    chosen = os.environ.get("SKILLKIT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    configured = settings.get("cache-dir")
    if isinstance(configured, str) and configured:
        return (settings_source.parent if settings_source is not None else Path(".")) / configured
    return (root if root is not None else Path(".")) / FOLDER


_CODE_STAMP: list[str] = []


def code_stamp() -> str:
    """The installed skillkit's own files (name, size, mtime): a cache written by other code,
    even under the same version number (a checkout being edited), is never reused."""
    if not _CODE_STAMP:
        package = Path(__file__).resolve().parent.parent
        parts = []
        for path in sorted(package.rglob("*.py")):
            try:
                st = path.stat()
            except OSError:
                continue
            parts.append(f"{path.relative_to(package)} {st.st_size} {st.st_mtime_ns}")
        _CODE_STAMP.append(hashlib.sha256("\n".join(parts).encode()).hexdigest())
    return _CODE_STAMP[0]


def open_cache(root: Path | None, options: Options, base: str) -> LintCache | None:
    """The cache for one workspace under `options`, or None when turned off
    (`SKILLKIT_NO_CACHE=1`)."""
    if os.environ.get("SKILLKIT_NO_CACHE", "") not in ("", "0"):
        return None
    key = (code_stamp(), options.registry.source, options.profile, sorted(options.select or ()),
           options.select is None, sorted(options.ignore), sorted((k, str(v)) for k, v in options.severity.items()),
           repr(sorted(options.settings.items(), key=lambda item: item[0])), base, options.excludes, options.patterns)
    return LintCache.open(cache_folder(root, options.settings, options.settings_source), key)
