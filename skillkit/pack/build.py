"""`skillkit pack`: a checked workspace -> one reproducible zip with its manifest first.

Two passes over the files: the first hashes them (the manifest comes first in the zip, so it
must be complete before any file is written), the second writes them and hashes again, so a
file edited in between fails the run instead of shipping a pack that contradicts itself.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from skillkit.core.errors import InputError, VerdictError
from skillkit.core.reader import open_regular
from skillkit.pack import MANIFEST_NAME
from skillkit.pack.archive import (CHUNK, ChangedWhilePacking, Entry, bytes_chunks, entry_time, file_chunks,
                                   write_entries)
from skillkit.pack.excludes import SourceFile, collect, settings_walk
from skillkit.pack.manifest import FileRecord, Manifest
from skillkit.pack.names import root_label
from skillkit.pack.preflight import Prepared
from skillkit.pack.signing import SIGNATURE_NAME
from skillkit.pack.sniff import HEAD_BYTES, is_earlier_pack
from skillkit.pack.staging import staged_file

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Packed:
    output: Path
    manifest: Manifest
    sha256: str   # of the pack file's bytes
    size: int
    signed: bool = False


def hash_file(path: Path) -> tuple[str, int, bytes]:
    """(sha256, size, first bytes) of a file, read in chunks; InputError when it is not a
    regular file (never a read that waits on a FIFO)."""
    digest, size, head = hashlib.sha256(), 0, b""
    with open_regular(path) as handle:
        while chunk := handle.read(CHUNK):
            if not size:
                head = chunk[:HEAD_BYTES]
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size, head


def hash_sources(files: list[SourceFile], tick: Progress | None = None,
                 total: int = 0) -> list[tuple[SourceFile, FileRecord]]:
    """Each file with its record, earlier packs left out."""
    kept: list[tuple[SourceFile, FileRecord]] = []
    for done, source in enumerate(files, start=1):
        try:
            digest, size, head = hash_file(source.file)
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", source.path) from exc
        if not is_earlier_pack(source.file, head):
            kept.append((source, FileRecord(source.path, digest, size, source.executable)))
        if tick is not None:
            tick(done, total)
    return kept


def skill_records(prepared: Prepared, packed: set[str]) -> tuple[dict[str, object], ...]:
    """Every skill whose SKILL.md is in the pack: its name, version and folder."""
    records = []
    for space in prepared.workspaces:
        for skill in space.skills:
            folder = root_label(prepared.root, skill.folder)
            if ("SKILL.md" if folder == "." else f"{folder}/SKILL.md") in packed:
                records.append({"name": skill.name, "version": skill.version, "path": folder})
    return tuple(records)


def build_pack(prepared: Prepared, output: Path, progress: Progress | None = None,
               signer: Callable[[bytes], bytes] | None = None) -> Packed:
    """Write the pack of a prepared (checked) workspace to `output` through a temporary file.
    `signer`: manifest bytes -> signature, stored as the entry after the manifest."""
    if output.is_dir():
        raise InputError("is a folder; -o names the pack file to write (a folder is for --target agent-skills)",
                         str(output))
    entry_time()  # a malformed SOURCE_DATE_EPOCH fails before any work
    excludes, respect = settings_walk(prepared.settings)
    files = collect(prepared.root, excludes, skip=frozenset({output.resolve()}), respect_gitignore=respect)
    total = 2 * len(files) + 1
    sources = hash_sources(files, progress, total)
    for reserved in (MANIFEST_NAME, SIGNATURE_NAME):
        if any(record.path == reserved for _, record in sources):
            raise VerdictError(f"{reserved}: the workspace has a file with a name the pack reserves; rename it")
    manifest = Manifest(prepared.pack_name, prepared.version, tuple(r for _, r in sources),
                        skill_records(prepared, {r.path for _, r in sources}), prepared.references)
    manifest_bytes = manifest.dumps()
    entries = [Entry(MANIFEST_NAME, len(manifest_bytes), False, bytes_chunks(manifest_bytes))]
    if signer is not None:
        signature = signer(manifest_bytes)
        entries.append(Entry(SIGNATURE_NAME, len(signature), False, bytes_chunks(signature)))
    entries += [Entry(r.path, r.size, r.executable, file_chunks(s.file)) for s, r in sources]
    expected = {r.path: r.sha256 for _, r in sources}
    digests: dict[str, Any] = {}

    def rehash(name: str, chunk: bytes) -> None:
        digests.setdefault(name, hashlib.sha256()).update(chunk)

    def tick(done: int, _: int) -> None:
        if progress is not None:
            progress(len(files) + done, total)

    try:
        with staged_file(output) as out:
            write_entries(out, entries, len(entries), tick, rehash)
            changed = [p for p, d in expected.items() if digests.get(p, hashlib.sha256()).hexdigest() != d]
            if changed:
                raise ChangedWhilePacking(changed[0])
            out.seek(0)
            whole = hashlib.sha256()
            while chunk := out.read(CHUNK):
                whole.update(chunk)
            size = out.tell()
    except ChangedWhilePacking as exc:
        raise VerdictError(f"{exc.args[0]}: changed while it was being packed; run pack again") from exc
    except OSError as exc:
        raise InputError(f"cannot write the pack: {exc.strerror or exc}", str(exc.filename or output)) from exc
    return Packed(output, manifest, whole.hexdigest(), size, signer is not None)
