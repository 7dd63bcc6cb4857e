"""How paths are shown: relative to the working folder when under it, always with `/`."""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

import msgspec

# Lone surrogates: os.fsdecode keeps the bytes of a file name that is not UTF-8 as U+DC80-U+DCFF.
_SURROGATE = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    """`text` as valid Unicode: each byte of a non-UTF-8 file name as `\\xNN`, so every report
    (JSON included) stays encodable, as `caf\\xe9` rather than a crash or invalid UTF-8."""
    if not _SURROGATE.search(text):
        return text
    return _SURROGATE.sub(lambda m: f"\\x{ord(m[0]) - 0xDC00:02x}" if ord(m[0]) >= 0xDC80 else f"\\u{ord(m[0]):04x}", text)


# What a terminal acts on instead of showing: C0 controls but tab (ESC moves the cursor, sets
# window titles; a newline forges a line), DEL, C1 controls, Unicode line and paragraph
# separators, and the bidirectional overrides and isolates that reorder what is shown.
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# The same in a block of lines (a rendered prompt block, a report): newline and tab are its own.
_CONTROL_IN_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape_control(match: re.Match[str]) -> str:
    # C0 as `\x1b`; DEL, C1 and the rest as `\u009b`, `\u202e`: the JSON spelling of the same
    # character, so JSON written through an escaping stream decodes to what it held.
    char = match[0]
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x20 else f"\\u{ord(char):04x}")


def shown_unchanged(text: str) -> bool:
    """Whether shown(text) is `text` itself (and so of each part of it): one search for the
    many short parts of a long report, instead of two searches each."""
    return not _CONTROL.search(text) and not _SURROGATE.search(text)


def shown(text: str, lines: bool = False) -> str:
    """`text` from input (a path, a manifest field, an entry or skill name) made safe for a
    terminal and for line-based formats: every control character as a visible escape. The one
    escaping function of human output: with `lines`, `text` is a block whose newlines and tabs
    stay (what the standard streams of every command pass through, see `reporters/terminal.py`)."""
    text = printable(text)
    pattern = _CONTROL_IN_LINES if lines else _CONTROL
    if not pattern.search(text):
        return text
    return pattern.sub(_escape_control, text)


def current_base() -> str:
    """The working folder, links resolved: compute once per run, pass to `display`."""
    return os.path.realpath(os.getcwd())


class Resolved(msgspec.Struct):
    """display's memo for one caller's run over thousands of paths: each path resolved, and the
    paths a walk listed as no link (`plain`: a folder it walked below its top, a file whose
    entry is no link), which need no look of their own."""

    found: dict[str, str] = msgspec.field(default_factory=dict)
    plain: set[str] = msgspec.field(default_factory=set)


# Files that stand for something else, by absolute path -> the name shown for them: standard
# input (`-`) is read into a private temporary file that every reader opens as any other, and
# each message names it as the user did.
STANDS_FOR: dict[str, str] = {}


def as_given(path: Path | str) -> str:
    """`path` as the user gave it (no relative form made), or the name of what it stands for."""
    if STANDS_FOR and (stands_for := STANDS_FOR.get(os.path.abspath(path))) is not None:
        return stands_for
    return str(path)


def display(path: Path, base: str | None = None, folders: Resolved | None = None) -> str:
    """`path` as shown: relative to `base` (the working folder) when under it, links followed."""
    start = base if base is not None else current_base()
    absolute = os.path.abspath(path)
    if STANDS_FOR and absolute in STANDS_FOR:
        return STANDS_FOR[absolute]
    prefix = start + os.sep
    if not absolute.startswith(prefix):
        # the cheap way failed: follow links before giving up
        absolute = os.path.realpath(path) if folders is None else _real(os.fspath(path), folders)
    if absolute.startswith(prefix):
        # abspath has normalized it: what follows the base is relpath's answer, without its cost
        # (lint shows thousands of paths a run)
        relative = absolute[len(prefix):]
        return printable(relative if os.sep == "/" else relative.replace(os.sep, "/"))
    # a Path is normalised already, and on POSIX is its posix form: no new Path for it
    return printable(str(path) if os.sep == "/" and isinstance(path, PurePosixPath) else Path(path).as_posix())


def _real(path: str, folders: Resolved) -> str:
    """os.path.realpath(path), each folder resolved once (`folders` remembers them): realpath
    checks every part of every path, and the skills of a tree outside the working folder
    share all their parts but the last two."""
    found = folders.found.get(path)
    if found is None:
        parent, name = os.path.split(path)
        if not name or name in (".", "..") or not parent or parent == path:
            found = os.path.realpath(path)  # a top, `..` or a bare name: realpath's own answer
        else:
            joined = os.path.join(_real(parent, folders), name)
            plain = path in folders.plain
            found = os.path.realpath(joined) if not plain and os.path.islink(joined) else joined
        folders.found[path] = found
    return found


def _has_git(folder: Path) -> bool:
    return (folder / ".git").exists()


def folders_up_to_repo_top(start: Path, resolve: Callable[[Path], Path] = Path.resolve,
                           is_top: Callable[[Path], bool] = _has_git,
                           is_dir: Callable[[Path], bool] = Path.is_dir) -> Iterator[Path]:
    """`start` (or its folder, for a file) and its parents, nearest first, ending with the
    repository's top (the folder holding `.git`) or the filesystem root: where settings and
    workspaces are looked for, never outside the repository being worked on. `resolve` and
    `is_top` may be memoised versions (discovery asks for thousands of named files); discovery
    asks `is_dir` of its file-system view (core/fsview.py)."""
    folder = resolve(start)
    if not is_dir(folder):
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        yield candidate
        if is_top(candidate):
            return
