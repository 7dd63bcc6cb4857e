"""skillkit parses with libyaml's C parser when PyYAML has it; the pure-Python parser must give
the same data, positions and diagnostics, so results never depend on how PyYAML was built."""

from __future__ import annotations

import pytest
import yaml

import skillkit.core.yamlparse as yamlparse
from skillkit.core.frontmatter import split
from skillkit.core.reader import read_text
from tests.conftest import CORPUS, FIXTURES, WORKSPACE

FILES = sorted([*WORKSPACE.rglob("SKILL.md"), *CORPUS.glob("*/SKILL.md"), *(FIXTURES / "lint").rglob("SKILL.md")])
TRICKY = ["a: [1, {b: 2}]\nc: *x", "a: 1\na: 2\n1: x", "a: [1\n", "a: |\n  x\n  ---\nb: >-\n  y", "--- !!map\n? [k]\n: v"]


def texts() -> list[str]:
    out = []
    for file in FILES:
        source, _ = read_text(file, str(file))
        if source is not None and (document := split(source)[0]) is not None:
            out.append(document.yaml_text)
    return out + TRICKY


def test_the_c_parser_is_in_use():
    assert yamlparse._EventParser is yaml._yaml.CParser


@pytest.mark.parametrize("text", texts())
def test_pure_python_parser_gives_the_same_result(monkeypatch, text):
    fast = yamlparse.parse_yaml(text, "f", line_offset=1)
    monkeypatch.setattr(yamlparse, "_EventParser", yaml.SafeLoader)
    slow = yamlparse.parse_yaml(text, "f", line_offset=1)
    assert (slow.data, slow.positions, slow.key_positions, slow.ok) == (fast.data, fast.positions, fast.key_positions, fast.ok)
    assert [(d.line, d.rule) for d in slow.diagnostics] == [(d.line, d.rule) for d in fast.diagnostics]
