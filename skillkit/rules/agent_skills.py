"""The Agent Skills spec: field portability and the body's size and references."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable
from urllib.parse import unquote

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.fields import SKILL
from skillkit.core.fields.skill import BODY_MAX_LINES, BODY_MAX_TOKENS
from skillkit.core.errors import InputError
from skillkit.core.reader import read_bytes
from skillkit.rules.base import Hit, RuleContext, skill_rule
from skillkit.tokens.estimate import estimate_tokens

# Link text holds no bare `[` (one level of `[...]` inside is allowed) and neither the
# destination nor the title runs over a `[`: so each `[` can start at most one scan to the next
# `[`, and a line of `[` then `](x` costs linear time, not quadratic.
LINK = re.compile(r"!?\[(?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*\]\(\s*<?([^()\[\]\s>]+)>?(?:\s+[\"'(][^()\[\]]*)?\)")
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})")
BACKTICKS = re.compile(r"`+")
INTERESTING = re.compile(r"\]\(|``|~~")
NOT_A_FILE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|#|//|/)")


@skill_rule("description-multiline", Severity.WARNING)
def description_multiline(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A description of more than one line is folded into one by clients, so line breaks the
    author placed (lists, headings) are lost where a model reads it."""
    value = doc.data.get("description")
    if isinstance(value, str) and "\n" in value.strip():
        lines = value.strip().count("\n") + 1
        yield Hit(doc.path, *doc.at("description"), f"`description` has {lines} lines; clients fold it into one")


@skill_rule("unknown-field", Severity.WARNING)
def unknown_field(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A frontmatter key that the profile's worlds do not define.

    The default profile knows every world's fields; `agent-skills` and `claude-api` know only the
    open spec's (where another key is an error: the reference validator rejects it); `claude-code`
    also knows Claude Code's own keys. A typo (`desciption`) is caught here."""
    known = {f.name for f in SKILL.fields if f.world == "all" or f.world in ctx.profile.worlds}
    known |= ctx.profile.extra_keys
    for key in doc.data:
        if key not in known:
            owner = next((f.world for f in SKILL.fields if f.name == key), None)
            why = f"a {owner} field, outside the `{ctx.profile.name}` profile" if owner else "not a skill field"
            yield Hit(doc.path, *doc.at_key(key), f"unknown key `{key}` ({why})")


@skill_rule("allowed-tools-list", Severity.WARNING, world="agent-skills")
def allowed_tools_list(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """`allowed-tools` is a space-separated string in the Agent Skills spec. Claude Code also
    accepts a YAML list, other clients do not: a list is a portability warning."""
    if isinstance(doc.data.get("allowed-tools"), list):
        yield Hit(doc.path, *doc.at("allowed-tools"),
                  "`allowed-tools` is a YAML list; the spec's form is one space-separated string")


@skill_rule("body-size", Severity.WARNING, world="agent-skills")
def body_size(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """The Agent Skills spec recommends a body under 500 lines and about 5,000 tokens; move
    detail into reference files that load only when needed. Tokens are estimated (ASCII
    characters / 4, one per other character), close enough for "about"; `skillkit render`
    counts exactly."""
    lines = doc.body.count("\n") + (0 if doc.body.endswith("\n") or not doc.body else 1)
    if lines > BODY_MAX_LINES:
        yield Hit(doc.path, doc.split.body_line, 1, f"the body is {lines:,} lines; the spec recommends under {BODY_MAX_LINES}")
    tokens = estimate_tokens(doc.body)
    if tokens > BODY_MAX_TOKENS:
        yield Hit(doc.path, doc.split.body_line, 1,
                  f"the body is about {tokens:,} tokens; the spec recommends under about {BODY_MAX_TOKENS:,}")


def local_links(text: str, first_line: int = 1) -> Iterable[tuple[int, int, str]]:
    """(line, column, target) of Markdown links to local files, outside code."""
    if "](" not in text:
        return  # most bodies: nothing to look at line by line
    fence: str | None = None
    number, counted, line_end = first_line, 0, -1
    # Only lines holding a link or a fence marker can change anything: find the markers, then
    # their lines, without splitting the body (the lines between change no fence state).
    for marker in INTERESTING.finditer(text):
        if marker.start() <= line_end:
            continue  # another marker on a line already handled
        line_start = text.rfind("\n", 0, marker.start()) + 1
        line_end = text.find("\n", marker.start())
        line_end = len(text) if line_end < 0 else line_end
        number += text.count("\n", counted, line_start)
        counted = line_start
        line = text[line_start:line_end]
        opener = FENCE.match(line)
        if fence is not None:
            if opener and opener.group(2)[0] == fence[0] and len(opener.group(2)) >= len(fence):
                fence = None
            continue
        if opener:
            fence = opener.group(2)
            continue
        visible = blank_code_spans(line) if "`" in line else line
        for match in LINK.finditer(visible):
            target = match.group(1)
            if not NOT_A_FILE.match(target):
                yield number, match.start(1) + 1, unquote(target.split("#", 1)[0].split("?", 1)[0])


def blank_code_spans(line: str) -> str:
    """`line` with each inline code span (a run of backticks, text, a run of as many) blanked.
    Runs are paired by length with one pass over them, where the regex `(`+)(?:(?!\\1).)+?\\1`
    tried every run against every later character (cubic on a line of backticks)."""
    runs = [(m.start(), m.end()) for m in BACKTICKS.finditer(line)]
    later: dict[int, list[int]] = {}  # run length -> indices of runs of that length, reversed
    for index in range(len(runs) - 1, -1, -1):
        later.setdefault(runs[index][1] - runs[index][0], []).append(index)
    out, index, done = [], 0, 0
    while index < len(runs):
        start, end = runs[index]
        same = later[end - start]
        same.pop()  # this run itself
        while same and same[-1] <= index:
            same.pop()
        if same and runs[same[-1]][0] > end:  # text between: a span (an empty one is not)
            close = same.pop()
            out.append(line[done:start] + " " * (runs[close][1] - start))
            done = runs[close][1]
            index = close + 1
            continue
        index += 1
    return "".join(out) + line[done:]


def _links_of(file: Path) -> list[str]:
    try:
        data = read_bytes(file)  # a regular file only (a FIFO would block), capped
        if isinstance(data, int):
            return []
        text = data.decode("utf-8")
    except (InputError, UnicodeDecodeError):
        return []
    return [target for _, _, target in local_links(text)]


@skill_rule("references", Severity.WARNING, world="agent-skills")
def references(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """Files the body links to exist inside the skill's folder, one level deep.

    - A link to a file that is not there is broken wherever the skill is installed.
    - A link that leaves the skill's folder (`../x.md`) points at a file that does not travel with it.
    - The spec asks to keep references one level deep from SKILL.md: a linked Markdown file that
      links on to further files makes a chain a model may only partly read."""
    root = os.path.normpath(doc.folder)
    # 20,000 links to one file must not stat and read it 20,000 times: one answer per target.
    exists: dict[Path, bool] = {}
    onward_of: dict[Path, list[str]] = {}
    for line, column, target in local_links(doc.body, doc.split.body_line):
        if not target:
            continue
        # normpath, not resolve(): the question is where the link points inside the skill as
        # written, and resolving every link costs a syscall per path component.
        resolved = Path(os.path.normpath(os.path.join(root, target)))
        if not (str(resolved) + os.sep).startswith(root + os.sep):
            yield Hit(doc.path, line, column, f"`{target}` is outside the skill's folder and does not travel with it")
        elif not (exists[resolved] if resolved in exists else exists.setdefault(resolved, resolved.exists())):
            yield Hit(doc.path, line, column, f"`{target}` does not exist")
        elif resolved.suffix.lower() == ".md":
            if resolved not in onward_of:
                onward_of[resolved] = [t for t in (_links_of(resolved) if resolved.is_file() else [])
                                       if t and os.path.normpath(os.path.join(resolved.parent, t)) != str(resolved)]
            onward = onward_of[resolved]
            if onward:
                yield Hit(doc.path, line, column,
                          f"`{target}` links on to `{onward[0]}`: keep references one level deep from SKILL.md")


RULES = (description_multiline, unknown_field, allowed_tools_list, body_size, references)
