"""lint's incremental cache, in the manner of ruff's: what checking one skill found, keyed by
skillkit's version, the effective options and the content of every file of the skill's folder.

A skill's per-file results (its parsed document, the core's findings, its per-skill rules'
findings) depend on nothing else: the per-skill rules read only files inside the skill's own
folder. So an entry is reused exactly when that folder's files hash the same. Workspace rules
always run again, on the documents the cache gives back.

Each workspace and set of options has a folder, `lint-<options digest>/`: a pack of every
skill's entry (`pack.bin`, one read) and loose entries written since (`<digest of the skill's
name>.bin`, one a skill). A re-run with one skill changed writes that skill's entry alone, not
every skill's; when loose entries grow past one in eight, one pack replaces them. Each entry
holds what deciding about its skill takes (the stat of each of its files, their digests, the
fingerprint, the findings), and is checked where it is used: one from the pack or a loose file,
from this run or a concurrent one, is only ever a hit when the skill's files match it now. Its
document holds no body (nine tenths of the bytes): a rule that asks reads it from the SKILL.md,
checked against the digest this run's look has for it (core/stored_body.py).

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
containers, behind a CRC of its payload (`_check`): a corrupted, truncated or foreign file or
entry is a miss, rewritten (a pack holding one is written anew), never trusted, never a
traceback.
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
from typing import TYPE_CHECKING, Any, Callable

from skillkit import __version__
from skillkit.core.atomic import TEMP_PREFIX, temp_prefix, write_atomic
from skillkit.core.collector import no_collection
from skillkit.core.errors import SkillkitError

if TYPE_CHECKING:
    from skillkit.core.options import Options

FOLDER = ".skillkit_cache"
MAGIC = b"skillkit-lint-cache 2\n"
RACY_SECONDS = 2.0
MAX_BYTES = 1024 * 1024 * 1024  # a bigger cache file is not ours: ignored, never read whole
PACK = "pack.bin"
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
    """Writes the skills' own files (in an entry twice: the check's and the document's) as
    references, which the reader answers with the paths it looks the skills up by: rebuilding a
    Path costs more than the rest of a small entry's values."""

    def __init__(self, out: io.BytesIO, files: set[str]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.files = files

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, PurePath):
            text = str(obj)
            if text in self.files:
                return ("file", text)
        return None


class _SafeUnpickler(pickle.Unpickler):
    def __init__(self, data: io.BytesIO, files: dict[str, Path]) -> None:
        super().__init__(data)
        self.files = files

    def persistent_load(self, pid: Any) -> Any:
        if type(pid) is tuple and len(pid) == 2 and pid[0] == "file" and type(pid[1]) is str:
            found = self.files.get(pid[1])
            return found if found is not None else Path(pid[1])  # a skill gone since: never used
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
Entry = tuple[str, float, Known, str, Any]  # name, when its run began, its files, fingerprint digest, value
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

    def content(self, rel: str) -> bytes | None:
        """The digest of the file `rel` (relative to the skill's folder) had when looked at."""
        seen = self.files.get(rel)
        return None if seen is None else seen[_STAT.size:]


@dataclass
class LintCache:
    """The cache of one workspace under one set of options: a folder holding a pack of every
    skill's entry (`pack.bin`) and loose entries (`<slot>.bin`, one a skill) written since."""

    folder: Path
    started: float = field(default_factory=time.time)  # before this run looked at any file
    used: set[str] = field(default_factory=set)
    writes: dict[str, tuple[Entry, Path]] = field(default_factory=dict)
    kept: dict[str, tuple[Entry, Path]] = field(default_factory=dict)  # entries reused as they are
    files: dict[str, Path] = field(default_factory=dict)  # str(SKILL.md) -> the Path looked up by
    listings: dict[str, list[os.DirEntry[str]]] = field(default_factory=dict)  # the walk's (Walker.listed)
    listed_in: dict[Path, str] = field(default_factory=dict)  # SKILL.md -> its folder as the walk listed it
    pack: dict[str, Any] | None = None  # slot -> entry as unpickled (checked when used)
    loose: set[str] = field(default_factory=set)
    pack_whole: bool = True  # False: missing, damaged or holding a damaged entry: written anew

    @classmethod
    def open(cls, folder: Path, key: object) -> LintCache:
        """The cache for `key` (the effective options) in `folder`. Nothing is read yet: the
        pack and the loose entries are read at the first lookup."""
        digest = hashlib.sha256(repr((__version__, key)).encode("utf-8", "surrogateescape")).hexdigest()[:20]
        return cls(folder / f"lint-{digest}")

    def expect(self, files: list[Path], listings: dict[str, list[os.DirEntry[str]]] | None = None,
               listed_in: dict[Path, str] | None = None) -> None:
        """The SKILL.md files about to be looked up: the pack's references to them are answered
        with these very paths (a Path costs more to rebuild than the rest of a small entry).
        `listings`, `listed_in`: the discovery walk's listings of their folders, read instead of
        listing each folder again (as of a moment earlier in this run: a file added since is seen
        by the next run, whose look differs from the entry this one writes)."""
        self.files.update((str(file), file) for file in files)
        self.listings = listings or {}
        self.listed_in = listed_in or {}

    def _open_folder(self) -> None:
        self.pack = {}
        try:
            self.loose = {e.name for e in os.scandir(self.folder) if _SLOT.fullmatch(e.name)}
        except OSError:
            self.loose = set()
        loaded = _read_framed(os.path.join(self.folder, PACK), self.files)
        if type(loaded) is dict and all(type(slot) is str and type(entry) is tuple and len(entry) == 5
                                        and type(entry[0]) is str and _slot(entry[0]) == slot
                                        for slot, entry in loaded.items()):
            self.pack = loaded
        else:  # missing, damaged or not a pack: read as empty, written anew
            self.pack_whole = False

    def lookup(self, name: str, file: Path, accept: Callable[[Any], bool] = lambda value: True
               ) -> tuple[Any | None, Fingerprint | None]:
        """What checking the skill `name` (its SKILL.md: `file`) found, when its folder's files
        are what they were then (None otherwise), and the folder's fingerprint now: None when
        the cache holds no entry for it (a first run), for the caller to take where it checks
        the skill (`fingerprint_folder(cache.folder_of(file))`, in a worker: hashing every file
        of a first run here, in one process, cost more than checking them in two). A value
        `accept` refuses is damage: a miss, and the pack that held it is written anew."""
        if self.pack is None:
            self._open_folder()
        assert self.pack is not None
        slot = _slot(name)
        self.used.add(slot)
        stored: Entry | None = None
        if slot in self.loose:
            stored = _entry(_read_framed(os.path.join(self.folder, slot), {str(file): file}), name, accept)
        if stored is None and slot in self.pack:
            stored = _entry(self.pack[slot], name, accept)
            if stored is None:
                self.pack_whole = False  # a damaged entry in the pack: the pack is written anew
        if stored is None:
            return None, None
        print_ = self._fingerprint(self.folder_of(file), stored[2], stored[1] - RACY_SECONDS, stored[3])
        if stored[3] == print_.digest:
            if print_.fresh:  # a newer look vouches for the digests: the next run need not hash them
                self._write(slot, name, print_, stored[4], file)
            else:
                self.kept[slot] = (stored, file)
            return stored[4], print_
        return None, print_

    def folder_of(self, file: Path) -> str:
        """The folder of the SKILL.md `file`, as the walk listed it (its fingerprint's paths)."""
        folder = self.listed_in.get(file)
        if folder is None or folder.endswith(os.sep):  # not walked so (or `/`: its paths hold no extra separator)
            folder = os.path.dirname(file)
        return folder

    def put(self, name: str, fingerprint: Fingerprint, value: Any, file: Path) -> None:
        slot = _slot(name)
        self.used.add(slot)
        self.kept.pop(slot, None)
        self._write(slot, name, fingerprint, value, file)

    def _write(self, slot: str, name: str, fingerprint: Fingerprint, value: Any, file: Path) -> None:
        self.writes[slot] = ((name, self.started, fingerprint.files, fingerprint.digest, value), file)

    def _fingerprint(self, folder: str, known: Known, racy_from: float, known_digest: str) -> Fingerprint:
        return _fingerprint(folder, self.listings, known, racy_from, known_digest)

    def save(self) -> None:
        """Write the entries this run made, drop those of skills gone since (and what a killed
        run left half-written). Loose entries, one file each, until they are more than one in
        eight: then one pack of every entry this run used replaces them all (a re-run with one
        change writes one small file; reading thousands of files costs more than one big one).
        Never raises: a cache that cannot be written only makes the next run slower."""
        if self.pack is None:  # nothing looked up (a workspace without skills): nothing to keep
            return
        try:
            repack = not self.pack_whole or len((self.loose & self.used) | set(self.writes)) > max(16, len(self.used) // 8)
            if self.writes or repack:
                self.folder.mkdir(parents=True, exist_ok=True)
                ignore = self.folder.parent / ".gitignore"
                if not ignore.exists():
                    write_atomic(ignore, b"# Written by skillkit: its lint cache is no part of the repository.\n*\n")
            if repack:
                entries = {**self.kept, **self.writes}
                if entries.keys() == self.used:
                    _replace_unsynced(self.folder / PACK, _framed(
                        {slot: entry for slot, (entry, _) in entries.items()}, {str(f) for _, f in entries.values()}))
                    self.loose.clear()
                    self.used.clear()  # every loose entry is in the pack now: _tidy drops them
                    self.writes.clear()
            for slot, (entry, file) in self.writes.items():
                _replace_unsynced(self.folder / slot, _framed(entry, {str(file)}))
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


def fingerprint_folder(folder: str) -> Fingerprint:
    """A skill folder's fingerprint with no entry to vouch for any file (each is hashed), as
    lookup leaves it to the caller on a first run: module-level, for worker processes."""
    return _fingerprint(folder, {}, {}, 0.0, "")


def _fingerprint(folder: str, listings: dict[str, list[os.DirEntry[str]]], known: Known, racy_from: float,
                 known_digest: str) -> Fingerprint:
    """`known`: the files an entry vouches for (checked by `_entry`: bytes longer than a
    stamp); `known_digest`: its fingerprint's digest; `listings`: the walk's, not listed again.
    The loop runs for every file of every skill on every run: a stat and a comparison each,
    the rest out of its way."""
    start = len(folder) + 1
    racy_ns = int(racy_from * 1e9)
    files: Known = {}
    fresh = False
    stat, stamp_of, size = os.stat, _stamp, _STAT.size
    for path in _files_under(folder, listings):
        rel = path[start:]
        try:
            st = stat(path)
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
    return _STAT.pack(st.st_size & _WORD, st.st_mtime_ns & _WORD, st.st_ctime_ns & _WORD, st.st_ino & _WORD)


def _digest(path: str, st: os.stat_result) -> bytes:
    """A file's content digest: sha256 of its bytes; a FIFO or a device is never opened (it
    could block): lint reports it."""
    if not _regular(st):
        return f"special {st.st_mode:o}".encode()
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").digest()
    except OSError:
        return b"unreadable"


def _regular(st: os.stat_result) -> bool:
    import stat

    return stat.S_ISREG(st.st_mode)


def _files_under(folder: str, listed: dict[str, list[os.DirEntry[str]]]) -> list[str]:
    """Every file under `folder` (in no particular order), without following links to folders (as the rules
    read them: a linked file is read through its link). A folder in `listed` (the walk's) is not
    listed again. An explicit stack: no recursion limit."""
    found: list[str] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            entries = listed.get(current)
            if entries is None:
                with os.scandir(current) as listing:
                    entries = list(listing)
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != FOLDER:
                        stack.append(entry.path)
                else:
                    found.append(entry.path)
        except OSError:
            found.append(current + os.sep + _UNLISTABLE)
    return found


def _check(payload: bytes) -> bytes:
    """What tells a damaged entry (a torn write, a flipped bit): a CRC, not a cryptographic
    digest; a file forged to look whole is still only unpickled into skillkit's own data
    (_SafeUnpickler), and it costs a third of sha256 over the megabytes a run reads."""
    return zlib.crc32(payload).to_bytes(4, "big") + len(payload).to_bytes(8, "big")


def frame(payload: bytes) -> bytes:
    """An entry file's bytes: MAGIC, the check of the payload, the payload (a pickle)."""
    return MAGIC + _check(payload) + payload


HEAD = len(MAGIC) + 12  # where the payload starts


def _framed(value: Any, files: set[str]) -> bytes:
    out = io.BytesIO()
    _SkillPickler(out, files).dump(value)
    return frame(out.getvalue())


def _read_framed(file: str, files: dict[str, Path]) -> Any:
    """What the cache file `file` holds when it is whole and ours; None otherwise, whatever the
    file holds."""
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
    # a pack is thousands of entries that hold no cycles: collecting while it loads halved its speed
    with no_collection():
        try:
            return _SafeUnpickler(io.BytesIO(payload), files).load()
        except Exception:  # noqa: BLE001 - whatever a damaged or foreign pickle raises, it is not trusted
            return None


def _slot(name: str) -> str:
    """The name of a skill's loose entry, and its key in the pack."""
    return hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".bin"


def _entry(loaded: Any, name: str, accept: Callable[[Any], bool]) -> Entry | None:
    """`loaded` when it is a whole entry for `name`: (name, when its run began, its files'
    stats and digests, its fingerprint's digest, a value `accept` takes)."""
    if type(loaded) is not tuple or len(loaded) != 5:
        return None
    stored_name, checked_at, files, digest, value = loaded
    if stored_name != name or type(digest) is not str or type(checked_at) is not float or type(files) is not dict:
        return None
    # three passes in C, not one in Python: thousands of entries are checked on every run
    if files and (set(map(type, files)) != {str} or set(map(type, files.values())) != {bytes}
                  or min(map(len, files.values())) <= _STAT.size):
        return None
    return loaded if accept(value) else None


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
