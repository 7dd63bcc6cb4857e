"""Untrusted packs: whatever the bytes, verify and unpack end in a result or one of skillkit's
own errors (never another exception), and unpack never writes anywhere but DEST."""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.errors import InputError, SkillkitError
from skillkit.pack.manifest import parse_manifest
from skillkit.pack.unpack import unpack_pack
from skillkit.pack.verify import verify_pack
from tests.pack.helpers import SYMLINK, craft, snapshot


def _valid_pack() -> bytes:
    with tempfile.TemporaryDirectory() as scratch:
        path = craft(Path(scratch) / "p.zip", {"skills/a/SKILL.md": b"---\nname: a\n---\nbody\n" * 5,
                                               "tools/t.yaml": b"name: t\n", "run.sh": b"#!/bin/sh\n"})
        return path.read_bytes()


VALID = _valid_pack()


@st.composite
def mutated_packs(draw: st.DrawFn) -> bytes:
    """A real pack with a few bytes overwritten, then perhaps truncated or extended."""
    data = bytearray(VALID)
    for _ in range(draw(st.integers(1, 6))):
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    cut = draw(st.integers(0, len(data)))
    return bytes(data[:cut] if draw(st.booleans()) else data) + draw(st.binary(max_size=16))


def _check(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        pack = root / "p.zip"
        pack.write_bytes(data)
        try:
            verify_pack(pack)
        except InputError:
            pass
        try:
            result = unpack_pack(pack, root / "dest")
        except SkillkitError:
            result = None
        written = snapshot(root) - {"p.zip"}
        if result is None or not result.verified.ok:
            assert written == set()
        else:
            assert all(p == "dest" or p.startswith("dest/") for p in written)


@settings(max_examples=300)
@given(st.binary(max_size=2048))
def test_arbitrary_bytes(data: bytes) -> None:
    _check(data)


@settings(max_examples=300)
@given(mutated_packs())
def test_mutated_packs(data: bytes) -> None:
    _check(data)


@settings(max_examples=200)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=4), st.booleans())
def test_arbitrary_entry_names(names: list[str], link: bool) -> None:
    buffer = io.BytesIO()
    entries = {name: name.encode("utf-8", "replace") for name in names}
    with tempfile.TemporaryDirectory() as scratch:
        path = craft(Path(scratch) / "p.zip", entries, attrs={names[0]: SYMLINK} if link else None)
        buffer.write(path.read_bytes())
    _check(buffer.getvalue())


@given(st.binary(max_size=512))
def test_manifest_reader_takes_any_bytes(data: bytes) -> None:
    try:
        parse_manifest(data, "m.json")
    except InputError:
        pass


def test_the_valid_pack_used_above_unpacks() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        pack = Path(scratch) / "p.zip"
        pack.write_bytes(VALID)
        assert unpack_pack(pack, Path(scratch) / "dest").files == 3
        with zipfile.ZipFile(pack) as archive:
            assert len(archive.namelist()) == 4
