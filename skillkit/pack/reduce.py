"""A skill's frontmatter reduced to the open Agent Skills fields, for the `.skill` export.

The spec defines `name`, `description`, `license`, `compatibility`, `metadata` (string to
string) and `allowed-tools` (a space-separated string). Every other field (the studio's and
the platform's, `version` among them, or any other key) moves under `metadata` when it fits a
string, and is dropped otherwise; both are reported:
- a string, number, boolean or date becomes its text (`true`, `3`, `0.5`, `2024-05-01`);
- a non-empty list of strings, numbers or booleans becomes a JSON array in a string
  (`triggers: ["kingdom","king"]`), so nothing an author wrote is silently flattened;
- mappings, lists of mappings (`tools`, `examples`), empty values and nulls are dropped;
- a key `metadata` already holds keeps the author's value; the field is dropped.
A YAML list in `allowed-tools` (Claude Code's form) is joined with spaces (the spec's form).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

SPEC_ORDER = ("name", "description", "license", "compatibility", "allowed-tools", "metadata")
_SCALARS = (str, int, float, bool)


@dataclass(frozen=True)
class Reduction:
    frontmatter: dict[str, Any]
    moved: tuple[str, ...] = ()                   # fields kept under `metadata`
    dropped: tuple[tuple[str, str], ...] = ()     # (field, why)
    converted: tuple[str, ...] = ()               # spec fields rewritten to the spec's form

    @property
    def changed(self) -> bool:
        """False when the frontmatter held only spec fields in the spec's form already."""
        return bool(self.moved or self.dropped or self.converted)


def as_metadata_text(value: Any) -> str | None:
    """The string a value keeps under `metadata`, or None when it does not fit one."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _SCALARS):
        return str(value)
    if isinstance(value, datetime.date):  # YAML reads `2024-05-01` as a date
        return value.isoformat()
    if isinstance(value, Sequence) and value and all(isinstance(v, _SCALARS) for v in value):
        return json.dumps(list(value), ensure_ascii=False, separators=(",", ":"))
    return None


def why_dropped(value: Any) -> str:
    if value is None or (isinstance(value, (Mapping, Sequence)) and not value):
        return "empty"
    return "a structure a metadata string cannot hold"


def reduce_frontmatter(fields: Mapping[str, Any]) -> Reduction:
    metadata: dict[str, str] = {str(k): str(v) for k, v in (fields.get("metadata") or {}).items()}
    kept: dict[str, Any] = {}
    moved: list[str] = []
    dropped: list[tuple[str, str]] = []
    converted: list[str] = []
    for key, value in fields.items():
        if key == "metadata":
            continue
        if key == "allowed-tools" and not isinstance(value, str):
            kept[key] = " ".join(str(v) for v in value)
            converted.append(key)
        elif key in SPEC_ORDER:
            kept[key] = value
        elif key in metadata:
            dropped.append((key, f"`metadata` already has `{key}`"))
        elif (text := as_metadata_text(value)) is not None:
            metadata[key] = text
            moved.append(key)
        else:
            dropped.append((key, why_dropped(value)))
    if metadata:
        kept["metadata"] = metadata
    ordered = {key: kept[key] for key in SPEC_ORDER if key in kept}
    return Reduction(ordered, tuple(moved), tuple(dropped), tuple(converted))


def skill_text(frontmatter: Mapping[str, Any], body: str) -> str:
    """A SKILL.md: the frontmatter in one stable YAML style (block style, insertion order,
    no line folding, UTF-8 as is), then the body unchanged."""
    dumped = yaml.safe_dump(dict(frontmatter), sort_keys=False, allow_unicode=True,
                            default_flow_style=False, width=1 << 30)
    return f"---\n{dumped}---\n{body}"
