"""Inline suppression and `per-file-ignores`, as ruff's `# noqa` and yamllint's `disable-line`.

- `# skillkit: ignore[rule-id, ...]` at the end of a frontmatter or workspace-file line: those
  rules on that line;
- `# skillkit: ignore-file[rule-id, ...]` on a line of its own in the frontmatter (or a
  workspace file): those rules in the whole file;
- `<!-- skillkit: ignore[rule-id, ...] -->` in a Markdown body: those rules on the next line.
A suppression that silences nothing is itself a finding, `unused-suppression`.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Callable, Iterable

import msgspec

if TYPE_CHECKING:
    from pathlib import Path

    from skillkit.core.fixes import FixFile
    from skillkit.core.options import Options

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.rulebase import Edit, Finding, Fix

_SUPPRESSION = re.compile(r"(#\s*skillkit:\s*ignore(?:-file)?|<!--\s*skillkit:\s*ignore)\[([^\]\n]*)\]")
_UNUSED_ID = re.compile(r"^(?:the suppression of `([^`]+)` silences nothing|`([^`]+)` is not a rule id)")


def remove_unused(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """The rule id that silences nothing leaves its suppression comment; a comment left with no
    id goes whole (with the spaces before it, or its line when it stood alone)."""
    named = _UNUSED_ID.match(diag.message)
    line = file.line(diag.line)
    found = _SUPPRESSION.match(line, diag.column - 1)
    if named is None or found is None:
        return []
    rule = named[1] or named[2]
    ids = [part.strip() for part in found[2].split(",") if part.strip()]
    if rule not in ids:
        return []
    start, _ = file.line_span(diag.line)
    left = [i for i in ids if i != rule]
    if left:  # `ignore[a, b]` -> `ignore[b]`
        return [Edit(start + found.start(2), start + found.end(2), ", ".join(left))]
    end = len(line)  # a YAML comment runs to the line's end
    if found[1].startswith("<!--"):
        close = line.find("-->", found.end())
        if close < 0:
            return []
        end = close + 3
    if not line[:found.start()].strip() and not line[end:].strip():
        if found[1].startswith("<!--") and diag.line > 1 and file.line(diag.line - 1).strip():
            return []  # an HTML comment line ends the paragraph above: without it the next line would join it
        return [Edit(*file.line_span(diag.line), "")]  # the comment was the whole line
    cut = len(line[:found.start()]) - len(line[:found.start()].rstrip(" \t"))
    return [Edit(start + found.start() - cut, start + end, "")]


UNUSED_SUPPRESSION = Finding("unused-suppression", Severity.WARNING, """
        A suppression comment that silences nothing: no finding of that rule on its line (or, for
        `ignore-file`, in its file), or a rule id that does not exist. Remove it, as ruff's
        `RUF100` asks of an unused `# noqa`, so that suppressions do not outlive their reason.

        The forms: `# skillkit: ignore[rule-id, ...]` at the end of a frontmatter or workspace-file
        line silences those rules on that line; `# skillkit: ignore-file[rule-id, ...]` on a line
        of its own in the frontmatter silences them in the file; `<!-- skillkit: ignore[rule-id] -->`
        in a Markdown body silences the next line. Settings take `per-file-ignores: {GLOB: [rule-id]}`
        (a GLOB without `/` matches a file's name anywhere). Only rules that ran count: with
        `--select`, a suppression of an unselected rule is not reported.

        Fix (`skillkit lint --fix`): the rule id is removed from its comment, and a comment left
        with none is removed (its line, when it stood alone; an HTML comment line right under a
        paragraph stays, since without it the next line would join that paragraph).""",
                             fix=Fix(remove_unused))
UNUSED = UNUSED_SUPPRESSION.id
_IDS = r"\[([^\]\n]*)\]"
_YAML_LINE = re.compile(rf"(?:^|\s)#\s*skillkit:\s*ignore{_IDS}\s*$")
_YAML_FILE = re.compile(rf"^\s*#\s*skillkit:\s*ignore-file{_IDS}\s*$")
_HTML_NEXT = re.compile(rf"<!--\s*skillkit:\s*ignore{_IDS}\s*-->")


class Directive(msgspec.Struct, frozen=True):
    line: int          # where the comment is
    column: int
    rules: tuple[str, ...]
    target: int | None  # the line it silences; None: the whole file


def _ids(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def directives(text: str, is_skill: bool) -> list[Directive]:
    """Every suppression comment of a file's text (LF line ends). In a SKILL.md the YAML forms
    count inside the frontmatter only, the HTML form in the body only."""
    if "skillkit:" not in text:  # the common case: nothing to look at
        return []
    lines = text.split("\n")
    yaml_end = len(lines) + 1
    body_start = yaml_end
    if is_skill:
        if not lines or lines[0].rstrip() != "---":
            yaml_end = 1
        else:
            closing = next((i for i, line in enumerate(lines[1:], start=2) if line.rstrip(" \t") == "---"), None)
            yaml_end = closing if closing is not None else len(lines) + 1
        body_start = yaml_end + 1
    found: list[Directive] = []
    for number, line in enumerate(lines, start=1):
        if "skillkit:" not in line:
            continue
        if number < yaml_end and (not is_skill or number > 1):
            if whole := _YAML_FILE.match(line):
                found.append(Directive(number, line.index("#") + 1, _ids(whole[1]), None))
            elif single := _YAML_LINE.search(line):
                found.append(Directive(number, line.index("#", single.start()) + 1, _ids(single[1]), number))
        elif is_skill and number >= body_start:
            for match in _HTML_NEXT.finditer(line):
                found.append(Directive(number, match.start() + 1, _ids(match[1]), number + 1))
    return found


def apply(path: str, diagnostics: Iterable[Diagnostic], found: list[Directive], known: Iterable[str],
          ran: Callable[[str], bool] = lambda rule: True) -> list[Diagnostic]:
    """The diagnostics the directives leave, plus one `unused-suppression` per rule id of a
    directive that silenced nothing (an unknown id says so). A known rule that did not run
    (`ran` false: --select, the profile) cannot have been silenced, so is not reported."""
    from skillkit.core.suggest import did_you_mean

    known_ids = set(known)
    used: set[tuple[int, str]] = set()
    kept: list[Diagnostic] = []
    for diag in diagnostics:
        hit = next((d for d in found if diag.rule in d.rules and d.target in (None, diag.line)), None)
        if hit is None or diag.rule == UNUSED:
            kept.append(diag)
        else:
            used.add((hit.line, diag.rule))
    for directive in found:
        for rule in directive.rules:
            if (directive.line, rule) in used or (rule in known_ids and not ran(rule)):
                continue
            if rule not in known_ids:
                words = f"`{rule}` is not a rule id{did_you_mean(rule, known_ids)}"
            else:
                scope = "in this file" if directive.target is None else f"on line {directive.target}"
                words = f"the suppression of `{rule}` silences nothing {scope}; remove it"
            kept.append(UNUSED_SUPPRESSION.at(path, directive.line, directive.column, words))
    return kept


def per_file_ignored(relative: str, patterns: dict[str, list[str]]) -> frozenset[str]:
    """The rule ids `per-file-ignores` turns off for a file (its path relative to the settings'
    folder). A pattern without `/` matches the file's name anywhere, as ruff's do."""
    out: set[str] = set()
    name = PurePosixPath(relative).name
    for pattern, rules in patterns.items():
        target = relative if "/" in pattern.rstrip("/") else name
        if fnmatch.fnmatchcase(target, pattern.rstrip("/")) or fnmatch.fnmatchcase(relative, pattern.rstrip("/") + "/*"):
            out.update(rules)
    return frozenset(out)


def file_directives(file: Path, shown: str, is_skill: bool) -> tuple[Directive, ...] | None:
    """The suppression comments of a file as read now; None when it cannot be read (the reader
    reports that)."""
    from skillkit.core.reader import decode, read_bytes

    try:
        data = read_bytes(file)  # the cheap test first: most files hold no suppression at all
    except Exception:  # noqa: BLE001 - unreadable: the reader has reported it already
        return None
    if isinstance(data, int) or b"skillkit:" not in data:
        return ()
    text, _ = decode(data, shown)
    return tuple(directives(text.text, is_skill)) if text is not None else ()


def silence(per_file: dict[str, list[Diagnostic]], files: list[tuple[Path, bool]], base: str, options: Options,
            known: Iterable[str], runs: Callable[[str], bool],
            read: dict[Path, tuple[Directive, ...] | None] | None = None) -> None:
    """Apply `per-file-ignores` and each file's suppression comments to its findings, in place.
    `files`: (path, is it a SKILL.md); `runs(rule_id)`: whether that rule ran in this lint;
    `read`: the directives of files read already (file_directives' answer, cached with a
    skill's findings: a cached run opens no unchanged SKILL.md)."""
    import os

    from skillkit.core.paths import display

    known_ids = set(known)
    ignores = options.settings.get("per-file-ignores") or {}
    top = os.path.dirname(os.path.abspath(options.settings_source)) if options.settings_source else None
    reported = {d.rule for ds in per_file.values() for d in ds}  # core findings count as having run
    for file, is_skill in files:
        if read is not None and not read.get(file, True) and not (ignores and top is not None):
            continue  # read already, no comments, no per-file-ignores: nothing to do (nor to show)
        shown = display(file, base)
        if ignores and top is not None and shown in per_file:
            off = per_file_ignored(os.path.relpath(os.path.abspath(file), top).replace(os.sep, "/"), ignores)
            per_file[shown] = [d for d in per_file[shown] if d.rule not in off]
        found = read[file] if read is not None and file in read else file_directives(file, shown, is_skill)
        if found:
            kept = apply(shown, per_file.get(shown, []), list(found), known_ids, lambda r: runs(r) or r in reported)
            per_file[shown] = [d for d in kept if d.rule != UNUSED or runs(UNUSED)]
