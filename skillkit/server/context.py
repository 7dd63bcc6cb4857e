"""Where the cursor is, read from the text alone (it may not parse while it is typed): which
kind of file, whether in a SKILL.md's frontmatter or body, the top-level key of the line, and
whether the cursor is on that key or in its value."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skillkit.core.workspace import classify

if TYPE_CHECKING:
    from lsprotocol.types import Position

    from skillkit.server.positions import Text

_KEY = re.compile(r"^(?P<key>[A-Za-z0-9_][A-Za-z0-9_.-]*)\s*:(?:\s|$)")
_ANY_KEY = re.compile(r"^(?P<indent>\s*)(?:-\s+)?(?P<key>[A-Za-z0-9_][A-Za-z0-9_.-]*)\s*:(?:\s|$)")


@dataclass(frozen=True)
class Cursor:
    kind: str | None        # skill, tool, agent, scene, catalog, settings, session, codex-agent; None: not ours
    section: str            # "frontmatter", "body" or "yaml" (a workspace file)
    line: int               # 0-based, in the lines below
    character: int          # code points into the line
    text: str               # the line
    top_key: str | None     # the top-level key this line belongs to
    on_key: bool            # the cursor is on the top-level key itself (this line starts with it)
    path: tuple[str, ...]   # the keys from the top to this line's own key (indentation read)


def file_kind(path: Path) -> str | None:
    if path.name == "openai.yaml" and path.parent.name == "agents":
        return "codex-agent"
    if path.name == "SKILL.md":
        return "skill"
    return classify(path)


def frontmatter_end(lines: list[str]) -> int | None:
    """The index of a SKILL.md's closing `---` line, None when the frontmatter is not closed or absent."""
    if not lines or lines[0].rstrip().lstrip("\ufeff") != "---":
        return None
    return next((i for i, line in enumerate(lines[1:], start=1) if line.rstrip(" \t\r") == "---"), None)


def cursor_at(text: Text, path: Path, position: Position) -> Cursor:
    """Where an editor's position (a line and UTF-16 units, as LSP counts) stands in `text`."""
    return cursor(path, text.lines, position.line, text.points(position.line, position.character))


def cursor(path: Path, lines: list[str], line: int, character: int) -> Cursor:
    kind = file_kind(path)
    text = lines[line].removesuffix("\r") if 0 <= line < len(lines) else ""
    first = 0
    if kind == "skill":
        end = frontmatter_end(lines)
        if end is None or line == 0 or line >= end:
            return Cursor(kind, "body", line, character, text, None, False, ())
        first = 1
        section = "frontmatter"
    else:
        section = "yaml"
    top, on_key = None, False
    for number in range(line, first - 1, -1):
        candidate = lines[number].removesuffix("\r")
        found = _KEY.match(candidate)
        if found:
            top = found["key"]
            on_key = number == line and character <= found.end("key")
            break
    return Cursor(kind, section, line, character, text, top, on_key, _path(lines, first, line))


def _path(lines: list[str], first: int, line: int) -> tuple[str, ...]:
    """The keys enclosing `line` (its own key last), from indentation: `tools:` / `- name: x`."""
    out: list[tuple[int, str]] = []
    for number in range(first, line + 1):
        found = _ANY_KEY.match(lines[number].removesuffix("\r"))
        if not found:
            continue
        indent = len(found["indent"]) + (2 if lines[number].lstrip().startswith("- ") else 0)
        while out and out[-1][0] >= indent:
            out.pop()
        out.append((indent, found["key"]))
    return tuple(key for _, key in out)
