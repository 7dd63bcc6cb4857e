"""Which files of a workspace go into a pack: what lint's walk takes (core/walk.py: tool
folders, `.skillkit*` names, `.gitignore`d paths and the settings' `exclude` left out), less
the pack's own defaults and every `.skillignore` (gitignore syntax, each applying below its
own folder), less earlier packs. Links are refused, never followed."""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from skillkit.core.errors import VerdictError
from skillkit.core.paths import printable
from skillkit.core.walk import Walker, WalkRules
from skillkit.pack.names import unsafe_reason

IGNORE_FILE = ".skillignore"
# Always left out; a `!` line cannot bring them back (a `.git` folder is never a release file).
# Every name skillkit writes for itself starts so (temporary files, `skillkit-manifest.json` is
# the pack's own and has no dot): an interrupted run's leftovers never ship.
SKILLKIT_NAMES = ".skillkit"
DEFAULT_EXCLUDES = ("__pycache__", "*.pyc", ".DS_Store", "node_modules", ".git")


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file bound for a pack: its entry name (posix, relative to the root) and its file."""

    path: str
    file: Path
    executable: bool


def _utf8(name: str) -> bool:
    """os.scandir hands undecodable bytes over as lone surrogates; a zip cannot carry them."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refuse(rel: str, what: str) -> VerdictError:
    return VerdictError(f"{rel}: {what}; packs refuse it (list it in {IGNORE_FILE} to leave it out)")


def settings_walk(settings: Mapping[str, Any]) -> tuple[tuple[str, ...], bool]:
    """The settings' `exclude` and `respect-gitignore`, as `collect` takes them."""
    return tuple(str(p) for p in settings.get("exclude", []) or []), bool(settings.get("respect-gitignore", True))


def collect(root: Path, patterns: tuple[str, ...] = (), skip: frozenset[Path] = frozenset(),
            respect_gitignore: bool = True) -> list[SourceFile]:
    """The pack's files in sorted entry order. `patterns` are the settings' `exclude` lines;
    `skip` holds resolved paths to leave out (the output being written). Raises VerdictError
    for a link, a special file or a name that `unpack` would refuse, unless an exclude leaves
    it out first, and ConfigError for a `.skillignore` that cannot be read."""
    found: list[SourceFile] = []
    resolved_root = root.resolve()
    skipped = {p.relative_to(resolved_root).as_posix() for p in skip if p.is_relative_to(resolved_root)}
    rules = WalkRules(respect_gitignore=respect_gitignore, exclude=patterns, ignore_file=IGNORE_FILE,
                      defaults=DEFAULT_EXCLUDES, defaults_reason="never packed")
    for folder in Walker(root, rules).folders():
        if folder.error is not None:
            raise VerdictError(f"{folder.rel or '.'}: cannot list the folder: {folder.error}")
        prefix = folder.rel + "/" if folder.rel else ""
        for entry in folder.dirs:
            reason = unsafe_reason(prefix + entry.name)
            if reason is not None:
                raise _refuse(prefix + entry.name, f"has {reason}")
        for entry in folder.files:
            rel = prefix + entry.name
            if not _utf8(entry.name):
                raise _refuse(printable(rel), "a name that is not UTF-8 (a zip entry name must be)")
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:  # gone since the folder was listed
                raise VerdictError(f"{rel}: changed while it was being packed ({exc.strerror}); run pack again") from exc
            if stat.S_ISLNK(mode):
                raise _refuse(rel, "is a link")
            reason = unsafe_reason(rel)
            if reason is not None:
                raise _refuse(rel, f"has {reason}")
            if not stat.S_ISREG(mode):
                raise _refuse(rel, "is not a regular file")
            if rel not in skipped:  # no links below the root, so the relative name is the file
                found.append(SourceFile(rel, Path(entry.path), bool(mode & stat.S_IXUSR)))
    return sorted(found, key=lambda f: f.path)
