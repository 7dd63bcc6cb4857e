"""Shell text read as a POSIX shell reads it, far enough to say what runs (rules/remote_exec.py).

Words, quotes (`'...'`, `"..."`, `$'...'`), backslash escapes, comments, pipes and the other
control operators, redirections, here-documents, and the substitutions that run code:
`$(...)`, backticks (also inside double quotes) and `<(...)`. Quoted text is data: in
`echo "Install: curl ... | sh"` one command runs, `echo`. Parameter and arithmetic expansions
(`${...}`, `$((...))`) are read as plain text.

Why not `bashlex`: it is GPLv3 (skillkit is Apache-2.0), refuses `[[ ]]`, `case` and
arithmetic (a third of real install snippets), and is ten times slower. This reader never
fails: a quote left open (an apostrophe in prose inside a code block) closes at the end of
its line, where a shell would have waited for more input, so the lines after it are read.
Linear time: runs of plain characters are taken by one regex match, nesting is bounded.
"""

from __future__ import annotations

import re

import msgspec

PLAIN = re.compile(r"[^\s'\"\\$`|&;()<>#]+")
OPERATORS = ("||", "&&", ";;", "|&", "|", "&", ";")
MAX_DEPTH = 16  # nested substitutions deeper than this are read as text
HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z0-9_.-]{1,64})\1")


class Word(msgspec.Struct):
    start: int                                  # offset of its first character
    end: int = 0                                # offset after its last character
    text: str = ""                              # quotes removed, substitutions left out
    subs: list["Script"] = msgspec.field(default_factory=list)   # $(...) and backticks: they run
    procs: list["Script"] = msgspec.field(default_factory=list)  # <(...) and >(...): they run


Command = list[Word]
Pipeline = list[Command]
Script = list[Pipeline]


class _Reader:
    def __init__(self, text: str, powershell: bool) -> None:
        self.text = text
        self.at = 0
        self.powershell = powershell  # a backtick escapes (PowerShell), it substitutes nothing
        self.heredocs: list[tuple[str, bool]] = []

    def script(self, closer: str | None, depth: int) -> Script:
        """Pipelines up to `closer` (`)` or a backtick) or the end of the text."""
        script: Script = []
        pipeline: Pipeline = []
        command: Command = []

        def end_command() -> None:
            nonlocal command
            if command:
                pipeline.append(command)
            command = []

        def end_pipeline() -> None:
            nonlocal pipeline
            end_command()
            if pipeline:
                script.append(pipeline)
            pipeline = []

        text = self.text
        while self.at < len(text):
            char = text[self.at]
            if closer is not None and char == closer:
                self.at += 1
                break
            if char in " \t":
                self.at += 1
            elif char == "\n":
                self.at += 1
                end_pipeline()
                self._skip_heredocs()
            elif char == "\\" and text.startswith("\\\n", self.at):
                self.at += 2
            elif char == "#" and not self._inside_word():
                newline = text.find("\n", self.at)
                self.at = len(text) if newline < 0 else newline
            elif char in "|&;()":
                operator = next((op for op in OPERATORS if text.startswith(op, self.at)), char)
                self.at += len(operator)
                (end_command if operator in ("|", "|&") else end_pipeline)()
            elif char in "<>" and not text.startswith(("<(", ">("), self.at):
                self._redirection()
            else:
                command.append(self._word(depth))
        end_pipeline()
        return script

    def _inside_word(self) -> bool:
        return self.at > 0 and self.text[self.at - 1] not in " \t\n|&;()<>"

    def _redirection(self) -> None:
        """`>`, `2>&1`, `<<EOF`, `<<<`: the operator and its target are no words of the command."""
        match = HEREDOC.match(self.text, self.at)
        if match:
            self.heredocs.append((match.group(2), self.text.startswith("<<-", self.at)))
            self.at = match.end()
            return
        while self.at < len(self.text) and self.text[self.at] in "<>&":
            self.at += 1
        while self.at < len(self.text) and self.text[self.at] in " \t":
            self.at += 1
        if self.at < len(self.text) and self.text[self.at] not in "\n|&;()":
            self._word(MAX_DEPTH)  # the target: read (its quotes) and dropped

    def _skip_heredocs(self) -> None:
        """A here-document's body, after the line that opened it, is data up to its delimiter."""
        for delimiter, tabs in self.heredocs:
            while self.at < len(self.text):
                newline = self.text.find("\n", self.at)
                end = len(self.text) if newline < 0 else newline
                line = self.text[self.at:end]
                self.at = end + 1 if newline >= 0 else end
                if (line.lstrip("\t") if tabs else line) == delimiter:
                    break
        self.heredocs = []

    def _word(self, depth: int) -> Word:
        word = Word(self.at)
        text = self.text
        parts: list[str] = []
        while self.at < len(text):
            char = text[self.at]
            if char in " \t\n|&;)" or char == "(" and not parts:
                if char == "(" and not parts:
                    self.at += 1  # a subshell's `(` or a function's `()`: no word
                break
            if char in "<>" and not text.startswith(("<(", ">("), self.at):
                break
            plain = PLAIN.match(text, self.at)
            if plain:
                parts.append(plain.group(0))
                self.at = plain.end()
            elif char == "'":
                parts.append(self._until("'", self.at + 1))
            elif char == '"':
                self._double(word, parts, depth)
            elif char == "\\" or char == "`" and self.powershell:
                parts.append(text[self.at + 1:self.at + 2])
                self.at += 2
            elif char == "$":
                self._dollar(word, parts, depth)
            elif char == "`":
                self.at += 1
                word.subs.append(self._nested("`", depth))
            elif char in "<>":  # `<(` or `>(`: a process substitution
                self.at += 2
                word.procs.append(self._nested(")", depth))
            else:  # `#` inside a word, `(` after text
                parts.append(char)
                self.at += 1
        word.text = "".join(parts)
        word.end = self.at
        return word

    def _until(self, quote: str, start: int) -> str:
        """A single-quoted run; left open, it closes at the end of its line (see the module)."""
        end = self.text.find(quote, start)
        newline = self.text.find("\n", start)
        if end < 0:
            end = len(self.text) if newline < 0 else newline
            self.at = end
        else:
            self.at = end + 1
        return self.text[start:end]

    def _double(self, word: Word, parts: list[str], depth: int) -> None:
        text = self.text
        self.at += 1
        start = self.at
        while self.at < len(text):
            char = text[self.at]
            if char == '"':
                self.at += 1
                return
            if char == "\\":
                parts.append(text[self.at + 1:self.at + 2])
                self.at += 2
            elif char == "$" and text.startswith("$(", self.at) and not text.startswith("$((", self.at):
                self.at += 2
                word.subs.append(self._nested(")", depth))
            elif char == "`" and not self.powershell:
                self.at += 1
                word.subs.append(self._nested("`", depth))
            else:
                parts.append(char)
                self.at += 1
        # never closed: a shell would wait for more; read on from the line after the quote
        newline = text.find("\n", start)
        self.at = len(text) if newline < 0 else newline

    def _dollar(self, word: Word, parts: list[str], depth: int) -> None:
        text = self.text
        if text.startswith("$((", self.at):
            end = text.find("))", self.at)
            self.at = len(text) if end < 0 else end + 2
        elif text.startswith("$(", self.at):
            self.at += 2
            word.subs.append(self._nested(")", depth))
        elif text.startswith("${", self.at):
            end = text.find("}", self.at)
            self.at = len(text) if end < 0 else end + 1
        elif text.startswith("$'", self.at):
            parts.append(self._until("'", self.at + 2))
        else:
            parts.append("$")
            self.at += 1

    def _nested(self, closer: str, depth: int) -> Script:
        if depth >= MAX_DEPTH:
            end = self.text.find(closer, self.at)
            self.at = len(self.text) if end < 0 else end + 1
            return []
        return self.script(closer, depth + 1)


def parse(text: str, powershell: bool = False) -> Script:
    """The pipelines of a shell text, each a list of commands, each a list of words."""
    return _Reader(text, powershell).script(None, 0)
