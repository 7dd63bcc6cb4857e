"""The code cites what is in the repository: ARCHITECTURE.md, the README, or the rule in plain
words, never the sections of a design document a reader of the repository does not have
("DESIGN 5.1"). The acceptance suites are the exception: they were written from that contract
and quote it on purpose."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import REPO

CITATION = re.compile(r"\bDESIGN\b")
# Files that still cite it, relative to the repository's top (the list may only shrink: a test
# fails when a file listed here cites it no more, so that mending one means deleting its line).
ALLOWED: set[str] = {
    "README.md",
    "skillkit/authoring/names.py",
    "skillkit/cli/app.py",
    "skillkit/core/artifacts.py",
    "skillkit/core/fields/session.py",
    "skillkit/core/validate.py",
    "skillkit/core/walk.py",
    "skillkit/core/workspace.py",
    "skillkit/platform/invocation.py",
    "skillkit/platform/session.py",
    "skillkit/platform/session_file.py",
    "skillkit/reporters/json.py",
    "skillkit/reporters/locations.py",
    "skillkit/reporters/simulate_json.py",
    "skillkit/rules/discovery.py",
    "skillkit/studio/activation.py",
    "skillkit/studio/assembly.py",
    "skillkit/studio/render.py",
    "skillkit/studio/scene.py",
    "skillkit/studio/timeline.py",
    "skillkit/studio/turns.py",
    "skillkit/studio/verdicts.py",
    "skillkit/transcripts/model.py",
    "skillkit/triggers/__init__.py",
    "skillkit/triggers/jsregex.py",
    "skillkit/triggers/plain.py",
    "skillkit/triggers/reference.py",
    "skillkit/triggers/scan.py",
    "skillkit/triggers/spec.py",
    "tests/authoring/import_helpers.py",
    "tests/cli/test_color_pty.py",
    "tests/clients/test_registry.py",
    "tests/lint/test_discovery.py",
    "tests/lint/test_named_files.py",
    "tests/lint/test_properties.py",
    "tests/lint/test_reading.py",
    "tests/lint/test_rules.py",
    "tests/lint/test_sarif.py",
    "tests/lint/test_suppress_fix.py",
    "tests/lint/test_typos.py",
    "tests/packaging/test_hook_files.py",
    "tests/platform/test_resolve_cli.py",
    "tests/render/test_render_rules.py",
    "tests/session/conftest.py",
    "tests/studio/test_activation.py",
    "tests/studio/test_simulate_wide.py",
    "tests/studio/test_turns.py",
    "tests/triggers/test_jsregex.py",
    "tests/triggers/test_plain.py",
    "tests/triggers/test_scan.py",
}


def searched() -> list[Path]:
    files = [*(REPO / "skillkit").rglob("*.py"), *(REPO / "tests").rglob("*.py"),
             *REPO.glob("*.md"), *(REPO / "benchmarks").rglob("*.py")]
    return sorted(path for path in files if "acceptance" not in path.relative_to(REPO).parts
                  and path.name != Path(__file__).name)


def citing() -> set[str]:
    return {path.relative_to(REPO).as_posix() for path in searched()
            if CITATION.search(path.read_text(encoding="utf-8"))}


def test_nothing_cites_the_design_document():
    assert citing() - ALLOWED == set()


def test_every_allowed_file_still_cites_it():
    assert ALLOWED - citing() == set()


def test_the_search_covers_the_code_and_the_tests():
    found = {path.relative_to(REPO).parts[0] for path in searched()}
    assert {"skillkit", "tests", "README.md"} <= found
