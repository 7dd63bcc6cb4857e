"""Build PNG files with text chunks, for the card importer's tests and fixtures.

A 1x1 grey image (IHDR, IDAT, IEND) with any text chunks inserted before IDAT, as card
editors write them. `python tests/authoring/authoring_pngs.py` rewrites the PNG fixtures under
fixtures/import/ from the JSON cards next to them (a test checks they are current).
"""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "import"


def chunk(kind: bytes, data: bytes, crc: int | None = None) -> bytes:
    checksum = zlib.crc32(kind + data) if crc is None else crc
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)


def text(keyword: str, value: bytes) -> bytes:
    return chunk(b"tEXt", keyword.encode("latin-1") + b"\x00" + value)


def ztxt(keyword: str, value: bytes) -> bytes:
    return chunk(b"zTXt", keyword.encode("latin-1") + b"\x00\x00" + zlib.compress(value))


def itxt(keyword: str, value: bytes, compressed: bool = False) -> bytes:
    payload = zlib.compress(value) if compressed else value
    head = keyword.encode("latin-1") + b"\x00" + bytes([1 if compressed else 0, 0]) + b"en\x00" + b"\x00"
    return chunk(b"iTXt", head + payload)


def card_b64(card_json: bytes) -> bytes:
    return base64.b64encode(card_json)


def png(*text_chunks: bytes, end: bool = True) -> bytes:
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
    pixels = chunk(b"IDAT", zlib.compress(b"\x00\x80"))
    return SIGNATURE + header + b"".join(text_chunks) + pixels + (chunk(b"IEND", b"") if end else b"")


def fixture_pngs() -> dict[str, bytes]:
    """File name under fixtures/import/ -> its bytes."""
    v2 = (FIXTURES / "card-v2.json").read_bytes()
    v3 = (FIXTURES / "card-v3.json").read_bytes()
    bad_crc = text("chara", card_b64(v2))
    bad_crc = bad_crc[:-4] + bytes([bad_crc[-4] ^ 0xFF]) + bad_crc[-3:]
    return {
        "card-v2.png": png(text("chara", card_b64(v2))),
        # As SillyTavern writes a V3 card: the V2 form in `chara`, the V3 form in `ccv3`. This
        # `chara` holds the V2 sample, so a test can see which one was read.
        "card-v3.png": png(text("chara", card_b64(v2)), text("ccv3", card_b64(v3))),
        "malformed/no-card.png": png(text("Software", b"an image editor")),
        "malformed/bad-base64.png": png(text("chara", b"this is not base64!")),
        "malformed/bad-crc.png": png(bad_crc),
        "malformed/truncated.png": png(text("chara", card_b64(v2)))[:60],
        "malformed/v1-card.png": png(text("chara", card_b64(b'{"name": "Old", "first_mes": "Hi"}'))),
    }


if __name__ == "__main__":
    for name, data in fixture_pngs().items():
        (FIXTURES / name).write_bytes(data)
        print(f"wrote fixtures/import/{name}")
