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
ALLOWED: set[str] = set()


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
