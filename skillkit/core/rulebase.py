"""The rule model: an id, a default severity, the world it belongs to, and a docstring that is
the user documentation. A check yields Hits; the engine stamps rule id and severity on them.

The model lives in the core so the pipeline can run rules without importing them: the rules
themselves (skillkit/rules/) are handed to it as a `Registry`."""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence

import msgspec

from skillkit.core.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from skillkit.core.documents import SkillDoc, YamlDoc
    from skillkit.core.fixes import FixFile


class Hit(NamedTuple):
    """One finding of a check, before the engine gives it a rule id and severity.
    `severity` overrides the rule's default for this hit only (a rule with two strengths)."""

    path: str
    line: int
    column: int
    message: str
    severity: Severity | None = None


@dataclass(frozen=True)  # not a Struct: its listings are left out of == and repr (compare=False)
class WorkspaceView:
    """What a workspace rule sees: the documents that parsed, by kind."""

    root: Path | None
    skills: tuple[SkillDoc, ...]
    documents: tuple[YamlDoc, ...]
    settings: dict[str, object] = field(default_factory=dict)
    plugins: tuple[Path, ...] = ()  # Claude Code plugin roots (folders holding `.claude-plugin/`)
    # The folder paths are shown from: the working folder in `lint`, each workspace folder in the
    # language server (whose own working folder is wherever the editor started it). None: the cwd.
    base: str | None = None
    # the walk's listings (core/spaces.py: Workspace), so a rule asking what a skill's folder
    # holds need not ask the OS again; empty when discovery made none (the language server)
    listings: Mapping[str, list[os.DirEntry[str]]] = field(default_factory=dict, repr=False, compare=False)
    listed_in: Mapping[Path, str] = field(default_factory=dict, repr=False, compare=False)

    def of_kind(self, kind: str) -> list[YamlDoc]:
        return [d for d in self.documents if d.kind == kind]

    def entries_of(self, skill_file: Path) -> list[os.DirEntry[str]] | None:
        """The skill folder's entries as the walk listed them, or None when it did not."""
        where = self.listed_in.get(skill_file)
        return None if where is None else self.listings.get(where)


SkillCheck = Callable[["SkillDoc", "RuleContext"], Iterable[Hit]]
WorkspaceCheck = Callable[[WorkspaceView, "RuleContext"], Iterable[Hit]]


_UNSET: Any = object()


class Option(msgspec.Struct, frozen=True):
    """A rule's setting, declared in the rule's module: where it is in the settings (`budgets`,
    `skill`), its JSON Schema (the settings schema is generated from the registry's options)
    and its default. Rules that share a setting share one Option object."""

    path: tuple[str, ...]
    schema: dict[str, Any]
    default: Any = _UNSET


class RuleContext(msgspec.Struct, frozen=True):
    """Options a check may read: the profile and the settings' values."""

    profile: Profile
    settings: dict[str, object] = msgspec.field(default_factory=dict)

    def option(self, option: Option) -> Any:
        """The setting's value (the settings file was checked against its schema), or its
        default (None when it has none: the rule then checks nothing)."""
        value: Any = self.settings
        for part in option.path:
            value = value.get(part, _UNSET) if isinstance(value, Mapping) else _UNSET
        if value is _UNSET:
            return None if option.default is _UNSET else option.default
        return value


class Edit(msgspec.Struct, frozen=True, order=True):
    """One replacement in a file's text: offsets into the text as read (BOM and CRLF included)."""

    start: int
    end: int
    text: str


class Fix(msgspec.Struct, frozen=True):
    """What `lint --fix` does for a rule's finding: `edits` gives the edits that settle one
    finding on the file's text (none: the finding stays for a person). A safe fix cannot change
    what the file means, and `--fix` applies it; an unsafe one may (renaming `alowed-tools` turns
    a restriction on), and only `--unsafe-fixes` applies it, as ruff's unsafe fixes."""

    edits: Callable[[FixFile, Diagnostic], list[Edit]]
    safe: bool = True


class Rule(msgspec.Struct, frozen=True):
    id: str
    severity: Severity
    world: str
    doc: str
    scope: str  # "file" (reported by the core while reading), "skill", "workspace"
    check: SkillCheck | WorkspaceCheck | None = None
    # A skill rule that reads the body and the bundle only (links, secrets, scripts) runs on
    # a SKILL.md whose frontmatter is missing or broken too: its findings still hold.
    bodily: bool = False
    fix: Fix | None = None
    # What a workspace rule reads of the view, so that a workspace held in memory (the language
    # server) re-runs it only when an edit changed one of these (None: anything, always re-run):
    # SKILLS (which skills parsed, their paths and folders), BODY (their bodies), `key:NAME`
    # (one frontmatter key's value and positions), FRONTMATTER (any key), and document kinds
    # (`tool`, `agent`, `scene`, `catalog`, `session`, `codex-agent`: those files whole).
    reads: frozenset[str] | None = None
    options: tuple[Option, ...] = ()  # the settings it reads (RuleContext.option)

    @property
    def summary(self) -> str:
        """The first sentence, on one line: what `skillkit rules` shows in its table."""
        paragraph = " ".join(self.doc.strip().split("\n\n", 1)[0].split())
        end = paragraph.find(". ")
        return paragraph if end < 0 else paragraph[:end + 1]


class Finding(msgspec.Struct, frozen=True, dict=True):
    """A rule found by the code that reads, parses, validates or discovers a file (or by the
    platform's analysis), not by a check of its own: declared once, beside that code, and
    emitted only through `at`, so its id, severity and docs live in one place. The registry
    lists its `rule`; core/findings.py is the table of the core's."""

    id: str
    severity: Severity
    doc: str
    world: str = "all"
    fix: Fix | None = None

    def at(self, path: str, line: int, column: int, message: str, severity: Severity | None = None) -> Diagnostic:
        """This finding on `path` at line:column (`severity` for a finding with two strengths)."""
        return Diagnostic(path, line, column, self.id, severity or self.severity, message)

    @cached_property
    def rule(self) -> Rule:
        """What the registry lists (scope "file": the engine has nothing to run for it)."""
        return Rule(self.id, self.severity, self.world, inspect.cleandoc(self.doc), "file", fix=self.fix)


def skill_rule(rule_id: str, severity: Severity, world: str = "all", bodily: bool = False,
               fix: Fix | None = None, options: Iterable[Option] = ()) -> Callable[[SkillCheck], Rule]:
    def wrap(check: SkillCheck) -> Rule:
        return Rule(rule_id, severity, world, inspect.cleandoc(check.__doc__ or ""), "skill", check, bodily, fix,
                    options=tuple(options))
    return wrap


SKILLS, BODY, FRONTMATTER = "skills", "body", "frontmatter"  # what `Rule.reads` may name besides keys and kinds
PLUGINS = "plugins"  # a Claude Code plugin's own files (its hooks)


def key(name: str) -> str:
    """`Rule.reads`' word for one frontmatter key."""
    return f"key:{name}"


def workspace_rule(rule_id: str, severity: Severity, world: str = "all", reads: Iterable[str] | None = None,
                   options: Iterable[Option] = ()) -> Callable[[WorkspaceCheck], Rule]:
    def wrap(check: WorkspaceCheck) -> Rule:
        return Rule(rule_id, severity, world, inspect.cleandoc(check.__doc__ or ""), "workspace", check,
                    reads=None if reads is None else frozenset(reads), options=tuple(options))
    return wrap


def family(members: Iterable[Finding], analyse: Callable[[WorkspaceView], Sequence[Diagnostic]],
           reads: Iterable[str] | None = None) -> tuple[Rule, ...]:
    """Workspace rules that one analysis finds all at once (the platform's references): each
    member is a rule of its own (selected, ignored, suppressed, documented by its id), and the
    analysis runs once per view however many of them run, each keeping the findings of its id."""
    last: list[tuple[WorkspaceView, dict[str, list[Hit]]]] = []  # one slot: a lint run's rules share it

    def hits_of(view: WorkspaceView) -> dict[str, list[Hit]]:
        if not last or last[0][0] is not view:
            found: dict[str, list[Hit]] = {}
            for d in analyse(view):
                found.setdefault(d.rule, []).append(Hit(d.path, d.line, d.column, d.message))
            last[:] = [(view, found)]
        return last[0][1]

    def member(finding: Finding) -> Rule:
        def check(view: WorkspaceView, ctx: RuleContext) -> Iterator[Hit]:
            return iter(hits_of(view).get(finding.id, ()))
        return Rule(finding.id, finding.severity, finding.world, finding.rule.doc, "workspace", check,
                    reads=None if reads is None else frozenset(reads))

    return tuple(member(finding) for finding in members)


class Profile(msgspec.Struct, frozen=True):
    """Which worlds' rules apply, which extra keys are known, and severity changes."""

    name: str
    summary: str
    worlds: frozenset[str]
    extra_keys: frozenset[str] = frozenset()
    severities: dict[str, Severity | None] = msgspec.field(default_factory=dict)  # None: the rule is off

    def applies(self, rule: Rule) -> bool:
        return rule.world == "all" or rule.world in self.worlds or rule.world == self.name


class Registry(msgspec.Struct, frozen=True, dict=True):
    """Every rule and profile, in the order `skillkit rules` lists them: what the pipeline runs.

    `source` ("module:attribute") names where it lives: a worker process re-imports it from
    there instead of pickling the rules (their checks are functions a decorator replaced)."""

    rules: tuple[Rule, ...]
    profiles: Mapping[str, Profile]
    source: str

    def __post_init__(self) -> None:
        if len(self.by_id) != len(self.rules):
            raise ValueError("rule ids must be unique")

    @cached_property
    def by_id(self) -> dict[str, Rule]:
        return {rule.id: rule for rule in self.rules}

    @cached_property
    def options(self) -> dict[tuple[str, ...], Option]:
        """Every rule's settings, by path, each once (two rules reading one setting share its
        Option; two different Options of one path are a mistake of the registry)."""
        out: dict[tuple[str, ...], Option] = {}
        for rule in self.rules:
            for option in rule.options:
                if out.setdefault(option.path, option) != option:
                    raise ValueError(f"two different options at {'.'.join(option.path)}")
        return out

    @cached_property
    def fixes(self) -> dict[str, Fix]:
        """Each fixable rule's fix, by rule id."""
        return {rule.id: rule.fix for rule in self.rules if rule.fix is not None}
