"""lint's incremental cache, in the manner of ruff's: what checking one skill found, keyed by
skillkit's code, the effective options and the content of every file of the skill's folder.

A skill's per-file results (its parsed document, the core's findings, its per-skill rules'
findings) depend on nothing else: the per-skill rules read only files inside the skill's own
folder. So an entry is reused exactly when that folder's files hash the same
(core/fingerprint.py). Workspace rules always run again, on the documents the cache gives back.

Each workspace has one folder in the cache folder (core/cache_place.py says where): a pack of
every skill's entry (`pack.bin`, one read) and loose entries written since (`<digest of the
skill's name>.bin`, one a skill). A re-run with one skill changed writes that skill's entry
alone; when loose entries grow past one in eight, one pack replaces them. Every file carries
the digest of the options it was made under: a run under other options finds none of its
entries and rewrites them. Each entry holds what deciding about its skill takes (the stat of
each of its files, their digests, the fingerprint, the findings), and is checked where it is
used: one from the pack or a loose file, from this run or a concurrent one, is only ever a hit
when the skill's files match it now. Its document holds no body (nine tenths of the bytes): a
rule that asks reads it from the SKILL.md, checked against the digest this run's look has for
it (core/stored_body.py).

The files hold data only (core/cache_format.py: typed msgpack behind a versioned, checked
header), in private folders, and a folder or file someone else could have written is not
read: a damaged, foreign or old file is a miss, rewritten, never trusted, never a traceback.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from skillkit import __version__
from skillkit.core import cache_format, cache_place
from skillkit.core.atomic import TEMP_PREFIX, temp_prefix
from skillkit.core.cache_format import EntryRecord
from skillkit.core.checked import Checked
from skillkit.core.errors import SkillkitError
from skillkit.core.fingerprint import RACY_SECONDS, STAT, Fingerprint, fingerprint_folder, fingerprint_with
from skillkit.core.fsview import ListedView
from skillkit.core.reader import read_unfollowed

if TYPE_CHECKING:
    from skillkit.core.options import Options

__all__ = ["LintCache", "Fingerprint", "fingerprint_folder", "open_cache", "code_stamp"]

FOLDER = cache_place.FOLDER
MAX_BYTES = 256 * 1024 * 1024  # a bigger cache file is not ours: ignored, never read
PACK = "pack.bin"
_SLOT = re.compile(r"[0-9a-f]{32}\.bin")


@dataclass
class LintCache:
    """The cache of one workspace under one set of options (`key`): a private folder holding a
    pack of every skill's entry (`pack.bin`) and loose entries (`<slot>.bin`) written since."""

    folder: Path
    key: str
    root: Path | None = None  # the cache folder `folder` is in (None: `folder`'s parent)
    started: float = field(default_factory=time.time)  # before this run looked at any file
    used: set[str] = field(default_factory=set)
    writes: dict[str, EntryRecord] = field(default_factory=dict)
    kept: dict[str, EntryRecord] = field(default_factory=dict)  # entries reused as they are
    listings: dict[str, list[os.DirEntry[str]]] = field(default_factory=dict)  # the walk's (Walker.listed)
    listed_in: dict[Path, str] = field(default_factory=dict)  # SKILL.md -> its folder as the walk listed it
    view: ListedView = field(default_factory=lambda: ListedView({}))  # lists a folder for its fingerprint
    pack: dict[str, EntryRecord] | None = None  # slot -> entry as decoded (checked when used)
    loose: set[str] = field(default_factory=set)
    pack_whole: bool = True  # False: missing, damaged or holding a damaged entry: written anew
    warning: str | None = None  # why the cache was not used (a folder or file others could write)

    @property
    def home(self) -> Path:
        return self.root if self.root is not None else self.folder.parent

    def expect(self, files: list[Path], listings: dict[str, list[os.DirEntry[str]]] | None = None,
               listed_in: dict[Path, str] | None = None) -> None:
        """The SKILL.md files about to be looked up, with the discovery walk's listings of
        their folders, read instead of listing each folder again (as of a moment earlier in
        this run: a file added since is seen by the next run, whose look differs from the entry
        this one writes)."""
        self.listings = listings or {}
        self.listed_in = listed_in or {}
        self.view = ListedView(self.listings)  # discovery's view over what its walk listed

    def _open_folder(self) -> None:
        self.pack = {}
        self.warning = cache_place.folder_problem(self.home) or cache_place.folder_problem(self.folder)
        if self.warning is not None:
            return
        try:
            self.loose = {e.name for e in os.scandir(self.folder) if _SLOT.fullmatch(e.name)}
        except OSError:
            self.loose = set()
        raw = self._read(PACK)
        loaded = None if raw is None else cache_format.decode_pack(raw, self.key)
        if loaded is not None and all(_slot(entry.name) == slot for slot, entry in loaded.items()):
            self.pack = loaded
        else:  # missing, damaged, foreign or another key's: read as empty, written anew
            self.pack_whole = False

    def _read(self, name: str) -> bytes | None:
        """A cache file's bytes when it is a regular file of the user's that no one else may
        write, and not absurdly big; else None (a warning says so when it is someone else's)."""
        path = os.path.join(self.folder, name)

        def trusted(status: os.stat_result) -> bool:
            why = cache_place.distrust(status)
            if why is not None:
                self.warning = self.warning or (f"the lint cache file {path} {why}, so it is not read: remove the "
                                                "cache (`skillkit clean`)")
            return why is None

        found = read_unfollowed(path, MAX_BYTES, trusted)
        return None if found is None else found[0]

    def lookup(self, name: str, file: Path) -> tuple[Checked | None, Fingerprint | None]:
        """What checking the skill `name` (its SKILL.md: `file`) found, when its folder's files
        are what they were then (None otherwise), and the folder's fingerprint now: None when
        the cache holds no entry for it (a first run), for the caller to take over the worker
        pool (`fingerprint_folder(cache.folder_of(file))`, core/cached_check.Fingerprints:
        hashing every file of a first run here, in one process, cost more than checking them
        in two). An entry
        that is not whole is damage: a miss, and the pack that held it is written anew."""
        if self.pack is None:
            self._open_folder()
        assert self.pack is not None
        if self.warning is not None:  # some file of it others could have written: none is trusted
            return None, None
        slot = _slot(name)
        self.used.add(slot)
        found: tuple[EntryRecord, Checked] | None = None
        if slot in self.loose:
            raw = self._read(slot)
            found = _usable(None if raw is None else cache_format.decode_loose(raw, self.key), name, file)
        if found is None and slot in self.pack:
            found = _usable(self.pack[slot], name, file)
            if found is None:
                self.pack_whole = False  # a damaged entry in the pack: the pack is written anew
        if found is None:
            return None, None
        entry, value = found
        print_ = fingerprint_with(self.folder_of(file), self.view.scan, entry.files, entry.started - RACY_SECONDS,
                                  entry.digest)
        if entry.digest != print_.digest:
            return None, print_
        if print_.fresh:  # a newer look vouches for the digests: the next run need not hash them
            self.writes[slot] = EntryRecord(name, self.started, print_.files, print_.digest, entry.value)
        else:
            self.kept[slot] = entry
        return value, print_

    def folder_of(self, file: Path) -> str:
        """The folder of the SKILL.md `file`, as the walk listed it (its fingerprint's paths)."""
        folder = self.listed_in.get(file)
        if folder is None or folder.endswith(os.sep):  # not walked so (or `/`: its paths hold no extra separator)
            folder = os.path.dirname(file)
        return folder

    def put(self, name: str, fingerprint: Fingerprint, value: Checked) -> None:
        slot = _slot(name)
        self.used.add(slot)
        self.kept.pop(slot, None)
        self.writes[slot] = EntryRecord(name, self.started, fingerprint.files, fingerprint.digest,
                                        cache_format.record_of(value))

    def save(self) -> None:
        """Write the entries this run made, drop those of skills gone since (and what a killed
        run left half-written). Loose entries, one file each, until they are more than one in
        eight: then one pack of every entry this run used replaces them all (a re-run with one
        change writes one small file; reading thousands of files costs more than one big one).
        Never raises: a cache that cannot be written only makes the next run slower."""
        if self.pack is None or self.warning is not None:  # nothing looked up, or not ours to write
            return
        try:
            repack = not self.pack_whole or len((self.loose & self.used) | set(self.writes)) > max(16, len(self.used) // 8)
            if self.writes or repack:
                cache_place.prepare(self.home, self.folder)
            if repack:
                entries = {**self.kept, **self.writes}
                if entries.keys() == self.used:
                    _replace_unsynced(self.folder / PACK, cache_format.encode_pack(self.key, _encodable(entries)))
                    self.loose.clear()
                    self.used.clear()  # every loose entry is in the pack now: _tidy drops them
                    self.writes.clear()
            for slot, entry in self.writes.items():
                data = _encoded(self.key, entry)
                if data is not None:
                    _replace_unsynced(self.folder / slot, data)
            self.writes.clear()
            _tidy(self.folder, self.used)
            cache_place.prune(self.home, self.folder)
        except (OSError, SkillkitError):
            pass


def _usable(entry: EntryRecord | None, name: str, file: Path) -> tuple[EntryRecord, Checked] | None:
    """`entry` and the Checked it holds when it is a whole entry for `name`: its files' stamps
    longer than a stamp, its value what checking `file` gives."""
    if entry is None or entry.name != name:
        return None
    if entry.files and min(map(len, entry.files.values())) <= STAT.size:
        return None
    value = cache_format.checked_of(entry.value, file)
    return None if value is None else (entry, value)


def _encoded(key: str, entry: EntryRecord) -> bytes | None:
    """A loose entry's bytes; None for one msgpack cannot hold (it is checked afresh each run)."""
    try:
        return cache_format.encode_loose(key, entry)
    except (TypeError, ValueError, OverflowError):
        return None


def _encodable(entries: dict[str, EntryRecord]) -> dict[str, EntryRecord]:
    """`entries`, less any msgpack cannot hold (found one at a time only when the whole fails)."""
    try:
        cache_format.encode_pack("", entries)
        return entries
    except (TypeError, ValueError, OverflowError):
        return {slot: entry for slot, entry in entries.items() if _encoded("", entry) is not None}


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
    """A temporary file (mode 0600) renamed into place, as write_atomic does, without its
    fsync: a cache lost to a power cut is only a slower next run. Killed runs' temporaries are
    swept by `_tidy`, once a run, not once a write (a first run writes thousands of entries)."""
    import tempfile

    handle, temp = tempfile.mkstemp(prefix=temp_prefix("cache"), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _slot(name: str) -> str:
    """The name of a skill's loose entry, and its key in the pack."""
    return hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".bin"


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


def open_cache(root: Path | None, options: Options, base: str, identity: str) -> LintCache | None:
    """The cache of the workspace `identity` (its root, or what its loose skills came from)
    under `options`, or None when turned off (`SKILLKIT_NO_CACHE=1`). ConfigError when the
    settings' `cache-dir` is not a folder a cache may be in (core/cache_place.py)."""
    if os.environ.get("SKILLKIT_NO_CACHE", "") not in ("", "0"):
        return None
    key = (__version__, code_stamp(), options.registry.source, options.profile, sorted(options.select or ()),
           options.select is None, sorted(options.ignore), sorted((k, str(v)) for k, v in options.severity.items()),
           repr(sorted(options.settings.items(), key=lambda item: item[0])), base, options.excludes, options.patterns)
    digest = hashlib.sha256(repr(key).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    home = cache_place.cache_root(root, options.settings, options.settings_source)
    return LintCache(cache_place.workspace_folder(home, root, identity), digest, home)
