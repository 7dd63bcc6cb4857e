"""JSON from untrusted text: every way `json.loads` can fail becomes one InputError.

The size cap comes first (the reader's); the shape limits come before the parser builds
anything: a few bytes of JSON make a container (`{},` is 3 bytes, a dict is 64) or an element,
so 8 MiB of `{}` would cost 600 MB once parsed. Counting `{`, `[` and `,` is one C-speed pass
and an upper bound; only a text over a limit by that count is counted again outside its
strings, so real files pay one `str.count` and hostile ones are refused before parsing.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from skillkit.core.errors import InputError

# A JSON string, unrolled so that it cannot backtrack; an unterminated one (a lone `\` last
# included) runs to the end, so no later quote starts a second scan: linear on any text.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)


class JsonLimits(msgspec.Struct, frozen=True):
    """Far above any real lorebook, transcript or manifest; far below what hurts memory."""

    containers: int = 1_000_000   # objects and arrays, all levels together
    elements: int = 4_000_000     # commas outside strings: array items and object members


DEFAULT_LIMITS = JsonLimits()


def shape_problem(text: str, limits: JsonLimits = DEFAULT_LIMITS) -> str | None:
    """Why `text` would build too large a structure, or None."""
    containers = text.count("{") + text.count("[")
    elements = text.count(",")
    if containers <= limits.containers and elements <= limits.elements:
        return None
    bare = _STRING.sub("", text)  # only hostile or unusual text gets here
    containers = bare.count("{") + bare.count("[")
    elements = bare.count(",")
    if containers > limits.containers:
        return f"more than {limits.containers:,} objects and arrays"
    if elements > limits.elements:
        return f"more than {limits.elements:,} elements"
    return None


def check_shape(text: str, display: str, problem: str = "not valid JSON",
                limits: JsonLimits = DEFAULT_LIMITS) -> None:
    """InputError (exit 2) before parsing when the text is over the limits."""
    why = shape_problem(text, limits)
    if why is not None:
        raise InputError(f"{problem}: {why}; skillkit reads no more", display)


def load_json(text: str, display: str, problem: str = "not valid JSON",
              limits: JsonLimits = DEFAULT_LIMITS) -> Any:
    """`problem` opens each message ("not a lock: invalid JSON"), the reason follows."""
    check_shape(text, display, problem, limits)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{problem}: {exc.msg}", display, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError(f"{problem}: nested too deeply", display) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise InputError(f"{problem}: {exc}", display) from None
