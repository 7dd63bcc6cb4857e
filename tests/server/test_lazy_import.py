"""pygls and lsprotocol are the server's alone: `skillkit lint` never imports them."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import WORKSPACE


def test_lint_does_not_import_the_language_server():
    probe = ("import sys, runpy\nsys.argv = ['skillkit', 'lint', '--format', 'json', sys.argv[1]]\n"
             "try:\n    runpy.run_module('skillkit', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol', 'cattrs'))\n"
             "sys.stderr.write('LOADED=' + ','.join(loaded) + '\\n')\n")
    run = subprocess.run([sys.executable, "-c", probe, str(WORKSPACE)], capture_output=True, text=True, timeout=120)
    assert '"diagnostics"' in run.stdout  # lint ran
    assert "LOADED=\n" in run.stderr, run.stderr

