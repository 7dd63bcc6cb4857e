"""Findings on fixtures shaped like what a differential over public skill repositories found
(benchmarks/differential.md): each false finding fixed there has its shape here, through
the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES

SHAPES = FIXTURES / "lint" / "real-shapes"


def lint(cli, folder: Path, *args: str) -> list[dict]:
    outcome = cli("lint", "--format", "json", *args, ".", cwd=folder)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    return json.loads(outcome.stdout)["diagnostics"]


def brief(found: list[dict]) -> set[tuple[str, int, str, str]]:
    return {(d["path"], d["line"], d["rule"], d["message"]) for d in found}


def test_links_are_read_as_clients_read_them(cli):
    """An output template's placeholder links under assets/ are not followed; a link back to
    SKILL.md or to a page SKILL.md links itself is no chain; an existing file outside the
    skill does not travel, a missing one is a broken link; with no frontmatter, links are
    still checked."""
    found = brief(lint(cli, SHAPES / "links", "--select", "references"))
    assert found == {
        ("skills/bare/SKILL.md", 3, "references", "`guide.md` does not exist"),
        ("skills/report/SKILL.md", 9, "references",
         "`../../shared/style.md` is outside the skill's folder and does not travel with it"),
        ("skills/report/SKILL.md", 10, "references",
         "broken link: `../../shared/legacy-style.md` does not exist (it points outside the skill's folder)"),
    }


def test_orphans_of_a_big_bundle_are_found_in_one_pass(cli, tmp_path):
    """A skill carrying 300 reference pages (as vendors' documentation bundles do), each
    naming two others by file name; the odd-numbered pages are named by none. orphan-file
    reports exactly those, whatever the bundle's size (one pass over the texts)."""
    folder = tmp_path / "skills" / "big"
    (folder / "references").mkdir(parents=True)
    names = [f"page-{i:03d}.md" for i in range(300)]
    for i, name in enumerate(names):
        named = [names[(i + step) // 2 * 2 % 300] for step in (2, 8)]
        (folder / "references" / name).write_text(f"# Page {i}\n\nSee {named[0]} and `{named[1]}`.\n", encoding="utf-8")
    (folder / "SKILL.md").write_text("---\nname: big\ndescription: Reads the pages of the big bundle when asked.\n---\n"
                                     "Start at [the first page](references/page-000.md).\n", encoding="utf-8")
    found = lint(cli, tmp_path, "--select", "orphan-file")
    orphans = {d["path"].rsplit("/", 1)[-1] for d in found}
    assert orphans == {name for i, name in enumerate(names) if i % 2}
