"""The shared pipeline over a set of paths: every command gets lint's diagnostics and the
valid models from here. Returns values; never prints or exits."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.documents import (SkillDoc, YamlDoc, build_document, build_skill, load_skill_doc,
                                     load_yaml_doc)
from skillkit.core.model import Document, Skill
from skillkit.core.options import Options, options_for_root
from skillkit.core.parallel import map_batches
from skillkit.core.paths import current_base, display
from skillkit.core.workspace import Workspace, discover
from skillkit.rules import BY_ID, REGISTRY
from skillkit.rules.base import Hit, Rule, RuleContext, WorkspaceView

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class LoadedWorkspace:
    root: Path | None
    skills: tuple[Skill, ...]          # skills without errors, in discovery order
    documents: tuple[Document, ...]    # tools, agents, scenes, catalog without errors
    failed: frozenset[str]             # display paths of files left out for their errors


@dataclass(frozen=True)
class Result:
    diagnostics: tuple[Diagnostic, ...]
    files: int
    workspaces: tuple[LoadedWorkspace, ...]
    strict_warnings: int = 0  # warnings in workspaces whose settings say `strict: true`

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


class _Judge:
    """Decides which rules run and how severe their findings are."""

    def __init__(self, options: Options) -> None:
        options.check_rule_ids()
        self.profile = options.resolved_profile()
        self.options = options
        self.context = RuleContext(self.profile, options.settings)

    def runs(self, rule: Rule) -> bool:
        if not self.profile.applies(rule) or rule.id in self.options.ignore:
            return False
        if self.options.select is not None and rule.id not in self.options.select:
            return False
        return self.profile.severities.get(rule.id, rule.severity) is not None or rule.id in self.options.severity

    def severity(self, rule: Rule, found: Severity | None) -> Severity:
        if rule.id in self.options.severity:
            return self.options.severity[rule.id]
        override = self.profile.severities.get(rule.id)
        return override if override is not None else (found if found is not None else rule.severity)

    def stamp(self, rule: Rule, hits: Iterable[Hit]) -> list[Diagnostic]:
        return [Diagnostic(h.path, h.line, h.column, rule.id, self.severity(rule, h.severity), h.message)
                for h in hits]

    def admit(self, found: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Core-reported diagnostics, filtered and re-weighed like rule hits."""
        out = []
        for diag in found:
            rule = BY_ID.get(diag.rule)
            if rule is None:  # a core finding no rule documents yet: never drop it silently
                out.append(diag)
                continue
            if not self.runs(rule):
                continue
            out.append(Diagnostic(diag.path, diag.line, diag.column, diag.rule,
                                  self.severity(rule, diag.severity), diag.message))
        return out


def weigh(options: Options, found: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Findings made outside the pipeline (a command's own analysis) filtered and weighed as
    lint's are: --select, --ignore, the profile and `severity` settings apply to them too."""
    return _Judge(options).admit(found)


def check_skill_files(files: list[Path], base: str, options: Options,
                      only: set[Path] | None = None) -> list[tuple[str, SkillDoc | None, list[Diagnostic]]]:
    """Read, parse, validate and run the per-skill rules on some skill files. Module-level and
    self-contained (it builds its own judge) so that worker processes can run it too. Files
    outside `only` are read for context: their per-skill rules would be reported to no one."""
    judge = _Judge(options)
    skill_rules = [r for r in REGISTRY if r.scope == "skill" and judge.runs(r)]
    out = []
    for file in files:
        shown = display(file, base)
        doc, diags = load_skill_doc(file, shown)
        found = judge.admit(diags)
        if doc is not None and (only is None or file.resolve() in only):
            for rule in skill_rules:
                found.extend(judge.stamp(rule, rule.check(doc, judge.context)))  # type: ignore[arg-type, misc]
        out.append((shown, doc, found))
    return out


def _load(space: Workspace, judge: _Judge, tick: Callable[[int], None]) -> tuple[list[Diagnostic], LoadedWorkspace]:
    found: list[Diagnostic] = []
    skill_docs: list[SkillDoc] = []
    yaml_docs: list[YamlDoc] = []
    per_file: dict[str, list[Diagnostic]] = defaultdict(list)
    base = current_base()
    for batch in map_batches(check_skill_files, space.skills, base, judge.options, space.only):
        for shown, doc, diags in batch:
            per_file[shown].extend(diags)
            if doc is not None:
                skill_docs.append(doc)
        tick(len(batch))
    for kind, file in space.documents:
        shown = display(file, base)
        ydoc, diags = load_yaml_doc(kind, file, shown)
        per_file[shown].extend(judge.admit(diags))
        if ydoc is not None:
            yaml_docs.append(ydoc)
        tick(1)
    view = WorkspaceView(space.root, tuple(skill_docs), tuple(yaml_docs), judge.options.settings)
    for rule in REGISTRY:
        if rule.scope == "workspace" and judge.runs(rule):
            for diag in judge.stamp(rule, rule.check(view, judge.context)):  # type: ignore[arg-type, misc]
                per_file[diag.path].append(diag)
    broken = frozenset(p for p, ds in per_file.items() if any(d.severity == Severity.ERROR for d in ds))
    if space.only is None:
        for diags in per_file.values():
            found.extend(diags)
    else:  # files named inside a workspace: the rest was read for context only
        named = {display(p, base) for p in space.skills + [d for _, d in space.documents] if space.reports(p)}
        for shown in named:
            found.extend(per_file.get(shown, ()))
    skills = tuple(build_skill(d) for d in skill_docs if d.path not in broken)
    documents = tuple(build_document(d) for d in yaml_docs if d.path not in broken)
    return found, LoadedWorkspace(space.root, skills, documents, broken)


def run(paths: list[Path], options: Options, progress: Progress | None = None) -> Result:
    """Discover, read, parse, validate and check everything under `paths`."""
    from skillkit.triggers.budget import configure

    configure(options.settings.get("regex-budget"))  # the run's regex time budget (triggers/budget.py)
    judge = _Judge(options)
    spaces = discover(paths, options.excludes, options.patterns)
    total = sum(len(s.skills) + len(s.documents) for s in spaces)
    reported = sum(1 for s in spaces for p in s.skills + [d for _, d in s.documents] if s.reports(p))
    done = 0

    def tick(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, total)

    diagnostics: list[Diagnostic] = []
    loaded: list[LoadedWorkspace] = []
    strict: set[Diagnostic] = set()
    for space in spaces:
        space_judge = _judge_for(space.root, judge)
        found, workspace = _load(space, space_judge, tick)
        diagnostics.extend(found)
        loaded.append(workspace)
        if space_judge.options.strict:
            strict.update(d for d in found if d.severity == Severity.WARNING)
    return Result(tuple(sorted(set(diagnostics))), reported, tuple(loaded), len(strict))


def _judge_for(root: Path | None, judge: _Judge) -> _Judge:
    """A workspace with a settings file of its own is judged by it (as ruff reads the nearest
    config per file): `skillkit lint` at a monorepo's top must not skip each workspace's."""
    if root is None or judge.options.asked is None:
        return judge
    options = options_for_root(root, judge.options)
    return judge if options is judge.options else _Judge(options)
