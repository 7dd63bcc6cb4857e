"""The bytes of lint's cache files: data only, in a typed, versioned, checksummed encoding.

A cache folder is input like any other: a restored CI cache, a shared `cache-dir` or a
committed `.skillkit_cache/` can hold whatever its writer chose. So a cache file is never
a program (no pickle: a pickle is instructions, and filtering the names it may call does
not make it safe). It is msgpack decoded by msgspec into the typed records below: the
decoder builds only strings, numbers, booleans, bytes, lists, maps and these records, and
checks every field's type as it goes; dates come back through `_ext`, which parses an ISO
text and nothing else. What the records then become (Diagnostics, a SkillDoc, a Checked) is
built here by their constructors, after the checks the types cannot say.

A file is HEADER (MAGIC, the format version, a CRC of the payload and its length) then the
payload. Another version, a torn write, a flipped bit or a foreign file is a miss: ignored
and rewritten. The CRC tells damage, not forgery; a forger is kept out by the folder checks
of core/cache_place.py (a folder or file writable by others is not read).
"""

from __future__ import annotations

import datetime
import struct
import zlib
from pathlib import Path
from typing import Any

import msgspec

from skillkit.core.checked import Checked
from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.stored_body import StoredSplit
from skillkit.core.suppress import Directive
from skillkit.core.yamlparse import MAX_DEPTH, MAX_NODES, ParsedYaml

MAGIC = b"skillkit-cache\0"
FORMAT = 3  # 2 was a pickle: never read again
_HEADER = struct.Struct(">HIQ")  # format version, CRC-32 of the payload, its length
HEAD = len(MAGIC) + _HEADER.size  # where the payload starts

Path_ = tuple[str | int, ...]


class DiagnosticRecord(msgspec.Struct, array_like=True, frozen=True):
    path: str
    line: int
    column: int
    rule: str
    severity: Severity
    message: str


class DirectiveRecord(msgspec.Struct, array_like=True, frozen=True):
    line: int
    column: int
    rules: tuple[str, ...]
    target: int | None


class DocRecord(msgspec.Struct, array_like=True, frozen=True):
    """A SkillDoc without its body (core/stored_body.py reads it from the file if asked)."""

    path: str
    yaml_text: str
    body_line: int
    data: dict[str, Any]
    positions: dict[Path_, tuple[int, int]]
    key_positions: dict[Path_, tuple[int, int]]
    diagnostics: list[DiagnosticRecord]
    ok: bool
    invalid: list[str]


class CheckedRecord(msgspec.Struct, array_like=True, frozen=True):
    file: str
    shown: str
    doc: DocRecord | None
    core: list[DiagnosticRecord]
    rules: list[DiagnosticRecord] | None
    directives: list[DirectiveRecord] | None


class EntryRecord(msgspec.Struct, array_like=True, frozen=True):
    """One skill's entry: its name, when the run that wrote it began, each of its files'
    stat stamp and digest, its folder's fingerprint digest, and what checking it found."""

    name: str
    started: float
    files: dict[str, bytes]
    digest: str
    value: CheckedRecord


class PackRecord(msgspec.Struct, array_like=True, frozen=True):
    key: str  # the options digest the entries were made under
    entries: dict[str, EntryRecord]


class LooseRecord(msgspec.Struct, array_like=True, frozen=True):
    key: str
    entry: EntryRecord


# Extension codes of the YAML values msgpack has no type for (written by _wire)
_DATE, _DATETIME, _BIG_INT = 1, 2, 3


def _ext(code: int, data: memoryview) -> object:
    """A value of an extension type: parsed from its text, never anything that runs."""
    text = bytes(data).decode("ascii")
    if code == _DATE:
        return datetime.date.fromisoformat(text)
    if code == _DATETIME:
        return datetime.datetime.fromisoformat(text)
    if code == _BIG_INT and len(text) <= 4300 and text.lstrip("-").isdigit():  # int()'s own digit limit
        return int(text)
    raise ValueError(f"extension type {code} is not one a cache holds")


_ENCODER = msgspec.msgpack.Encoder()
_DECODERS = {kind: msgspec.msgpack.Decoder(kind, ext_hook=_ext) for kind in (PackRecord, LooseRecord)}
_SCALARS = (str, bool, float, bytes, type(None))


def _wire(value: Any, depth: int = 0) -> Any:
    """A YAML value with what msgpack cannot hold as itself made an extension: dates (msgspec
    would write them as text, which would come back as text), ints past 64 bits."""
    kind = type(value)
    if kind is dict:
        return {key: _wire(item, depth + 1) for key, item in value.items()}
    if kind is list:
        return [_wire(item, depth + 1) for item in value]
    if kind is datetime.datetime:
        return msgspec.msgpack.Ext(_DATETIME, value.isoformat().encode("ascii"))
    if kind is datetime.date:
        return msgspec.msgpack.Ext(_DATE, value.isoformat().encode("ascii"))
    if kind is int and not -(1 << 63) <= value < (1 << 64):
        return msgspec.msgpack.Ext(_BIG_INT, str(value).encode("ascii"))
    return value


def _yaml_shaped(value: Any) -> bool:
    """Whether decoded `value` is what the YAML reader can produce: maps with string keys,
    lists and scalars, no deeper or bigger than it allows (an explicit stack: no recursion)."""
    stack, nodes = [(value, 0)], 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES or depth > MAX_DEPTH:
            return False
        kind = type(item)
        if kind is dict:
            if not all(type(key) is str for key in item):
                return False
            stack.extend((child, depth + 1) for child in item.values())
        elif kind is list:
            stack.extend((child, depth + 1) for child in item)
        elif not (kind in _SCALARS or kind is int or kind is datetime.date or kind is datetime.datetime):
            return False
    return True


def frame(payload: bytes) -> bytes:
    """A cache file's bytes: MAGIC, the header, the payload."""
    return MAGIC + _HEADER.pack(FORMAT, zlib.crc32(payload), len(payload)) + payload


def unframe(raw: bytes) -> memoryview | None:
    """The payload of a whole cache file of this format; None for anything else."""
    if len(raw) < HEAD or not raw.startswith(MAGIC):
        return None
    version, check, length = _HEADER.unpack_from(raw, len(MAGIC))
    payload = memoryview(raw)[HEAD:]
    if version != FORMAT or length != len(payload) or zlib.crc32(payload) != check:
        return None
    return payload


def encode_pack(key: str, entries: dict[str, EntryRecord]) -> bytes:
    return frame(_ENCODER.encode(PackRecord(key, entries)))


def encode_loose(key: str, entry: EntryRecord) -> bytes:
    return frame(_ENCODER.encode(LooseRecord(key, entry)))


def decode_pack(raw: bytes, key: str) -> dict[str, EntryRecord] | None:
    """The entries of a pack written under `key`; None when it is not one (damaged, foreign,
    another format or another key)."""
    found = _decode(raw, PackRecord)
    return found.entries if isinstance(found, PackRecord) and found.key == key else None


def decode_loose(raw: bytes, key: str) -> EntryRecord | None:
    found = _decode(raw, LooseRecord)
    return found.entry if isinstance(found, LooseRecord) and found.key == key else None


def _decode(raw: bytes, kind: type) -> object:
    payload = unframe(raw)
    if payload is None:
        return None
    try:
        return _DECODERS[kind].decode(payload)
    except (msgspec.MsgspecError, ValueError, UnicodeDecodeError, RecursionError, OverflowError):
        return None


def _diagnostic(record: DiagnosticRecord) -> Diagnostic:
    return Diagnostic(record.path, record.line, record.column, record.rule, record.severity, record.message)


def _diagnostics(records: list[DiagnosticRecord]) -> tuple[Diagnostic, ...]:
    return tuple(map(_diagnostic, records))


def _diagnostic_record(diag: Diagnostic) -> DiagnosticRecord:
    return DiagnosticRecord(diag.path, diag.line, diag.column, diag.rule, diag.severity, diag.message)


def record_of(checked: Checked) -> CheckedRecord:
    """What the cache writes of a Checked (its document without the body)."""
    doc = None
    if checked.doc is not None:
        parsed = checked.doc.parsed
        doc = DocRecord(checked.doc.path, checked.doc.split.yaml_text, checked.doc.split.body_line,
                        _wire(parsed.data), parsed.positions, parsed.key_positions,
                        [_diagnostic_record(d) for d in parsed.diagnostics], parsed.ok, sorted(checked.doc.invalid))
    directives = None if checked.directives is None else [
        DirectiveRecord(d.line, d.column, d.rules, d.target) for d in checked.directives]
    return CheckedRecord(str(checked.file), checked.shown, doc, [_diagnostic_record(d) for d in checked.core],
                         None if checked.rules is None else [_diagnostic_record(d) for d in checked.rules], directives)


def checked_of(record: CheckedRecord, file: Path) -> Checked | None:
    """The Checked a record stands for, `file` being the SKILL.md it is looked up by; None when
    the record holds what checking a skill never gives (it is damage, or forged)."""
    if record.file != str(file):
        return None
    doc = None
    if record.doc is not None:
        found = record.doc
        if not _yaml_shaped(found.data) or found.body_line < 1:
            return None
        split = StoredSplit(found.yaml_text, found.body_line)
        parsed = ParsedYaml(found.data, found.positions, found.key_positions, list(_diagnostics(found.diagnostics)),
                            found.ok)
        doc = SkillDoc(found.path, file, split, parsed, frozenset(found.invalid))
    directives = None if record.directives is None else tuple(
        Directive(d.line, d.column, d.rules, d.target) for d in record.directives)
    return Checked(file, record.shown, doc, _diagnostics(record.core),
                   None if record.rules is None else _diagnostics(record.rules), directives)
