"""lint's incremental cache, in the manner of ruff's: what checking one skill found, keyed by
skillkit's version, the effective options and the content of every file of the skill's folder.

A skill's per-file results (its parsed document, the core's findings, its per-skill rules'
findings) depend on nothing else: the per-skill rules read only files inside the skill's own
folder. So an entry is reused exactly when that folder's files hash the same. Workspace rules
always run again, on the documents the cache gives back.

Hashing every file on every run would read everything the cache saves reading, so each file's
digest is remembered with its (size, mtime, inode), as git's index does; a file modified in the
same two seconds as the cache was written is hashed again (its mtime cannot tell the versions
apart).

The file is a pickle, read with an unpickler that builds only skillkit's own classes and plain
containers, behind a digest of its payload: a corrupted, truncated or foreign file is ignored
and rewritten, never trusted, never a traceback.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillkit import __version__
from skillkit.core.atomic import write_atomic
from skillkit.core.errors import SkillkitError

if TYPE_CHECKING:
    from skillkit.core.options import Options

FOLDER = ".skillkit_cache"
MAGIC = b"skillkit-lint-cache 1\n"
RACY_SECONDS = 2.0
MAX_BYTES = 512 * 1024 * 1024  # a bigger cache file is not ours: ignored, never read whole

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


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in SAFE_GLOBALS or (module.startswith("skillkit.core.") and name[:1].isupper()):
            found = super().find_class(module, name)
            if isinstance(found, type) or (module, name) == ("copyreg", "_reconstructor"):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not something a cache holds")


@dataclass
class Entry:
    fingerprint: str
    blob: bytes  # the pickled value: unpickled only when used, re-written as it is when unchanged


@dataclass
class LintCache:
    """The cache of one workspace under one set of options."""

    file: Path
    saved_at: float = 0.0
    digests: dict[str, tuple[int, int, int, str]] = field(default_factory=dict)  # path -> (size, mtime, ino, sha)
    entries: dict[str, Entry] = field(default_factory=dict)
    used: dict[str, Entry] = field(default_factory=dict)
    seen: dict[str, tuple[int, int, int, str]] = field(default_factory=dict)
    changed: bool = False

    @classmethod
    def open(cls, folder: Path, key: object) -> LintCache:
        """The cache for `key` (the effective options) in `folder`; empty when there is none
        or the file there cannot be trusted."""
        digest = hashlib.sha256(repr((__version__, key)).encode("utf-8", "surrogateescape")).hexdigest()[:20]
        cache = cls(folder / f"lint-{digest}.bin")
        loaded = _load(cache.file)
        if loaded is not None:
            try:
                cache.saved_at = float(loaded["saved_at"])
                cache.digests = dict(loaded["digests"])
                cache.entries = {str(k): Entry(str(fp), bytes(blob)) for k, (fp, blob) in loaded["entries"].items()}
            except (KeyError, TypeError, ValueError):
                cache.saved_at, cache.digests, cache.entries = 0.0, {}, {}
        return cache

    def fingerprint(self, folder: Path) -> str:
        """A digest of every file under a skill's folder: names, and contents."""
        start = len(str(folder)) + 1
        parts = [f"{path[start:]}\0{self._digest(path)}" for path in _files_under(folder)]
        return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()

    def _digest(self, path: str) -> str:
        try:
            st = os.stat(path)
        except OSError:
            return "missing"
        stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
        known = self.digests.get(path)
        racy = st.st_mtime_ns / 1e9 >= self.saved_at - RACY_SECONDS
        if known is not None and known[:3] == stamp and not racy:
            self.seen[path] = known
            return known[3]
        if not _regular(st):  # a FIFO or a device: never opened (it could block); lint reports it
            sha = f"special {st.st_mode:o}"
        else:
            try:
                with open(path, "rb") as handle:
                    sha = hashlib.file_digest(handle, "sha256").hexdigest()
            except OSError:
                sha = "unreadable"
        self.seen[path] = (*stamp, sha)
        return sha

    def get(self, name: str, fingerprint: str) -> Any | None:
        entry = self.entries.get(name)
        if entry is None or entry.fingerprint != fingerprint:
            return None
        try:
            value = _SafeUnpickler(io.BytesIO(entry.blob)).load()
        except Exception:  # noqa: BLE001 - a damaged entry is a miss, whatever it raises
            return None
        self.used[name] = entry
        return value

    def put(self, name: str, fingerprint: str, value: Any) -> None:
        self.used[name] = Entry(fingerprint, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        self.changed = True

    def save(self) -> None:
        """Write what this run used (entries of files gone since are dropped). Never raises:
        a cache that cannot be written only makes the next run slower."""
        if not self.changed and self.used.keys() == self.entries.keys() and self.seen == self.digests:
            return
        payload = pickle.dumps({"saved_at": time.time(), "digests": self.seen,
                                "entries": {k: (e.fingerprint, e.blob) for k, e in self.used.items()}},
                               protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            ignore = self.file.parent / ".gitignore"
            if not ignore.exists():
                write_atomic(ignore, b"# Written by skillkit: its lint cache is no part of the repository.\n*\n")
            _replace_unsynced(self.file, MAGIC + hashlib.sha256(payload).digest() + payload)
        except (OSError, SkillkitError):
            pass


def _replace_unsynced(target: Path, data: bytes) -> None:
    """A temporary file renamed into place, as write_atomic does, without its fsync: a cache
    lost to a power cut is only a slower next run, and syncing tens of MB costs every run."""
    from skillkit.core.atomic import make_temp_file

    handle, temp = make_temp_file(target.parent, "cache")  # sweeps a killed run's, as every writer's
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _regular(st: os.stat_result) -> bool:
    import stat

    return stat.S_ISREG(st.st_mode)


def _files_under(folder: Path) -> list[str]:
    """Every file under `folder`, sorted, without following links to folders (as the rules
    read them: a linked file is read through its link). An explicit stack: no recursion limit."""
    found: list[str] = []
    stack = [str(folder)]
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
            found.append(current + os.sep + "\0unlistable")
    return sorted(found)


def _load(file: Path) -> dict[str, Any] | None:
    try:
        with open(file, "rb") as handle:
            if not _regular(os.fstat(handle.fileno())) or os.fstat(handle.fileno()).st_size > MAX_BYTES:
                return None
            raw = handle.read()
    except OSError:
        return None
    head = len(MAGIC) + 32
    if not raw.startswith(MAGIC) or len(raw) < head or hashlib.sha256(raw[head:]).digest() != raw[len(MAGIC):head]:
        return None
    try:
        loaded = _SafeUnpickler(io.BytesIO(raw[head:])).load()
    except Exception:  # noqa: BLE001 - whatever a damaged or foreign pickle raises, it is not trusted
        return None
    return loaded if isinstance(loaded, dict) else None


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
