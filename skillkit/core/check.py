"""The check of skill files, and nothing else: `check(files, context)` reads, parses and
validates each file it is handed and runs the per-skill rules on it (ARCHITECTURE.md, "A lint
run, end to end"). No cache, no worker pool, no bodies left on disk: those are wrappers of the
same shape around it (core/checkers.py), and each is held to give what this gives.

It reads the files it is handed (and, for the bundle rules, what lies in their folders), and
returns values; what it is given and what it returns are plain data a worker process can be
sent and send back."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Callable, Iterator, Sequence

import msgspec

from skillkit.core.checked import Checked
from skillkit.core.diagnostics import Diagnostic
from skillkit.core.documents import Known, known_parts, load_skill_parts, without_yaml_text
from skillkit.core.errors import InputError
from skillkit.core.judge import Judge
from skillkit.core.options import Options
from skillkit.core.rulebase import Rule
from skillkit.core.suppress import Directive, file_directives
from skillkit.core.workspace import FILE_UNREADABLE


class SourceFile(msgspec.Struct, frozen=True):
    """One SKILL.md to check: the file, its shown path, and whether its findings are reported
    (False: read for context only, its per-skill rules would be reported to no one)."""

    file: Path
    shown: str
    reported: bool = True


class CheckContext(msgspec.Struct, frozen=True):
    """What every check of a run shares: the working folder paths are shown from, the options."""

    base: str
    options: Options


# The skills the run in progress was handed already read and parsed (`pipeline.run(known=...)`,
# core/documents.KnownSkill): the check takes their parts instead of reading a file that has not
# changed since. Worker processes are forked inside the run, so they find them here: sending a
# thousand parsed documents to each would cost more than parsing them.
_KNOWN: dict[str, Known] = {}


@contextlib.contextmanager
def known_for_run(known: Known) -> Iterator[None]:
    """`known` for the checks of the run inside (a run inside a run: the outer one's after)."""
    outer = _KNOWN.get("run")
    _KNOWN["run"] = known
    try:
        yield
    finally:
        _KNOWN.pop("run", None)
        if outer is not None:
            _KNOWN["run"] = outer


# What the check is, and every wrapper around it (core/checkers.py): files in, in order out.
Checker = Callable[[Sequence[SourceFile]], list[Checked]]
Tick = Callable[[int], None]  # told of each `count` more files checked


def check(files: Sequence[SourceFile], context: CheckContext) -> list[Checked]:
    """Each of `files` read, parsed, validated and through the per-skill rules the options
    run, in order. Each document comes back without its YAML text: its rules have run."""
    judge = Judge(context.options)
    rules = [r for r in judge.rules if r.scope == "skill" and judge.runs(r)]
    known = _KNOWN.get("run")
    return [_check_one(source, judge, rules, known) for source in files]


def _check_one(source: SourceFile, judge: Judge, skill_rules: list[Rule], known: Known | None) -> Checked:
    file, shown = source.file, source.shown
    try:
        parts = known_parts(file, shown, known) if known else None
        doc, bare, diags = parts if parts is not None else load_skill_parts(file, shown)
    except InputError as exc:  # found on a walk (a name given was opened already): a finding
        doc, bare, diags = None, None, [unreadable(shown, exc, file)]
    core = tuple(judge.admit(diags))
    rules: list[Diagnostic] | None = None
    if source.reported:
        rules = []
        # a broken frontmatter: the rules of the body and the bundle still run (links, secrets)
        checked, runnable = (doc, skill_rules) if doc is not None else (bare, [r for r in skill_rules if r.bodily])
        if checked is not None:
            for rule in runnable:
                rules.extend(judge.stamp(rule, rule.check(checked, judge.context)))  # type: ignore[arg-type, misc]
    if doc is not None and "skillkit:" not in doc.split.yaml_text and "skillkit:" not in doc.body:
        said: tuple[Directive, ...] | None = ()  # the file as read holds none (its fence lines are `---`)
    else:
        said = file_directives(file, shown, True)
    kept = None if doc is None else without_yaml_text(doc)
    return Checked(file, shown, kept, core, None if rules is None else tuple(rules), said)


def unreadable(shown: str, exc: InputError, file: Path) -> Diagnostic:
    """A file a walk found that cannot be read: a finding on it, and the run goes on."""
    message = str(exc).removeprefix(f"{exc.path}: ") if exc.path else str(exc)
    if file.is_symlink() and not file.exists():
        message = "it is a link whose target does not exist"
    return FILE_UNREADABLE.at(shown, 1, 1, f"cannot be read: {message}")
