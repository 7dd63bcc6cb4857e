"""Rules the suite keeps about itself, so that it stays steady on a busy machine."""

from __future__ import annotations

import re

from tests.conftest import REPO


def test_hypothesis_deadlines_are_set_in_one_profile_only():
    """No test sets its own `deadline=`: conftest's profile decides (no deadline), since a
    per-example time limit is a timing assertion that a shared machine breaks."""
    setting = re.compile(r"settings\(.*\bdeadline\s*=")
    found = [f"{path.relative_to(REPO)}:{number}" for path in sorted((REPO / "tests").rglob("*.py"))
             if path.name not in ("conftest.py", "test_suite.py")
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if setting.search(line)]
    assert found == []


def test_the_profile_is_loaded():
    from hypothesis import HealthCheck, settings

    assert settings().deadline is None and HealthCheck.too_slow in settings().suppress_health_check
