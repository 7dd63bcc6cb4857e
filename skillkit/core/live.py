"""One workspace's lint held in memory, for the language server: every file is checked once,
then an edit re-checks that file and re-runs only the workspace rules whose inputs it changed.

The stages are the pipeline's own (core/pipeline.py): the per-file checks, the workspace
rules, suppression and `per-file-ignores`, grouped as `lint` groups them, so a file's findings
here are what `skillkit lint` reports for the same text. Unsaved text is a reader stand-in
(core/reader.STAND_INS), as `lint --stdin-filename` does it. Returns values; never prints.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from skillkit.core.checked import Checked
from skillkit.core.diagnostics import Diagnostic
from skillkit.core.documents import SkillDoc
from skillkit.core.options import Options
from skillkit.core.check import CheckContext, SourceFile, check
from skillkit.core.checkers import build_checker
from skillkit.core.pipeline import (CheckedDocument, Judge, SkillContext, check_document, discovery_findings, settle,
                                    workspace_hits)
from skillkit.core.paths import display
from skillkit.core.rulebase import BODY, FRONTMATTER, PLUGINS, SKILLS, Rule, WorkspaceView, key
from skillkit.core.suppress import Directive, file_directives
from skillkit.core.workspace import SKILL_FILE, Workspace


def changed_parts(old: SkillDoc | None, new: SkillDoc | None) -> frozenset[str]:
    """What of a skill an edit changed, in `Rule.reads`' words: the keys whose value, positions
    or validity differ, BODY, and SKILLS when the skill entered or left the view."""
    if old is None and new is None:
        return frozenset()
    if old is None or new is None:
        held = (old or new).data  # type: ignore[union-attr]
        return frozenset({SKILLS, BODY, FRONTMATTER, *(key(k) for k in held if isinstance(k, str))})
    parts = {key(k) for k in old.data.keys() | new.data.keys() if isinstance(k, str) and _key_differs(old, new, k)}
    if parts or old.invalid != new.invalid:
        parts |= {FRONTMATTER, *(key(k) for k in old.invalid ^ new.invalid)}
    if old.body != new.body or old.split.body_line != new.split.body_line:
        parts.add(BODY)
    return frozenset(parts)


def _key_differs(old: SkillDoc, new: SkillDoc, name: str) -> bool:
    # repr, not ==: YAML's `1`, `1.0` and `true` are equal in Python and differ to the rules
    if repr(old.data.get(name, ...)) != repr(new.data.get(name, ...)):
        return True
    return _positions(old, name) != _positions(new, name)


def _positions(doc: SkillDoc, name: str) -> tuple[object, ...]:
    tables = (doc.parsed.positions, doc.parsed.key_positions)
    return tuple(sorted((str(path), at) for table in tables for path, at in table.items() if path and path[0] == name))


def reruns(rule: Rule, parts: frozenset[str]) -> bool:
    """Whether a workspace rule must run again after changes to `parts`."""
    return rule.reads is None or not rule.reads.isdisjoint(parts)


@dataclass
class LiveWorkspace:
    """The checked state of one discovered workspace (core/workspace.Workspace) under its options."""

    space: Workspace
    options: Options
    base: str  # the working folder, resolved: paths are shown from it, as lint shows them
    skills: dict[Path, Checked] = field(default_factory=dict)
    documents: dict[Path, CheckedDocument] = field(default_factory=dict)
    read: dict[Path, tuple[Directive, ...] | None] = field(default_factory=dict)  # suppression comments
    walked: list[tuple[Path, Diagnostic]] = field(default_factory=list)  # the walk's own findings
    hits: dict[str, list[Diagnostic]] = field(default_factory=dict)  # workspace rule id -> findings
    raw: dict[str, list[Diagnostic]] = field(default_factory=dict)  # lint's groups, before settling
    settled: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)
    by_path: dict[str, dict[str, tuple[Diagnostic, ...]]] = field(default_factory=dict)  # path -> group -> its part

    def __post_init__(self) -> None:
        self.judge = Judge(self.options)
        self.context = SkillContext(self.space, self.judge)  # where a skill stands weighs its findings, as in lint
        self.folders = {file.parent: file for file in self.space.skills}

    @contextlib.contextmanager
    def _run(self) -> Iterator[None]:
        """Each check is a run of its own, as each `skillkit lint` is: a fresh regex time budget
        (the settings' `regex-budget`), the cyclic collector paused (core/collector.py)."""
        from skillkit.core.regex_time import configure, end_run, start_run
        from skillkit.core.collector import no_collection

        start_run()
        configure(self.options.settings.get("regex-budget"))
        try:
            with no_collection():
                yield
        finally:
            end_run()

    # --- loading -------------------------------------------------------------------------
    def load(self, workers: object | None = None, known: LiveWorkspace | None = None,
             stale: frozenset[Path] = frozenset()) -> None:
        """Check every file (in worker processes when `workers`, a core/parallel.Workers, is
        given), run every workspace rule, settle every group. `known`: the same workspace as
        checked before (its files discovered again); its checks are kept but for `stale` files."""
        with self._run():
            self._load(workers, known, stale)

    def _load(self, workers: object | None, known: LiveWorkspace | None, stale: frozenset[Path]) -> None:
        if known is not None:
            self.skills.update((f, c) for f, c in known.skills.items() if f in self.folders.values() and f not in stale)
            self.documents.update((f, d) for f, d in known.documents.items() if f not in stale and any(
                f == p for _, p in self.space.documents))
            self.read.update((f, r) for f, r in known.read.items() if f in self.skills or f in self.documents)
        files = [SourceFile(file, display(file, self.base)) for file in self.space.skills if file not in self.skills]
        checker = build_checker(CheckContext(self.base, self.options), workers)  # type: ignore[arg-type]
        self.skills.update((checked.file, checked) for checked in checker(files))
        self.read.update((file, checked.directives) for file, checked in self.skills.items())
        for kind, file in self.space.documents:
            if file not in self.documents:
                self._check_document(kind, file)
        self.walked = discovery_findings(self.space, self.judge, self.base)
        self.hits = workspace_hits(self.view(), self.judge)
        self._regroup(set(self._groups()))

    def view(self) -> WorkspaceView:
        skills = tuple(c.doc for c in (self.skills.get(f) for f in self.space.skills) if c is not None and c.doc)
        documents = tuple(d.doc for d in (self.documents.get(f) for _, f in self.space.documents)
                          if d is not None and d.doc is not None)
        return WorkspaceView(self.space.root, skills, documents, self.options.settings, tuple(self.space.plugins),
                             self.base)

    # --- what a path is --------------------------------------------------------------------
    def owner(self, path: Path) -> Path | None:
        """The file of this workspace whose check reads `path`: itself (a SKILL.md or a workspace
        file), or the SKILL.md whose folder holds it (a bundled file); None when no check does."""
        if path in self.skills or path in self.documents or self._plugin_file(path):
            return path
        for folder in path.parents:
            if folder in self.folders:
                return self.folders[folder]
            if self.space.root is not None and folder == self.space.root:
                return None
        return None

    def _plugin_file(self, path: Path) -> bool:
        """A Claude Code plugin's own file (its `hooks/hooks.json`), which workspace rules read."""
        return path.parent.name == "hooks" and path.name == "hooks.json" and path.parent.parent in self.space.plugins

    def findings(self, shown: str) -> list[Diagnostic]:
        """What lint reports for the file shown as `shown`, sorted as lint sorts."""
        parts = self.by_path.get(shown, {})
        return sorted({d for found in parts.values() for d in found},
                      key=lambda d: (d.path, d.line, d.column, d.rule, d.severity, d.message))

    def shown_paths(self) -> set[str]:
        """Every path that has findings now."""
        return {path for path, parts in self.by_path.items() if any(parts.values())}

    # --- edits -----------------------------------------------------------------------------
    def update(self, files: Iterable[Path]) -> set[str]:
        """Check `files` again (their stand-in text, else what is on disk): the paths whose
        findings changed."""
        with self._run():
            return self._update(files)

    def _update(self, files: Iterable[Path]) -> set[str]:
        parts: set[str] = set()
        groups: set[str] = set()
        for file in dict.fromkeys(files):
            if file in self.skills:
                old = self.skills[file]
                new = check([SourceFile(file, old.shown)], CheckContext(self.base, self.options))[0]
                self.skills[file] = new
                self.read[file] = new.directives
                parts |= changed_parts(old.doc, new.doc)
                groups.add(new.shown)
            elif file in self.documents:
                old_doc = self.documents[file]
                new_doc = self._check_document(old_doc.kind, file)
                parts.add(new_doc.kind)
                groups.add(new_doc.shown)
            elif self._plugin_file(file):  # read by workspace rules only (`Rule.reads` says "plugins")
                parts.add(PLUGINS)
                groups.add(display(file, self.base))
        return self._rerun(frozenset(parts), groups)

    def _rerun(self, parts: frozenset[str], groups: set[str]) -> set[str]:
        if parts:
            again = workspace_hits(self.view(), self.judge, lambda rule: reruns(rule, parts))
            for rule_id, found in again.items():
                before = self.hits.get(rule_id, [])
                if found != before:
                    groups |= {d.path for d in before} | {d.path for d in found}
                    self.hits[rule_id] = found
        return self._regroup(groups)

    # --- grouping and settling, as the pipeline does it -----------------------------------
    def _check_document(self, kind: str, file: Path) -> CheckedDocument:
        checked = check_document(kind, file, display(file, self.base), self.judge)
        self.documents[file] = checked
        self.read[file] = file_directives(file, checked.shown, False)
        return checked

    def _groups(self) -> dict[str, tuple[Path, bool] | None]:
        """Each group of findings lint settles, by its shown path: the file it settles (and
        whether it is a SKILL.md), or None for a group no file settles (an unlistable folder)."""
        out: dict[str, tuple[Path, bool] | None] = {}
        for file, checked in self.skills.items():
            out[checked.shown] = (file, True)
        for file, checked_doc in self.documents.items():
            out[checked_doc.shown] = (file, False)
        for _, diag in self.walked:
            out.setdefault(diag.path, None)
        for found in self.hits.values():
            for diag in found:
                out.setdefault(diag.path, None)
        return out

    def _raw(self, group: str, files: dict[str, tuple[Path, bool] | None],
             extra: dict[str, list[Diagnostic]]) -> list[Diagnostic]:
        owner = files.get(group)
        out: list[Diagnostic] = []
        if owner is not None:
            file, is_skill = owner
            out.extend(self.context.weigh(self.skills[file]) if is_skill else self.documents[file].found)
        out.extend(extra.get(group, ()))
        return out

    def _regroup(self, groups: set[str]) -> set[str]:
        """Rebuild and settle `groups`; the paths whose findings changed."""
        files = self._groups()
        extra: dict[str, list[Diagnostic]] = {}  # the walk's and the workspace rules' findings, by path
        for diag in [d for _, d in self.walked] + [d for found in self.hits.values() for d in found]:
            extra.setdefault(diag.path, []).append(diag)
        for group in groups:
            self.raw[group] = self._raw(group, files, extra)
        also_ran = frozenset(d.rule for found in self.raw.values() for d in found)
        subset = {group: list(self.raw[group]) for group in groups}
        settled = [files[g] for g in groups if files.get(g) is not None]
        settle(subset, settled, self.base, self.judge, self.read, also_ran)  # type: ignore[arg-type]
        changed: set[str] = set()
        for group in groups:
            now = tuple(subset.get(group, ()))
            before = self.settled.get(group, ())
            if now == before and group in self.settled:
                continue
            self.settled[group] = now
            for diag in before:
                self.by_path.setdefault(diag.path, {}).pop(group, None)
                changed.add(diag.path)
            for path in {d.path for d in now}:
                self.by_path.setdefault(path, {})[group] = tuple(d for d in now if d.path == path)
                changed.add(path)
            changed.add(group)
        return changed

    def absolute(self, shown: str) -> str:
        """A shown path as an absolute one."""
        return os.path.normpath(os.path.join(self.base, shown))


def skill_of(path: Path) -> Path | None:
    """The SKILL.md of the skill folder holding `path` (itself, when it is one), from the disk."""
    if path.name == SKILL_FILE:
        return path
    for folder in path.parents:
        if (folder / SKILL_FILE).is_file():
            return folder / SKILL_FILE
    return None


def discover(paths: list[Path], options: Options, base: str) -> list[LiveWorkspace]:
    """The workspaces under `paths` (as `lint PATH...` finds them), each under its own
    settings as lint judges it, not yet loaded."""
    from skillkit.core.options import options_for_root
    from skillkit.core.pipeline import find

    out = []
    for space in find(paths, options).spaces:
        own = options_for_root(space.root, options) if space.root is not None else options
        out.append(LiveWorkspace(space, own, base))
    return out
