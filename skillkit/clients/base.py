"""What a client is to skillkit: the program that finds SKILL.md files and shows them to a model.

A client is declared once, as data, in a module of its own (`skillkit/clients/<id>.py`), and
listed in the registry (`skillkit/clients/__init__.py`). Discovery, `name-unique`, `init`,
`new --client`, profiles and `pack --target` read these declarations; nothing else in the code
spells a client's folders.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Client:
    """One client's declaration.

    `project_folders` are relative to a project folder (the repository's top, or for a client
    that looks upward, every folder from the working folder up to it); each holds one skill
    folder per skill. `user_folders` are the same for the user's home (`~` spelled out).
    `plugin_manifests` name the folder or file that marks a plugin root, whose `skills/` the
    client loads. `walks_up`: the client loads `project_folders` in every folder from the
    working folder up to the repository's top, not only at the top.
    """

    id: str
    title: str
    summary: str
    project_folders: tuple[str, ...] = ()
    user_folders: tuple[str, ...] = ()
    plugin_manifests: tuple[str, ...] = ()
    walks_up: bool = False
    docs: str = ""

    def __post_init__(self) -> None:
        for folder in (*self.project_folders, *self.user_folders):
            if folder.endswith("/") or "\\" in folder:
                raise ValueError(f"client {self.id}: folder {folder!r} must be a plain POSIX path")
