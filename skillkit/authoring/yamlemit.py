"""Frontmatter text from values, written so that every reader gets exactly those values back.

Hand-written rather than `yaml.safe_dump`: a scalar is plain only when it is a conservative
word that reads back as the same string (so `yes`, `null`, `0x1f` or `2001-12-14` are quoted),
otherwise double-quoted on one line with every character YAML cannot hold escaped. One line
per value means no value can ever produce a `---` line that would close the frontmatter.
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any

import yaml

try:  # libyaml when PyYAML has it: the read-back check costs a tenth
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _.-]*")
_RESOLVER = yaml.resolver.Resolver()
_STR = "tag:yaml.org,2002:str"
_SHORT_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _printable(char: str) -> bool:
    """YAML 1.1's printable set (what PyYAML's reader accepts), less the line separators."""
    code = ord(char)
    if code in (0x85, 0x2028, 0x2029, 0xFEFF):
        return False
    return (0x20 <= code <= 0x7E or 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD
            or 0x10000 <= code <= 0x10FFFF)


# Any character _printable refuses, or one a double-quoted scalar escapes: text without one is
# written as it is, found in one search instead of a call per character (a thousand entries'
# titles, keys and header lines are most of what an import writes character by character).
_NOT_PRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")  # (spelled
# as the few characters it holds: the complement of the printable ranges takes 15 ms to compile)
_NOT_AS_IS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff\\\\\"]")


def _escape(char: str) -> str:
    if char in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[char]
    if _printable(char):
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else (f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")


def quoted(text: str) -> str:
    if not _NOT_AS_IS.search(text):
        return '"' + text + '"'
    return '"' + "".join(_escape(c) for c in text) + '"'


def scalar(value: Any) -> str:
    """One YAML scalar on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} as a skill field")
        return repr(int(value)) if value.is_integer() else repr(value)
    if not isinstance(value, str):
        raise TypeError(f"not a scalar: {type(value).__name__}")
    return _text_scalar(value)


@functools.lru_cache(maxsize=4096)  # a book's keys, `when` values and names repeat from entry to entry
def _text_scalar(value: str) -> str:
    # Plain only when YAML 1.1 reads it back as that string (not `yes`, `null`, `1e3`, a date).
    if (_PLAIN.fullmatch(value) and not value.endswith(" ")
            and _RESOLVER.resolve(yaml.ScalarNode, value, (True, False)) == _STR):
        return value
    return quoted(value)


def value_text(value: Any) -> str:
    """A scalar, or a flow list of scalars (`[a, "b c"]`), on one line."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar(item) for item in value) + "]"
    return scalar(value)


def comment(text: str) -> str:
    """A `# ...` line that cannot break out of the comment."""
    clean = text if not _NOT_PRINTABLE.search(text) else "".join(c if _printable(c) else " " for c in text)
    return "# " + " ".join(clean.split())


def expected(fields: dict[str, Any]) -> dict[str, Any]:
    """What YAML reads the emitted frontmatter back as: the values, tuples as lists."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}


def frontmatter(fields: dict[str, Any], header: list[str] | None = None, check: bool = True) -> str:
    """`---`, optional comment lines, one `key: value` per field, `---`; checked by reading it
    back (`check=False`: the caller reads many back at once, with `read_back`)."""
    lines = [comment(line) for line in header or []]
    lines += [f"{key}: {value_text(value)}" for key, value in fields.items()]
    text = "\n".join(lines)
    if check and yaml.load(text, Loader=_Loader) != expected(fields):  # a bug here would write a skill that says something else
        raise AssertionError(f"frontmatter does not read back as written: {fields!r}")
    return f"---\n{text}\n---\n"


def read_back(texts: list[str], values: list[dict[str, Any]]) -> list[int]:
    """The indexes of the frontmatters (`frontmatter` texts, fences included) that do not read
    back as their values: one YAML stream of them all (a document each), then, only when that
    differs, each on its own to say which."""
    bodies = [text[len("---\n"):-len("\n---\n")] for text in texts]
    wanted = [expected(v) for v in values]
    try:
        if list(yaml.load_all("\n---\n".join(bodies), Loader=_Loader)) == wanted:
            return []
    except yaml.YAMLError:
        pass
    return [i for i, (body, want) in enumerate(zip(bodies, wanted)) if yaml.load(body, Loader=_Loader) != want]
