"""A skill's frontmatter as one client reads it, for `pack --target CLIENT`.

- The keys the client reads (its declaration's `keys`) stay as written.
- Each intent the skill states (pack/intents.py) is written in the client's spelling: a
  frontmatter key, a `metadata` key, or a key of a file of the client's own (Codex's
  `agents/openai.yaml`); the other clients' spellings go. An intent the client has no
  spelling for is reported as unsaid.
- Any other key is kept under `metadata` as a string where the client keeps such keys there
  (its packaging's `carry`) and it fits one (as the `.skill` export does, pack/reduce.py), or
  dropped; both are reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skillkit.clients.base import Client
from skillkit.pack.intents import Stated, consumed_keys, encode
from skillkit.pack.reduce import as_metadata_text, why_dropped


@dataclass(frozen=True)
class ClientReduction:
    frontmatter: dict[str, Any]
    moved: tuple[str, ...] = ()                   # keys kept under the client's `carry` key
    dropped: tuple[tuple[str, str], ...] = ()     # (key, why)
    converted: tuple[str, ...] = ()               # keys rewritten to the client's form
    spelled: tuple[str, ...] = ()                 # intents now in the client's spelling, in words
    unsaid: tuple[tuple[str, str], ...] = ()      # (intent, why the client cannot say it)
    files: dict[str, dict[str, Any]] = field(default_factory=dict)  # file -> {dotted key: value}


def thaw(value: Any) -> Any:
    """A frozen field value (tuples, read-only mappings) as plain lists and dicts, to write as YAML."""
    if isinstance(value, Mapping):
        return {str(k): thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


def words(intent: str) -> str:
    return intent.replace("_", " ")


class _Builder:
    """The reduction being made: kept keys, the carried metadata, and the report."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.keep = {k.name for k in client.keys}
        self.carry = client.packaging.carry if client.packaging.carry in self.keep else ""
        self.out: dict[str, Any] = {}
        self.carried: dict[str, str] = {}
        self.moved: list[str] = []
        self.dropped: list[tuple[str, str]] = []

    def unread(self, key: str, value: Any, taken: Mapping[str, Any]) -> None:
        """A key the client does not read: carried as a string where it keeps such keys, else dropped."""
        if not self.carry:
            self.dropped.append((key, f"{self.client.title} does not read it"))
        elif key in taken:
            self.dropped.append((key, f"`{self.carry}` already has `{key}`"))
        elif (text := as_metadata_text(value)) is not None:
            self.carried[key] = text
            self.moved.append(key)
        else:
            self.dropped.append((key, why_dropped(value)))


@dataclass
class _Placed:
    """The stated intents in the client's spelling, by where they go, and what to report."""

    front: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)
    files: dict[str, dict[str, Any]] = field(default_factory=dict)
    converted: list[str] = field(default_factory=list)
    spelled: list[str] = field(default_factory=list)
    unsaid: list[tuple[str, str]] = field(default_factory=list)


def _place(stated: Mapping[str, Stated], client: Client) -> _Placed:
    placed = _Placed()
    for intent, found in stated.items():
        spelling = client.spelling(intent)
        if not spelling.supported:
            placed.unsaid.append((words(intent), spelling.note))
            continue
        value, rewritten = encode(spelling, thaw(found.value))
        if rewritten:
            placed.converted.append(spelling.key)
        if spelling.place == "frontmatter":
            placed.front[spelling.key] = value
        elif spelling.place == "metadata":
            placed.meta[spelling.key] = value
        else:
            placed.files.setdefault(spelling.file, {})[spelling.key] = value
        if (spelling.place, spelling.key, spelling.file) != (found.spelling.place, found.spelling.key,
                                                             found.spelling.file):
            placed.spelled.append(f"{words(intent)}: {spelling.describe()} (was {found.spelling.describe()})")
    return placed


def for_client(fields: Mapping[str, Any], stated: Mapping[str, Stated], client: Client) -> ClientReduction:
    front_keys, meta_keys = consumed_keys()
    placed = _place(stated, client)
    build = _Builder(client)
    source_meta = fields.get("metadata") if isinstance(fields.get("metadata"), Mapping) else {}
    for key, value in fields.items():
        if key == "metadata":
            continue
        if key in front_keys:  # an intent: written in the client's spelling, if it has one
            if key in placed.front:
                build.out[key] = placed.front.pop(key)  # where the author put it
            continue
        if key in build.keep:
            build.out[key] = thaw(value)
        else:
            build.unread(key, value, source_meta)
    build.out.update(placed.front)
    metadata = {str(k): thaw(v) for k, v in source_meta.items() if str(k) not in meta_keys}
    if "metadata" in build.keep:
        metadata.update(placed.meta)
        metadata.update(build.carried)
        if metadata:
            build.out["metadata"] = metadata
    elif metadata:
        build.dropped.append(("metadata", f"{client.title} does not read it"))
    return ClientReduction(build.out, tuple(build.moved), tuple(build.dropped), tuple(placed.converted),
                           tuple(placed.spelled), tuple(placed.unsaid), placed.files)
