"""The shared pipeline over a set of paths: every command gets lint's diagnostics and the
valid models from here. Returns values; never prints or exits."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

import msgspec

from skillkit.core.bundle import listed_for_run
from skillkit.core.check import CheckContext, SourceFile, known_for_run, unreadable
from skillkit.core.checked import Checked
from skillkit.core.checkers import build_checker
from skillkit.core.collector import no_collection
from skillkit.core.codex import CODEX_AGENT_KIND, is_codex_agent_file
from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.documents import Known, SkillDoc, YamlDoc, build_document, build_skill, load_yaml_doc
from skillkit.core.model import Document, Skill
from skillkit.core.options import Options, options_for_root
from skillkit.core.parallel import Workers
from skillkit.core.paths import Resolved, current_base, display
from skillkit.core.errors import InputError
from skillkit.core.loading import CLIENTS_OWN, Group, Groups
from skillkit.core.judge import Judge
from skillkit.core.rulebase import Rule, WorkspaceView
from skillkit.core.stored_body import StaleBody
from skillkit.core.suppress import Directive, silence
from skillkit.core.walk import WalkRules
from skillkit.core.workspace import FILE_UNREADABLE, SKILL_NESTED, Discovery, Workspace, discover_all, nothing_found

if TYPE_CHECKING:  # the cache (and msgspec) imported only by a run that uses it: ~15 ms of --no-cache start-up
    from skillkit.core.cache import LintCache

Progress = Callable[[int, int], None]
PLATFORM_KINDS = ("agent", "tool", "catalog")


class LoadedWorkspace(msgspec.Struct, frozen=True):
    root: Path | None
    skills: tuple[Skill, ...]          # skills without errors, in discovery order
    documents: tuple[Document, ...]    # tools, agents, scenes, catalog without errors
    failed: frozenset[str]             # display paths of files left out for their errors
    notes: tuple[str, ...] = ()        # what the run says besides findings (a cache it did not trust)


class Result(msgspec.Struct, frozen=True):
    diagnostics: tuple[Diagnostic, ...]
    files: int
    workspaces: tuple[LoadedWorkspace, ...]
    strict_warnings: int = 0  # warnings in workspaces whose settings say `strict: true`
    notes: tuple[str, ...] = ()  # one line each, for stderr: not findings (core/cache_place.py's warnings)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


def weigh(options: Options, found: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Findings made outside the pipeline (a command's own analysis) filtered and weighed as
    lint's are: --select, --ignore, the profile and `severity` settings apply to them too."""
    return Judge(options).admit(found)


def _listed(space: Workspace, files: list[Path], base: str, folders: Resolved | None = None
            ) -> list[SourceFile]:
    """Each file with its shown path and whether its findings are reported (what the check is
    handed): asked once, here, where the workspace has each path resolved and the walk says
    which parts are no links (each worker resolved every file again: a tree outside the working
    folder cost a realpath, six calls to the OS, per file), and sent with its batch (a set of
    every named file sent with each batch cost more than the check of a small one). `folders`:
    display's memo, when the caller has made it; else made for the first path outside the
    working folder."""
    prefix = base + os.sep
    out = []
    for file in files:
        if folders is None and not os.path.abspath(file).startswith(prefix):
            folders = _resolved(space)
        out.append(SourceFile(file, display(file, base, folders), space.reports(file)))
    return out


def _checked_skills(space: Workspace, judge: Judge, base: str, cache: LintCache | None,
                    tick: Callable[[int], None], workers: Workers, bodies: bool) -> list[Checked]:
    """Every skill of the workspace through the run's checker (core/checkers.py): from the
    cache where its folder is unchanged, the rest over the worker pool."""
    if cache is not None:
        cache.expect(space.skills, space.listings, space.listed_in)
    checker = build_checker(CheckContext(base, judge.options), workers, tick, lean_bodies=not bodies, cache=cache)
    return checker(_listed(space, space.skills, base))


def _resolved(space: Workspace) -> Resolved:
    """What the walk tells display of the skills' paths: a folder it walked below its top (the
    first it listed) is no link, nor a SKILL.md whose entry is none; a path written otherwise
    (`./`) is only looked at again."""
    walked = iter(space.listings)
    next(walked, None)
    plain = set(walked)
    for file, where in space.listed_in.items():
        entry = next((e for e in space.listings.get(where, ()) if e.name == file.name), None)
        if entry is not None and not entry.is_symlink():
            plain.add(os.fspath(file))
    return Resolved(plain=plain)


class SkillContext:
    """Where a skill stands weighs some findings, as the clients that load it read them:
    - a platform field or limit (`tools`, `examples`, `version`, a body over 65,536 characters)
      breaks a platform skill; a skill in a client's own folder or plugin (`.claude/skills/`,
      a `.claude-plugin` plugin's `skills/`) is no platform action and carries such keys for
      its client (`version: 1.0.0`, `tools: [Read]`): there, unless the workspace has agents,
      tools or a catalog (or the profile is `platform`), the finding is a warning."""

    def __init__(self, space: Workspace, judge: Judge) -> None:
        self.platform = judge.profile.name == "platform" or any(kind in PLATFORM_KINDS for kind, _ in space.documents)
        self.worlds = {rule_id: rule.world for rule_id, rule in judge.by_id.items()}
        self.explicit = judge.options.severity
        self.groups: Groups | None = None  # made when first asked

    def _soft(self, diag: Diagnostic, why: str) -> Diagnostic:
        if diag.severity != Severity.ERROR or diag.rule in self.explicit:
            return diag  # (a severity the settings give is the user's word)
        return replace(diag, severity=Severity.WARNING, message=f"{diag.message} ({why})")

    def _group(self, file: Path) -> Group | None:
        self.groups = self.groups or Groups()
        return self.groups.of(str(file))

    def weigh(self, checked: Checked) -> list[Diagnostic]:
        found = checked.found()
        if not self.platform and any(d.severity == Severity.ERROR and self.worlds.get(d.rule) == "platform"
                                     for d in found):
            group = self._group(checked.file)
            if group is not None and group.kind in CLIENTS_OWN:
                found = [self._soft(d, f"a platform field or limit; this skill is in {group.kind_said}")
                         if self.worlds.get(d.rule) == "platform" else d for d in found]
        return found


def _load(space: Workspace, judge: Judge, tick: Callable[[int], None], cache: bool, models: bool,
          workers: Workers) -> tuple[list[Diagnostic], LoadedWorkspace]:
    try:
        # lint (no models) leaves the bodies in their files (core/stored_body.lean); the walk's
        # listings list each skill's bundle (core/bundle.py), not the disk again
        with listed_for_run(space.listings):
            return _load_space(space, judge, tick, cache, models, workers, bodies=models)
    except StaleBody:  # a SKILL.md changed while this run read it: the workspace afresh, kept whole
        return _load_space(space, judge, lambda count: None, False, models, workers, bodies=True)


def _load_space(space: Workspace, judge: Judge, tick: Callable[[int], None], cache: bool, models: bool,
                workers: Workers, bodies: bool) -> tuple[list[Diagnostic], LoadedWorkspace]:
    found: list[Diagnostic] = []
    skill_docs: list[SkillDoc] = []
    yaml_docs: list[YamlDoc] = []
    per_file: dict[str, list[Diagnostic]] = defaultdict(list)
    base = current_base()
    identity = str(space.root.resolve()) if space.root is not None else repr(space.origin)
    store = None
    if cache:
        from skillkit.core.cache import open_cache

        store = open_cache(space.root, judge.options, base, identity)
    read: dict[Path, tuple[Directive, ...] | None] = {}
    # Files named inside a workspace: the shown paths of those reported, as each file is shown
    # below (showing a path again costs a realpath when it is outside the working folder)
    named: set[str] = set()

    def shown_named(path: Path, shown: str) -> None:
        if space.only is not None and space.reports(path):
            named.add(shown)

    context = SkillContext(space, judge)
    for checked in _checked_skills(space, judge, base, store, tick, workers, bodies):
        per_file[checked.shown].extend(context.weigh(checked))
        read[checked.file] = checked.directives
        if checked.doc is not None:
            skill_docs.append(checked.doc)
        shown_named(checked.file, checked.shown)
    for kind, file in space.documents:
        checked_doc = check_document(kind, file, display(file, base), judge)
        per_file[checked_doc.shown].extend(checked_doc.found)
        if checked_doc.doc is not None:
            yaml_docs.append(checked_doc.doc)
        shown_named(file, checked_doc.shown)
        tick(1)
    for path, diag in discovery_findings(space, judge, base):
        per_file[diag.path].append(diag)
        shown_named(path, diag.path)
    view = WorkspaceView(space.root, tuple(skill_docs), tuple(yaml_docs), judge.options.settings, tuple(space.plugins),
                         listings=space.listings, listed_in=space.listed_in)
    for diags in workspace_hits(view, judge).values():
        for diag in diags:
            per_file[diag.path].append(diag)
    settle(per_file, [(p, True) for p in space.skills] + [(p, False) for _, p in space.documents], base, judge, read)
    broken = frozenset(p for p, ds in per_file.items() if any(d.severity == Severity.ERROR for d in ds))
    if space.only is None:
        for diags in per_file.values():
            found.extend(diags)
    else:  # files named inside a workspace: the rest was read for context only
        for shown in named:
            found.extend(per_file.get(shown, ()))
    notes = (store.warning,) if store is not None and store.warning else ()
    if not models:  # findings only (lint): building thousands of models nobody reads costs
        return found, LoadedWorkspace(space.root, (), (), broken, notes)
    skills = tuple(build_skill(d) for d in skill_docs if d.path not in broken)
    documents = tuple(build_document(d) for d in yaml_docs if d.path not in broken)
    return found, LoadedWorkspace(space.root, skills, documents, broken, notes)


class CheckedDocument(msgspec.Struct, frozen=True):
    """One workspace file (a tool, agent, scene, catalog, session, a skill's Codex settings)
    read, parsed and validated; `found`: its findings so far, weighed."""

    kind: str
    file: Path
    shown: str
    doc: YamlDoc | None
    found: tuple[Diagnostic, ...]


def check_document(kind: str, file: Path, shown: str, judge: Judge) -> CheckedDocument:
    """Read, parse and validate one workspace file: what lint and the language server do to each."""
    kind = CODEX_AGENT_KIND if is_codex_agent_file(file) else kind  # a skill's own, never a platform agent
    try:
        ydoc, diags = load_yaml_doc(kind, file, shown)
    except InputError as exc:
        ydoc, diags = None, [unreadable(shown, exc, file)]
    return CheckedDocument(kind, file, shown, ydoc, tuple(judge.admit(diags)))


def discovery_findings(space: Workspace, judge: Judge, base: str) -> list[tuple[Path, Diagnostic]]:
    """What the walk itself found, each with the path it is about: folders that could not be
    listed, and skills nested in another skill's folder (on the outer skill, when it is reported)."""
    out = []
    for folder, message in space.unreadable:
        shown = display(folder, base)
        out.extend((folder, d) for d in judge.admit([FILE_UNREADABLE.at(shown, 1, 1, message)]))
    for outer, nested in space.nested:
        if space.reports(outer):
            shown = display(outer, base)
            out.extend((outer, d) for d in judge.admit([SKILL_NESTED.at(
                shown, 1, 1,
                f"{display(nested, base)} is a skill inside this skill's folder: clients do not load it, so lint "
                "does not check it (name it on the command line to check it)")]))
    return out


def workspace_hits(view: WorkspaceView, judge: Judge, only: Callable[[Rule], bool] = lambda rule: True
                   ) -> dict[str, list[Diagnostic]]:
    """The findings of each workspace rule that runs (and that `only` keeps), by rule id."""
    return {rule.id: judge.stamp(rule, rule.check(view, judge.context))  # type: ignore[arg-type, misc]
            for rule in judge.rules if rule.scope == "workspace" and judge.runs(rule) and only(rule)}


def settle(per_file: dict[str, list[Diagnostic]], files: list[tuple[Path, bool]], base: str, judge: Judge,
           read: dict[Path, tuple[Directive, ...] | None], also_ran: frozenset[str] = frozenset()) -> None:
    """per-file-ignores and suppression comments applied to `files`' findings, in place
    (core/suppress.py). `also_ran`: rule ids reported in files outside `per_file` (a caller
    that settles some files of a workspace: a suppression of them is used elsewhere too)."""
    silence(per_file, files, base, judge.options, judge.by_id,
            lambda rule_id: rule_id in also_ran or (rule_id in judge.by_id and judge.runs(judge.by_id[rule_id])), read)


def walk_rules(options: Options) -> WalkRules:
    return WalkRules(respect_gitignore=options.respect_gitignore, exclude=options.patterns)


def find(paths: Sequence[Path | str], options: Options) -> Discovery:
    """What `run` would check under `paths`, and what it leaves out (`--show-files`)."""
    return discover_all(paths, walk_rules(options))


def run(paths: Sequence[Path | str], options: Options, progress: Progress | None = None, cache: bool = False,
        models: bool = True, known: Known | None = None) -> Result:
    """Discover, read, parse, validate and check everything under `paths`. Raises InputError
    when there is nothing to check: a CI job must never pass having checked nothing. `cache`:
    reuse and update lint's cache (core/cache.py) for skills whose folders did not change.
    `models=False`: the workspaces' skills and documents are left empty (for lint, which
    reports findings only). `known`: skills the caller has read and parsed already (it wrote
    them: core/documents.KnownSkill), each read again only if it changed since."""
    from skillkit.core.regex_time import configure

    configure(options.settings.get("regex-budget"))  # the run's regex time budget (core/regex_time.py)
    with known_for_run(known or {}), no_collection():  # workers are forked inside: they find both
        return _run(paths, options, progress, cache, models)


def _run(paths: Sequence[Path | str], options: Options, progress: Progress | None, cache: bool, models: bool) -> Result:
    judge = Judge(options)
    found_files = find(paths, options)
    spaces = found_files.spaces
    if not any(s.skills or s.documents or s.unreadable for s in spaces) and not found_files.settings:
        raise InputError(nothing_found(found_files))
    from skillkit.core.settings import load_settings_file

    for settings_file in found_files.settings:  # named (as pre-commit does): a broken one stops the run
        load_settings_file(settings_file)
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
    with Workers() as workers:  # one pool for every workspace: forked once, on first need
        for space in spaces:
            space_judge = _judge_for(space.root, judge)
            found, workspace = _load(space, space_judge, tick, cache, models, workers)
            diagnostics.extend(found)
            loaded.append(workspace)
            if space_judge.options.strict:
                strict.update(d for d in found if d.severity == Severity.WARNING)
    # Diagnostic's own order (its fields in turn) as a key: the dataclass's __lt__ is Python code
    ordered = sorted(set(diagnostics), key=lambda d: (d.path, d.line, d.column, d.rule, d.severity, d.message))
    notes = tuple(dict.fromkeys(note for workspace in loaded for note in workspace.notes))
    return Result(tuple(ordered), reported + len(found_files.settings), tuple(loaded), len(strict), notes)


def _judge_for(root: Path | None, judge: Judge) -> Judge:
    """A workspace with a settings file of its own is judged by it (as ruff reads the nearest
    config per file): `skillkit lint` at a monorepo's top must not skip each workspace's."""
    if root is None or judge.options.asked is None:
        return judge
    options = options_for_root(root, judge.options)
    return judge if options is judge.options else Judge(options)
