"""The domain types carry no pickling hooks: what the worker pool needs to send them is
registered in one place (core/wire.py). That a pooled run reports what one process reports is
tests/lint/test_parallel.py's; the body a lean document leaves on disk, test_lean_bodies.py's."""

from __future__ import annotations

import ast
import pickle

from tests.conftest import REPO

HOOKS = {"__reduce__", "__reduce_ex__", "__getstate__", "__setstate__", "__getnewargs__", "__getnewargs_ex__"}


def test_no_type_in_skillkit_defines_a_pickling_hook_and_copyreg_is_used_in_wire_only():
    defined, registering = [], []
    for path in sorted((REPO / "skillkit").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(REPO).as_posix()
        defined += [f"{rel}:{node.name}" for node in ast.walk(tree)
                    if isinstance(node, ast.FunctionDef) and node.name in HOOKS]
        if any(isinstance(node, ast.Import) and any(a.name == "copyreg" for a in node.names) for node in ast.walk(tree)):
            registering.append(rel)
    assert defined == []
    assert registering == ["skillkit/core/wire.py"]


def test_what_the_pool_sends_round_trips_as_before():
    from skillkit.core import wire  # noqa: F401  (the registrations)
    from skillkit.core.diagnostics import Diagnostic, Severity
    from skillkit.core.frontmatter import SplitDocument
    from skillkit.rules import RULESET

    diag = Diagnostic("a/SKILL.md", 3, 1, "name-format", Severity.ERROR, "bad")
    assert pickle.loads(pickle.dumps(diag)) == diag
    split = SplitDocument("name: a\n", "The body.\n", 4)
    assert pickle.loads(pickle.dumps(split)) == split
    assert pickle.loads(pickle.dumps(RULESET)) is RULESET  # by name: the worker imports it

