"""The edits each fixable rule's fix makes (the rules name them: `fix=Fix(blank_trigger)`), on
the text of the file as read. Each returns no edit when it cannot make its change on the text
as written; the finding then stays for a person. core/fixes.py runs them."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from skillkit.core.rulebase import Edit

if TYPE_CHECKING:
    from skillkit.core.diagnostics import Diagnostic
    from skillkit.core.fixes import FixFile


def byte_order_mark(file: FixFile, diag: Diagnostic) -> list[Edit]:
    return [Edit(0, 1, "")] if file.bom else []


_QUOTED_BLANK = r"(?:\"[ \t]*\"|'[ \t]*')"
_BLOCK_BLANK = re.compile(rf"^[ \t]*-[ \t]*{_QUOTED_BLANK}[ \t]*$")


def blank_trigger(file: FixFile, diag: Diagnostic) -> list[Edit]:
    text = file.line(diag.line)
    if _BLOCK_BLANK.match(text):  # `  - ""` on a line of its own: the line goes
        return [Edit(*file.line_span(diag.line), "")]
    at = diag.column - 1
    token = re.compile(_QUOTED_BLANK).match(text, at)
    if token is None or "[" not in text[:at] or "]" not in text[token.end():]:
        return []
    after = re.compile(r"[ \t]*,[ \t]*").match(text, token.end())
    if after is not None:  # `[a, "", b]` -> `[a, b]`
        end = after.end()
        return [Edit(file.offset(diag.line, at + 1), file.offset(diag.line, end + 1), "")]
    before = re.search(r",[ \t]*$", text[:at])
    start = before.start() if before is not None else at
    return [Edit(file.offset(diag.line, start + 1), file.offset(diag.line, token.end() + 1), "")]


_PLAIN_ITEM = re.compile(r"^[ \t]*-[ \t]+([^\s#'\"]\S*|\"[^\"\\\s]+\"|'[^'\s]+')[ \t]*$")


def tools_list(file: FixFile, diag: Diagnostic) -> list[Edit]:
    parsed = file.parsed()
    if parsed is None or not isinstance(parsed.data, dict):
        return []
    tools = parsed.data.get("allowed-tools")
    if not isinstance(tools, list) or not tools or not all(isinstance(t, str) and t and not any(c.isspace() for c in t)
                                                           for t in tools):
        return []
    value = json.dumps(" ".join(tools), ensure_ascii=False)  # a YAML double-quoted scalar
    line, column = parsed.positions[("allowed-tools",)]
    key_line, _ = parsed.key_positions[("allowed-tools",)]
    text = file.line(line)
    if text[column - 1:column] == "[":  # flow list on one line: `[Read, Grep]` -> `"Read Grep"`
        close = text.find("]", column)
        if close < 0 or "[" in text[column:close] or "#" in text[column:close]:
            return []
        return [Edit(file.offset(line, column), file.offset(line, close + 2), value)]
    lines = [parsed.positions[("allowed-tools", i)][0] for i in range(len(tools))]
    if key_line == line or lines != list(range(lines[0], lines[0] + len(tools))) or \
            not all(_PLAIN_ITEM.match(file.line(n)) for n in lines):
        return []
    key_text = file.line(key_line)
    colon = key_text.find(":", parsed.key_positions[("allowed-tools",)][1] - 1)
    if colon < 0 or key_text[colon + 1:].strip():
        return []
    return [Edit(file.offset(key_line, colon + 2), file.offset(key_line, len(key_text) + 1), f" {value}"),
            Edit(file.line_span(lines[0])[0], file.line_span(lines[-1])[1], "")]


_UNKNOWN_KEY = re.compile(r"^unknown key `([^`]+)` \(did you mean `([^`]+)`\?\)")


def one_edit_fields(key: str, fields: list[str]) -> list[str]:
    """The fields one edit from `key` (a change of case alone counts as one)."""
    from skillkit.core.suggest import edits

    return [f for f in fields if f != key and (f.lower() == key.lower() or edits(key.lower(), f.lower(), 1) == 1)]


def rename_key(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """`alowed-tools:` -> `allowed-tools:`: the key alone is rewritten, when it is one edit from
    exactly one skill field (two fields as close: no fix) and that field is not set already."""
    from skillkit.core.fields import SKILL

    found = _UNKNOWN_KEY.match(diag.message)
    parsed = file.parsed()
    if found is None or parsed is None or not isinstance(parsed.data, dict):
        return []
    key, meant = found[1], found[2]
    if one_edit_fields(key, [f.name for f in SKILL.fields]) != [meant] or meant in parsed.data:
        return []
    at = file.offset(diag.line, diag.column)
    if file.raw[at:at + len(key)] != key or file.raw[at + len(key):at + len(key) + 1] != ":":
        return []  # a quoted or flow-written key: left as written
    return [Edit(at, at + len(key), meant)]


_TRY = re.compile(r"^`name` ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\") has .*; try '([a-z0-9-]+)'$")


def rename_skill(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """`name: Bad_Name` -> `name: bad-name`, the name the finding suggests, when the value is
    written plain on its line."""
    import ast

    found = _TRY.match(diag.message)
    if found is None:
        return []
    current, wanted = ast.literal_eval(found[1]), found[2]
    at = file.offset(diag.line, diag.column)
    if file.raw[at:at + len(current)] != current:
        return []
    rest = file.line(diag.line)[diag.column - 1 + len(current):]
    if rest.strip() and not rest.lstrip().startswith("#"):
        return []
    return [Edit(at, at + len(current), wanted)]


_SUPPRESSION = re.compile(r"(#\s*skillkit:\s*ignore(?:-file)?|<!--\s*skillkit:\s*ignore)\[([^\]\n]*)\]")
_UNUSED_ID = re.compile(r"^(?:the suppression of `([^`]+)` silences nothing|`([^`]+)` is not a rule id)")


def unused_suppression(file: FixFile, diag: Diagnostic) -> list[Edit]:
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


_QUOTE_IT = re.compile(r"quote it: `([^`:]+): (\"(?:[^\"\\]|\\.)*\")`$")


def quote_scalar(file: FixFile, diag: Diagnostic) -> list[Edit]:
    """`updated: 2026-03-05` -> `updated: "2026-03-05"`: the text as written, quoted, so every
    reader reads that text (only the warnings that say so; the rule's errors have no fix)."""
    found = _QUOTE_IT.search(diag.message)
    if found is None:
        return []
    written = json.loads(found[2])
    at = file.offset(diag.line, diag.column)
    if file.raw[at:at + len(written)] != written:
        return []
    return [Edit(at, at + len(written), found[2])]
