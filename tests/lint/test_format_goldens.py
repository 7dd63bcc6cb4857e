"""Every lint format has its golden: `SUFFIX` in tests/lint/test_reporters.py names each format
of lint's registry (reporters/formats.py:LINT), so a format added without its golden fails
here rather than being left out of `test_format_matches_golden` unnoticed."""

from __future__ import annotations

from skillkit.reporters.formats import LINT
from tests.lint.test_reporters import SUFFIX


def test_every_lint_format_has_a_golden_suffix():
    assert sorted(SUFFIX) == sorted(r.name for r in LINT), "add the format to SUFFIX in tests/lint/test_reporters.py"
