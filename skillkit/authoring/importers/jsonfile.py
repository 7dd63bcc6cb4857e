"""JSON from untrusted bytes: every way it can fail is an InputError with a line and column."""

from __future__ import annotations

from typing import Any

from skillkit.core.errors import InputError
from skillkit.core.jsonread import load_json
from skillkit.core.reader import line_col_of_offset


def parse_json(data: bytes | str, display: str) -> Any:
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line, column = line_col_of_offset(data, exc.start)
            raise InputError(f"not UTF-8 text (byte 0x{data[exc.start]:02x}): not a JSON lorebook or card",
                             display, line, column) from None
    else:
        text = data
    return load_json(text, display)
