"""Each command's `--format` choices are its registry's names, in its order (reporters/formats.py),
every registered reporter imports and has its function, and no command is left that has
formats but no registry (adding a format is a module and a registry line, nothing else)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys

import pytest

from skillkit.cli.app import COMMANDS
from skillkit.reporters.formats import BY_COMMAND, RENDER_AGENT
from skillkit.reporters.registry import choices, load, reporter
from tests.cli.test_conventions import NO_FORMAT
from tests.cli.test_shared_options import options_of
from tests.conftest import FIXTURES, REPO

# Modules whose functions other than the entry's are called by name (pack's three results).
ALSO_CALLED = {"pack": ("packed", "exported", "placed"), "resolve": ()}


def test_every_command_with_formats_has_a_registry():
    assert set(BY_COMMAND) == set(COMMANDS) - NO_FORMAT - {"server", "unpack"}


@pytest.mark.parametrize("command", sorted(BY_COMMAND))
def test_the_format_choices_are_the_registry_in_order(command):
    option = options_of(command)["--format"]
    assert list(option.type.choices) == [r.name for r in BY_COMMAND[command]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", sorted(BY_COMMAND))
def test_every_registered_reporter_imports_and_has_its_functions(command):
    for entry in BY_COMMAND[command]:
        module = importlib.import_module(entry.module)
        for name in (entry.function, *ALSO_CALLED.get(command, ())):
            assert callable(getattr(module, name, None)), f"{entry.module}.{name}"
        assert entry.module.startswith("skillkit.reporters."), entry.module


def test_a_machine_reporter_never_imports_rich():
    # Rich is for people: a json, sarif, github or html reporter module must not load it.
    machine = sorted({e.module for entries in BY_COMMAND.values() for e in entries if e.machine})
    probe = ("import importlib, json, sys\n"
             f"for name in {machine!r}:\n    importlib.import_module(name)\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'rich')))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", [r.name for r in BY_COMMAND["lint"] if r.machine])
def test_lint_machine_formats_print_no_escape_under_color_always(name):
    broken = FIXTURES / "lint" / "broken"  # findings, so that every format prints something
    done = subprocess.run([sys.executable, "-m", "skillkit", "lint", str(broken), "--format", name,
                           "--color", "always", "--no-cache"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 1, done.stderr
    assert done.stdout and "\x1b" not in done.stdout


def test_render_agent_takes_its_registry_formats_of_render_s():
    # `render --agent` is render's command with a registry of its own, a subset of render's names.
    assert {r.name for r in RENDER_AGENT} <= {r.name for r in BY_COMMAND["render"]}
    for entry in RENDER_AGENT:
        assert callable(entry.load()), entry


def test_the_registry_helpers():
    entries = BY_COMMAND["render"]
    fmt = choices("Format", entries)
    assert [m.value for m in fmt] == ["text", "json", "agent-skills-xml"]
    assert fmt.agent_skills_xml.value == "agent-skills-xml"  # type: ignore[attr-defined]
    assert reporter(entries, "json").machine and not reporter(entries, "text").machine
    assert load(BY_COMMAND["lint"], "json") is importlib.import_module("skillkit.reporters.json").report
    with pytest.raises(KeyError):
        reporter(entries, "yaml")


def _format_comparisons(path):
    """`format == "json"`-style tests in a command module: a choice made by name, not by registry."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            names = [n for n in (node.left, *node.comparators) if isinstance(n, (ast.Name, ast.Attribute))]
            consts = [n for n in node.comparators if isinstance(n, ast.Constant) and n.value in ("json", "text")]
            formats = [n for n in names if (n.attr if isinstance(n, ast.Attribute) else n.id) == "format"]
            if formats and consts:
                found.append(node.lineno)
            if any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id.endswith("Format")
                   for n in (node.left, *node.comparators)):
                found.append(node.lineno)
    return found


def test_commands_pick_reporters_by_registry_not_by_name():
    # lint's --statistics and --quiet read the format by name (they are not reporters); every
    # other choice goes through the registry.
    allowed = {"lint_extras.py"}
    found = {p.name: _format_comparisons(p) for p in sorted((REPO / "skillkit" / "cli").glob("*.py"))
             if p.name not in allowed}
    assert {name: lines for name, lines in found.items() if lines} == {}
