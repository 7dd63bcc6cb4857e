"""`skillkit verify`: every entry of a pack against its manifest.

Order matters for safety: the central directory is checked first (safety.inspect), and only a
pack that passes has its manifest and entries decompressed. Not a zip, or a zip with no usable
manifest: InputError (exit 2). Anything else wrong: a Problem each (exit 1).
"""

from __future__ import annotations

import contextlib
import hashlib
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from skillkit.core.errors import InputError
from skillkit.core.reader import open_regular
from skillkit.pack import MANIFEST_NAME
from skillkit.pack.archive import CHUNK
from skillkit.pack.manifest import FileRecord, Manifest, parse_manifest
from skillkit.pack.safety import Limits, Problem, inspect

# What the standard library's zip reader raises on bytes that are not a well-formed zip.
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError, struct.error,
              UnicodeDecodeError, NotImplementedError, RuntimeError, IndexError, OverflowError, KeyError)


@dataclass(frozen=True)
class Verified:
    path: str
    manifest: Manifest | None
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


@contextlib.contextmanager
def open_zip(path: Path) -> Iterator[zipfile.ZipFile]:
    """The zip at `path`; InputError when it cannot be opened or is not a zip."""
    shown = str(path)
    if path.is_dir():
        raise InputError("is a folder, not a pack file", shown)
    handle = open_regular(path)  # never a FIFO (blocks) or /dev/zero (endless)
    try:
        try:
            archive = zipfile.ZipFile(handle)
        except OSError as exc:
            raise InputError(f"cannot open: {exc.strerror or exc}", shown) from exc
        except ZIP_ERRORS as exc:
            raise InputError(f"not a zip file ({exc})", shown) from exc
        with archive:
            yield archive
    finally:
        handle.close()


def entry_digest(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> tuple[str | None, str]:
    """(sha256 of the entry's uncompressed bytes, "") or (None, why it could not be read)."""
    digest = hashlib.sha256()
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(CHUNK):
                digest.update(chunk)
    except (OSError, *ZIP_ERRORS) as exc:
        return None, f"cannot be read: {exc}"
    return digest.hexdigest(), ""


def read_manifest(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str, limits: Limits) -> Manifest:
    if info.file_size > limits.max_manifest:
        raise InputError(f"not a skillkit pack: {MANIFEST_NAME} declares {info.file_size:,} bytes", shown)
    try:
        with archive.open(info) as stream:  # read capped, whatever the entry declares
            data = stream.read(limits.max_manifest + 1)
    except (OSError, *ZIP_ERRORS) as exc:
        raise InputError(f"not a skillkit pack: {MANIFEST_NAME} cannot be read ({exc})", shown) from exc
    if len(data) > limits.max_manifest:
        raise InputError(f"not a skillkit pack: {MANIFEST_NAME} holds more than {limits.max_manifest:,} bytes", shown)
    return parse_manifest(data, shown)


def _compare(archive: zipfile.ZipFile, record: FileRecord, info: zipfile.ZipInfo) -> Problem | None:
    if info.file_size != record.size:
        return Problem(record.path, "changed", f"{info.file_size:,} bytes; the manifest says {record.size:,}")
    executable = bool((info.external_attr >> 16) & 0o100)
    if executable != record.executable:
        said = "executable" if record.executable else "not executable"
        return Problem(record.path, "mode", f"the manifest says {said}; the entry is {'' if executable else 'not '}executable")
    actual, why = entry_digest(archive, info)
    if actual is None:
        return Problem(record.path, "corrupt", why)
    if actual != record.sha256:
        return Problem(record.path, "changed", f"sha256 {actual}; the manifest says {record.sha256}")
    return None


def verify_archive(archive: zipfile.ZipFile, shown: str, limits: Limits = Limits(),
                   progress: Callable[[int, int], None] | None = None) -> Verified:
    infos = {info.orig_filename: info for info in archive.infolist()}
    if MANIFEST_NAME not in infos:
        raise InputError(f"not a skillkit pack: no {MANIFEST_NAME} inside", shown)
    structural = inspect(archive, limits)
    if structural:
        return Verified(shown, None, tuple(structural))
    manifest = read_manifest(archive, infos.pop(MANIFEST_NAME), shown, limits)
    problems: list[Problem] = []
    for done, record in enumerate(manifest.files, start=1):
        info = infos.pop(record.path, None)
        problem = (Problem(record.path, "missing", "listed in the manifest, not in the pack") if info is None
                   else _compare(archive, record, info))
        if problem is not None:
            problems.append(problem)
        if progress is not None:
            progress(done, len(manifest.files))
    problems += [Problem(name, "extra", "in the pack, not in the manifest") for name in infos]
    return Verified(shown, manifest, tuple(sorted(problems)))


def verify_pack(path: Path, limits: Limits = Limits(),
                progress: Callable[[int, int], None] | None = None) -> Verified:
    with open_zip(path) as archive:
        return verify_archive(archive, str(path), limits, progress)
