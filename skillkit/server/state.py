"""The server's state: the workspaces it holds checked (core/live.py), the documents open in the
editor (their text stands in for the file's, as `lint --stdin-filename` does it), and the
settings. Every method answers which shown paths' findings changed; nothing here talks LSP."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from skillkit.core import reader
from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.errors import SkillkitError
from skillkit.core.live import LiveWorkspace, discover, skill_of
from skillkit.core.paths import current_base, display
from skillkit.core.workspace import PYPROJECT, SETTINGS_FILE, kind_here
from skillkit.server.settings import ClientSettings

SETTINGS_NAMES = (SETTINGS_FILE, PYPROJECT)
Log = Callable[[str], None]


class Session:
    def __init__(self, log: Log) -> None:
        self.log = log
        self.base = current_base()
        self.settings = ClientSettings()
        self.folders: list[Path] = []
        self.spaces: list[LiveWorkspace] = []
        self.named: dict[Path, LiveWorkspace] = {}  # a file opened that no walk of a folder found
        self.texts: dict[Path, str] = {}  # the open documents, as the client holds them
        self.broken: dict[str, Diagnostic] = {}  # settings files that cannot be used, by shown path
        self.stale: set[Path] = set()  # files changed on disk since their check, for the next load

    # --- loading ---------------------------------------------------------------------------
    def options_for(self, folder: Path) -> object | None:
        from skillkit.core.options import build_options
        from skillkit.rules import RULESET

        s = self.settings
        try:
            return build_options([folder], s.config, s.profile, s.select, s.ignore, registry=RULESET)
        except SkillkitError as exc:  # a settings file or a setting that cannot be used: said, not raised
            self._broken(exc)
            return None

    def _broken(self, exc: SkillkitError) -> None:
        where = getattr(exc, "path", None)
        self.log(f"skillkit: {exc}")
        if where:
            shown = display(Path(where), self.base)
            message = str(exc).removeprefix(f"{where}:").lstrip("0123456789:").strip()
            self.broken[shown] = Diagnostic(shown, getattr(exc, "line", None) or 1, getattr(exc, "column", None) or 1,
                                            "settings", Severity.ERROR, message or str(exc))

    def load(self, fresh: bool = False) -> set[Path]:
        """Discover and check every folder: every file that may have findings. The checks of
        unchanged files are kept, unless `fresh` (new settings judge every file anew)."""
        before = self.shown_paths()
        self.broken.clear()
        known = {} if fresh else {s.space.root: s for s in self.spaces if s.space.root is not None}
        self.spaces, self.named = [], {}
        from skillkit.core.parallel import Workers

        with Workers() as workers:
            for folder in self.folders:
                options = self.options_for(folder)
                if options is None:
                    continue
                try:  # paths shown from the folder, as `skillkit lint` run there shows them
                    found = discover([folder], options, os.path.realpath(folder))  # type: ignore[arg-type]
                except SkillkitError as exc:  # nothing to check there (not a skills repository)
                    self.log(f"skillkit: {exc}")
                    continue
                for live in found:
                    live.load(workers, known.get(live.space.root) if live.space.root is not None else None,
                              frozenset(self.stale))
                    self.spaces.append(live)
        self.stale = set()
        for path in list(self.texts):  # open files no walk found are checked as named
            self.find(path)
        self.log(f"skillkit: {sum(len(s.skills) + len(s.documents) for s in self.spaces):,} files checked in "
                 f"{len(self.spaces)} workspace(s)")
        return before | self.shown_paths()

    def shown_paths(self) -> set[Path]:
        """Every file that has findings now."""
        out = {self.absolute(shown) for shown in self.broken}
        for live in [*self.spaces, *self.named.values()]:
            out |= {Path(live.absolute(shown)) for shown in live.shown_paths()}
        return out

    # --- which workspace checks a file -----------------------------------------------------
    def find(self, path: Path) -> tuple[LiveWorkspace, Path] | None:
        """The workspace whose check reads `path`, and the file checked for it."""
        for live in self.spaces:
            owner = live.owner(path)
            if owner is not None:
                return live, owner
        if path in self.named:
            owner = self.named[path].owner(path)
            return (self.named[path], owner) if owner is not None else None
        return self._named(path)

    def _named(self, path: Path) -> tuple[LiveWorkspace, Path] | None:
        """A file no walk found (ignored, excluded, outside every folder) checked as `lint PATH`
        checks it: its workspace read for context."""
        if not path.is_file() or (kind_here(path) in (None, "settings") and skill_of(path) is None):
            return None
        target = path if kind_here(path) not in (None, "settings") else skill_of(path)
        options = self.options_for(path.parent)
        if options is None or target is None:
            return None
        folder = next((f for f in self.folders if path.is_relative_to(f)), path.parent)
        try:
            found = [live for live in discover([target], options, os.path.realpath(folder))  # type: ignore[arg-type]
                     if live.space.only is not None or live.space.root is None]
        except SkillkitError as exc:
            self.log(f"skillkit: {exc}")
            return None
        for live in found:
            owner = live.owner(path)
            if owner is not None:
                live.load()
                self.named[path] = live
                return live, owner
        return None

    # --- documents -------------------------------------------------------------------------
    def open(self, path: Path, text: str) -> set[Path]:
        self.texts[path] = text
        return self._edited(path, text)

    def change(self, path: Path, text: str) -> set[Path]:
        self.texts[path] = text
        return self._edited(path, text)

    def close(self, path: Path) -> set[Path]:
        """The editor let go of `path`: the file on disk is checked again in its place."""
        self.texts.pop(path, None)
        reader.STAND_INS.pop(os.path.abspath(path), None)
        changed = self._recheck([path])
        self.named.pop(path, None)
        return changed

    def _edited(self, path: Path, text: str) -> set[Path]:
        reader.STAND_INS[os.path.abspath(path)] = text.encode("utf-8", errors="surrogatepass")
        if path.name in SETTINGS_NAMES:
            return self._check_settings(path)
        return self._recheck([path])

    def _recheck(self, paths: Iterable[Path]) -> set[Path]:
        changed: set[Path] = set()
        for path in paths:
            found = self.find(path)
            if found is not None:
                live, owner = found
                changed |= {Path(live.absolute(shown)) for shown in live.update([owner])}
        return changed

    def _check_settings(self, path: Path) -> set[Path]:
        from skillkit.core.settings import load_settings_file

        shown = display(path, self.base)
        had = self.broken.pop(shown, None)
        try:
            load_settings_file(path)
        except SkillkitError as exc:
            self._broken(exc)
        return {path} if had != self.broken.get(shown) else set()

    def saved(self, path: Path) -> set[Path]:
        """A file was written: settings apply anew (as lint reads them at each run)."""
        if path.name in SETTINGS_NAMES or (self.settings.config is not None and path == self.settings.config):
            return self.load(fresh=True)
        return set()

    def watched(self, events: list[tuple[Path, str]]) -> set[Path]:
        """Files changed on disk (`created`, `changed`, `deleted`), as the client watches them."""
        if any(path.name in SETTINGS_NAMES for path, _ in events):
            return self.load(fresh=True)
        if any(kind != "changed" and (path.name == "SKILL.md" or path.suffix in (".yaml", ".yml"))
               for path, kind in events):
            self.stale = {path for path, _ in events} | set(self.texts)
            return self.load()  # a file added or removed: discovery again, each unchanged check kept
        return self._recheck(path for path, _ in events if path not in self.texts)

    # --- answers ---------------------------------------------------------------------------
    def findings(self, path: Path) -> list[Diagnostic]:
        """What lint reports for `path`, as the editor holds it."""
        shown = display(path, self.base)
        if shown in self.broken:
            return [self.broken[shown]]
        found = self.find(path) if path in self.texts else None
        spaces = [found[0]] if found is not None else [*self.spaces, *self.named.values()]
        for live in spaces:
            own = display(path, live.base)
            if own in live.by_path or found is not None:
                return live.findings(own)
        return []

    def shown(self, path: Path) -> str:
        """`path` as findings show it (from its workspace folder)."""
        found = self.find(path)
        return display(path, found[0].base if found is not None else self.base)

    def absolute(self, shown: str) -> Path:
        return Path(os.path.normpath(os.path.join(self.base, shown)))
