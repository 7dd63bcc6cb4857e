"""Completion: the keys a file of this kind may hold (a skill's, for its workspace's profile),
each with its documentation; a key's enum values (`when`, `selectiveLogic`, ...) and booleans;
skill names in scenes and agents; tool names and versions from the tools and the catalog; and
link targets among the skill's bundled files in Markdown."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from lsprotocol import types

from skillkit.server.context import Cursor, cursor_at
from skillkit.server.hover import field_doc

if TYPE_CHECKING:
    from skillkit.core.live import LiveWorkspace
    from skillkit.server.app import SkillkitServer

_LINK_OPEN = re.compile(r"\]\(([^)\s]*)$")


def item(label: str, kind: types.CompletionItemKind, doc: str | None = None, insert: str | None = None,
         detail: str | None = None) -> types.CompletionItem:
    return types.CompletionItem(label=label, kind=kind, detail=detail, insert_text=insert,
                                documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=doc)
                                if doc else None)


def keys(kind: str, live: LiveWorkspace | None, present: set[str]) -> list[types.CompletionItem]:
    """The top-level keys of a `kind` file not yet written; a skill's those its profile knows."""
    from skillkit.core.fields import KINDS

    document = KINDS.get(kind)
    if document is None:
        return []
    fields = list(document.fields)
    if kind == "skill" and live is not None:
        profile = live.judge.profile
        fields = [f for f in fields if f.world == "all" or f.world in profile.worlds or f.name in profile.extra_keys]
    return [item(f.name, types.CompletionItemKind.Field, field_doc(kind, f.name), f"{f.name}: ", f.world)
            for f in fields if f.name not in present]


def values(kind: str, key: str) -> list[types.CompletionItem]:
    """The values a key's schema allows, when they are few: an enum, or true and false."""
    from skillkit.core.fields import KINDS

    document = KINDS.get(kind)
    found = document.field(key) if document is not None else None
    if found is None:
        return []
    schema = found.schema.get("items", found.schema) if found.schema.get("type") == "array" else found.schema
    if "enum" in schema:
        return [item(str(v), types.CompletionItemKind.EnumMember, detail=f"{key}") for v in schema["enum"]]
    if schema.get("type") == "boolean":
        return [item(v, types.CompletionItemKind.Value, detail=key) for v in ("true", "false")]
    return []


def skill_names(live: LiveWorkspace, by_folder: bool) -> list[types.CompletionItem]:
    """Scenes link skills by folder name; agents reference them by name."""
    out = {}
    for file, checked in live.skills.items():
        name = file.parent.name
        data = checked.doc.data if checked.doc is not None else {}
        if not by_folder and isinstance(data.get("name"), str):
            name = data["name"]
        description = data.get("description") if isinstance(data.get("description"), str) else None
        out[name] = item(name, types.CompletionItemKind.Module, description, detail="skill")
    return list(out.values())


def tool_versions(live: LiveWorkspace) -> dict[str, set[object]]:
    """Every tool's versions: its file's own and those the catalog publishes."""
    out: dict[str, set[object]] = {}
    for checked in live.documents.values():
        data = checked.doc.data if checked.doc is not None else {}
        if checked.kind == "tool" and isinstance(data.get("name"), str):
            out.setdefault(data["name"], set()).add(data.get("version", 1))
        if checked.kind == "catalog" and isinstance(data.get("actions"), dict):
            for name, entry in data["actions"].items():
                if isinstance(entry, dict) and entry.get("kind") == "tool":
                    listed = entry.get("versions") or []
                    out.setdefault(str(name), set()).update(listed if isinstance(listed, list) else list(listed))
    return out


def bundled(live: LiveWorkspace | None, path: Path) -> list[types.CompletionItem]:
    """The files of the skill holding `path`, relative to `path`'s folder (a link's target)."""
    import os

    from skillkit.core.bundle import walk_bundle

    owner = live.owner(path) if live is not None else None
    if owner is None or owner.name != "SKILL.md":
        return []
    out = []
    for entry in walk_bundle(owner.parent).files:
        target = os.path.relpath(entry.path, path.parent).replace(os.sep, "/")
        out.append(item(target, types.CompletionItemKind.File, detail="bundled file"))
    return out


def _present(lines: Iterable[str]) -> set[str]:
    return {m.group(1) for line in lines if (m := re.match(r"^([A-Za-z0-9_][A-Za-z0-9_.-]*)\s*:", line))}


def complete(ls: SkillkitServer, path: Path, place: Cursor, lines: list[str]) -> list[types.CompletionItem]:
    found = ls.session.find(path)
    live = found[0] if found is not None else None
    before = place.text[:place.character]
    if place.section == "body" or (place.kind is None and path.suffix.lower() == ".md"):
        return bundled(live, path) if _LINK_OPEN.search(before) else []
    if place.kind is None:
        return []
    if not before.strip() or re.fullmatch(r"[A-Za-z0-9_.-]+", before):  # a key being typed at the top level
        return keys(place.kind, live, _present(lines) - {before.strip()})
    if live is None:
        return []
    own = place.path[-1] if place.path else None
    if place.kind == "scene" and place.top_key == "skills":
        return skill_names(live, by_folder=True)
    naming = own == "name" or re.search(r"name:\s*['\"]?[A-Za-z0-9_.-]*$", before) is not None  # `- {name: x}` too
    if place.top_key == "skills" and place.kind == "agent" and naming:
        return skill_names(live, by_folder=False)
    if place.top_key == "tools" and place.kind in ("agent", "skill") and (naming or own == "version"):
        versions = tool_versions(live)
        if naming:
            return [item(name, types.CompletionItemKind.Function, detail="tool") for name in sorted(versions)]
        named = re.search(r"name:\s*['\"]?([A-Za-z0-9_.-]+)", place.text) or _name_above(lines, place.line)
        listed = versions.get(named.group(1), set()) if named else set().union(*versions.values()) if versions else set()
        return [item(str(v), types.CompletionItemKind.Value, detail="version") for v in sorted(listed, key=str)]
    if place.top_key and ":" in before:
        return values(place.kind, place.top_key)
    return []


def _name_above(lines: list[str], line: int) -> re.Match[str] | None:
    for number in range(line - 1, max(-1, line - 4), -1):
        found = re.search(r"name:\s*['\"]?([A-Za-z0-9_.-]+)", lines[number])
        if found:
            return found
    return None


def register(server: SkillkitServer, feature: Callable[..., Any], path_of: Callable[[str], Path | None]) -> None:
    @feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":", " ", "(", "/", "-"]))
    def completion(ls: SkillkitServer, params: types.CompletionParams) -> types.CompletionList | None:
        path = path_of(params.text_document.uri)
        if path is None:
            return None
        text = ls.text(path)
        place = cursor_at(text, path, params.position)
        return types.CompletionList(is_incomplete=False, items=complete(ls, path, place, text.lines))  # type: ignore[attr-defined]
