"""Reading a transcript file: bounded bytes, UTF-8 text, then the format its content says it
is (not its name), chosen by the registry in transcripts/formats.py:

- The first non-blank character is `[`, or `{` and the whole text is one JSON object:
  OpenAI-style messages.
- The first non-blank line is a JSON object with SillyTavern's keys (a header, or a message
  with `mes` / `is_user`): SillyTavern chat JSONL.
- Anything else: skillkit's YAML form.
"""

from __future__ import annotations

from pathlib import Path

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.core.jsonread import check_shape
from skillkit.core.reader import BOM, read_whole
from skillkit.transcripts.clue import Clue
from skillkit.transcripts.formats import sniffed, strongest
from skillkit.transcripts.limits import MAX_TRANSCRIPT_BYTES
from skillkit.transcripts.model import Transcript


def detect_format(text: str) -> str:
    """The name of the format the content holds (the registry in transcripts/formats.py decides)."""
    return sniffed(text).name


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


def parse_transcript(data: bytes, path: str) -> Transcript:
    """Bytes -> Transcript; raises InputError (with its line) for anything unusable."""
    if len(data) > MAX_TRANSCRIPT_BYTES:
        raise InputError(f"the transcript is {len(data):,} bytes; skillkit reads at most {MAX_TRANSCRIPT_BYTES:,}", path)
    return parse_text(decode_text(data, path), path)


def parse_text(text: str, path: str) -> Transcript:
    """Decoded text -> Transcript (parse_transcript's second half)."""
    clue = Clue(text)
    if clue.starts_with("[") or clue.starts_with("{"):  # JSON or JSONL: bounded before anything parses it
        check_shape(text, path, "too large a transcript")
    kind = strongest(clue)
    warnings: list[Diagnostic] = []  # a value a reader read leniently, with why
    messages = kind.read(text, path, warnings)
    return Transcript(path, kind.name, messages, tuple(warnings))


def load_transcript(path: Path, display: str | None = None) -> Transcript:
    """Read and parse a transcript file; InputError when it cannot be opened or parsed."""
    shown = display or path.as_posix()
    data = read_whole(path, shown, MAX_TRANSCRIPT_BYTES, "transcript")
    text = decode_text(data, shown)
    del data  # the bytes go before the parse: one copy of the transcript at a time
    return parse_text(text, shown)
