"""`skillkit lint`'s own options, as `Annotated` aliases: the command's signature reads as a list
of names, and the help texts (which README and tests quote) live here, verbatim."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from skillkit.cli.common import QUIET_HELP, format_flags, path
from skillkit.reporters.formats import LINT
from skillkit.reporters.registry import choices

SELECTORS = "rule ids or prefixes (`name` selects every `name-*` rule; `ALL` every rule), comma-separated, repeatable"


Format = choices("Format", LINT)  # text, json, sarif, github
FOR_WHOM = (f"{', '.join(r.name for r in LINT if not r.machine)} for people; "
            f"{', '.join(r.name for r in LINT if r.machine)} for machines")


def _flag(*names: str, help: str) -> typer.models.OptionInfo:
    return typer.Option(*names, help=help)


Paths = Annotated[Optional[list[str]], typer.Argument(
    parser=path, help="Skill folders, SKILL.md files, workspace folders or workspace files; `-` is standard input "
    "(with --stdin-filename). Default: the current folder.")]
FormatChoice = Annotated[Format, format_flags(FOR_WHOM)]
Profile = Annotated[Optional[str], _flag("--profile", "-p", help=(
    "Which worlds' rules apply: default, studio, platform, or a client id that reads skills as that client does "
    "(agent-skills, claude-api, claude-code, codex, ...; `skillkit rules --profiles` lists them)."))]
Targets = Annotated[Optional[list[str]], _flag("--target", "-t", help=(
    "The clients the skills are written for (client ids, comma-separated, repeatable; over the `targets` "
    "setting): report the keys they ignore and the limits they enforce."))]
Strict = Annotated[Optional[bool], _flag("--strict/--no-strict", help="Warnings fail too (exit 1).")]
Select = Annotated[Optional[list[str]], _flag("--select", help=(
    f"Run only these: {SELECTORS}; replaces the settings' `select`."))]
ExtendSelect = Annotated[Optional[list[str]], _flag("--extend-select", help=(
    f"Run these too, besides the settings' `select`: {SELECTORS}."))]
Ignore = Annotated[Optional[list[str]], _flag("--ignore", "--extend-ignore", help=(
    f"Never run these: {SELECTORS}; added to the settings' `ignore` (`--extend-ignore` is ruff's other spelling)."))]
ShowFiles = Annotated[bool, _flag("--show-files", help=(
    "List the files lint would check and, for every path left out, why (tool folder, .gitignore, exclude, "
    "nested skill); check nothing."))]
NoCache = Annotated[bool, _flag("--no-cache", help=(
    "Check every file afresh; read and write no cache (default: `.skillkit_cache/` at the repository's top, or "
    "the `cache-dir` setting; `skillkit clean` removes it)."))]
Fix = Annotated[bool, _flag("--fix", help=(
    "Apply the fixes that cannot change meaning (`skillkit rules ID` says what each rule's fix does), then "
    "report what is left."))]
UnsafeFixes = Annotated[bool, _flag("--unsafe-fixes", help=(
    "With --fix or --diff, also the fixes that may change meaning (renaming a mistyped key turns it on), as "
    "ruff's."))]
Diff = Annotated[bool, _flag("--diff", help=(
    "Print the fixes as a unified diff instead of writing them (exit 1 when there is any)."))]
Statistics = Annotated[bool, _flag("--statistics", help="Count the findings per rule instead of listing them.")]
ShowSettings = Annotated[bool, _flag("--show-settings", help="Print the settings lint would use, resolved, and exit.")]
ExitZero = Annotated[bool, _flag("--exit-zero", help="Exit 0 even when there are findings.")]
Quiet = Annotated[bool, _flag("--quiet", "-q", help=QUIET_HELP)]
StdinFilename = Annotated[Optional[Path], _flag("--stdin-filename", help=(
    "Lint standard input as this file (its workspace gives context, as when it is saved there); PATH is then "
    "`-` or nothing, as editors and ruff pass it."))]
