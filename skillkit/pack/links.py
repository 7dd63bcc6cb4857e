"""Pack's link check: a link inside a skill to a file that exists but that the pack leaves
out (`.skillignore`, the settings' `exclude`) works in the checkout and is broken in every
install of the pack. Read from the skill's link graph, as lint's `references` rule reads it."""

from __future__ import annotations

from pathlib import Path

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.frontmatter import split
from skillkit.core.linkgraph import SKILL_FILE, build_graph
from skillkit.core.pipeline import LoadedWorkspace
from skillkit.core.reader import read_text
from skillkit.core.rule_ids import REFERENCES
from skillkit.pack.names import root_label

RULE = REFERENCES


def _shown(skill_path: str, rel: str) -> str:
    head = skill_path.rsplit("/", 1)[0] if "/" in skill_path else ""
    return f"{head}/{rel}" if head else rel


def links_left_out(root: Path, workspaces: tuple[LoadedWorkspace, ...], packed: frozenset[str]) -> list[Diagnostic]:
    found = []
    for space in workspaces:
        for skill in space.skills:
            folder = root_label(root, skill.folder)
            if (SKILL_FILE if folder == "." else f"{folder}/{SKILL_FILE}") not in packed:
                continue  # the skill itself is left out: nothing of it ships
            source, _ = read_text(skill.folder / SKILL_FILE, skill.path)
            document = split(source)[0] if source is not None else None
            if document is None:
                continue
            graph = build_graph(skill.folder, document.body, document.body_line)
            for edge in graph.edges:
                if edge.rel is None or not edge.exists or edge.rel == ".":
                    continue
                entry = edge.rel if folder == "." else f"{folder}/{edge.rel}"
                if entry not in packed and not any(name.startswith(entry + "/") for name in packed):
                    path = skill.path if edge.source == SKILL_FILE else _shown(skill.path, edge.source)
                    found.append(Diagnostic(path, edge.line, edge.column, RULE, Severity.WARNING,
                                            f"`{edge.target}` is left out of the pack (.skillignore or `exclude`): "
                                            "the link is broken wherever the pack is installed"))
    return found
