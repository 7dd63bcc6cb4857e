"""What a client is to skillkit: the program that finds SKILL.md files and shows them to a model.

A client is declared once, as data, in a module of its own (`skillkit/clients/<id>.py`), and
listed in the registry (`skillkit/clients/__init__.py`). Discovery, `name-unique`, `init`,
`new --client`, profiles, listing budgets, lint's `targets` and `pack --target` read these
declarations; nothing else in the code spells a client's folders, keys, limits or intents.

Everything here is plain data (the core reads it, so it may import nothing but itself). A
declaration the client's documentation is silent on is still written down, as "none" or
`NOT_SUPPORTED`: `Client.undeclared()` names what a module forgot, and a test holds it empty.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

import msgspec


class _Marker:
    """A named sentinel (its repr is its name, so a test failure reads plainly)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


UNDECLARED: Any = _Marker("UNDECLARED")  # a field the client's module has not filled in
NO_DEFAULT: Any = _Marker("NO_DEFAULT")  # a key whose client documents no default


class Key(msgspec.Struct, frozen=True, eq=False):
    """A frontmatter key (or a key of a client's own file) the client reads: its JSON Schema
    type, what it means, its documented default and any rule beyond the type, in words."""

    name: str
    schema: Mapping[str, Any]
    meaning: str
    default: Any = NO_DEFAULT
    rules: str = ""

    @property
    def has_default(self) -> bool:
        return self.default is not NO_DEFAULT


# The intents every client is asked about: one author's wish, spelled differently by each client.
INTENTS: dict[str, str] = {
    "model_invocation": "the model may load the skill on its own (not only when the user names it)",
    "user_invocation": "the user may start the skill by name (a `/` menu or slash command)",
    "allowed_tools": "tools the skill may use without asking",
}
PLACES = ("frontmatter", "metadata", "file", "none")
# How a value is written: `bool` true means the intent holds; `negated` true means it does not
# (`disable-model-invocation: true`); `text-bool` is "true"/"false" as a metadata string;
# `tools` is Claude Code's tool list (a space-separated string or a YAML list); `tool-string`
# only the spec's space-separated string.
FORMS = ("bool", "negated", "text-bool", "tools", "tool-string", "")


class Spelling(msgspec.Struct, frozen=True):
    """How one client writes one shared intent, or that it cannot (`place="none"`)."""

    place: str
    key: str = ""   # a frontmatter key, a `metadata` key, or a dotted path inside `file`
    form: str = ""
    file: str = ""  # for place "file": the file in the skill's folder (`agents/openai.yaml`)
    note: str = ""  # where the client documents it, or why it has no spelling

    def __post_init__(self) -> None:
        if self.place not in PLACES or self.form not in FORMS:
            raise ValueError(f"spelling {self!r}: place one of {PLACES}, form one of {FORMS}")
        if (self.place == "none") == bool(self.key) or (self.place == "file") != bool(self.file):
            raise ValueError(f"spelling {self!r}: a key unless unsupported, a file exactly when place is file")
        if self.place == "none" and not self.note:
            raise ValueError("an unsupported intent says why in `note`")

    @property
    def supported(self) -> bool:
        return self.place != "none"

    def describe(self) -> str:
        """The spelling in words, as reports quote it: `agents/openai.yaml` `policy.x`."""
        if self.place == "file":
            return f"`{self.key}` in {self.file}"
        return f"`metadata.{self.key}`" if self.place == "metadata" else f"`{self.key}`"


def not_supported(why: str) -> Spelling:
    return Spelling("none", note=why)


class Limits(msgspec.Struct, frozen=True):
    """What the client refuses or cuts. None: the client documents no limit."""

    name_chars: int | None
    description_chars: int | None
    reserved_words: tuple[str, ...] = ()      # words a name may not contain
    description_forbids: tuple[str, ...] = ()  # characters a description may not contain
    max_files: int | None = None              # files in one skill (its upload)
    max_bytes: int | None = None              # bytes of one skill's files, uncompressed
    note: str = ""


@dataclass(frozen=True)  # a dataclass still: tests/render replace() it with dataclasses.replace
class ListingBudget:
    """How much of the skill listing the client shows the model before it starts cutting.

    `strategy`: "none" (every skill listed in full), "drop-descriptions" (Claude Code: cut
    each description at `description_cap`, then drop descriptions from the end) or
    "round-robin" (Codex: description characters handed out one at a time). The listing gets
    `context_percent` of the context window (counted at `chars_per_token` characters, or for
    Codex UTF-8 bytes, a token), else `fallback_chars` characters. `entry` and `bare_entry`
    are one listing line with and without its description; `skills_home` is the install
    folder a line names (`{path}`)."""

    strategy: str
    context_percent: int = 0
    chars_per_token: int = 4
    fallback_chars: int = 0
    description_cap: int | None = None
    entry: str = ""
    bare_entry: str = ""
    skills_home: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.strategy not in ("none", "drop-descriptions", "round-robin"):
            raise ValueError(f"unknown listing strategy {self.strategy!r}")


class Packaging(msgspec.Struct, frozen=True):
    """How `pack --target` lays a skill out for the client. `form`: "folder" writes
    `<folder>/<name>/` under the output folder; "upload" writes one `<name>.skill` zip (one top
    folder named after the skill). `carry`: the key that keeps what the client does not read
    (as strings, "metadata"), or "" when such keys are dropped; either way they are reported."""

    form: str
    folder: str = ""
    carry: str = ""

    def __post_init__(self) -> None:
        if self.form not in ("folder", "upload") or (self.form == "folder") != bool(self.folder):
            raise ValueError(f"packaging {self!r}: a folder exactly when form is folder")


class ClientProfile(msgspec.Struct, frozen=True):
    """The lint profile named after the client (`--profile ID`): the open spec's rules, plus the
    client's own world when `own_world` (its keys, its files), with severity changes (rule id to
    "error", "warning", "info", or None for off)."""

    summary: str
    own_world: bool
    severities: tuple[tuple[str, str | None], ...] = ()


class SkillFile(msgspec.Struct, frozen=True):
    """A file of the client's own inside a skill's folder (Codex's `agents/openai.yaml`)."""

    path: str   # relative to the skill's folder, POSIX
    kind: str   # the document kind lint reads it as
    title: str
    where: str
    keys: tuple[Key, ...]


@dataclass(frozen=True)  # a dataclass still: undeclared() reads fields(), a test dataclasses.replace()s it
class Client:
    """One client's declaration.

    `project_folders` are relative to a project folder (the repository's top, or for a client
    that looks upward, every folder from the working folder up to it); each holds one skill
    folder per skill. `user_folders` are the same for the user's home (`~` spelled out).
    `extra_project_folders` are more project folders the client also reads (other clients'
    folders it reads for compatibility, or older ones), beyond those discovery's scope uses.
    `plugin_manifests` name the folder or file that marks a plugin root, whose `skills/` the
    client loads. `walks_up`: the client loads `project_folders` in every folder from the
    working folder up to the repository's top, not only at the top.

    The rest is declared by every client (`UNDECLARED` until it is; see `undeclared()`):
    `keys` are the frontmatter keys it reads, with their types; `limits`; `listing`, its
    skill-listing budget; `packaging`; its spelling of each intent of `INTENTS`; `profile`
    (None: no lint profile of its own); `skill_files`, files of its own in a skill's folder.
    """

    id: str
    title: str
    summary: str
    project_folders: tuple[str, ...] = ()
    user_folders: tuple[str, ...] = ()
    plugin_manifests: tuple[str, ...] = ()
    walks_up: bool = False
    docs: str = ""
    extra_project_folders: tuple[str, ...] = ()
    keys: tuple[Key, ...] = UNDECLARED
    limits: Limits = UNDECLARED
    listing: ListingBudget = UNDECLARED
    packaging: Packaging = UNDECLARED
    model_invocation: Spelling = UNDECLARED
    user_invocation: Spelling = UNDECLARED
    allowed_tools: Spelling = UNDECLARED
    profile: ClientProfile | None = UNDECLARED
    skill_files: tuple[SkillFile, ...] = UNDECLARED

    def __post_init__(self) -> None:
        for folder in (*self.project_folders, *self.user_folders, *self.extra_project_folders):
            if folder.endswith("/") or "\\" in folder:
                raise ValueError(f"client {self.id}: folder {folder!r} must be a plain POSIX path")

    def undeclared(self) -> list[str]:
        """The declarations this client's module leaves out (each must be said, even as "none")."""
        return [f.name for f in fields(self) if getattr(self, f.name) is UNDECLARED]

    def key(self, name: str) -> Key | None:
        return next((k for k in self.keys if k.name == name), None)

    def reads(self, name: str) -> bool:
        return any(k.name == name for k in self.keys)

    def spelling(self, intent: str) -> Spelling:
        if intent not in INTENTS:
            raise KeyError(intent)
        return getattr(self, intent)  # type: ignore[no-any-return]
