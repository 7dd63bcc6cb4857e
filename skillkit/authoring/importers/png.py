"""A character card inside a PNG: base64 JSON in a `ccv3` (V3) or `chara` (V2) text chunk.

Read with struct and zlib, chunk by chunk, as the PNG specification lays them out: 4-byte
length, 4-byte type, data, CRC-32 of type and data. Text chunks may be tEXt (Latin-1), zTXt
(zlib-compressed Latin-1) or iTXt (UTF-8, optionally compressed). Like SillyTavern, `ccv3`
wins over `chara` when both are present. Every size is bounded: the file by the caller,
decompressed text here, so a small "zip bomb" chunk costs nothing.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib

from skillkit.core.errors import InputError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CARD_KEYWORDS = ("ccv3", "chara")            # in order of preference
# One decompressed card; real ones are well under 1 MB. Kept small because the text is then
# base64-decoded and parsed: each inflated MiB costs several in memory.
MAX_TEXT_BYTES = 8 * 1024 * 1024
TEXT_CHUNKS = (b"tEXt", b"zTXt", b"iTXt")


def card_from_png(data: bytes, display: str) -> tuple[str, str]:
    """(the card's JSON text, the chunk keyword it came from)."""
    found = _card_chunks(data, display)
    for keyword in CARD_KEYWORDS:
        if keyword in found:
            return _decode_base64(found[keyword], keyword, display), keyword
    raise InputError("a PNG image without a character card: it has no `chara` or `ccv3` text chunk", display)


def _card_chunks(data: bytes, display: str) -> dict[str, bytes]:
    """Keyword -> raw text of the card chunks (first of each keyword), up to IEND."""
    found: dict[str, bytes] = {}
    offset = len(SIGNATURE)
    while True:
        if offset + 8 > len(data):
            raise InputError(f"a truncated PNG: it ends at byte {len(data):,} inside a chunk header "
                             "(no IEND chunk)", display)
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        end = offset + 8 + length
        if length > 0x7FFFFFFF or end + 4 > len(data):
            raise InputError(f"a truncated PNG: the chunk at byte {offset:,} runs past the end of the file", display)
        body = data[offset + 8:end]
        if kind in TEXT_CHUNKS:
            (crc,) = struct.unpack(">I", data[end:end + 4])
            if zlib.crc32(kind + body) != crc:
                raise InputError(f"a corrupt PNG: the {kind.decode('latin-1')} chunk at byte {offset:,} "
                                 "fails its CRC check", display)
            keyword, _, rest = body.partition(b"\x00")
            name = keyword.decode("latin-1").lower()
            if name in CARD_KEYWORDS and name not in found:
                found[name] = _chunk_text(kind, rest, name, display)
        if kind == b"IEND":
            return found
        offset = end + 4


def _chunk_text(kind: bytes, rest: bytes, keyword: str, display: str) -> bytes:
    if kind == b"tEXt":
        return rest
    if kind == b"zTXt":
        if rest[:1] != b"\x00":
            raise InputError(f"the `{keyword}` zTXt chunk uses an unknown compression method", display)
        return _inflate(rest[1:], keyword, display)
    # iTXt: compression flag, method, language tag NUL, translated keyword NUL, text.
    if len(rest) < 2:
        raise InputError(f"the `{keyword}` iTXt chunk is cut short", display)
    compressed, method = rest[0], rest[1]
    parts = rest[2:].split(b"\x00", 2)
    if len(parts) != 3:
        raise InputError(f"the `{keyword}` iTXt chunk is cut short", display)
    text = parts[2]
    if compressed:
        if method != 0:
            raise InputError(f"the `{keyword}` iTXt chunk uses an unknown compression method", display)
        return _inflate(text, keyword, display)
    return text


def _inflate(data: bytes, keyword: str, display: str) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_TEXT_BYTES + 1)
    except zlib.error as exc:
        raise InputError(f"the `{keyword}` chunk does not decompress: {exc}", display) from None
    if len(out) > MAX_TEXT_BYTES or inflater.unconsumed_tail:
        raise InputError(f"the `{keyword}` chunk decompresses to more than {MAX_TEXT_BYTES:,} bytes", display)
    return out


def _decode_base64(raw: bytes, keyword: str, display: str) -> str:
    """The chunk's base64 (standard or URL-safe, padding optional) as UTF-8 text."""
    compact = b"".join(raw.split()).translate(bytes.maketrans(b"-_", b"+/"))
    compact += b"=" * (-len(compact) % 4)
    try:
        decoded = base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError):
        raise InputError(f"the `{keyword}` chunk is not valid base64", display) from None
    try:
        return decoded.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"the `{keyword}` chunk's base64 does not hold UTF-8 text", display) from None
