"""The link graph resolves each (folder, destination) once and shares the answer among a
skill's files; every edge must still say what resolving that one link alone says
(linkgraph.resolve_link_target, local_target and the file system)."""

from __future__ import annotations

import os
from pathlib import Path

from skillkit.core.linkgraph import build_graph, local_target, resolve_link_target

LINKS = "[a](a.md) [b](refs/b.md) [up](../a.md) [self](.) [gone](gone.md) [base]({baseDir}/a.md) [web](https://x.y/a.md)\n"


def test_shared_resolutions_are_each_links_own(tmp_path: Path):
    skill = tmp_path / "skill"
    (skill / "refs" / "deep").mkdir(parents=True)
    (tmp_path / "a.md").write_text("outside\n")
    (skill / "a.md").write_text(LINKS)
    (skill / "refs" / "b.md").write_text(LINKS)
    (skill / "refs" / "a.md").write_text(LINKS)
    (skill / "refs" / "deep" / "c.md").write_text(LINKS + LINKS)
    graph = build_graph(skill, LINKS, 5)
    assert len(graph.edges) == 6 * 5 + 6  # every local link of every file, the repeated ones too
    for edge in graph.edges:
        source = skill / edge.source
        expected = resolve_link_target(skill, source, edge.target)
        rel = os.path.relpath(expected, skill).replace(os.sep, "/")
        assert edge.rel == (None if rel.startswith("..") else rel)
        assert edge.exists == expected.exists()
        assert edge.target == local_target(edge.target)
    by_file = {edge.source for edge in graph.edges}
    assert by_file == {"SKILL.md", "a.md", "refs/b.md", "refs/a.md", "refs/deep/c.md"}
