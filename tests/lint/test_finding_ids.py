"""A rule in one place: the rules found while reading (scope "file") and the platform's
reference rules are `Finding`s declared once, beside the code that finds them, listed in one
table (core/findings.py; platform/findings.py for the references) and emitted through it; and
a rule's id is spelt as a string only in its declaration.

The literal scan is an allow-list that may only shrink: a literal that is gone must leave the
list too, so the list always says what is left to do."""

from __future__ import annotations

import ast
import inspect
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from skillkit.core import findings as core_findings
from skillkit.core import rule_ids
from skillkit.core.fields import KINDS
from skillkit.platform import findings as platform_findings
from skillkit.rules import BY_ID, REGISTRY
from tests.conftest import REPO

PACKAGE = REPO / "skillkit"
TABLES = (*core_findings.ALL, *platform_findings.REFERENCES)

# Rule-id literals outside skillkit/rules/ and the declarations that are still there, by file
# and id, with their count. Not rule uses: a markdown-it env key, a pack manifest's JSON key,
# the `schema` command's name. The rest name a checked rule from a layer that may not import
# core/rule_ids.py (the client declarations: the core imports them) or from cli/.
ALLOWED_LITERALS = Counter({
    ("skillkit/core/markdown_tokens.py", "references"): 1,   # markdown-it's env key
    ("skillkit/pack/manifest.py", "references"): 2,          # the manifest's JSON key
    ("skillkit/cli/app.py", "schema"): 2,                    # the `schema` command
    ("skillkit/clients/agent_skills.py", "unknown-field"): 1,
    ("skillkit/clients/agent_skills.py", "description-short"): 1,
    ("skillkit/clients/claude_api.py", "unknown-field"): 1,
    ("skillkit/clients/claude_code.py", "allowed-tools-list"): 1,
    ("skillkit/cli/library.py", "name-unique"): 1,
    ("skillkit/cli/render_run.py", "preset-slots"): 1,
    ("skillkit/platform/uses.py", "reuse_out_of_scope"): 1,
    ("skillkit/core/fields/skill.py", "unused-fields"): 1,
})


def _python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts[:1])


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _declared_ids(tree: ast.AST) -> set[int]:
    """The id literals of `Finding("id", ...)` declarations: the one place an id is spelt."""
    return {id(node.args[0]) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Finding"
            and node.args and isinstance(node.args[0], ast.Constant)}


def rule_id_literals() -> Counter[tuple[str, str]]:
    """Every string literal outside skillkit/rules/ that equals a registered rule id, leaving
    out docstrings, `Finding` declarations and core/rule_ids.py (the checked rules' ids)."""
    found: Counter[tuple[str, str]] = Counter()
    for path in _python_files():
        rel = path.relative_to(REPO).as_posix()
        if rel == "skillkit/core/rule_ids.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        skip = _docstrings(tree) | _declared_ids(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in BY_ID \
                    and id(node) not in skip:
                found[(rel, node.value)] += 1
    return found


def test_every_table_entry_is_the_registrys_rule():
    for finding in TABLES:
        rule = BY_ID[finding.id]
        assert (rule.severity, rule.world, rule.doc, rule.fix) == \
            (finding.severity, finding.world, inspect.cleandoc(finding.doc), finding.fix), finding.id
    assert len({f.id for f in TABLES}) == len(TABLES)


def test_every_file_scope_rule_is_a_core_table_entry():
    file_rules = [rule.id for rule in REGISTRY if rule.scope == "file"]
    assert sorted(file_rules) == sorted(core_findings.BY_ID)
    # the registry shows the tables' runs where the documentation modules stood
    ids = [rule.id for rule in REGISTRY]
    start = ids.index(core_findings.READING[0].id)
    assert ids[start:start + len(core_findings.READING)] == [f.id for f in core_findings.READING]


def test_every_finding_declared_in_the_package_is_in_a_table():
    declared = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared += [node.args[0].value for node in ast.walk(tree)
                     if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Finding"
                     and node.args and isinstance(node.args[0], ast.Constant)]
    assert sorted(declared) == sorted(f.id for f in TABLES)


def _module_of(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts)


def _declarations() -> dict[str, tuple[str, str]]:
    """Each Finding's id -> (the module that declares it, the name it is bound to there)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and isinstance(node.value.func, ast.Name) and node.value.func.id == "Finding":
                out[node.value.args[0].value] = (_module_of(path), node.targets[0].id)  # type: ignore[attr-defined]
    return out


@dataclass
class _Uses:
    """What one module reads, gathered in one walk of its tree (a walk per finding and module
    made this test the suite's slowest)."""
    loads: Counter = field(default_factory=Counter)            # Name loads, by name
    imported: dict = field(default_factory=dict)               # (module, name) -> [local aliases]
    modules: set = field(default_factory=set)                  # (local alias, "pkg.module") imported by name
    attributes: set = field(default_factory=set)               # (value name, attr) of `X.attr`


def _uses(tree: ast.AST) -> _Uses:
    uses = _Uses()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            uses.loads[node.id] += 1
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                uses.imported.setdefault((node.module, alias.name), []).append(alias.asname or alias.name)
                uses.modules.add((alias.asname or alias.name, f"{node.module}.{alias.name}"))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            uses.attributes.add((node.value.id, node.attr))
    return uses


def test_every_finding_is_reported_where_it_is_declared_or_imported():
    # A table entry nothing reports is documentation of a rule that never fires: each is read
    # (`.at(...)`, `.id` on a field or kind, a parser's default) in the module that declares
    # it, or in a module that imports it by name from there (the tables themselves aside).
    tables = ("skillkit.core.findings", "skillkit.platform.findings")
    uses = {_module_of(p): _uses(ast.parse(p.read_text(encoding="utf-8"))) for p in PACKAGE.rglob("*.py")}
    for rule_id, (module, name) in _declarations().items():
        users = [module] if module not in tables and uses[module].loads[name] else []
        for other, used in uses.items():
            if other in tables:
                continue
            users += [other for alias in used.imported.get((module, name), ()) if used.loads[alias]]
            if module in tables:  # `from skillkit.platform import findings as F` ... `F.NAME`
                users += [other for local, imported in used.modules
                          if imported == module and (local, name) in used.attributes]
        assert users, f"{rule_id} ({module}.{name}) is declared but never reported"


def test_the_kinds_and_fields_report_registered_rules():
    for kind in KINDS.values():
        assert kind.rule == "" or kind.rule in BY_ID, kind.name
        for field in kind.fields:
            assert field.rule == "" or field.rule in BY_ID, (kind.name, field.name)
    for name in ("UNKNOWN_FIELD", "SCENE_LINKS", "PRESET_SLOTS", "REFERENCES", "NAME_UNIQUE"):
        assert getattr(rule_ids, name) in BY_ID, name
        assert BY_ID[getattr(rule_ids, name)].scope != "file", name  # found rules have their Finding


def test_the_reading_modules_report_only_through_their_findings():
    for module in ("reader", "frontmatter", "yamlparse", "suppress", "workspace"):
        tree = ast.parse((PACKAGE / "core" / f"{module}.py").read_text(encoding="utf-8"))
        calls = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name) and node.func.id == "Diagnostic"]
        assert calls == [], f"core/{module}.py builds a Diagnostic itself at lines {calls}"


def test_rule_id_literals_outside_the_rules_only_shrink():
    found = rule_id_literals()
    new = {key: n for key, n in found.items() if n > ALLOWED_LITERALS.get(key, 0)}
    assert new == {}, "a rule id spelt outside its declaration: use its Finding or core/rule_ids.py"
    gone = {key: n for key, n in ALLOWED_LITERALS.items() if found.get(key, 0) < n}
    assert gone == {}, "fixed: take these off ALLOWED_LITERALS"
