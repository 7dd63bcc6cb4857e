"""Token counting: exact offline encodings (o200k_base, cl100k_base) and the explicit estimate.

`get_counter(name)` is the one entry point; encodings load lazily, on first use, from files
that ship in a package (never a download), and their hashes are checked. Importing this
package loads nothing heavy: lint imports `skillkit.tokens.estimate` on every run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skillkit.tokens.counter import TOKENIZERS, TokenCounter, get_counter

__all__ = ["TOKENIZERS", "TokenCounter", "get_counter"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from skillkit.tokens import counter

        return getattr(counter, name)
    raise AttributeError(name)
