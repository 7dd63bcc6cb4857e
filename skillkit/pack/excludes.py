"""Which files of a workspace go into a pack: every regular file under the root, less the
default excludes, the settings' `exclude` patterns and every `.skillignore` (gitignore syntax,
each applying below its own folder), less earlier packs. Links are refused, never followed."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from skillkit.core.errors import ConfigError, VerdictError
from skillkit.core.paths import printable
from skillkit.core.reader import read_text
from skillkit.core.ignore import IgnoreLayer, compile_lines, ignored
from skillkit.pack.names import unsafe_reason

IGNORE_FILE = ".skillignore"
# Always left out; a `!` line cannot bring them back (a `.git` folder is never a release file).
# Every name skillkit writes for itself starts so (temporary files, `skillkit-manifest.json` is
# the pack's own and has no dot): an interrupted run's leftovers never ship.
SKILLKIT_NAMES = ".skillkit"
DEFAULT_EXCLUDES = ("__pycache__", "*.pyc", ".DS_Store", "node_modules", ".git")
_DEFAULTS = IgnoreLayer("", compile_lines(DEFAULT_EXCLUDES))


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One file bound for a pack: its entry name (posix, relative to the root) and its file."""

    path: str
    file: Path
    executable: bool


def _read_layer(file: Path, base: str) -> IgnoreLayer:
    shown = file.as_posix()
    source, findings = read_text(file, shown)
    if source is None:
        first = findings[0]
        raise ConfigError(first.message, shown, first.line, first.column)
    return IgnoreLayer(base, compile_lines(source.text.split("\n")))


def _utf8(name: str) -> bool:
    """os.scandir hands undecodable bytes over as lone surrogates; a zip cannot carry them."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refuse(rel: str, what: str) -> VerdictError:
    return VerdictError(f"{rel}: {what}; packs refuse it (list it in {IGNORE_FILE} to leave it out)")


def collect(root: Path, patterns: tuple[str, ...] = (), skip: frozenset[Path] = frozenset()) -> list[SourceFile]:
    """The pack's files in sorted entry order. `patterns` are the settings' `exclude` lines
    (lowest precedence, as git's info/exclude); `skip` holds resolved paths to leave out
    (the output being written). Raises VerdictError for a link, a special file or a name
    that `unpack` would refuse, unless an exclude leaves it out first."""
    found: list[SourceFile] = []
    resolved_root = root.resolve()
    skipped = {p.relative_to(resolved_root).as_posix() for p in skip if p.is_relative_to(resolved_root)}
    base_layers = [IgnoreLayer("", compile_lines(patterns))] if patterns else []
    stack: list[tuple[Path, str, list[IgnoreLayer]]] = [(root, "", base_layers)]
    while stack:
        folder, rel_folder, layers = stack.pop()
        own = folder / IGNORE_FILE
        if own.is_file() and not own.is_symlink():
            layers = [*layers, _read_layer(own, rel_folder)]
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            raise VerdictError(f"{rel_folder or '.'}: cannot list the folder: {exc.strerror or exc}") from exc
        for entry in entries:
            if entry.name.startswith(SKILLKIT_NAMES):  # skillkit's own temporaries, live or left by a kill
                continue
            rel = f"{rel_folder}/{entry.name}" if rel_folder else entry.name
            if not _utf8(entry.name):
                raise _refuse(printable(rel), "a name that is not UTF-8 (a zip entry name must be)")
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:  # gone since the folder was listed
                raise VerdictError(f"{rel}: changed while it was being packed ({exc.strerror}); run pack again") from exc
            is_dir = stat.S_ISDIR(mode)
            if ignored([_DEFAULTS], rel, is_dir) or ignored(layers, rel, is_dir):
                continue
            if stat.S_ISLNK(mode):
                raise _refuse(rel, "is a link")
            reason = unsafe_reason(rel)
            if reason is not None:
                raise _refuse(rel, f"has {reason}")
            if is_dir:
                stack.append((Path(entry.path), rel, layers))
            elif not stat.S_ISREG(mode):
                raise _refuse(rel, "is not a regular file")
            elif rel not in skipped:  # no links below the root, so the relative name is the file
                found.append(SourceFile(rel, Path(entry.path), bool(mode & stat.S_IXUSR)))
    return sorted(found, key=lambda f: f.path)
