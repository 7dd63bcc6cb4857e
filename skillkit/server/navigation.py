"""Navigation: document links for the bundled files a SKILL.md or bundled Markdown links to (as
the link graph resolves them), go to definition from a skill or tool reference (a scene's
skill ids, an agent's skill and tool names, a skill's tools) to its file, and a SKILL.md's
headings as document symbols."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types
from pygls.uris import from_fs_path

from skillkit.server.context import cursor, file_kind, frontmatter_end
from skillkit.server.positions import Text, units

if TYPE_CHECKING:
    from skillkit.core.live import LiveWorkspace
    from skillkit.server.app import SkillkitServer

_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def _range(text: Text, line: int, start: int, end: int) -> types.Range:
    """Lint's line with code-point columns [start, end) (1-based start) as an LSP range."""
    return types.Range(types.Position(*text.position(line, start)), types.Position(*text.position(line, end)))


def links(ls: SkillkitServer, path: Path) -> list[types.DocumentLink]:
    from skillkit.core.linkgraph import build_graph

    found = ls.session.find(path)
    if found is None or found[1].name != "SKILL.md":
        return []
    live, owner = found
    checked = live.skills.get(owner)
    if checked is None or checked.doc is None:
        return []
    graph = build_graph(owner.parent, checked.doc.body, checked.doc.split.body_line)
    source = os.path.relpath(path, owner.parent).replace(os.sep, "/")
    text = ls.text(path)
    lint_lines = text.lint_text().split("\n")
    out = []
    for edge in graph.by_source.get(source, ()):
        if edge.rel is None or not edge.exists:
            continue
        line = lint_lines[edge.line - 1] if 0 < edge.line <= len(lint_lines) else ""
        at = line.find(edge.target, edge.column - 1)
        start = at + 1 if at >= 0 else edge.column
        target = from_fs_path(str(owner.parent / edge.rel))
        out.append(types.DocumentLink(range=_range(text, edge.line, start, start + len(edge.target)), target=target,
                                      tooltip=edge.rel))
    return out


def _value_at(line: str, character: int) -> str | None:
    """The scalar under the cursor on a YAML line: a list item, a flow list's entry, or a value."""
    for match in re.finditer(r"[A-Za-z0-9_.\-]+", line):
        if match.start() <= character <= match.end():
            before = line[:match.start()].rstrip()
            if before.endswith(":") and line[:match.start()].strip().rstrip(":").split()[-1:] == [match[0]]:
                return None
            return match[0]
    return None


def _skill_file(live: LiveWorkspace, name: str, by_folder: bool) -> Path | None:
    for file, checked in live.skills.items():
        data = checked.doc.data if checked.doc is not None else {}
        if (file.parent.name if by_folder else data.get("name", file.parent.name)) == name:
            return file
    return None


def _tool_file(live: LiveWorkspace, name: str) -> Path | None:
    for file, checked in live.documents.items():
        if checked.kind == "tool" and checked.doc is not None and checked.doc.data.get("name") == name:
            return file
    return None


def definition(ls: SkillkitServer, path: Path, line: int, character: int) -> types.Location | None:
    found = ls.session.find(path)
    if found is None:
        return None
    live = found[0]
    text = ls.text(path)
    place = cursor(path, text.lines, line, text.points(line, character))  # type: ignore[attr-defined]
    if place.section == "body" or place.kind is None:
        return None
    word = _value_at(place.text, place.character)
    if word is None or place.on_key:
        return None
    own = place.path[-1] if place.path else None
    target = None
    if place.top_key == "skills" and place.kind == "scene":
        target = _skill_file(live, word, by_folder=True)
    elif place.top_key == "skills" and place.kind in ("agent", "session") and own in ("name", "skills", "load"):
        target = _skill_file(live, word, by_folder=False)
    elif place.top_key == "tools" and own in ("name", "tools"):
        target = _tool_file(live, word)
    elif place.kind == "session" and own in ("agent",):
        target = next((f for f, c in live.documents.items() if c.kind == "agent" and c.doc is not None
                       and c.doc.data.get("name") == word), None)
    if target is None:
        return None
    return types.Location(uri=from_fs_path(str(target)) or "", range=types.Range(types.Position(0, 0),
                                                                                   types.Position(0, 0)))


def symbols(ls: SkillkitServer, path: Path) -> list[types.DocumentSymbol]:
    """A SKILL.md's (or bundled Markdown's) headings, nested by level, outside code fences."""
    if file_kind(path) != "skill" and path.suffix.lower() != ".md":
        return []
    text = ls.text(path)
    lines: list[str] = text.lines  # type: ignore[attr-defined]
    closing = frontmatter_end(lines) if file_kind(path) == "skill" else None
    start = closing + 1 if closing is not None else 0
    roots: list[types.DocumentSymbol] = []
    stack: list[tuple[int, types.DocumentSymbol]] = []
    fence: str | None = None
    for number in range(start, len(lines)):
        line = text.line(number)
        if (mark := _FENCE.match(line)) is not None:
            fence = None if fence == mark.group(1) else (fence or mark.group(1))
            continue
        if fence is not None or (heading := _HEADING.match(line)) is None:
            continue
        level = len(heading.group(1))
        whole = types.Range(types.Position(number, 0), types.Position(number, units(line, text.encoding)))
        symbol = types.DocumentSymbol(name=heading.group(2), kind=types.SymbolKind.String, range=whole,
                                      selection_range=whole, children=[])
        while stack and stack[-1][0] >= level:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(symbol)  # type: ignore[union-attr]
        stack.append((level, symbol))
    return roots


def register(server: SkillkitServer, feature: Callable[..., Any], path_of: Callable[[str], Path | None]) -> None:
    @feature(types.TEXT_DOCUMENT_DOCUMENT_LINK)
    def document_link(ls: SkillkitServer, params: types.DocumentLinkParams) -> list[types.DocumentLink] | None:
        path = path_of(params.text_document.uri)
        return links(ls, path) if path is not None else None

    @feature(types.TEXT_DOCUMENT_DEFINITION)
    def go_to(ls: SkillkitServer, params: types.DefinitionParams) -> types.Location | None:
        path = path_of(params.text_document.uri)
        return definition(ls, path, params.position.line, params.position.character) if path is not None else None

    @feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: SkillkitServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        path = path_of(params.text_document.uri)
        return symbols(ls, path) if path is not None else None
