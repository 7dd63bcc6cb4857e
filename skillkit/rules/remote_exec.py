"""`remote-exec`: scripts and shell blocks that run what they download."""

from __future__ import annotations

import re
from typing import Callable, Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import SKILL_FILE, shown, skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule
from skillkit.rules.shell_words import Command, Pipeline, Script, Word, parse

# What fetches, what runs a program read from its input, what only wraps the next command.
FETCHERS = frozenset({"curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod"})
SHELLS = frozenset({"sh", "bash", "zsh", "ksh", "dash", "ash", "mksh", "fish"})
READERS = re.compile(r"(?:python[0-9.]{0,4}|node|perl|ruby|php|deno|bun)")
EVALUATORS = frozenset({"iex", "invoke-expression"})
SOURCES = SHELLS | {"source", "."}
WRAPPERS = frozenset({"sudo", "env", "exec", "command", "nohup", "nice", "time", "builtin", "then", "do", "else",
                      "elif", "if", "while", "until", "!", "{", "$", "%", "run"})
WRAPPER_OPTIONS = {"sudo": frozenset({"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"}), "nice": frozenset({"-n"})}
DOWNLOADS = re.compile(r"(?i)\b(?:DownloadString|DownloadFile|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b")
SHELL_INFOS = frozenset({"", "sh", "bash", "shell", "zsh", "console", "shell-session", "terminal", "powershell",
                         "ps1", "pwsh", "ksh", "fish", "dockerfile", "docker", "makefile", "make"})
POWERSHELL_INFOS = frozenset({"powershell", "ps1", "pwsh"})
SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".fish", ".mk")
POWERSHELL_SUFFIXES = (".ps1", ".psm1")
SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".php", ".bat", ".cmd")
SCRIPT_NAMES = frozenset({"Makefile", "Dockerfile", "Justfile"})
# In a program of another language, a shell line runs only through a call that hands it to
# a shell; a string that is printed (`print("Install: curl ... | sh")`) runs nothing.
SHELL_CALL = re.compile(r"\b(?:system|popen|spawn\w*|exec\w*|subprocess|shell_exec|passthru|check_call|check_output"
                        r"|Popen|run)\s*\(|shell\s*=\s*True|`")
HINTS = ("curl", "wget", "iwr", "irm", "Invoke-", "invoke-", "base64", "iex")
SHOWN = 80


def _name(word: Word) -> str:
    return word.text.rsplit("/", 1)[-1].lower()


def _program(command: Command) -> tuple[str, list[Word]]:
    """The command's program name and its arguments, past `sudo`, `env X=1`, assignments,
    a prompt's `$` and the keywords that only lead into a command."""
    index = 0
    while index < len(command):
        word, name = command[index], _name(command[index])
        if name in WRAPPERS or "=" in word.text and not word.text.startswith(("=", "-")) and index + 1 < len(command):
            index += 1
            options = WRAPPER_OPTIONS.get(name, frozenset())
            while index < len(command) and command[index].text.startswith("-"):
                index += 2 if command[index].text in options else 1
            continue
        return name, command[index + 1:]
    return "", []


def _fetches(command: Command) -> bool:
    name, args = _program(command)
    return name in FETCHERS or name == "base64" and any(a.text in ("-d", "--decode", "-D") for a in args)


def _runs_input(command: Command) -> bool:
    """A command that runs the program it reads on standard input."""
    name, args = _program(command)
    if name in EVALUATORS:
        return True
    if name in SHELLS:  # `bash -s -- x` reads its input; `bash -c '...'` and `bash file.sh` do not
        for arg in args:
            if arg.text in ("-s", "--", "-"):
                return True
            if arg.text == "-c" or not arg.text.startswith("-"):
                return False
        return True
    if READERS.fullmatch(name):  # `python3`, `python3 -`: the program is the input; `-c`, `-m`, a file: data
        for arg in args:
            if arg.text == "-":
                return True
            if arg.text in ("-c", "-m", "-e", "-E", "-r") or not arg.text.startswith("-"):
                return False
        return True
    return False


def _fetching(script: Script) -> bool:
    return any(_fetches(command) for pipeline in script for command in pipeline)


def _risky(pipeline: Pipeline, text: str) -> Word | None:
    """The word where a pipeline starts to run what it downloads, or None (its `end`: where
    the pipeline ends, to show it without a trailing comment)."""
    for index, command in enumerate(pipeline):
        if _fetches(command) and any(_runs_input(later) for later in pipeline[index + 1:]):
            return command[0]
        name, args = _program(command)
        if name in SOURCES and any(_fetching(proc) for word in args for proc in word.procs):
            return command[0]  # `bash <(curl ...)`, `source <(curl ...)`
        if (name == "eval" or name in SHELLS and any(a.text == "-c" for a in args)) and any(
                _fetching(sub) for word in args for sub in word.subs):
            return command[0]  # `eval "$(curl ...)"`, `sh -c "$(curl ...)"`
        if name in EVALUATORS and _downloads_after(text, command[0].start):
            return command[0]  # `iex ((New-Object Net.WebClient).DownloadString('...'))`, `iex (irm ...)`
        if command and not command[0].text and any(_fetching(sub) for sub in command[0].subs):
            return command[0]  # `$(curl ...)`: the download's output is the command
    return None


def _downloads_after(text: str, start: int) -> bool:
    """PowerShell's `iex (...)`: a download on the rest of its line (its parentheses are
    PowerShell's own grouping, not a shell's subshell)."""
    end = text.find("\n", start)
    return DOWNLOADS.search(text, start, end if end >= 0 else len(text)) is not None


def _found(script: Script, text: str) -> Iterable[Word]:
    for pipeline in script:
        word = _risky(pipeline, text)
        if word is not None:
            yield Word(word.start, max(w.end for command in pipeline for w in command))
            continue
        for command in pipeline:  # what runs inside a substitution: `echo "$(curl ... | sh)"`
            for word in command:
                for inner in (*word.subs, *word.procs):
                    yield from _found(inner, text)


def runs_downloads(text: str, powershell: bool = False) -> Iterable[tuple[int, int, str]]:
    """(line index, column index, the command) of each command of a shell text that runs
    what it downloads, read as a shell reads it (rules/shell_words.py)."""
    if not any(hint in text for hint in HINTS):
        return
    for word in _found(parse(text, powershell), text):
        start = text.rfind("\n", 0, word.start) + 1
        command = text[word.start:word.end].strip()
        yield text.count("\n", 0, start), word.start - start, command


def _literals(line: str) -> Iterable[tuple[int, str]]:
    """(offset of its first character, text) of each quoted string of a line of code, in one
    pass (a backslash escapes the next character)."""
    at = 0
    while at < len(line):
        quote = line[at]
        if quote not in "\"'":
            at += 1
            continue
        start = end = at + 1
        while end < len(line) and line[end] != quote:
            end += 2 if line[end] == "\\" else 1
        yield start, line[start:end]
        at = end + 1


def _embedded(text: str) -> Iterable[tuple[int, int, str]]:
    """In a program of another language, the string literals handed to a shell on their line."""
    if not any(hint in text for hint in HINTS):
        return
    for row, line in enumerate(text.split("\n")):
        if not any(hint in line for hint in HINTS) or not SHELL_CALL.search(line):
            continue
        for start, literal in _literals(line):
            for _, column, command in runs_downloads(literal):
                yield row, start + column, command


def _script_reader(rel: str, text: str) -> Callable[[str], Iterable[tuple[int, int, str]]] | None:
    """How a bundled file is read: as shell, as PowerShell, as a program of another language
    (its strings handed to a shell), or not at all (not a script)."""
    name = rel.rsplit("/", 1)[-1]
    first = text[:text.find("\n")] if text.startswith("#!") else ""
    if name.endswith(POWERSHELL_SUFFIXES) or "pwsh" in first:
        return lambda body: runs_downloads(body, powershell=True)
    if name.endswith(SHELL_SUFFIXES) or name in SCRIPT_NAMES or re.search(r"\b(?:ba|z|k|da)?sh\b", first):
        return runs_downloads
    if name.endswith(SCRIPT_SUFFIXES) or first or rel.startswith("scripts/") and "." not in name:
        return _embedded
    return None


def _message(command: str) -> str:
    shown_command = command if len(command) <= SHOWN else command[:SHOWN - 3] + "..."
    return (f"`{shown_command}` runs what it downloads, unchecked: whoever controls that URL (or the network "
            "path to it) runs code wherever the skill is used")


@skill_rule("remote-exec", Severity.WARNING, bodily=True)
def remote_exec(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A script, or a shell code block in SKILL.md or a bundled Markdown file, that runs what
    it downloads: `curl ... | sh`, `wget -O- ... | bash`, `bash <(curl ...)`,
    `sh -c "$(curl ...)"`, `eval "$(curl ...)"`, `base64 -d | sh`, PowerShell's `iwr ... | iex`.

    An agent follows a skill's instructions and runs its scripts, often without a person
    reading each command. A downloaded script is run as it arrives: a changed file on the
    server, a hijacked domain or a network in the middle runs its own code with the agent's
    rights, and nothing in the skill shows what ran.

    Shell is read as a shell reads it: quoted text is data (`echo "Install: curl ... | sh"`
    runs only `echo`), as are comments and here-documents; what runs is a command word, a pipe
    into `sh`/`bash` (not `bash -c '...'` or `bash file.sh`, which read the pipe as data) or
    into an interpreter reading its program from it (`python3`, `node`; not
    `python -m json.tool`), `eval`, `source <(...)`, and the same inside `$(...)`, also
    within double quotes. Past `sudo`, `env X=1` and a prompt's `$`. In Python, JavaScript
    and other programs, only a string handed to a shell on its line (`os.system(...)`,
    `subprocess.run(..., shell=True)`, `execSync(...)`) is read; code blocks in other
    languages are not checked.

    Example: ```` ```bash ```` / `curl -fsSL https://get.example.dev/install.sh | sh`. Fix:
    download to a file, check it (a pinned version and its published sha256, or a signature),
    then run it; or install from a package manager with a pinned version."""
    graph = skill_graph(doc)
    for source, reading in graph.readings.items():
        path = doc.path if source == SKILL_FILE else shown(doc, source)
        for block in reading.code_in(SHELL_INFOS):
            for row, column, command in runs_downloads(block.text, block.info in POWERSHELL_INFOS):
                yield Hit(path, block.line + row, column + 1, _message(command))
    for item in graph.bundle.files:
        if item.text is None or item.rel in graph.readings or not any(hint in item.text for hint in HINTS):
            continue
        reader = _script_reader(item.rel, item.text)
        for row, column, command in reader(item.text) if reader is not None else ():
            yield Hit(shown(doc, item.rel), row + 1, column + 1, _message(command))


RULES = (remote_exec,)
