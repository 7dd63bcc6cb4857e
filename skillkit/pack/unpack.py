"""`skillkit unpack`: verify, then recreate the workspace tree in DEST, never outside it.

The pack is verified in full first (its directory, then every digest); only a pack that passes
is extracted, into a temporary folder beside DEST that is renamed into place at the end. Each
file is created fresh (O_EXCL, O_NOFOLLOW) under that new folder, and hashed again as it is
written, so a pack swapped between the two passes cannot slip a different byte through.
"""

from __future__ import annotations

import hashlib
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillkit.core.errors import InputError, UsageError, VerdictError
from skillkit.pack.archive import CHUNK
from skillkit.pack.manifest import FileRecord
from skillkit.pack.names import unsafe_reason
from skillkit.pack.safety import Limits
from skillkit.pack.staging import staged_folder
from skillkit.pack.verify import ZIP_ERRORS, Verified, open_zip, verify_archive

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


@dataclass(frozen=True)
class Unpacked:
    verified: Verified
    dest: Path
    files: int   # written; 0 when the pack did not verify


def check_destination(dest: Path, force: bool) -> None:
    """UsageError (exit 2) for a DEST that unpack must not replace."""
    if dest.is_symlink():
        raise UsageError(f"{dest}: is a link; give a real folder as DEST")
    if dest.exists() and not dest.is_dir():
        raise UsageError(f"{dest}: is a file; DEST must be a folder (or not exist yet)")
    if dest.is_dir() and any(dest.iterdir()):
        if not force:
            raise UsageError(f"{dest}: exists and is not empty; pass --force to replace it")
        why = _not_replaceable(dest)
        if why is not None:
            raise UsageError(f"{dest}: {why}; --force replaces DEST whole, so unpack into a folder of its own")


def _not_replaceable(dest: Path) -> str | None:
    """Why replacing `dest` whole would destroy more than an earlier unpack: `--force` on a
    mistyped DEST (`.`, `~`, a checkout) must not delete the user's own tree."""
    real = dest.resolve()
    here = Path.cwd().resolve()
    if real == here or real in here.parents:
        return "it is the current folder or holds it"
    if real.parent == real:
        return "it is the root of the file system"
    try:
        if real == Path.home().resolve():
            return "it is the home folder"
    except RuntimeError:  # no home folder to compare with
        pass
    if (dest / ".git").exists():
        return "it holds a .git folder (a checkout)"
    return None


def _extract(archive: zipfile.ZipFile, record: FileRecord, into: Path, made: set[Path]) -> None:
    # verify refused these already; checked again here because this is where it matters. The
    # folders below `into` are all made here, and links are never made, so a safe name stays in.
    if unsafe_reason(record.path) is not None:
        raise VerdictError(f"{record.path}: would be written outside DEST")
    target = into.joinpath(*record.path.split("/"))
    if target.parent not in made:
        target.parent.mkdir(parents=True, exist_ok=True)
        made.add(target.parent)
    digest, written = hashlib.sha256(), 0
    handle = os.open(target, _CREATE, 0o777 if record.executable else 0o666)  # the umask applies, as for git
    with os.fdopen(handle, "wb") as out, archive.open(record.path) as stream:
        while chunk := stream.read(CHUNK):
            written += len(chunk)
            if written > record.size:
                break
            digest.update(chunk)
            out.write(chunk)
    if written != record.size or digest.hexdigest() != record.sha256:
        raise VerdictError(f"{record.path}: differs from what was verified (the pack changed while unpacking)")


def unpack_pack(path: Path, dest: Path, force: bool = False, limits: Limits = Limits(),
                progress: Callable[[int, int], None] | None = None,
                allowed_signers: Path | None = None) -> Unpacked:
    """Verify `path` (with `allowed_signers`, its signature too, as `verify` does), then write its
    files under `dest`. A pack that does not verify writes nothing and comes back with its problems."""
    check_destination(dest, force)
    with open_zip(path) as archive:
        shown = str(path)
        verified = verify_archive(archive, shown, limits, progress and (lambda d, t: progress(d, 2 * t)),
                                  allowed_signers)
        if not verified.ok or verified.manifest is None:
            return Unpacked(verified, dest, 0)
        files = sorted(verified.manifest.files, key=lambda r: r.path)
        try:
            with staged_folder(dest, replace=force) as temp:
                made: set[Path] = {temp}
                for done, record in enumerate(files, start=1):
                    _extract(archive, record, temp, made)
                    if progress is not None:
                        progress(len(files) + done, 2 * len(files))
        except FileExistsError as exc:
            raise UsageError(f"{exc.filename or dest}: already exists (two entries for one file on this "
                             "system, or DEST filled up meanwhile); nothing was written") from exc
        except ZIP_ERRORS as exc:
            raise VerdictError(f"{shown}: an entry cannot be read ({exc}); nothing was written") from exc
        except OSError as exc:
            raise InputError(f"cannot write: {exc.strerror or exc}; nothing was written",
                             str(exc.filename or dest)) from exc
    return Unpacked(verified, dest, len(files))
