"""Named SKILL.md files answered from their workspace's walk instead of from the OS.

pre-commit names every changed file, and on a first run (or `--all-files`) that is thousands
of SKILL.md files under one `skills/` folder. Discovery asks the OS five things about each
named file (open and fstat it, look for a link at each part, look for `.git` beside it),
~20 µs a file on a small VM: naming the 2,000 files of a collection cost more than walking it.
Once the file's workspace root has been walked, the walk's listing answers all of them for a
file written as the walk found it: the root is resolved and the walk follows no link, so a
path equal to one it found is its own real path, and the listing of the skill's folder says
whether its SKILL.md is a regular file and whether `.git` is beside it. Only the open is
left to the OS (a file named must open, or the run stops with exit 2). Anything else (a `..`,
a link, a file the walk left out, a root not walked yet) is answered the long way."""

from __future__ import annotations

import os
from pathlib import Path

from skillkit.core.reader import OPEN_FLAGS

SKILL_FILE = "SKILL.md"


class WalkedSkills:
    """The skills one root's walk found, by the text of their path (a SKILL.md reached
    through a linked folder is not among them: only those the walk listed itself)."""

    def __init__(self, listed_in: dict[Path, str], listings: dict[str, list[os.DirEntry[str]]]) -> None:
        self._found = {os.fspath(path): path for path in listed_in}
        self._listed_in = listed_in
        self._listings = listings

    def match(self, absolute: str) -> Path | None:
        """The walk's Path for the named file `absolute` (normalized, absolute), when the walk
        found it so and its listing says it is a plain regular file in a folder that is not a
        repository's top (then enclosing_root would stop at it); else None."""
        path = self._found.get(absolute)
        if path is None:
            return None
        regular = False
        for entry in self._listings.get(self._listed_in[path], ()):
            if entry.name == ".git":
                return None
            if entry.name == SKILL_FILE:
                try:  # (the entry's type as the listing gave it: no call to the OS on Linux)
                    regular = entry.is_file(follow_symlinks=False)
                except OSError:
                    return None
        return path if regular and opens(absolute) else None


def plain_absolute(path: Path, cwd: str) -> str | None:
    """A named SKILL.md as an absolute, normalized path (`cwd`: the working folder, resolved),
    without asking the OS; None when it is no SKILL.md or only the OS can say (a `..` may
    step back out of a link)."""
    text = os.fspath(path)
    if os.path.basename(text) != SKILL_FILE or (".." in text and ".." in text.replace(os.sep, "/").split("/")):
        return None
    return os.path.normpath(text if os.path.isabs(text) else os.path.join(cwd, text))


def opens(absolute: str) -> bool:
    """Whether the file opens for reading (a file named must: else the long way says why)."""
    try:
        os.close(os.open(absolute, OPEN_FLAGS))  # (as the reader opens: a FIFO never blocks)
    except OSError:
        return False
    return True
