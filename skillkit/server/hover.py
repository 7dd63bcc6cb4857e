"""Hover: a frontmatter or workspace-file key shows its field's documentation from the field
registry (type, default, limits, the worlds that read it); a rule id in a suppression comment,
or a place a finding is about, shows that rule's documentation."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from lsprotocol import types

from skillkit.server.context import Cursor, cursor_at

if TYPE_CHECKING:
    from skillkit.server.app import SkillkitServer

_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")


def word_at(text: str, character: int) -> str | None:
    for match in _WORD.finditer(text):
        if match.start() <= character <= match.end():
            return match[0]
    return None


def type_of(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return " | ".join(f"`{v}`" for v in schema["enum"])
    if "oneOf" in schema or "anyOf" in schema:
        return " or ".join(type_of(s) for s in schema.get("oneOf", schema.get("anyOf", [])))
    kind = schema.get("type", "any")
    if kind == "array" and isinstance(schema.get("items"), dict):
        return f"list of {type_of(schema['items'])}"
    return " or ".join(kind) if isinstance(kind, list) else str(kind)


def field_doc(kind: str, name: str) -> str | None:
    """The field reference's entry for key `name` of a `kind` file, as Markdown."""
    from skillkit.core.fields import KINDS

    document = KINDS.get(kind)
    found = document.field(name) if document is not None else None
    if found is None:
        return None
    limits = {k: v for k, v in found.schema.items() if k in ("minimum", "maximum", "minLength", "maxLength",
                                                              "maxItems", "minItems", "pattern")}
    lines = [f"**`{found.name}`** ({document.title})", "", found.meaning, "",  # type: ignore[union-attr]
             f"- type: {type_of(found.schema)}"]
    if found.has_default:
        lines.append(f"- default: `{json.dumps(found.default)}`")
    elif found.required:
        lines.append("- required")
    if limits:
        lines.append("- limits: " + ", ".join(f"{k} {v}" for k, v in limits.items()))
    if found.rules:
        lines.append(f"- rules: {found.rules}")
    lines.append(f"- read by: {'every world' if found.world == 'all' else found.world}")
    lines.append(f"- reported as: `{found.rule}`")
    return "\n".join(lines)


def rule_doc(rule_id: str) -> str | None:
    from skillkit.reporters.sarif import RULES_DOC
    from skillkit.rules import BY_ID

    rule = BY_ID.get(rule_id)
    if rule is None:
        return None
    return f"**`{rule.id}`** ({rule.severity}, {rule.world})\n\n{rule.doc}\n\n[{rule.id}]({RULES_DOC}#{rule.id})"


def hover_text(ls: SkillkitServer, path: Path, place: Cursor) -> str | None:
    parts = []
    word = word_at(place.text, place.character)
    if word and "skillkit:" in place.text and (doc := rule_doc(word)):
        return doc  # a suppression comment's rule id
    if place.kind is not None and place.section != "body" and place.on_key and place.top_key:
        doc_kind = "skill" if place.kind == "skill" else place.kind
        if (doc := field_doc(doc_kind, place.top_key)) is not None:
            parts.append(doc)
    line, column = ls.text(path).place(place.line, place.character)
    for finding in ls.session.findings(path):
        if finding.line == line and finding.column <= column and (doc := rule_doc(finding.rule)):
            text = f"{finding.message}\n\n{doc}"
            if text not in parts:
                parts.append(text)
    return "\n\n---\n\n".join(parts) if parts else None


def register(server: SkillkitServer, feature: Callable[..., Any], path_of: Callable[[str], Path | None]) -> None:
    @feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: SkillkitServer, params: types.HoverParams) -> types.Hover | None:
        path = path_of(params.text_document.uri)
        if path is None:
            return None
        place = cursor_at(ls.text(path), path, params.position)
        found = hover_text(ls, path, place)
        if found is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found))
