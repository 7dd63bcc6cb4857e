"""`.skillignore` keeps exactly the files git would keep with the same lines in `.gitignore`.

The answers in fixtures/pack/gitignore-cases.json are git's own (`git ls-files --others
--exclude-standard`, made by fixtures/pack/gitignore_cases.py), so no git is needed here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skillkit.pack.excludes import IGNORE_FILE, collect
from skillkit.core.ignore import compile_line, translate
from tests.conftest import FIXTURES

CASES = json.loads((FIXTURES / "pack" / "gitignore-cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["cases"], ids=[" | ".join(f"{k or '.'}: {v!r}" for k, v in c["ignore"].items())
                                                       for c in CASES["cases"]])
def test_same_files_as_git(tmp_path: Path, case: dict) -> None:
    for path in CASES["tree"]:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(path, encoding="utf-8")
    for folder, text in case["ignore"].items():
        (tmp_path / folder / IGNORE_FILE).write_text(text + "\n", encoding="utf-8")
    kept = sorted(f.path for f in collect(tmp_path) if not f.path.endswith(IGNORE_FILE))
    assert kept == case["included"]


@pytest.mark.parametrize("line, path, is_dir, expected", [
    ("*.md", "docs/a.md", False, True),
    ("docs/", "docs", False, False),          # folders only
    ("docs/", "docs", True, True),
    ("/a.md", "x/a.md", False, False),        # anchored
    ("a/**/b", "a/b", False, True),
    ("a/**/b", "a/x/y/b", False, True),
    ("a/**", "a", True, False),               # everything inside, not the folder itself
    ("**/c", "x/y/c", False, True),
    ("a*b", "a/b", False, False),             # `*` never crosses `/`
    ("[!a]", "/", False, False),              # nor does a negated class
    ("x\\", "x", False, False),               # a trailing backslash is invalid: matches nothing
])
def test_single_patterns(line: str, path: str, is_dir: bool, expected: bool) -> None:
    pattern = compile_line(line)
    assert pattern is not None and pattern.matches(path, is_dir) is expected


@pytest.mark.parametrize("line", ["", "   ", "# comment", "/", "!"])
def test_blank_comment_and_empty_lines_are_no_patterns(line: str) -> None:
    assert compile_line(line) is None


@given(st.text(max_size=40))
def test_any_line_compiles_or_is_skipped(line: str) -> None:
    pattern = compile_line(line)
    if pattern is not None:
        pattern.matches("a/b/c.txt", False)
    translate(line)


def test_many_repeats_cannot_backtrack() -> None:
    """`*a*a*...*b` as a Python regex backtracks for minutes on one 40-character name (issue 11);
    the pattern's own matcher follows every position at once."""
    import time

    pattern = compile_line("*a*a*a*a*a*a*a*a*a*a*a*a*b")
    assert pattern is not None
    start = time.thread_time()  # CPU time: a busy machine's waits do not count
    assert not pattern.matches("a" * 40, False)
    assert not pattern.matches("x/" + "a" * 2000, False)
    assert pattern.matches("a" * 12 + "b", False)
    assert time.thread_time() - start < 5  # generous: it takes milliseconds


@given(st.text(alphabet="ab*/?[]!", min_size=1, max_size=10), st.text(alphabet="ab/", max_size=8))
def test_linear_matcher_agrees_with_the_regex(body: str, path: str) -> None:
    """On inputs too small to backtrack badly, the linear matcher gives the regex's answers."""
    import re

    from skillkit.core.ignore import Glob, tokens

    found = tokens(body)
    regex = translate(body)
    if found is None or regex is None:
        return
    assert Glob(found).fullmatch(path) == bool(re.fullmatch(regex, path, re.DOTALL))
