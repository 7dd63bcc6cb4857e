"""Untrusted input: arbitrary bytes to each reader raise InputError and nothing else, and any
JSON shape of an entry converts to a skill that reads back as valid (or is skipped)."""

from __future__ import annotations

import json
import re

import yaml
from authoring_pngs import chunk, png, text
from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.authoring.convert import BookDefaults, Converter
from skillkit.authoring.importers import from_json, read_lorebook
from skillkit.authoring.importers.card import parse_book
from skillkit.authoring.importers.jsonfile import parse_json
from skillkit.authoring.importers.png import SIGNATURE, card_from_png
from skillkit.authoring.lorebook import SourceEntry
from skillkit.core.errors import InputError

NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["uid", "key", "keysecondary", "comment", "content", "constant", "selective", "selectiveLogic",
          "disable", "caseSensitive", "matchWholeWords", "scanDepth", "probability", "useProbability",
          "position", "depth", "order", "group", "extensions", "characterFilter"]
entries = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), json_values, max_size=12)
SETTINGS = settings(max_examples=200)


def only_input_errors(call, *args) -> None:
    try:
        call(*args)
    except InputError:
        pass


@SETTINGS
@given(st.binary(max_size=400))
def test_arbitrary_bytes_as_a_lorebook_file(data: bytes) -> None:
    only_input_errors(read_lorebook, data, "in.json")


@SETTINGS
@given(st.binary(max_size=400))
def test_arbitrary_bytes_after_a_png_signature(data: bytes) -> None:
    only_input_errors(read_lorebook, SIGNATURE + data, "in.png")
    only_input_errors(card_from_png, SIGNATURE + data, "in.png")


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from([b"tEXt", b"zTXt", b"iTXt", b"IHDR", b"abcd"]),
                          st.binary(max_size=80)), max_size=5), st.binary(max_size=60))
def test_well_framed_chunks_with_arbitrary_bodies(chunks: list[tuple[bytes, bytes]], payload: bytes) -> None:
    body = [chunk(kind, data) for kind, data in chunks] + [text("chara", payload)]
    only_input_errors(read_lorebook, png(*body), "in.png")
    only_input_errors(read_lorebook, png(*body, end=False), "in.png")


@SETTINGS
@given(st.text(max_size=200))
def test_arbitrary_text_as_json(source: str) -> None:
    only_input_errors(parse_json, source.encode("utf-8", "surrogatepass"), "in.json")


@SETTINGS
@given(json_values)
def test_arbitrary_json_documents(value: object) -> None:
    only_input_errors(from_json, value, "in.json")
    only_input_errors(from_json, {"entries": value}, "in.json")
    only_input_errors(from_json, {"spec": "chara_card_v2", "data": {"character_book": value}}, "in.json")


def _check_skill(text_: str) -> None:
    head, body = text_.removeprefix("---\n").split("\n---\n", 1)
    data = yaml.safe_load(head)
    assert NAME.match(data["name"]) and len(data["name"]) <= 64
    assert 0 < len(data["description"]) <= 1024 and "\n" not in data["description"]
    assert data["when"] in ("always", "mentioned", "picked")
    if data["when"] == "mentioned":
        assert data["triggers"] and all(isinstance(t, str) and t.strip() for t in data["triggers"])
        assert isinstance(data["scanDepth"], int) and data["scanDepth"] > 0
    assert body.strip() and "\x00" not in text_
    text_.encode("utf-8")  # no lone surrogates


@SETTINGS
@given(st.lists(entries, max_size=6))
def test_any_world_info_entry_converts_or_is_skipped(raw_entries: list[dict]) -> None:
    converter = Converter("in.json", BookDefaults())
    for index, raw in enumerate(raw_entries):
        draft, report = converter.convert(SourceEntry(str(index), raw, titles=(("comment", str(raw.get("comment"))),)))
        assert (draft is None) == (report.skill is None)
        if draft is not None:
            _check_skill(draft.text)
            json.dumps(report.as_json(), allow_nan=True)


@SETTINGS
@given(st.lists(st.dictionaries(st.sampled_from(["keys", "secondary_keys", "comment", "name", "content", "enabled",
                                                 "extensions", "position", "case_sensitive", "id", "priority"]),
                                json_values, max_size=10), max_size=5))
def test_any_card_entry_converts_or_is_skipped(raw_entries: list[dict]) -> None:
    try:
        book = parse_book({"entries": raw_entries}, "card.json", "card")
    except InputError:
        return
    converter = Converter("card.json", BookDefaults())
    for entry in book.entries:
        draft, _ = converter.convert(entry)
        if draft is not None:
            _check_skill(draft.text)
