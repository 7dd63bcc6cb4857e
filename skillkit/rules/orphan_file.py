"""`orphan-file`: a bundled file that nothing in the skill links to or names."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import SkillGraph, shown, skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule

# Files a tool or a person reads by their name, never through a link: never orphans. Plain
# string tests, not fnmatch: a big bundle checks every file's name against them.
NEVER_PREFIXES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "README", "CHANGELOG", "CHANGES", "HISTORY", "AUTHORS",
                  "CONTRIBUTING", "SECURITY", "CODE_OF_CONDUCT", "REQUIREMENTS", "TSCONFIG")
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


Texts = list[tuple[str, str]]  # each text of the skill, and it lower-cased


def _mentions(pattern: str, texts: Texts, own: str, literal: str) -> bool:
    """`pattern` is in some text of the skill other than the file's own. Case aside: a skill
    that says `FORMS.md` for `forms.md` names it (whether it opens is another matter). Every
    match holds `literal`: the pattern runs only around its occurrences (a bundle of hundreds
    of files over megabytes of text searched it from every position, for every file)."""
    compiled = re.compile(pattern, re.I)
    needle = literal.lower()
    for text, lowered in texts:
        if text is own:
            continue
        at = lowered.find(needle)
        while at >= 0:
            if compiled.search(text, max(0, at - WINDOW), at + len(needle) + 2):
                return True
            at = lowered.find(needle, at + 1)
    return False


def _named(rel: str, own: str, texts: Texts) -> bool:
    """Named as a path (`scripts/run.py`, `run.py`, `scripts/run`), through a named folder (`scripts/`,
    `` `fonts` ``, `./fonts`), or, for code, imported by its module name."""
    name = rel.rsplit("/", 1)[-1]
    if _mentions(rf"(?<![\w-]){re.escape(name)}{PATH_END}", texts, own, name):
        return True  # the whole path ends with the name: one search covers both
    parts = rel.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        plain = "/".join(parts[:depth])
        folder = re.escape(plain)
        if _mentions(rf"(?<![\w./-])(?:\./)?{folder}/(?![\w.-])|`(?:\./)?{folder}/?`|\./{folder}{PATH_END}",
                     texts, own, plain):
            return True
    stem = name.rsplit(".", 1)[0]
    if parts and _mentions(rf"(?<![\w-]){re.escape(parts[-1] + '/' + stem)}{PATH_END}", texts, own,
                           parts[-1] + "/" + stem):
        return True  # `python scripts/check_fields <file>`: the path without its extension
    if name.endswith(CODE) and len(stem) >= 3:
        return _mentions(rf"(?:import|from|require\(|source)[ \t]+[\w.'\"/(-]{{0,80}}(?<![\w-]){re.escape(stem)}"
                         rf"{PATH_END}", texts, own, stem)
    return False


def _linked(graph: SkillGraph) -> set[str]:
    """Every file a link points at, and every file under a folder a link points at."""
    targets = {edge.rel for edge in graph.edges if edge.rel is not None and edge.exists}
    linked = set()
    for item in graph.bundle.files:
        if item.rel in targets or any(t == "." or item.rel.startswith(t + "/") for t in targets):
            linked.add(item.rel)
    return linked


@skill_rule("orphan-file", Severity.INFO)
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
    texts = [(t, t.lower()) for t in (doc.split.yaml_text, doc.body,
                                      *(f.text for f in graph.bundle.files if f.text is not None))]
    for item in unlinked:
        if not _named(item.rel, item.text or "", texts):
            yield Hit(shown(doc, item.rel), 1, 1,
                      f"nothing in the skill links to or names `{item.rel}`: a model never learns it is there")


RULES = (orphan_file,)
