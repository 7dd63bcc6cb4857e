"""The package's import graph: the core is the floor the worlds stand on, and nothing imports
in a circle (a cycle means two modules that cannot be understood, or imported, one without the
other). Imports inside functions count: deferring an import hides a cycle, it does not end it.
Between modules, `if TYPE_CHECKING:` blocks are left out, since they never run; between packages
they count too: a type-only import still means one package cannot be read without the other, so
the packages stand in layers (ARCHITECTURE.md, "Layers") with no cycle among them."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "skillkit"
# What the core may build on: itself, the package's version, its token counters and the client
# declarations (data: which folders a client loads, its keys and limits).
CORE_MAY_IMPORT = ("skillkit.core", "skillkit.tokens", "skillkit.clients")


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _runs(node: ast.If) -> bool:
    return "TYPE_CHECKING" not in ast.unparse(node.test)


def imported(path: Path, *, type_only: bool = False) -> set[str]:
    """The package's modules `path` imports, at any depth of its code (with `type_only`, the
    imports under `if TYPE_CHECKING:` too)."""
    found: set[str] = set()
    pending: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and not type_only and not _runs(node):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        pending.extend(ast.iter_child_nodes(node))
    return {name for name in found if name in MODULES}


GRAPH = {name: imported(path) for name, path in MODULES.items()}


def package_of(module: str) -> str:
    """`skillkit.core.fields.base` -> `skillkit.core`; the top module `skillkit` stays itself."""
    return ".".join(module.split(".")[:2])


def package_graph() -> dict[str, set[str]]:
    """Package -> the packages its modules import, type-only imports included."""
    graph: dict[str, set[str]] = {package_of(name): set() for name in MODULES}
    for name, path in MODULES.items():
        graph[package_of(name)].update(package_of(target) for target in imported(path, type_only=True))
    for package, targets in graph.items():
        targets.discard(package)
        targets.discard("skillkit")  # the version, at the top: every package may read it
    return graph


PACKAGE_GRAPH = package_graph()
# The edges between packages that still close a cycle, each to be cut (the list may only shrink:
# a test fails when an edge listed here is gone, so that fixing one means deleting its line).
CYCLE_EDGES_ALLOWED: set[tuple[str, str]] = set()


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_package_has_no_import_cycle():
    assert cycles(GRAPH) == []


# The layers ARCHITECTURE.md draws, lowest first: a package imports only from lower layers.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("clients",),
    ("core",),
    ("tokens", "transcripts", "triggers", "agentskills", "platform"),
    ("studio",),
    ("rules",),
    ("authoring", "pack"),
    ("reporters",),  # every command's reporters, pack's and import's included: they read those results
    ("server",),
    ("cli",),
    ("__main__",),
)


def test_every_package_imports_only_from_lower_layers():
    layer = {f"skillkit.{name}": index for index, names in enumerate(LAYERS) for name in names}
    assert set(layer) == set(PACKAGE_GRAPH) - {"skillkit"}, "a package is missing from LAYERS"
    upward = {(package, target) for package, targets in PACKAGE_GRAPH.items() if package != "skillkit"
              for target in targets if layer[target] >= layer[package]}
    assert upward - CYCLE_EDGES_ALLOWED == set()


def test_no_cycle_between_packages_type_only_imports_included():
    graph = {package: targets - {b for a, b in CYCLE_EDGES_ALLOWED if a == package}
             for package, targets in PACKAGE_GRAPH.items()}
    assert cycles(graph) == []


def test_every_allowed_cycle_edge_is_still_there():
    assert {edge for edge in CYCLE_EDGES_ALLOWED if edge[1] not in PACKAGE_GRAPH.get(edge[0], ())} == set()


def test_the_package_graph_sees_type_only_imports(tmp_path):
    source = tmp_path / "typed.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from skillkit.core.model import Skill\n", encoding="utf-8")
    assert imported(source) == set()
    assert imported(source, type_only=True) == {"skillkit.core.model"}


def test_the_cycle_finder_finds_one():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_core_imports_no_world_and_no_command():
    outside = {name: sorted(m for m in GRAPH[name] if m != "skillkit" and not m.startswith(CORE_MAY_IMPORT))
               for name in GRAPH if name.startswith("skillkit.core")}
    assert {name: mods for name, mods in outside.items() if mods} == {}


def test_the_walk_sees_deferred_imports():
    # The lint command defers every import to keep start-up fast: the walk must still see them.
    assert "skillkit.core.pipeline" in GRAPH["skillkit.cli.lint"]


def test_the_client_declarations_import_only_each_other():
    # The core reads them, so they stand below it: a client is data, never a world's logic.
    outside = {name: sorted(m for m in GRAPH[name] if m != "skillkit" and not m.startswith("skillkit.clients"))
               for name in GRAPH if name.startswith("skillkit.clients")}
    assert {name: mods for name, mods in outside.items() if mods} == {}
