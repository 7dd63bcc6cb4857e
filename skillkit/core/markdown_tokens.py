"""The CommonMark parse (markdown-it-py) behind core/markdown.py, with source positions.

markdown-it gives block tokens a line range and nothing finer, so the inline rules that make
links (`link`, `image`, `html_inline`) are wrapped to record where in their paragraph each
one starts; a paragraph's text is its source lines less their container prefixes (`> `, a
list item's indentation), which maps an offset back to the file's line and column. Inline
parsing runs only on blocks holding something link-like: most paragraphs hold nothing.
Imported only when a text needs it (markdown-it costs ~20 ms to import).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from skillkit.core.markdown_model import CodeBlock, Fence, Link, Reading

# An attribute's value in raw HTML; each alternative is one bounded run (linear time).
HTML_ATTR = re.compile(r"""(?<![\w-])(href|src)[ \t\n]*=[ \t\n]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", re.I)
_SPANS = "skillkit_spans"


def _destination(state: StateInline, start: int, kind: str) -> int | None:
    """Where an inline link's destination starts (an offset in its block's text), or None
    for a reference-style use (`[text][r1]`: the definition is the link, reported where it is).
    The label's end is found again by markdown-it's own helper, so code spans and escapes in
    the label are read exactly as the link rule read them."""
    opening = start + 1 if kind == "image" else start
    end = state.md.helpers.parseLinkLabel(state, opening, kind == "link")
    if end < 0 or end + 1 >= len(state.src) or state.src[end + 1] != "(":
        return None
    at = end + 2
    while at < len(state.src) and state.src[at] in " \t\n":
        at += 1
    return at + 1 if at < len(state.src) and state.src[at] == "<" else at


def _recording(kind: str, rule: Callable[[StateInline, bool], bool]) -> Callable[[StateInline, bool], bool]:
    def wrapped(state: StateInline, silent: bool) -> bool:
        start, count = state.pos, len(state.tokens)
        if not rule(state, silent):
            return False
        if not silent:
            spans = state.env.setdefault(_SPANS, [])
            if kind == "html":
                spans.append((kind, start, state.src[start:state.pos], None))
            else:
                made = next((t for t in state.tokens[count:] if t.type in ("link_open", "image")), None)
                # an inline link ends at its `)`; one that ends elsewhere is a reference use, even
                # where `(...)` follows the label (`[x](file:///a)` is refused inline, so markdown-it
                # reads `[x]` as a reference to `[x]: y`)
                at = _destination(state, start, kind) if state.src[state.pos - 1] == ")" else None
                if made is not None and at is not None:
                    spans.append((kind, at, "", made))
        return True
    return wrapped


BlockRule = Callable[[StateBlock, int, int, bool], bool]


def _noting_closed(rule: BlockRule) -> BlockRule:
    """The fence rule, noting on its token whether a closing fence ended it: the token's line
    range alone cannot tell a closed fence from one its list item or the text ended."""
    def wrapped(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        count = len(state.tokens)
        if not rule(state, start, end, silent):
            return False
        if not silent and len(state.tokens) > count:
            token = state.tokens[-1]
            # The loop looked at every line before state.line: the last one closed the fence
            # exactly when it is a closer (were it not, the loop went on or ran out).
            token.meta["closed"] = state.line - 1 > start and _is_closer(state, state.line - 1, token.markup)
        return True
    return wrapped


def _is_closer(state: StateBlock, line: int, markup: str) -> bool:
    """markdown-it's own test for a closing fence, on one line."""
    pos, maximum = state.bMarks[line] + state.tShift[line], state.eMarks[line]
    if pos >= maximum or state.sCount[line] < state.blkIndent or state.is_code_block(line):
        return False
    end = state.skipCharsStr(pos, markup[0])
    return end - pos >= len(markup) and state.skipSpaces(end) >= maximum


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark")
    md.core.ruler.disable(["inline"])  # run per block below, only where a link may be
    for name, kind in (("link", "link"), ("image", "image"), ("html_inline", "html")):
        index = md.inline.ruler.get_all_rules().index(name)
        md.inline.ruler.at(name, _recording(kind, md.inline.ruler.__rules__[index].fn))
    fence = next(rule for rule in md.block.ruler.__rules__ if rule.name == "fence")
    md.block.ruler.at("fence", _noting_closed(fence.fn), {"alt": list(fence.alt)})
    return md


MD = _parser()


def _line_starts(content: str, lines: list[str], first: int) -> list[tuple[int, int]]:
    """For each line of a block's content: where its text (less leading blanks) starts in its
    source line, and how many leading blanks the content line has. A content line is its
    source line less a container prefix (`> `, a list item's indent), so its text ends the
    source line; a tab in the prefix may have become spaces, which the source does not have."""
    out = []
    for index, piece in enumerate(content.split("\n")):
        source = lines[first + index] if first + index < len(lines) else ""
        text = piece.strip()
        lead = len(piece) - len(piece.lstrip())
        at = source.rfind(text) if text else len(source) - len(source.lstrip())
        out.append((max(at, 0), lead))
    return out


def _position(content: str, offset: int, starts: list[tuple[int, int]], first: int) -> tuple[int, int]:
    """0-based (line, column) in the text of `offset` in a block's content."""
    row = content.count("\n", 0, offset)
    column = offset - (content.rfind("\n", 0, offset) + 1)
    start, lead = starts[row] if row < len(starts) else (0, 0)
    return first + row, start + max(column - lead, 0)


def _inline_links(token: Token, lines: list[str], env: dict[str, Any]) -> list[Link]:
    content = token.content
    if "](" not in content and "<" not in content:
        return []
    env[_SPANS] = []
    MD.inline.parse(content, MD, env, [])
    first = token.map[0] if token.map else 0
    starts = _line_starts(content, lines, first)
    found = []
    for kind, start, raw, made in env.pop(_SPANS):
        if kind == "html":
            for match in HTML_ATTR.finditer(raw):
                value_at = next(i for i in (2, 3, 4) if match.group(i) is not None)
                line, column = _position(content, start + match.start(value_at), starts, first)
                found.append(Link(line + 1, column + 1, match.group(value_at), "html"))
            continue
        target = made.attrGet("src" if kind == "image" else "href") or ""
        line, column = _position(content, start, starts, first)
        found.append(Link(line + 1, column + 1, str(target), kind))
    return found


def _html_block(token: Token, lines: list[str]) -> list[Link]:
    first = token.map[0] if token.map else 0
    content = token.content
    starts = _line_starts(content, lines, first)
    found = []
    for match in HTML_ATTR.finditer(content):
        value_at = next(i for i in (2, 3, 4) if match.group(i) is not None)
        line, column = _position(content, match.start(value_at), starts, first)
        found.append(Link(line + 1, column + 1, match.group(value_at), "html"))
    return found


def _definitions(env: dict[str, Any], lines: list[str]) -> list[Link]:
    """Reference definitions (`[r1]: refs/x.md`), the first of each label and any later
    duplicate, at their destination's position."""
    found = []
    entries = list(env.get("references", {}).values()) + list(env.get("duplicate_refs", []))
    for entry in entries:
        first, end = entry["map"]
        text = "\n".join(lines[first:end])
        close = text.find("]:")
        if close < 0:
            continue
        start = close + 2
        while start < len(text) and text[start] in " \t\n":
            start += 1
        if start < len(text) and text[start] == "<":
            start += 1
        row = text.count("\n", 0, start)
        column = start - (text.rfind("\n", 0, start) + 1)
        found.append(Link(first + row + 1, column + 1, entry["href"], "definition"))
    return found


def _fence(token: Token, lines: list[str]) -> tuple[Fence, CodeBlock]:
    first = token.map[0] if token.map else 0
    closed = bool(token.meta.get("closed"))
    opener = lines[first] if first < len(lines) else ""
    column = max(opener.find(token.markup), 0) + 1
    info = token.info.strip().split(maxsplit=1)[0].lower() if token.info.strip() else ""
    return Fence(first + 1, column, token.markup, closed), CodeBlock(first + 2, info, token.content)


def parse(text: str) -> Reading:
    """The reading of a whole text, parsed as CommonMark."""
    return _parse(text)[0]


def parse_bounded(text: str) -> Reading | None:
    """The reading of a stretch of a text, or None when a fence outside any list item or quote
    is left open at its end: that fence runs on past the stretch, which then reads
    differently in the whole text."""
    reading, open_at_top = _parse(text)
    return None if open_at_top else reading


def _parse(text: str) -> tuple[Reading, bool]:
    """The reading, and whether a fence outside any container is left open."""
    env: dict[str, Any] = {}
    tokens = MD.parse(text, env)
    lines = text.split("\n")
    links: list[Link] = []
    fences: list[Fence] = []
    blocks: list[CodeBlock] = []
    open_at_top = False
    for token in tokens:
        if token.type == "inline":
            links.extend(_inline_links(token, lines, env))
        elif token.type == "html_block":
            links.extend(_html_block(token, lines))
        elif token.type == "fence":
            fence, block = _fence(token, lines)
            open_at_top = open_at_top or (token.level == 0 and not fence.closed)
            fences.append(fence)
            blocks.append(block)
    links.extend(_definitions(env, lines))
    links.sort(key=lambda link: (link.line, link.column))
    return Reading(tuple(links), tuple(fences), tuple(blocks)), open_at_top
