"""A skill's link graph: every local link in SKILL.md's body and in each bundled Markdown file,
resolved to where it points inside the skill's folder. Built once per skill per run; the
`references` rule (broken links, links leaving the folder, chains deeper than one level) and
`orphan-file` read it.

A link resolves from the folder of the file that holds it, as every Markdown reader resolves
it: `references/details.md` linking `references/more.md` points at
`references/references/more.md`. `{baseDir}/x.md` (the skill's folder, as clients expand it)
resolves from the skill's folder wherever it is written.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote

from skillkit.core.bundle import Bundle, walk_bundle
from skillkit.core.documents import SkillDoc
from skillkit.core.markdown import Reading, read_markdown

SKILL_FILE = "SKILL.md"
MARKDOWN_SUFFIXES = (".md", ".markdown")
BASE_DIR = "{baseDir}/"
ASSETS = "assets/"
READ_BY_PEOPLE = ("README", "CHANGELOG", "CHANGES", "HISTORY", "CONTRIBUTING", "CODE_OF_CONDUCT", "SECURITY",
                  "AUTHORS", "LICENSE", "LICENCE", "NOTICE", "COPYING")
# What Claude Code replaces with the skill's folder before a model reads the text.
SKILL_FOLDER_PREFIXES = (BASE_DIR, "${CLAUDE_SKILL_DIR}/")
# A scheme (`https:`, `mailto:`), a fragment of this page, a network path, an absolute path,
# a path in the user's home folder (`~/.claude/shared/x.md`: where an installed skill's
# shared files live, which no checkout holds).
NOT_A_FILE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|#|//|/|~/)")
# `[the skill](...)` in an example of what a user types: an ellipsis stands for a link
PLACEHOLDER = re.compile(r"^(?:\.{3,}|…|%E2%80%A6)$")
# A template's stand-ins for a path: `[path](url)`, `([File].kt:123)`, `<name>.md`, `{feature}/x.md`
STAND_IN = re.compile(r"(?i)^(?:url|uri|link|href|path|file|todo|tbd)$|(?:^|/)(?:\[[\w .-]+\]|<[\w .-]+>|\{[\w .-]+\})")


def _may_stand_in(path: str) -> bool:
    """Whether STAND_IN can match: its words are four letters at most, its brackets are there
    (asked first: its bracket alternative has no literal start and is tried at every position)."""
    return len(path) <= 4 or "[" in path or "<" in path or "{" in path


def not_followed(source: str) -> bool:
    """Whether a Markdown file's links are no references of the skill: files under assets/
    are output templates and material a skill copies (their links, `[Screenshot](path/to/
    screenshot.png)`, are the template's placeholders), and a README, changelog or licence
    is for people browsing the repository (its links lead around the repository)."""
    name = source.rsplit("/", 1)[-1].upper()
    return source.startswith(ASSETS) or name.startswith(READ_BY_PEOPLE)


def local_target(target: str) -> str | None:
    """The file a link destination names, decoded (`%20` is a space), without its fragment or
    query; None for an external URL, an anchor in the same file, or an empty destination."""
    if not target or NOT_A_FILE.match(target) or PLACEHOLDER.match(target):
        return None
    path = unquote(target.split("#", 1)[0].split("?", 1)[0])
    if not path.startswith(SKILL_FOLDER_PREFIXES) and _may_stand_in(path) and STAND_IN.search(path):
        return None
    return path or None


def resolve_link_target(skill_folder: Path, source_file: Path, target: str) -> Path:
    """Where a local link target points: `{baseDir}/...` from the skill's folder, anything else
    from the folder of the file holding the link. Lexical (normpath, not resolve()): the
    question is where the link points as written, and resolving costs a syscall per part."""
    for prefix in SKILL_FOLDER_PREFIXES:
        if target.startswith(prefix):
            return Path(os.path.normpath(os.path.join(skill_folder, target[len(prefix):])))
    return Path(os.path.normpath(os.path.join(source_file.parent, target)))


class Edge(NamedTuple):
    """One local link. `rel` is where it points inside the skill's folder (`/`-separated,
    `.` for the folder itself), None when it leaves the folder; `exists` says whether the
    target is there (inside or out)."""

    source: str
    line: int
    column: int
    target: str
    rel: str | None
    exists: bool


class SkillGraph(NamedTuple):
    folder: Path
    bundle: Bundle
    readings: dict[str, Reading]  # SKILL.md's body and each bundled Markdown file
    edges: tuple[Edge, ...]
    by_source: dict[str, list[Edge]]

    def edges_from(self, source: str) -> list[Edge]:
        return self.by_source.get(source, [])


def shown(doc: SkillDoc, rel: str) -> str:
    """A bundled file's path as reports show it: beside the SKILL.md's shown path."""
    head = doc.path.rsplit("/", 1)[0] if "/" in doc.path else ""
    return f"{head}/{rel}" if head else rel


def _edges(graph_folder: Path, bundle: Bundle, source: str, reading: Reading, names: set[str],
           known: dict[tuple[str, str], tuple[str, str | None, bool] | None]) -> list[Edge]:
    """`known`: what each (folder, destination) resolved to, shared by the skill's files: a
    bundle of 12,000 pages links the same few hundred pages tens of thousands of times."""
    if not reading.links:
        return []  # (most of a skill's files link nothing: no paths to make)
    root = os.path.normpath(graph_folder)
    source_folder = os.path.dirname(os.path.join(root, source))
    out = []
    for link in reading.links:
        key = (source_folder, link.target)
        if key not in known:
            known[key] = _resolved(root, source_folder, link.target, bundle, names)
        found = known[key]
        if found is not None:
            out.append(Edge(source, link.line, link.column, *found))
    return out


def _resolved(root: str, source_folder: str, destination: str, bundle: Bundle, names: set[str]
              ) -> tuple[str, str | None, bool] | None:
    """(target, rel, exists) of a link's destination written in `source_folder`, None when it
    names no local file."""
    target = local_target(destination)
    if target is None:
        return None
    # resolve_link_target's answer, in strings: a Path a link costs more than the rest.
    prefix = next((p for p in SKILL_FOLDER_PREFIXES if target.startswith(p)), None)
    resolved = os.path.normpath(os.path.join(root, target[len(prefix):]) if prefix is not None
                                else os.path.join(source_folder, target))
    if resolved == root:
        rel: str | None = "."
    elif resolved.startswith(root + os.sep):
        rel = resolved[len(root) + 1:].replace(os.sep, "/")
    else:
        rel = None
    # Outside the skill (rel None): whether it works in this checkout at all (a broken link is worse).
    exists = rel is not None and (rel in names or rel in bundle.folders or rel in (".", SKILL_FILE))
    return target, rel, exists or os.path.exists(resolved)


_LAST: list[tuple[SkillDoc, SkillGraph]] = []  # one slot: a skill's rules run one after another


def build_graph(folder: Path, body: str, body_line: int) -> SkillGraph:
    """The graph of the skill in `folder` whose SKILL.md body (from line `body_line`) is `body`."""
    bundle = walk_bundle(folder)
    readings = {SKILL_FILE: read_markdown(body, body_line)}
    for item in bundle.files:
        if item.text is not None and item.rel.lower().endswith(MARKDOWN_SUFFIXES):
            readings[item.rel] = read_markdown(item.text)
    names = {f.rel for f in bundle.files}
    known: dict[tuple[str, str], tuple[str, str | None, bool] | None] = {}
    by_source = {source: [] if not_followed(source) else _edges(folder, bundle, source, reading, names, known)
                 for source, reading in readings.items()}
    edges = tuple(edge for source in readings for edge in by_source[source])
    return SkillGraph(folder, bundle, readings, edges, by_source)


def skill_graph(doc: SkillDoc) -> SkillGraph:
    if _LAST and _LAST[0][0] is doc:
        return _LAST[0][1]
    graph = build_graph(doc.folder, doc.body, doc.split.body_line)
    _LAST[:] = [(doc, graph)]
    return graph


def skill_texts(doc: SkillDoc) -> list[tuple[str, str, str, int]]:
    """(source, shown path, text, first line) of everything a skill says: SKILL.md's
    frontmatter (from line 2) and body, then each bundled text file."""
    out = [(SKILL_FILE, doc.path, doc.split.yaml_text, 2), (SKILL_FILE, doc.path, doc.body, doc.split.body_line)]
    out.extend((f.rel, shown(doc, f.rel), f.text, 1) for f in skill_graph(doc).bundle.files if f.text is not None)
    return out
