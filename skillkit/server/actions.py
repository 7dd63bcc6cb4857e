"""Code actions: every fix `lint --fix` makes (preferred: they cannot change meaning), the
renames a finding's "did you mean" proposes, and "suppress this finding" with skillkit's own
comments: `# skillkit: ignore[rule-id]` at a YAML line's end (or `ignore-file` at the top of
the frontmatter, where a comment on the line would change its value), and
`<!-- skillkit: ignore[rule-id] -->` above a Markdown body line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types
from pygls.uris import from_fs_path

from skillkit.core.diagnostics import Diagnostic
from skillkit.server.context import file_kind, frontmatter_end
from skillkit.server.positions import Text

if TYPE_CHECKING:
    from skillkit.server.app import SkillkitServer

_MEANT = re.compile(r"`([^`]+)`[^`]*\(did you mean `([^`]+)`\?\)")
_LINE_COMMENT = re.compile(r"#\s*skillkit:\s*ignore\[([^\]\n]*)\]\s*$")


def edit_between(text: Text, after: str) -> types.TextEdit | None:
    """The one edit that turns `text` into `after`: what lies between their common start and end."""
    before = text.text
    if before == after:
        return None
    start = 0
    limit = min(len(before), len(after))
    while start < limit and before[start] == after[start]:
        start += 1
    end = 0
    while end < limit - start and before[len(before) - 1 - end] == after[len(after) - 1 - end]:
        end += 1
    return types.TextEdit(range=types.Range(types.Position(*text.at_offset(start)),
                                            types.Position(*text.at_offset(len(before) - end))),
                          new_text=after[start:len(after) - end])


def _action(title: str, uri: str, edit: types.TextEdit, diag: types.Diagnostic | None, preferred: bool = False,
            kind: str = types.CodeActionKind.QuickFix) -> types.CodeAction:
    return types.CodeAction(title=title, kind=kind, is_preferred=preferred or None,
                            diagnostics=[diag] if diag is not None else None,
                            edit=types.WorkspaceEdit(changes={uri: [edit]}))


def fixed(text: Text, shown: str, found: list[Diagnostic]) -> str:
    from skillkit.core.fixes import fix_text

    after, _ = fix_text(text.text, shown, found)
    return after


def rename(text: Text, finding: Diagnostic, lsp: types.Diagnostic) -> tuple[str, types.TextEdit] | None:
    """The did-you-mean rename of the name the finding points at, when the text there is it."""
    meant = _MEANT.search(finding.message)
    if meant is None:
        return None
    written, wanted = meant.group(1), meant.group(2)
    start = lsp.range.start
    line = text.line(start.line)
    at = text.points(start.line, start.character)
    quoted = line[at:at + 1] in ("'", '"')
    offset = at + (1 if quoted else 0)
    if line[offset:offset + len(written)] != written:
        return None
    begin = text.offset(start.line, 0) + offset
    after = text.text[:begin] + wanted + text.text[begin + len(written):]
    edit = edit_between(text, after)
    return (f"Rename `{written}` to `{wanted}`", edit) if edit is not None else None


def _parses_alike(before: str, after: str, kind: str | None) -> bool:
    """Whether a comment added keeps the data the same (inside a block scalar it would not)."""
    from skillkit.core.frontmatter import parse_frontmatter
    from skillkit.core.reader import SourceText
    from skillkit.core.yamlparse import parse_yaml

    def data(text: str) -> object:
        text = text.lstrip("\ufeff").replace("\r\n", "\n")
        if kind == "skill":
            _, parsed, _ = parse_frontmatter(SourceText("x", text, False))
        else:
            parsed = parse_yaml(text, "x", scalar_keys=kind in ("catalog", "session"))
        return repr(parsed.data) if parsed is not None and parsed.ok else None

    first = data(before)
    return first is not None and first == data(after)


def suppressions(text: Text, kind: str | None, finding: Diagnostic) -> list[tuple[str, str]]:
    """(title, the text after) for each way to silence `finding` in this file."""
    lines = text.text.split("\n")
    number = finding.line - 1
    if kind is None or not 0 <= number < len(lines):
        return []
    rule = finding.rule
    end = frontmatter_end(lines) if kind == "skill" else len(lines)
    out = []
    if kind == "skill" and (end is None or number > end):  # the body: a comment above the line
        indent = re.match(r"[ \t]*", lines[number].lstrip("\ufeff"))[0]  # type: ignore[index]
        added = lines[:number] + [f"{indent}<!-- skillkit: ignore[{rule}] -->"] + lines[number:]
        return [(f"Suppress `{rule}` on this line", "\n".join(added))]
    if end is None:
        return []
    line = lines[number]
    ending = "\r" if line.endswith("\r") else ""
    bare = line.removesuffix("\r")
    existing = _LINE_COMMENT.search(bare)
    if existing:
        rules = [r.strip() for r in existing.group(1).split(",") if r.strip()] + [rule]
        bare = bare[:existing.start()] + f"# skillkit: ignore[{', '.join(rules)}]"
    else:
        bare = f"{bare}  # skillkit: ignore[{rule}]"
    candidate = "\n".join(lines[:number] + [bare + ending] + lines[number + 1:])
    if (kind == "skill" and 0 < number < end or kind != "skill") and _parses_alike(text.text, candidate, kind):
        out.append((f"Suppress `{rule}` on this line", candidate))
    top = 1 if kind == "skill" else 0
    whole = lines[:top] + [f"# skillkit: ignore-file[{rule}]"] + lines[top:]
    out.append((f"Suppress `{rule}` in this file", "\n".join(whole)))
    return out


def actions(ls: SkillkitServer, path: Path, uri: str, want: types.Range) -> list[types.CodeAction]:
    from skillkit.core.fixes import FIXERS

    text = ls.text(path)
    found = ls.session.findings(path)
    shown = found[0].path if found else ls.session.shown(path)
    lsp = ls.lsp_diagnostics(path)
    out: list[types.CodeAction] = []
    for finding, diag in zip(found, lsp):
        if diag.range.end.line < want.start.line or diag.range.start.line > want.end.line:
            continue
        if finding.rule in FIXERS and (edit := edit_between(text, fixed(text, shown, [finding]))) is not None:
            out.append(_action(f"Fix `{finding.rule}`: {finding.message}", uri, edit, diag, preferred=True))
        if (renamed := rename(text, finding, diag)) is not None:
            out.append(_action(renamed[0], uri, renamed[1], diag, preferred=finding.rule not in FIXERS))
        for title, after in suppressions(text, file_kind(path), finding):
            if (edit := edit_between(text, after)) is not None:
                out.append(_action(title, uri, edit, diag))
    fixable = [f for f in found if f.rule in FIXERS]
    if fixable and (edit := edit_between(text, fixed(text, shown, fixable))) is not None:
        out.append(_action("Fix all that skillkit can fix", uri, edit, None, kind="source.fixAll.skillkit"))
    return out


def register(server: SkillkitServer, feature: Callable[..., Any], path_of: Callable[[str], Path | None]) -> None:
    @feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, "source.fixAll.skillkit"]))
    def code_action(ls: SkillkitServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        path = path_of(params.text_document.uri)
        if path is None:
            return None
        uri = from_fs_path(str(path)) or params.text_document.uri
        return actions(ls, path, params.text_document.uri or uri, params.range)
