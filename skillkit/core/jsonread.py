"""JSON from untrusted text: every way `json.loads` can fail becomes one InputError."""

from __future__ import annotations

import json
from typing import Any

from skillkit.core.errors import InputError


def load_json(text: str, display: str, problem: str = "not valid JSON") -> Any:
    """`problem` opens each message ("not a lock: invalid JSON"), the reason follows."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{problem}: {exc.msg}", display, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError(f"{problem}: nested too deeply", display) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise InputError(f"{problem}: {exc}", display) from None
