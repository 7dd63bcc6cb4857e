"""Which transcript format a file holds, decided from its content (not its name).

- The first non-blank character is `[`, or `{` and the whole text is one JSON object:
  OpenAI-style messages.
- The first non-blank line is a JSON object with SillyTavern's keys (a header, or a message
  with `mes` / `is_user`): SillyTavern chat JSONL.
- Anything else: skillkit's YAML form.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.core.jsonread import check_shape
from skillkit.core.reader import BOM, read_whole
from skillkit.transcripts.limits import MAX_TRANSCRIPT_BYTES
from skillkit.transcripts.model import Message, Transcript
from skillkit.transcripts.openai import read_openai
from skillkit.transcripts.sillytavern import looks_like_sillytavern, read_sillytavern
from skillkit.transcripts.yaml_form import read_yaml_form


_NONSPACE = re.compile(r"\S")


def detect_format(text: str) -> str:
    # Looked at where it stands, never copied: a 55 MiB transcript was split and stripped whole.
    found = _NONSPACE.search(text)
    start = found.start() if found else len(text)
    end = text.find("\n", start)
    first_line = text[start:end if end != -1 else len(text)].strip()
    if text.startswith("[", start):
        return "openai"
    if text.startswith("{", start):
        more_lines = end != -1 and _NONSPACE.search(text, end) is not None
        if looks_like_sillytavern(first_line) and more_lines:
            return "sillytavern"
        stripped = text[start:] if start else text
        try:
            whole = json.loads(stripped)
        except (ValueError, RecursionError):
            whole = None
        if isinstance(whole, dict) and "messages" in whole:
            return "openai"
        if looks_like_sillytavern(first_line):
            return "sillytavern"
        return "openai" if whole is not None else "yaml"
    return "yaml"


def decode_text(data: bytes, path: str) -> str:
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise InputError("the transcript holds a NUL byte: it is binary, not text", path, line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"invalid UTF-8 (byte 0x{data[exc.start]:02x}): save the transcript as UTF-8",
                         path, line) from None
    if text.startswith(BOM):
        text = text[1:]
    return text.replace("\r\n", "\n")


READERS = {"openai": read_openai, "sillytavern": read_sillytavern, "yaml": read_yaml_form}


def parse_transcript(data: bytes, path: str) -> Transcript:
    """Bytes -> Transcript; raises InputError (with its line) for anything unusable."""
    if len(data) > MAX_TRANSCRIPT_BYTES:
        raise InputError(f"the transcript is {len(data):,} bytes; skillkit reads at most {MAX_TRANSCRIPT_BYTES:,}", path)
    return parse_text(decode_text(data, path), path)


def parse_text(text: str, path: str) -> Transcript:
    """Decoded text -> Transcript (parse_transcript's second half)."""
    found = _NONSPACE.search(text)
    if found is not None and text[found.start()] in "[{":  # JSON or JSONL: bounded before anything parses it
        check_shape(text, path, "too large a transcript")
    kind = detect_format(text)
    warnings: list[Diagnostic] = []
    if kind == "sillytavern":  # the one reader that reads some values leniently, with a warning
        messages: tuple[Message, ...] = read_sillytavern(text, path, warnings)
    else:
        messages = READERS[kind](text, path)
    return Transcript(path, kind, messages, tuple(warnings))


def load_transcript(path: Path, display: str | None = None) -> Transcript:
    """Read and parse a transcript file; InputError when it cannot be opened or parsed."""
    shown = display or path.as_posix()
    data = read_whole(path, shown, MAX_TRANSCRIPT_BYTES, "transcript")
    text = decode_text(data, shown)
    del data  # the bytes go before the parse: one copy of the transcript at a time
    return parse_text(text, shown)
