"""`orphan-file`: a bundled file that nothing in the skill links to or names."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import READ_BY_PEOPLE, SkillGraph, shown, skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule

# Files a tool or a person reads by their name, never through a link: never orphans. Plain
# string tests, not fnmatch: a big bundle checks every file's name against them.
NEVER_PREFIXES = (*READ_BY_PEOPLE, "REQUIREMENTS", "TSCONFIG")
NEVER_NAMES = frozenset({"__init__.py", "py.typed", "conftest.py", "package.json", "package-lock.json",
                         "pnpm-lock.yaml", "pyproject.toml", "setup.py", "setup.cfg", "cargo.toml", "go.mod", "go.sum",
                         "makefile", "dockerfile"})
NEVER_UNDER = ("agents/",)  # agents/openai.yaml: Codex reads it; other clients' metadata alike
CODE = (".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".sh", ".rb", ".go", ".rs")
PATH_END = r"(?![\w-])"
# How far before a name a match may start: `import` and up to 80 characters of a module path.
WINDOW = 120


def _exempt(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith(NEVER_UNDER) or "/." in "/" + rel or name.upper().startswith(NEVER_PREFIXES) \
        or name.lower() in NEVER_NAMES or name.endswith(".lock")


def bounded(literal: str) -> str:
    """The pattern of a name or path not inside a longer word (`run.py`, not `rerun.py`)."""
    return rf"(?<![\w-]){re.escape(literal)}{PATH_END}"


class Bounded:
    """bounded(literal)'s compiled pattern, searched by hand: most needles are of this kind,
    and compiling one costs ten times a search (1,447 of them, 0.2 s, on one vendor bundle).
    Its `search` answers as the pattern's does (tests/lint/test_orphan_needles.py holds the
    two together): the look back sees before `start`, the look ahead stops at `stop`."""

    __slots__ = ("literal",)

    def __init__(self, literal: str) -> None:
        self.literal = literal

    def search(self, text: str, start: int, stop: int) -> bool:
        size = len(self.literal)
        stop = min(stop, len(text))
        at = text.find(self.literal, start, stop)
        while at >= 0:
            if not (at and _wordish(text[at - 1])) and not (at + size < stop and _wordish(text[at + size])):
                return True
            at = text.find(self.literal, at + 1, stop)
        return False


def _wordish(char: str) -> bool:
    """What `[\\w-]` matches (`\\w` is str.isalnum() and `_`, as re reads a str pattern)."""
    return char.isalnum() or char in "_-"


class Needles:
    """Every name the unlinked files may be named by, found in one pass over each text
    (Aho-Corasick over all the names at once, pyahocorasick's C automaton): a bundle of 800
    files was searched once per file before (str.find per name, quadratic in the bundle).
    Each occurrence is then checked where it stands by the pattern of its kind: a name and
    a path (`scripts/run.py`, `run.py`, `scripts/run`) not inside a longer word, a folder
    written as a folder (`scripts/`, `` `fonts` ``, `./fonts`), a module after `import`."""

    def __init__(self) -> None:
        # literal -> pattern -> the files it names; one folder's name is a needle of every
        # file in it, and its pattern is tried once an occurrence for all. A pattern is
        # compiled when its literal first occurs: most never do, and compiling each up front
        # cost more than the search (2,290 patterns, 0.3 s, on one collection).
        self.checks: dict[str, dict[str, list[str]]] = {}

    def add(self, literal: str, pattern: str, owner: str) -> None:
        self.checks.setdefault(literal, {}).setdefault(pattern, []).append(owner)

    def named(self, texts: list[str], own: dict[str, int]) -> set[str]:
        """The files (their `rel`) some text other than their own names. `own`: each file's
        index in `texts`, when it is a text of its own."""
        import ahocorasick

        automaton = ahocorasick.Automaton()
        # (literal, pattern, its files, the texts that matched it); compiled on first use
        groups: list[tuple[str, str, list[str], set[int]]] = []
        compiled: dict[int, re.Pattern[str] | Bounded] = {}
        for literal, by_pattern in self.checks.items():
            automaton.add_word(literal, (len(literal), [len(groups) + i for i in range(len(by_pattern))]))
            groups.extend((literal, pattern, owners, set()) for pattern, owners in by_pattern.items())
        automaton.make_automaton()
        open_groups = len(groups)  # a group is settled once two texts match it: no owner needs more
        for index, text in enumerate(texts):
            lowered = text.lower()  # matched on the lowered text, positions and all
            for end, (length, members) in automaton.iter(lowered):
                start = end + 1 - length
                for member in members:
                    literal, pattern, _, matched = groups[member]
                    if len(matched) > 1 or index in matched:
                        continue
                    check = compiled.get(member)
                    if check is None:
                        check = compiled[member] = Bounded(literal) if pattern == bounded(literal) else re.compile(pattern)
                    if check.search(lowered, max(0, start - WINDOW), end + 3):
                        matched.add(index)
                        open_groups -= len(matched) == 2
            if not open_groups:
                break
        return {owner for _, _, owners, matched in groups for owner in owners
                if any(index != own.get(owner) for index in matched)}


def _needles(rel: str, needles: Needles) -> None:
    """The names `rel` may be named by: as a path (`scripts/run.py`, `run.py`, `scripts/run`),
    through a named folder (`scripts/`, `` `fonts` ``, `./fonts`), or, for code, imported by
    its module name. Case aside: a skill that says `FORMS.md` for `forms.md` names it."""
    lowered = rel.lower()
    name = lowered.rsplit("/", 1)[-1]
    needles.add(name, bounded(name), rel)  # the whole path ends with it
    parts = lowered.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        plain = "/".join(parts[:depth])
        folder = re.escape(plain)
        needles.add(plain, rf"(?<![\w./-])(?:\./)?{folder}/(?![\w.-])|`(?:\./)?{folder}/?`|\./{folder}{PATH_END}", rel)
    stem = name.rsplit(".", 1)[0]
    if parts:  # `python scripts/check_fields <file>`: the path without its extension
        short = parts[-1] + "/" + stem
        needles.add(short, bounded(short), rel)
    if name.endswith(CODE) and len(stem) >= 3:
        needles.add(stem, rf"(?:import|from|require\(|source)[ \t]+[\w.'\"/(-]{{0,80}}(?<![\w-]){re.escape(stem)}"
                          rf"{PATH_END}", rel)


def _linked(graph: SkillGraph) -> set[str]:
    """Every file a link points at, and every file under a folder a link points at."""
    targets = {edge.rel for edge in graph.edges if edge.rel is not None and edge.exists}
    if "." in targets:
        return {item.rel for item in graph.bundle.files}
    linked = {item.rel for item in graph.bundle.files if item.rel in targets}
    # a folder above a file is a walked folder of the bundle: most skills link no folder at all
    folders = targets & graph.bundle.folders
    if folders:
        for item in graph.bundle.files:
            parts = item.rel.split("/")
            if any("/".join(parts[:depth]) in folders for depth in range(1, len(parts))):
                linked.add(item.rel)
    return linked


@skill_rule("orphan-file", Severity.INFO, bodily=True)
def orphan_file(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A bundled file that nothing in the skill links to or names.

    A model finds a skill's other files only through SKILL.md (and the files it links): a
    reference nobody links is never read, a script nobody names is never run, and both still
    travel (and cost space) with every install. Often a leftover, or a link that was meant.

    A file counts as used when a Markdown link or image in SKILL.md or a bundled Markdown file
    points at it (or at its folder), when any of the skill's text files names it (its path or
    file name, as `scripts/run.py` in backticks or prose), names its folder as a path
    (`scripts/`, `` `fonts` ``, `./fonts`), or, for code, imports it. Never orphans: licences,
    READMEs, changelogs and notices, `agents/` (client metadata such as `agents/openai.yaml`),
    hidden files, package manifests and lock files, `__init__.py`.

    Example: `scripts/old_convert.py` that SKILL.md no longer mentions. Fix: say in SKILL.md
    when to read or run it (`Run scripts/convert.py to ...`), or delete it."""
    graph = skill_graph(doc)
    candidates = [f for f in graph.bundle.files if not _exempt(f.rel)]
    if not candidates:
        return
    linked = _linked(graph)
    unlinked = [item for item in candidates if item.rel not in linked]
    if not unlinked:
        return  # (most skills link every file: their texts need not be lowered)
    texts = [doc.split.yaml_text, doc.body]
    own: dict[str, int] = {}
    for item in graph.bundle.files:
        if item.text is not None:
            own[item.rel] = len(texts)
            texts.append(item.text)
    needles = Needles()
    for item in unlinked:
        _needles(item.rel, needles)
    named = needles.named(texts, own)
    for item in unlinked:
        if item.rel not in named:
            yield Hit(shown(doc, item.rel), 1, 1,
                      f"nothing in the skill links to or names `{item.rel}`: a model never learns it is there")


RULES = (orphan_file,)
