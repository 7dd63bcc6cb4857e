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
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    from pathlib import Path

    from skillkit.core.options import Options

from skillkit.core.diagnostics import Diagnostic, Severity

UNUSED = "unused-suppression"
_IDS = r"\[([^\]\n]*)\]"
_YAML_LINE = re.compile(rf"(?:^|\s)#\s*skillkit:\s*ignore{_IDS}\s*$")
_YAML_FILE = re.compile(rf"^\s*#\s*skillkit:\s*ignore-file{_IDS}\s*$")
_HTML_NEXT = re.compile(rf"<!--\s*skillkit:\s*ignore{_IDS}\s*-->")


@dataclass(frozen=True)
class Directive:
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
            kept.append(Diagnostic(path, directive.line, directive.column, UNUSED, Severity.WARNING, words))
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
