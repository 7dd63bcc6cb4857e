"""Token counting: exact offline encodings (o200k_base, cl100k_base) and the explicit estimate.

`get_counter(name)` is the one entry point; encodings load lazily, on first use, from files
that ship in a package (never a download), and their hashes are checked.
"""

from skillkit.tokens.counter import TOKENIZERS, TokenCounter, get_counter

__all__ = ["TOKENIZERS", "TokenCounter", "get_counter"]
