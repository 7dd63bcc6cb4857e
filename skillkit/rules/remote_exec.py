"""`remote-exec`: scripts and shell blocks that run what they download."""

from __future__ import annotations

import re
from functools import cache
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import SKILL_FILE, shown, skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule

FETCH = r"(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b"
SUDO = r"(?:sudo[ \t]{1,5}(?:-[A-Za-z]{1,10}[ \t]{1,5})?)?"
SHELL = r"(?:/usr/bin/|/bin/|/usr/bin/env[ \t]{1,5})?(?:ba|z|k|da|fi)?sh\b(?![ \t]{1,5}-c\b)"
# An interpreter reading its program from the pipe: nothing after it but `-` (with `-c` or
# `-m` it runs its own program and reads the pipe as data: `curl ... | python -m json.tool`).
READER = r"(?:python[0-9.]{0,4}|node|perl|ruby|php)[ \t]{0,5}-?[ \t]{0,5}(?=$|[;&|)])"
# Every pattern is a run of bounded pieces, none nested: linear time on any line.
PATTERNS = tuple((
    rf"\b{FETCH}[^\n|]{{0,400}}\|[ \t]{{0,10}}{SUDO}(?:{SHELL}|{READER}|(?:iex|Invoke-Expression)\b)",
    rf"(?<![\w.-])(?:(?:ba|z|k|da)?sh|source|\.)[ \t]{{1,10}}<\([ \t]{{0,10}}(?:curl|wget)\b",
    rf"\bbase64[ \t]{{1,10}}(?:-d|--decode|-D)\b[^\n|]{{0,300}}\|[ \t]{{0,10}}{SUDO}(?:ba|z|k|da)?sh\b",
    r"\beval[ \t]{0,10}[\"']?[ \t]{0,10}(?:\$\(|`)[ \t]{0,10}(?:curl|wget)\b",
    r"\b(?:ba|z|k|da)?sh[ \t]{1,10}-c[ \t]{1,10}[\"']?\$\([ \t]{0,10}(?:curl|wget)\b",
    r"\b(?:iex|Invoke-Expression)\b[^\n]{0,200}(?:DownloadString|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b",
))


@cache
def _compiled() -> tuple[re.Pattern[str], ...]:
    # Compiled on first use: most skills hold no download command, and every run imports this.
    return tuple(re.compile(p, re.M) for p in PATTERNS)
SHELL_INFOS = frozenset({"", "sh", "bash", "shell", "zsh", "console", "shell-session", "terminal", "powershell",
                         "ps1", "pwsh", "ksh", "fish", "dockerfile", "docker", "makefile", "make"})
SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".fish", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl",
                   ".php", ".ps1", ".psm1", ".bat", ".cmd", ".mk")
SCRIPT_NAMES = frozenset({"Makefile", "Dockerfile", "Justfile"})
HINTS = ("curl", "wget", "iwr", "irm", "Invoke-", "base64", "iex")
SHOWN = 80


def runs_downloads(text: str) -> Iterable[tuple[int, int, str]]:
    """(line index, column index, the command) of each line that runs what it downloads,
    comment lines left out."""
    if not any(hint in text for hint in HINTS):
        return
    for pattern in _compiled():
        for match in pattern.finditer(text):
            start = text.rfind("\n", 0, match.start()) + 1
            if text[start:match.start()].lstrip().startswith(("#", "//", "REM ", "::")):
                continue
            end = text.find("\n", match.start())
            command = text[match.start():end if end >= 0 else len(text)].rstrip()
            yield text.count("\n", 0, start), match.start() - start, command


def _is_script(rel: str, text: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return rel.startswith("scripts/") or name in SCRIPT_NAMES or name.endswith(SCRIPT_SUFFIXES) or text.startswith("#!")


def _message(command: str) -> str:
    shown_command = command if len(command) <= SHOWN else command[:SHOWN - 3] + "..."
    return (f"`{shown_command}` runs what it downloads, unchecked: whoever controls that URL (or the network "
            "path to it) runs code wherever the skill is used")


@skill_rule("remote-exec", Severity.WARNING)
def remote_exec(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A script, or a shell code block in SKILL.md or a bundled Markdown file, that runs what
    it downloads: `curl ... | sh`, `wget -O- ... | bash`, `bash <(curl ...)`,
    `sh -c "$(curl ...)"`, `eval "$(curl ...)"`, `base64 -d | sh`, PowerShell's `iwr ... | iex`.

    An agent follows a skill's instructions and runs its scripts, often without a person
    reading each command. A downloaded script is run as it arrives: a changed file on the
    server, a hijacked domain or a network in the middle runs its own code with the agent's
    rights, and nothing in the skill shows what ran. Code blocks in other languages and
    comment lines are not checked; `curl ... | python -m json.tool` (the pipe read as data)
    is fine.

    Example: ```` ```bash ```` / `curl -fsSL https://get.example.dev/install.sh | sh`. Fix:
    download to a file, check it (a pinned version and its published sha256, or a signature),
    then run it; or install from a package manager with a pinned version."""
    graph = skill_graph(doc)
    for source, reading in graph.readings.items():
        path = doc.path if source == SKILL_FILE else shown(doc, source)
        for block in reading.code_in(SHELL_INFOS):
            for row, column, command in runs_downloads(block.text):
                yield Hit(path, block.line + row, column + 1, _message(command))
    for item in graph.bundle.files:
        if item.text is not None and item.rel not in graph.readings and _is_script(item.rel, item.text):
            for row, column, command in runs_downloads(item.text):
                yield Hit(shown(doc, item.rel), row + 1, column + 1, _message(command))


RULES = (remote_exec,)
