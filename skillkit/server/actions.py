"""Code actions: every fix `lint --fix` makes (preferred: they cannot change meaning), the
renames a finding's "did you mean" proposes, and "suppress this finding" with skillkit's own
comments: `# skillkit: ignore[rule-id]` at a YAML line's end (or `ignore-file` at the top of
the frontmatter, where a comment on the line would change its value), and
`<!-- skillkit: ignore[rule-id] -->` above a Markdown body line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from lsprotocol import types
from pygls.uris import from_fs_path

from skillkit.core.diagnostics import Diagnostic
from skillkit.server.context import file_kind, frontmatter_end
from skillkit.server.positions import Text

if TYPE_CHECKING:
    from skillkit.core.rulebase import Fix
    from skillkit.server.app import SkillkitServer

_MEANT = re.compile(r"`([^`]+)`[^`]*\(did you mean `([^`]+)`\?\)")
# Findings under the cursor offered actions at most: each suppression builds and parses the
# whole text again, and a menu of hundreds helps nobody.
MAX_FINDINGS_ACTED_ON = 20
_LINE_COMMENT = re.compile(r"#\s*skillkit:\s*ignore\[([^\]\n]*)\]\s*$")


def _common_prefix(a: str, b: str) -> int:
    """How many leading characters `a` and `b` share: slices compared in C, halving the span,
    so a one-megabyte text costs a few dozen comparisons rather than a Python loop a character."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def edit_between(text: Text, after: str) -> types.TextEdit | None:
    """The one edit that turns `text` into `after`: what lies between their common start and end."""
    before = text.text
    if before == after:
        return None
    start = _common_prefix(before, after)
    limit = min(len(before), len(after)) - start
    end = min(_common_prefix(before[::-1], after[::-1]), limit)
    return types.TextEdit(range=types.Range(types.Position(*text.at_offset(start)),
                                            types.Position(*text.at_offset(len(before) - end))),
                          new_text=after[start:len(after) - end])


def _action(title: str, uri: str, edit: types.TextEdit, diag: types.Diagnostic | None, preferred: bool = False,
            kind: str = types.CodeActionKind.QuickFix) -> types.CodeAction:
    return types.CodeAction(title=title, kind=kind, is_preferred=preferred or None,
                            diagnostics=[diag] if diag is not None else None,
                            edit=types.WorkspaceEdit(changes={uri: [edit]}))


def fixed(text: Text, shown: str, found: list[Diagnostic], fixes: Mapping[str, Fix]) -> str:
    """The text with the rules' fixes (`fixes`) of `found` made, as `lint --fix` makes them."""
    from skillkit.core.fixes import fix_text

    after, _ = fix_text(text.text, shown, found, fixes)
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


def _fix_title(finding: Diagnostic, fix: Fix) -> str:
    caution = "" if fix.safe else " (unsafe: may change what the file means)"
    return f"Fix `{finding.rule}`{caution}: {finding.message}"


def actions(ls: SkillkitServer, path: Path, uri: str, want: types.Range) -> list[types.CodeAction]:
    """Every rule's fix (preferred when safe, as `--fix` makes only those), the did-you-mean
    rename (preferred: the person picks it, seeing the edit, unless a safe fix does otherwise),
    and the suppressions, for the findings in `want`; then "fix all" with the safe fixes."""
    from skillkit.core.fixes import usable
    from skillkit.rules import RULESET

    fixes = RULESET.fixes
    text = ls.text(path)
    found = ls.session.findings(path)
    shown = found[0].path if found else ls.session.shown(path)
    lsp = ls.lsp_diagnostics(path)
    out: list[types.CodeAction] = []
    near = [(finding, diag) for finding, diag in zip(found, lsp)
            if diag.range.end.line >= want.start.line and diag.range.start.line <= want.end.line]
    for finding, diag in near[:MAX_FINDINGS_ACTED_ON]:
        fix = fixes.get(finding.rule)
        edit = edit_between(text, fixed(text, shown, [finding], fixes)) if fix is not None else None
        renamed = rename(text, finding, diag)
        if fix is not None and edit is not None and (renamed is None or renamed[1] != edit):
            out.append(_action(_fix_title(finding, fix), uri, edit, diag, preferred=fix.safe))
        if renamed is not None:  # the rule's own fix when it makes the same edit: offered once, as a rename
            safe_other = fix is not None and fix.safe and edit is not None and renamed[1] != edit
            out.append(_action(renamed[0], uri, renamed[1], diag, preferred=not safe_other))
        for title, after in suppressions(text, file_kind(path), finding):
            if (suppress := edit_between(text, after)) is not None:
                out.append(_action(title, uri, suppress, diag))
    safe = usable(fixes)
    fixable = [f for f in found if f.rule in safe]
    if fixable and (edit := edit_between(text, fixed(text, shown, fixable, safe))) is not None:
        out.append(_action("Fix all that skillkit can fix safely", uri, edit, None, kind="source.fixAll.skillkit"))
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
