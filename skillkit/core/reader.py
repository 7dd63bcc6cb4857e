"""Bytes -> text, with the limits that keep a bad file from costing time or memory.

A file that opens but is not usable text (too big, NUL, invalid UTF-8) is a finding, not an
exception: lint exists to report it. A path that cannot be opened at all is an InputError.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable

import msgspec

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.errors import InputError
from skillkit.core.rulebase import Edit, Finding, Fix

if TYPE_CHECKING:
    from skillkit.core.fixes import FixFile

# 1 MiB is far beyond any real skill (the platform caps instructions at 65,536 chars);
# refusing before reading keeps a 30 MB file from costing more than a stat().
MAX_FILE_BYTES = 1024 * 1024
BOM = "\ufeff"

# A file's device, inode, size and change times as read: equal later, the file holds what was
# read (every write moves its ctime, which no user can set back).
Stamp = tuple[int, int, int, int, int]


def stamp_of(status: os.stat_result) -> Stamp:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


class SourceText(msgspec.Struct, frozen=True):
    """A file's text with CRLF normalised to LF, so line numbers match every editor's."""

    path: str
    text: str
    had_bom: bool
    stamp: Stamp | None = None  # the file's status as it was read (None: a stand-in's text)


def line_col_of_offset(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset` (columns count characters, not bytes)."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    line = data.count(newline, 0, offset) + 1  # type: ignore[arg-type]
    start = data.rfind(newline, 0, offset) + 1  # type: ignore[arg-type]
    head = data[start:offset]
    if isinstance(head, bytes):
        head_text = head.decode("utf-8", errors="replace")
    else:
        head_text = head
    return line, len(head_text) + 1


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading, only when it is a regular file: a FIFO would block forever,
    `/dev/zero` would never end. InputError when it cannot be opened or is not a regular file."""
    descriptor, _ = open_descriptor(path)
    return open(descriptor, "rb")


# O_NONBLOCK: opening a FIFO named SKILL.md would otherwise wait forever for a writer.
# (Python opens every descriptor close-on-exec.)
OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def open_descriptor(path: str | os.PathLike[str]) -> tuple[int, os.stat_result]:
    """A descriptor of `path` and its status, when it is a regular file. Opened non-blocking and
    checked with fstat on the open descriptor (not a stat of the name, which could be swapped
    between the two)."""
    try:
        descriptor = os.open(path, OPEN_FLAGS)
    except IsADirectoryError as exc:
        raise InputError("is a folder, not a file", str(path)) from exc
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", str(path)) from exc
    try:
        status = os.fstat(descriptor)
    except OSError as exc:
        os.close(descriptor)
        raise InputError(f"cannot open: {exc.strerror or exc}", str(path)) from exc
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        if stat.S_ISDIR(status.st_mode):
            raise InputError("is a folder, not a file", str(path))
        raise InputError(f"is {kind_of(status.st_mode)}, not a regular file; skillkit reads only regular files",
                         str(path))
    return descriptor, status


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words (`a FIFO (named pipe)`)."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_head(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most the first `limit` bytes of a regular file (an ignore file, a pyproject.toml
    looked at for a table): opened as open_descriptor opens, so a FIFO never blocks. InputError
    when it cannot be opened or is not a regular file."""
    descriptor, status = open_descriptor(path)
    try:
        return read_sized(descriptor, min(status.st_size, limit), limit)[:limit]
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", str(path)) from exc
    finally:
        os.close(descriptor)


STDIN_CHUNK = 64 * 1024


def read_standard_input(limit: int = MAX_FILE_BYTES, stream: BinaryIO | None = None, what: str = "standard input"
                        ) -> bytes:
    """Standard input's bytes, read in chunks and stopped at `limit` (never all of it first:
    400 MB piped in costs one chunk past the cap, not 400 MB). InputError (exit 2) when there
    is more than `limit`."""
    import sys

    if stream is None:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stand-in (tests, an embedding program): its text as UTF-8
            text = sys.stdin.read(limit + 1) if sys.stdin is not None else ""
            data = text.encode("utf-8")
            if len(text) > limit or len(data) > limit:
                raise InputError(f"{what} holds more than {limit:,} bytes; skillkit reads at most {limit:,}")
            return data
    parts: list[bytes] = []
    held = 0
    while held <= limit:
        chunk = stream.read(min(STDIN_CHUNK, limit + 1 - held))
        if not chunk:
            break
        parts.append(chunk)
        held += len(chunk)
    if held > limit:
        raise InputError(f"{what} holds more than {limit:,} bytes; skillkit reads at most {limit:,}")
    return b"".join(parts)


# Contents given in place of a file's own for one run (`lint --stdin-filename`), by absolute path.
STAND_INS: dict[str, bytes] = {}


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes | int:
    """The file's bytes, or its size when over `limit` (never reading the rest). One read of
    the size the open file reports, on the bare descriptor: a buffered read of `limit` bytes
    set aside a megabyte and took a second call to see the end, for every SKILL.md."""
    return read_stamped(path, limit)[0]


def read_stamped(path: Path, limit: int = MAX_FILE_BYTES) -> tuple[bytes | int, Stamp | None]:
    """read_bytes, with the file's status from the fstat it was read after (None for a stand-in)."""
    if STAND_INS and (stand_in := STAND_INS.get(os.path.abspath(path))) is not None:
        return (stand_in if len(stand_in) <= limit else len(stand_in)), None
    return _read_file(path, limit)


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes | int:
    """read_bytes on the file itself (no stand-in): its bytes, or its size when over `limit`.
    InputError when it cannot be opened or read, or is not a regular file."""
    return _read_file(path, limit)[0]


def _read_file(path: str | os.PathLike[str], limit: int) -> tuple[bytes | int, Stamp]:
    descriptor, status = open_descriptor(path)
    try:
        size = status.st_size
        if size > limit:
            return size, stamp_of(status)
        data = read_sized(descriptor, size, limit)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", str(path)) from exc
    finally:
        os.close(descriptor)
    # A file that grew while it was read is still capped.
    return (len(data) if len(data) > limit else data), stamp_of(status)


def read_unfollowed(path: str | os.PathLike[str], limit: int,
                    vet: Callable[[os.stat_result], bool] | None = None) -> tuple[bytes, os.stat_result] | None:
    """A regular file's bytes and status, opened without following a link at its last step and
    without blocking, for files skillkit wrote itself and reads back (the cache, a file `--fix`
    checks before its rename); None when it cannot be opened or read, is no regular file, is
    over `limit`, or `vet` refuses its status (checked on the open descriptor)."""
    try:
        descriptor = os.open(path, OPEN_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > limit or (vet is not None and not vet(status)):
            return None
        return read_sized(descriptor, status.st_size, limit), status
    except OSError:
        return None
    finally:
        os.close(descriptor)


def read_sized(descriptor: int, size: int, limit: int) -> bytes:
    """An open file's bytes, `size` as fstat gave it: one call in the common case, one byte more
    asked so a file that grew since shows; on while a read comes back short (a signal, FUSE, a
    network mount may return less) or the file grew, to one byte past `limit` at most."""
    data = os.read(descriptor, size + 1)
    while len(data) != size and len(data) <= limit:
        more = os.read(descriptor, limit + 1 - len(data))
        if not more:
            break  # the end: the file shrank, or held what was read
        data += more
    return data


def remove_bom(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """The byte-order mark's fix: the mark goes (offsets are into the text as read, BOM included)."""
    return [Edit(0, 1, "")] if file.bom else []


# What reading a file finds (core/findings.py lists them; their docs are their user documentation).
FILE_TOO_LARGE = Finding("file-too-large", Severity.ERROR, """
        A file over skillkit's size limit (1 MiB) is refused before it is parsed.
        No real skill comes near it; the limit keeps a stray 30 MB file from costing time or memory.""")
FILE_ENCODING = Finding("file-encoding", Severity.ERROR, """
        The file is not UTF-8 text: it holds a NUL byte or bytes that are not UTF-8.
        The diagnostic points at the first bad byte.""")
BYTE_ORDER_MARK = Finding("byte-order-mark", Severity.WARNING, """
        The file starts with a UTF-8 byte-order mark. skillkit accepts it, but some readers take
        it as part of the first line and then find no `---` fence.

        Fix (`skillkit lint --fix`): the byte-order mark is removed.""", fix=Fix(remove_bom))


def decode(data: bytes, display_path: str) -> tuple[SourceText | None, list[Diagnostic]]:
    """UTF-8 text from bytes: BOM accepted with a warning, NUL and bad bytes are errors."""
    findings: list[Diagnostic] = []
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = line_col_of_offset(data, nul)
        findings.append(FILE_ENCODING.at(display_path, line, col,
                                         "the file holds a NUL byte: it is binary, not a text file"))
        return None, findings
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = line_col_of_offset(data, exc.start)
        findings.append(FILE_ENCODING.at(display_path, line, col,
                                         f"invalid UTF-8 (byte 0x{data[exc.start]:02x}): save the file as UTF-8"))
        return None, findings
    had_bom = text.startswith(BOM)
    if had_bom:
        text = text[1:]
        findings.append(BYTE_ORDER_MARK.at(display_path, 1, 1,
                                           "the file starts with a UTF-8 byte-order mark; some tools read it as part of the first line"))
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    return SourceText(display_path, text, had_bom), findings


def read_text(path: Path, display_path: str, limit: int = MAX_FILE_BYTES) -> tuple[SourceText | None, list[Diagnostic]]:
    """Read and decode one file; raises InputError only when it cannot be opened."""
    data, stamp = read_stamped(path, limit)
    if isinstance(data, int):
        return None, [FILE_TOO_LARGE.at(display_path, 1, 1,
                                        f"the file is {data:,} bytes; skillkit reads at most {limit:,}")]
    source, findings = decode(data, display_path)
    if source is not None and stamp is not None:
        source = SourceText(source.path, source.text, source.had_bom, stamp)
    return source, findings


def read_whole(path: Path, shown: str, limit: int, what: str) -> bytes:
    """A file a command needs whole (a session, a lock, a transcript); InputError (exit 2),
    naming what it is, when it is over `limit` bytes."""
    data = read_bytes(path, limit)
    if isinstance(data, int):
        raise InputError(f"the {what} is {data:,} bytes; skillkit reads at most {limit:,}", shown)
    return data


def read_whole_text(path: Path, shown: str, limit: int, what: str) -> SourceText:
    """read_whole, decoded; InputError at the first undecodable place (`not a lock: ...`)."""
    source, findings = decode(read_whole(path, shown, limit, what), shown)
    if source is None:
        first = findings[0]
        raise InputError(f"not a {what}: {first.message}", shown, first.line, first.column)
    return source
