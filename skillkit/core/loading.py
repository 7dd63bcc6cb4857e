"""Which skills a client loads together: the scope of `name-unique`, and what `--show-files`
says of a skill no client loads (the client registry, skillkit/clients/, says the folders).

Two skills clash only when one client would load both:
- the same client folder (`.claude/skills/`, `.agents/skills/`, `.github/skills/`, ...: a
  skill folder directly in it), wherever it is (clients that look upward or into nested
  projects find them below the top too), and any `skills/` inside a hidden folder
  (`.hermes/skills`, `.hermes/skill-packs/x/skills`: an agent's own tree, even one the
  registry does not name), at any depth below it;
- the same plugin: a folder holding a client's plugin marker (`.claude-plugin/`), whose
  `skills/` the client loads, and the folders its manifests name (`plugin.json`'s `skills`,
  a `marketplace.json` plugin's `source` and `skills`);
- the same collection: a `skills/` folder (at a repository's top or a workspace root, which
  any folder holding `skills/` is), which installers and marketplaces load, at any depth
  below it (`skills/<category>/<name>/`).
A SKILL.md in none of them is loaded by no client: it is linted on its own.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import NamedTuple, Sequence

from skillkit.clients import REGISTRY, loaders_of, project_folders

COLLECTION = "skills"
MANIFEST_BYTES = 1024 * 1024
PLUGIN_FOLDER = ".claude-plugin"  # where a plugin's and a marketplace's manifests are
CLIENTS_OWN = ("client folder", "plugin")  # the groups only a client (never the platform) loads


class Group(NamedTuple):
    kind: str    # "client folder", "plugin", "collection"
    folder: str  # the folder that holds the group, absolute

    @property
    def kind_said(self) -> str:
        """`a client's folder (claude-code, opencode, goose)`, `a plugin`, `a collection`."""
        if self.kind == "client folder":
            spelled = _client_folder(self.folder)
            clients = ", ".join(client.id for client in loaders_of(spelled)) if spelled else ""
            return f"a client's folder ({clients or os.path.basename(os.path.dirname(self.folder)) + '/skills'})"
        return f"a {self.kind}"


@lru_cache(maxsize=1)
def _folders() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(folder.split("/")) for folder in project_folders())


@lru_cache(maxsize=1)
def _markers() -> tuple[str, ...]:
    return tuple(dict.fromkeys(marker for client in REGISTRY for marker in client.plugin_manifests))


def _client_folder(folder: str) -> str | None:
    """The client project folder (`.claude/skills`) that `folder` ends with, or None."""
    parts = folder.replace(os.sep, "/").split("/")
    for spelled in _folders():
        if tuple(parts[-len(spelled):]) == spelled:
            return "/".join(spelled)
    return None


def _manifest(path: str) -> dict[str, object]:
    """A plugin manifest's JSON object, or {} when it is missing, too big or no object."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read(MANIFEST_BYTES + 1)[:MANIFEST_BYTES])
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _paths(value: object) -> list[str]:
    """A manifest's `skills`: one relative path or a list of them."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [item for item in items if isinstance(item, str) and not os.path.isabs(item)]


def _agents_own(folder: str) -> bool:
    """`.hermes/skills`, `.windsurf/skills`: a hidden folder's `skills/`, some agent's own
    folder even when the registry does not name that agent (it is no platform workspace)."""
    return os.path.basename(folder) == COLLECTION and os.path.basename(os.path.dirname(folder)).startswith(".")


class Groups:
    """Each skill's group, with what the filesystem says remembered across skills (a
    thousand skills of one collection ask about the same few folders)."""

    def __init__(self) -> None:
        self._marked: dict[str, bool] = {}
        self._repo: dict[str, bool] = {}
        self._named: dict[str, tuple[str, ...]] = {}
        # what depends on a skill's parent folder alone, asked once for all its skills: a
        # thousand skills of one collection cost a thousand walks up the tree otherwise
        self._around: dict[str, tuple[Group | None, Group | None]] = {}
        self._above: dict[str, tuple[str, ...]] = {}
        self._cwd = os.getcwd()  # (abspath asks the OS for it on every call)

    def _plugin(self, folder: str) -> bool:
        if (known := self._marked.get(folder)) is None:
            known = self._marked[folder] = any(os.path.lexists(os.path.join(folder, m)) for m in _markers())
        return known

    def _declared(self, root: str) -> tuple[str, ...]:
        """The skill folders (or folders of skills) a plugin root's manifests name."""
        if (known := self._named.get(root)) is not None:
            return known
        found: list[str] = []
        plugin = _manifest(os.path.join(root, PLUGIN_FOLDER, "plugin.json"))
        found.extend(os.path.normpath(os.path.join(root, p)) for p in _paths(plugin.get("skills")))
        market = _manifest(os.path.join(root, PLUGIN_FOLDER, "marketplace.json"))
        for entry in market.get("plugins", []) if isinstance(market.get("plugins"), list) else []:
            source = entry.get("source") if isinstance(entry, dict) else None
            if isinstance(source, str) and not source.startswith(("http:", "https:", "git@")):
                base = os.path.normpath(os.path.join(root, source))
                found.append(os.path.join(base, COLLECTION))
                found.extend(os.path.normpath(os.path.join(base, p)) for p in _paths(entry.get("skills")))
        self._named[root] = known = tuple(found)
        return known

    def _in_plugin(self, folder: str) -> str | None:
        """The plugin root whose manifests name `folder` (or a folder above it), or None: the
        folder itself first, then each folder above it up to the repository's top."""
        if self._plugin(folder) and self._names(folder, folder):
            return folder
        if self._top(folder):
            return None
        up = os.path.dirname(folder)
        if up == folder:
            return None
        return next((root for root in self._plugins_from(up) if self._names(root, folder)), None)

    def _names(self, root: str, folder: str) -> bool:
        """Whether the plugin root's manifests name `folder` or a folder above it."""
        return any(folder == d or folder.startswith(d + os.sep) for d in self._declared(root))

    def _plugins_from(self, here: str) -> tuple[str, ...]:
        """The plugin roots at or above `here` up to the repository's top, nearest first."""
        if (known := self._above.get(here)) is not None:
            return known
        own = (here,) if self._plugin(here) else ()
        up = os.path.dirname(here)
        known = own if self._top(here) or up == here else own + self._plugins_from(up)
        self._above[here] = known
        return known

    def _hidden_above(self, folder: str) -> bool:
        """Whether a folder between `folder` and the repository's top is hidden (`.hermes/
        skill-packs/x/skills`): an agent's own tree, never a platform workspace."""
        here = os.path.dirname(folder)
        while not self._top(here):
            if os.path.basename(here).startswith("."):
                return True
            up = os.path.dirname(here)
            if up == here:
                return False
            here = up
        return False

    def _top(self, folder: str) -> bool:
        if (known := self._repo.get(folder)) is None:
            known = self._repo[folder] = os.path.lexists(os.path.join(folder, ".git"))
        return known

    def of(self, skill_file: str, follow: bool = False,
           entries: Sequence[os.DirEntry[str]] | None = None) -> Group | None:
        """The group of the skill whose SKILL.md is `skill_file`, or None: no client loads it
        there. `follow`: a linked SKILL.md is grouped where its target is (name-unique: it is
        checked in its target's workspace), else where the link is (where a client finds it).
        `entries`: the skill folder's listing as the walk made it, which answers what would
        otherwise be five questions to the OS a skill (a link, the markers, `.git`)."""
        if follow and self._linked(skill_file, entries):
            skill_file, entries = os.path.realpath(skill_file), None
        folder = os.path.dirname(os.path.normpath(os.path.join(self._cwd, skill_file)))
        if entries is not None:
            names = {entry.name for entry in entries}
            self._marked.setdefault(folder, any(marker in names for marker in _markers()))
            self._repo.setdefault(folder, ".git" in names)
        parent = os.path.dirname(folder)
        if (around := self._around.get(parent)) is None:
            around = self._around[parent] = self._around_parent(parent)
        client, collection = around
        if client is not None:
            return client
        if (plugin := self._in_plugin(folder)) is not None:
            return Group("plugin", plugin)
        return collection

    @staticmethod
    def _linked(skill_file: str, entries: Sequence[os.DirEntry[str]] | None) -> bool:
        if entries is None:
            return os.path.islink(skill_file)
        name = os.path.basename(skill_file)
        return any(entry.name == name and entry.is_symlink() for entry in entries)

    def _around_parent(self, parent: str) -> tuple[Group | None, Group | None]:
        """(the client folder a skill folder in `parent` is in, the plugin or collection a skill
        there is in when no plugin manifest names its folder); each None when there is none."""
        if _client_folder(parent) is not None or _agents_own(parent):
            return Group("client folder", parent), None
        here = parent  # (the skill's own folder may be a repository: a submodule in a collection)
        while True:
            if os.path.basename(here) == COLLECTION:
                above = os.path.dirname(here)
                if self._plugin(above):
                    return None, Group("plugin", above)
                kind = "client folder" if _agents_own(here) or self._hidden_above(here) else "collection"
                return None, Group(kind, here)
            up = os.path.dirname(here)
            if self._top(here) or up == here:  # never above the repository's top
                return None, None
            here = up
