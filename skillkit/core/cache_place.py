"""Where lint's cache lives, whether a cache folder may be trusted, and removing it.

One cache a repository: `.skillkit_cache/` at the repository's top (the folder holding
`.git`); outside any repository, at the workspace root (or the working folder for skills
outside any root), and never inside a client's own folder (`.claude/`, `.agents/`, ...), which
clients load and installers copy. In it, one folder per workspace (`lint-<home>-<workspace>`),
whatever the options or the number of runs: a run under other options rewrites its entries
rather than adding a folder, and folders of the old pickle format or unused for STALE_DAYS
are removed.

`cache-dir` (a repository's setting) may name a folder inside the repository or under the
user's cache folder (`$XDG_CACHE_HOME/skillkit`, by default `~/.cache/skillkit`), nothing
else: a cloned repository must not make skillkit write elsewhere. `SKILLKIT_CACHE_DIR` is the
user's own choice and is taken as given.

As ssh treats its keys, a cache folder or file not owned by the user running skillkit, or
writable by its group or by others, is not read (nor written): someone else could have put
anything there.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import time
from pathlib import Path

from skillkit.core.errors import ConfigError
from skillkit.core.fingerprint import CACHE_FOLDER as FOLDER

STALE_DAYS = 30
_LEGACY = re.compile(r"lint-[0-9a-f]{20}")  # the pickle format's folders: never read again
_OURS = re.compile(r"lint-[0-9a-f]{12}-[0-9a-f]{12}")
TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"  # the cache directory tag backup tools know
       "# This file is a cache directory tag created by skillkit (`skillkit clean` removes the cache).\n")
IGNORE = "# Written by skillkit: its lint cache is no part of the repository.\n*\n"


def user_cache_folder() -> Path:
    """`$XDG_CACHE_HOME/skillkit` (an absolute XDG_CACHE_HOME only, as the spec says), else
    `~/.cache/skillkit`."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "skillkit"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:12]


def home_of(root: Path | None) -> Path:
    """The folder a workspace's default cache is in: the repository's top, else the workspace
    root (the working folder for skills outside any root), lifted out of a client's folder."""
    from skillkit.core.walk import repo_top

    start = Path(os.path.realpath(root if root is not None else Path.cwd()))
    top = repo_top(start)
    return top if top is not None else _outside_client_folders(start)


def _outside_client_folders(folder: Path) -> Path:
    """`folder`, or the folder holding the outermost client folder (`.claude`) it is inside."""
    from skillkit.clients import project_folders

    tops = {client_folder.split("/")[0] for client_folder in project_folders()}
    parts = folder.parts
    for index, part in enumerate(parts):
        if part in tops and index > 0:
            return Path(*parts[:index])
    return folder


def cache_root(root: Path | None, settings: dict[str, object], settings_source: Path | None) -> Path:
    """The cache folder of a workspace: `SKILLKIT_CACHE_DIR`, the settings' `cache-dir` (from
    the settings file's folder), else `.skillkit_cache/` in `home_of(root)`. ConfigError when
    `cache-dir` points outside both the repository and the user's cache folder."""
    chosen = os.environ.get("SKILLKIT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    configured = settings.get("cache-dir")
    if isinstance(configured, str) and configured:
        base = settings_source.parent if settings_source is not None else (root or Path("."))
        return allowed_cache_dir(configured, Path(os.path.realpath(base)), settings_source)
    return home_of(root) / FOLDER


def allowed_cache_dir(configured: str, base: Path, source: Path | None) -> Path:
    """`configured` (from `base`) when it is inside the repository holding `base` (or, outside
    any repository, inside `base`) or under the user's cache folder."""
    from skillkit.core.walk import repo_top

    target = Path(os.path.realpath(base / configured))  # links resolved: a link out is out
    inside = repo_top(base) or base
    user = Path(os.path.realpath(user_cache_folder()))
    if (target != inside and target.is_relative_to(inside)) or target.is_relative_to(user):
        return target
    raise ConfigError(f"`cache-dir: {configured}` is {target}, outside the repository ({inside}): the lint cache may "
                      f"live in a folder inside the repository or under {user}", str(source) if source else None)


def workspace_folder(cache: Path, root: Path | None, identity: str) -> Path:
    """The one folder of a workspace in the cache folder `cache`: named by the folder its
    default cache is in and by the workspace, so a shared user cache keeps repositories apart
    and `skillkit clean` finds a repository's own."""
    return cache / f"lint-{_digest(str(home_of(root)))}-{_digest(identity)}"


def distrust(status: os.stat_result) -> str | None:
    """Why a cache folder or file with this status is not read (None: it may be)."""
    if hasattr(os, "geteuid") and status.st_uid != os.geteuid():
        return "is owned by another user"
    if status.st_mode & 0o022:
        return "is writable by its group or by others"
    return None


def folder_problem(folder: Path) -> str | None:
    """Why the cache folder `folder` must not be used, as a sentence naming it; None when it
    may be (it exists, is a folder, is the user's and no one else can write it)."""
    try:
        status = os.stat(folder)
    except OSError:
        return None  # not there: nothing to read, and the run makes it private
    if not stat.S_ISDIR(status.st_mode):
        return f"the lint cache {folder} is not a folder; it is not used"
    why = distrust(status)
    if why is None:
        return None
    return (f"the lint cache {folder} {why}, so it is not read (anyone who can write it could plant a finding): "
            "remove it (`skillkit clean`) or make it private (chmod 700)")


def make_private(folder: Path) -> bool:
    """Create `folder` mode 0700 (its parents as usual); True when it was created now."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        return False
    os.chmod(folder, 0o700)  # whatever the umask
    return True


def prepare(cache: Path, folder: Path) -> None:
    """The cache folder and a workspace's folder in it, private; a cache folder made now gets
    a `.gitignore` holding `*` and a cache directory tag (never a folder that was there: a
    `.gitignore` of `*` in someone's folder would hide it from git)."""
    if make_private(cache):
        from skillkit.core.atomic import write_atomic

        write_atomic(cache / ".gitignore", IGNORE)
        write_atomic(cache / "CACHEDIR.TAG", TAG)
    make_private(folder)


def prune(cache: Path, keep: Path) -> None:
    """Remove, in the cache folder, the old format's folders and those unused for STALE_DAYS
    (`keep` is in use now: its time is set to now, as a use)."""
    try:
        os.utime(keep)
        entries = list(os.scandir(cache))
    except OSError:
        return
    oldest = time.time() - STALE_DAYS * 86400
    for entry in entries:
        try:
            if not entry.is_dir(follow_symlinks=False) or entry.path == str(keep):
                continue
            if _LEGACY.fullmatch(entry.name) or (_OURS.fullmatch(entry.name) and entry.stat().st_mtime < oldest):
                shutil.rmtree(entry.path, ignore_errors=True)
        except OSError:
            continue


def clean(cache: Path, home: Path, whole: bool) -> list[Path]:
    """Remove the lint cache of the repository whose default cache is in `home` from the cache
    folder `cache`: its workspace folders (and the old format's), then the cache folder itself
    when nothing else is left in it and `whole` (it is skillkit's own: the default one).
    Returns what was removed. Nothing outside `cache` is touched; links are removed, never
    followed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(cache))
    except FileNotFoundError:
        return removed
    except OSError as exc:
        raise ConfigError(f"cannot list the lint cache: {exc.strerror or exc}", str(cache)) from exc
    mine = f"lint-{_digest(str(home))}-"
    for entry in entries:
        name = entry.name
        if (name.startswith(mine) and _OURS.fullmatch(name)) or _LEGACY.fullmatch(name):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
            removed.append(Path(entry.path))
    left = {entry.name for entry in os.scandir(cache)} - {".gitignore", "CACHEDIR.TAG"}
    if whole and not left:
        shutil.rmtree(cache)
        removed.append(cache)
    return removed


def clean_repository(start: Path, config: Path | None) -> tuple[Path, list[Path]]:
    """`skillkit clean`: the cache folder of the repository (or workspace) holding `start`, by
    the settings found from there (or `config`), and what was removed from it."""
    from skillkit.core.settings import find_settings, load_settings_file

    settings = load_settings_file(config) if config is not None else find_settings(start)
    cache = cache_root(start, settings.values, settings.source)
    home = home_of(start)
    return cache, clean(cache, home, whole=cache == home / FOLDER)
