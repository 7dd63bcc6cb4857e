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
from skillkit.core.paths import as_given
from skillkit.core.reader import open_regular
from skillkit.pack import MANIFEST_NAME
from skillkit.pack.archive import CHUNK
from skillkit.pack.headers import header_problems
from skillkit.pack.manifest import FileRecord, Manifest, parse_manifest
from skillkit.pack.safety import Limits, Problem, inspect
from skillkit.pack.signing import MAX_SIGNATURE, SIGNATURE_NAME, SignatureCheck, check

# What the standard library's zip reader raises on bytes that are not a well-formed zip.
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, ValueError, struct.error,
              UnicodeDecodeError, NotImplementedError, RuntimeError, IndexError, OverflowError, KeyError)


@dataclass(frozen=True)
class Verified:
    path: str
    manifest: Manifest | None
    problems: tuple[Problem, ...]
    signed: bool = False                  # the pack holds a signature entry
    signature: SignatureCheck | None = None  # its check, when an allowed-signers file was given

    @property
    def ok(self) -> bool:
        return not self.problems


@contextlib.contextmanager
def open_zip(path: Path) -> Iterator[zipfile.ZipFile]:
    """The zip at `path`; InputError when it cannot be opened or is not a zip."""
    shown = as_given(path)
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


class CorruptManifest(Exception):
    """The manifest entry is there but its bytes do not decompress or fail their CRC: a
    damaged pack (exit 1), not a file that is no pack at all (exit 2)."""


def read_manifest(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str, limits: Limits) -> Manifest:
    if info.file_size > limits.max_manifest:
        raise InputError(f"not a skillkit pack: {MANIFEST_NAME} declares {info.file_size:,} bytes; "
                         f"skillkit reads at most {limits.max_manifest:,}", shown)
    try:
        with archive.open(info) as stream:  # read capped, whatever the entry declares
            data = stream.read(limits.max_manifest + 1)
    except OSError as exc:
        raise InputError(f"not a skillkit pack: {MANIFEST_NAME} cannot be read ({exc})", shown) from exc
    except ZIP_ERRORS as exc:
        raise CorruptManifest(f"cannot be read: {exc}") from exc
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


def read_signature(archive: zipfile.ZipFile, info: zipfile.ZipInfo | None) -> tuple[bytes | None, Problem | None]:
    if info is None:
        return None, None
    if info.file_size > MAX_SIGNATURE:
        return None, Problem(SIGNATURE_NAME, "signature", f"{info.file_size:,} bytes: not an SSH signature")
    try:
        return archive.read(info), None
    except (OSError, *ZIP_ERRORS) as exc:
        return None, Problem(SIGNATURE_NAME, "corrupt", f"cannot be read: {exc}")


def verify_archive(archive: zipfile.ZipFile, shown: str, limits: Limits = Limits(),
                   progress: Callable[[int, int], None] | None = None,
                   allowed_signers: Path | None = None) -> Verified:
    """Every entry against the manifest; with `allowed_signers`, the manifest's signature too
    (a pack without one is then refused)."""
    infos = {info.orig_filename: info for info in archive.infolist()}
    if MANIFEST_NAME not in infos:
        raise InputError(f"not a skillkit pack: no {MANIFEST_NAME} inside", shown)
    structural = inspect(archive, limits)
    if structural:
        return Verified(shown, None, tuple(structural))
    problems: list[Problem] = header_problems(archive.fp, archive.infolist()) if archive.fp is not None else []
    manifest_info = infos.pop(MANIFEST_NAME)
    signature_info = infos.pop(SIGNATURE_NAME, None)
    try:
        manifest = read_manifest(archive, manifest_info, shown, limits)
    except CorruptManifest as exc:
        problems.append(Problem(MANIFEST_NAME, "corrupt", str(exc)))
        return Verified(shown, None, tuple(sorted(set(problems))), signature_info is not None)
    signature, unreadable = read_signature(archive, signature_info)
    if unreadable is not None:
        problems.append(unreadable)
    checked = None
    if allowed_signers is not None:
        # The bytes the signature covers: the manifest entry exactly as stored (read again,
        # cheap: the manifest is small and was just read).
        checked = check(archive.read(manifest_info), signature, allowed_signers)
        if not checked.ok:
            problems.append(Problem(SIGNATURE_NAME, "signature", checked.message))
    for done, record in enumerate(manifest.files, start=1):
        info = infos.pop(record.path, None)
        problem = (Problem(record.path, "missing", "listed in the manifest, not in the pack") if info is None
                   else _compare(archive, record, info))
        if problem is not None:
            problems.append(problem)
        if progress is not None:
            progress(done, len(manifest.files))
    problems += [Problem(name, "extra", "in the pack, not in the manifest") for name in infos]
    return Verified(shown, manifest, tuple(sorted(set(problems))), signature_info is not None, checked)


def verify_pack(path: Path, limits: Limits = Limits(), progress: Callable[[int, int], None] | None = None,
                allowed_signers: Path | None = None) -> Verified:
    with open_zip(path) as archive:
        return verify_archive(archive, as_given(path), limits, progress, allowed_signers)
