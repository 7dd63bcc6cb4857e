"""Builders for the crafted hostile inputs of issue 11: each returns the path it wrote."""

from __future__ import annotations

import base64
import json
import struct
import zipfile
import zlib
from pathlib import Path


def skill(root: Path, name: str, frontmatter: str, body: str = "Do the thing.\n") -> Path:
    folder = root / "skills" / name
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "SKILL.md"
    file.write_text(f"---\nname: {name}\ndescription: A test skill.\n{frontmatter}---\n{body}", encoding="utf-8")
    return file


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def ztxt_card_bomb(path: Path, inflated: int = 32 << 20) -> Path:
    """A small PNG whose `chara` zTXt chunk inflates to `inflated` bytes of base64."""
    text = base64.b64encode(b"{" * (inflated * 3 // 4))[:inflated]
    chunk = b"chara\x00\x00" + zlib.compress(text, 9)
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"zTXt", chunk)
                     + png_chunk(b"IEND", b""))
    return path


def empty_objects_json(path: Path, size: int = 8 << 20) -> Path:
    """`{"entries": [{}, {}, ...]}` of about `size` bytes."""
    count = size // 3
    path.write_text('{"entries": [' + ",".join(["{}"] * count) + "]}", encoding="utf-8")
    return path


def many_empty_parts(path: Path, parts: int = 3_000_000) -> Path:
    """One user message whose `content` is millions of empty parts."""
    path.write_text('[{"role": "user", "content": [' + ",".join(['""'] * parts) + ']}]', encoding="utf-8")
    return path


def stored_manifest_pack(path: Path, size: int = 60 << 20) -> Path:
    """A pack whose manifest is stored (not compressed) and `size` bytes long."""
    padding = " " * size
    manifest = ('{"files": [], "format": "skillkit-pack", "formatVersion": 1, "name": "x"' + padding + "}")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("skillkit-manifest.json", manifest)
    return path


def manifest_pack(path: Path, name: str, entry: str = "a.txt") -> Path:
    """A valid-looking pack whose manifest's `name` (and an entry) may hold anything."""
    import hashlib

    data = b"hello\n"
    manifest = {"files": [{"executable": False, "path": entry, "sha256": hashlib.sha256(data).hexdigest(),
                           "size": len(data)}], "format": "skillkit-pack", "formatVersion": 1, "name": name,
                "references": {}, "skills": [], "version": "1\x1b[2J"}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("skillkit-manifest.json", json.dumps(manifest))
        archive.writestr(entry, data)
    return path


def fan_out_scene(root: Path, width: int = 4, depth: int = 15) -> Path:
    """Parts that each include the next `width` times: width**depth cards from a small file."""
    lines = ["skills: [lore]", "preset:", "  cards:", "    - {include: p0}", "  parts:"]
    for level in range(depth):
        lines.append(f"    p{level}:")
        lines += [f"      - {{include: p{level + 1}}}"] * width
    lines += [f"    p{depth}:", "      - {content: x}"]
    skill(root, "lore", "when: always\n")
    scene = root / "scenes" / "s.yaml"
    scene.parent.mkdir(parents=True, exist_ok=True)
    scene.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return scene
