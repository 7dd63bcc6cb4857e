"""Each entry's local header must say what the central directory says about it.

A zip describes every entry twice: in the local header before its data and in the central
directory at the end. Python's reader (like most) trusts the directory and reads only the
name from the local header; a reader that trusts the local header would see another method,
size, CRC or time. A pack whose two descriptions disagree is refused: no two tools may read
a signed or verified pack differently, and a changed header byte is caught like a changed
data byte.
"""

from __future__ import annotations

import struct
import zipfile
from typing import BinaryIO

from skillkit.pack.safety import Problem

LOCAL = struct.Struct("<4s2B4HL2L2H")  # the local file header, as zipfile.structFileHeader
SIGNATURE = b"PK\x03\x04"
DATA_DESCRIPTOR = 0x08  # flag bit 3: CRC and sizes follow the data, the header holds zeros
ZIP64_SIZE = 0xFFFFFFFF  # the real size is in a zip64 extra field


def _dos(info: zipfile.ZipInfo) -> tuple[int, int]:
    year, month, day, hour, minute, second = info.date_time
    return (hour << 11) | (minute << 5) | (second // 2), ((year - 1980) << 9) | (month << 5) | day


def _disagreement(info: zipfile.ZipInfo, header: tuple[int, ...], name: bytes) -> str | None:
    (_, version, reserved, flags, method, time, date, crc, compressed, size, name_length, _) = header
    dos_time, dos_date = _dos(info)
    said = [("the version needed", (version, reserved), (info.extract_version, info.reserved)),
            ("the flags", flags, info.flag_bits),
            ("the compression method", method, info.compress_type), ("the time", time, dos_time),
            ("the date", date, dos_date)]
    if not flags & DATA_DESCRIPTOR:
        said.append(("the CRC", crc, info.CRC))
        if ZIP64_SIZE not in (compressed, size):
            said += [("the compressed size", compressed, info.compress_size), ("the size", size, info.file_size)]
    for what, local, central in said:
        if local != central:
            return f"its local header and the central directory disagree on {what} ({local} and {central})"
    if name_length != len(name):
        return "its local header and the central directory disagree on its name"
    return None


def header_problems(stream: BinaryIO, infos: list[zipfile.ZipInfo]) -> list[Problem]:
    """A Problem for every entry whose local header contradicts the central directory."""
    found = []
    for info in infos:
        name = info.orig_filename.encode("utf-8" if info.flag_bits & 0x800 else "cp437", "replace")
        if info.volume != 0:
            found.append(Problem(info.orig_filename, "unsupported", f"on disk {info.volume} of a split zip"))
            continue
        try:
            stream.seek(info.header_offset)
            raw = stream.read(LOCAL.size)
        except (OSError, ValueError, OverflowError):  # an offset no file has
            raw = b""
        if len(raw) != LOCAL.size or raw[:4] != SIGNATURE:
            found.append(Problem(info.orig_filename, "corrupt", "no local header where the central directory "
                                 "puts it"))
            continue
        why = _disagreement(info, LOCAL.unpack(raw), name)
        if why is not None:
            found.append(Problem(info.orig_filename, "corrupt", why))
    return found
