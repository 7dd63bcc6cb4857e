"""`skillkit lint` defines few dataclasses at start-up.

A frozen dataclass costs 1-2 ms to define (dataclasses compiles its `__init__`, `__eq__`,
`__hash__`, `__repr__` and `__setattr__` with `exec`), a `msgspec.Struct` some hundredths of a
millisecond. 71 dataclasses were ~85 ms of a ~450 ms `lint` of one skill; most became Structs.
The ones left are dataclasses for a reason (`dataclasses.fields`/`replace` applied to them,
`object.__setattr__` in `__post_init__`, `field(compare=False)`). This test counts what one lint
run defines, in a fresh interpreter, so a new start-up dataclass is a decision, not an accident:
a new plain value type is a `msgspec.Struct` (`frozen=True` for a frozen one).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES

# What lint defines now (9), and a little room: raise it only for a class that must be a dataclass.
MOST = 11

# Run in a child: the wrapper must be in place before skillkit's first import, and this test
# process has imported it long ago.
_CHILD = """
import dataclasses, json, runpy, sys
defined = []
original = dataclasses._process_class
def counting(cls, *args, **kwargs):
    defined.append(f"{cls.__module__}.{cls.__qualname__}")
    return original(cls, *args, **kwargs)
dataclasses._process_class = counting
sys.argv = ["skillkit", "lint", "--no-cache", sys.argv[1]]
try:
    runpy.run_module("skillkit", run_name="__main__")
except SystemExit as done:
    code = done.code
else:
    code = 0
print("DEFINED " + json.dumps({"classes": [name for name in defined if name.startswith("skillkit.")],
                              "modules": sorted(name for name in sys.modules if name.startswith("skillkit."))}))
sys.exit(code)
"""


def _defined_by_lint(skill_file: Path, cwd: Path) -> dict[str, list[str]]:
    run = subprocess.run([sys.executable, "-c", _CHILD, str(skill_file)], cwd=cwd, capture_output=True,
                         text=True, timeout=120, check=False)
    lines = [line for line in run.stdout.splitlines() if line.startswith("DEFINED ")]
    assert run.returncode in (0, 1) and lines, run.stdout + run.stderr
    found: dict[str, list[str]] = json.loads(lines[-1].removeprefix("DEFINED "))
    return found


def test_lint_of_one_skill_defines_few_dataclasses(tmp_path: Path) -> None:
    # a studio skill with a regex trigger and a macro: the trigger-regex and macro rules import
    # their modules (the regex parser's syntax tree, the macro scanner) too
    skill = tmp_path / "skills" / "weather"
    skill.mkdir(parents=True)
    shutil.copy(FIXTURES / "workspace" / "skills" / "weather" / "SKILL.md", skill / "SKILL.md")
    found = _defined_by_lint(Path("skills/weather/SKILL.md"), tmp_path)
    assert {"skillkit.triggers.jsregex_parse", "skillkit.triggers.macros"} <= set(found["modules"])
    defined = found["classes"]
    assert len(defined) <= MOST, f"{len(defined)} dataclasses defined at start-up (at most {MOST}): {defined}"

