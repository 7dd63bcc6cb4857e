"""JSON from untrusted bytes: every way it can fail is an InputError with a line and column."""

from __future__ import annotations

import json
from typing import Any

from skillkit.core.errors import InputError
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
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", display, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError("not usable JSON: nested too deeply", display) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise InputError(f"not usable JSON: {exc}", display) from None
