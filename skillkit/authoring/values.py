"""Reading loosely typed lorebook values: files from many editors write `true`, `1` or `"true"`,
a key list as a comma-separated string, numbers as floats. Each reader says what it could
not use instead of raising, so one odd field never stops an import."""

from __future__ import annotations

import math
import re
from typing import Any

_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """Text that can be written as UTF-8 and read back by skillkit: lone surrogates (JSON `\\ud800`)
    become U+FFFD, NUL (binary in a text file) is removed, line ends become `\\n`."""
    text = _LONE_SURROGATE.sub("\ufffd", text).replace("\x00", "")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def one_line(text: str) -> str:
    """Whitespace and control characters folded to single spaces, trimmed."""
    return " ".join("".join(c if c.isprintable() else " " for c in clean_text(text)).split())


def flag(value: Any) -> bool | None | str:
    """True, False, None (absent or null), or the string "invalid"."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return "invalid"


def js_truthy(value: Any) -> bool:
    """JavaScript's truthiness, for fields SillyTavern reads as `entry.enabled` or `x || false`:
    absent, null, false, 0, NaN and "" are false; anything else (even "false" or []) is true."""
    if value is None or value is False or value == "":
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0 and not math.isnan(value)
    return True


def whole_number(value: Any) -> int | None:
    """An integer from an int or an integral float; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def number(value: Any) -> float | int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return whole_number(value) if whole_number(value) is not None else value


def text_list(value: Any) -> tuple[list[str], list[str]]:
    """(strings, problems). Keys are kept exactly as written; blank ones are left out (the
    lorebook engine ignores them too); numbers become their text; a string is split on commas,
    as SillyTavern's key field is."""
    problems: list[str] = []
    if value is None:
        return [], problems
    if isinstance(value, str):
        items: list[Any] = value.split(",")
        problems.append("a string, not a list: split on commas")
    elif isinstance(value, list):
        items = value
    else:
        return [], [f"not a list ({type(value).__name__}): left out"]
    out: list[str] = []
    for item in items:
        if isinstance(item, str):
            text = clean_text(item)
        elif number(item) is not None:
            text = str(number(item))
            problems.append(f"the number {text} is read as the text {text!r}")
        else:
            problems.append(f"a {type(item).__name__} item is not text: left out")
            continue
        if text.strip():
            out.append(text)
        elif isinstance(value, list):
            problems.append("a blank key is ignored")
    return out, problems
