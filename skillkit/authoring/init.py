"""`skillkit init`: set a repository up for skills, writing only what is not there yet.

What it makes, at the repository's top (the folder given, default the current one):
- the skills folder of the client it detects, or of `--client ID` (from the client registry);
- a settings block (`skillkit.yaml`) naming the client's profile, unless settings exist;
- `.pre-commit-config.yaml` with the `skillkit-lint` hooks, unless the file exists;
- a CI workflow (`.github/workflows/skillkit.yml`) that lints on every push and pull request.

Nothing that exists is changed: an existing file is kept and reported, with the snippet to add
by hand where it lacks skillkit. Each file is written under a temporary name and linked into
place only while the name is free, so neither an interruption nor a concurrent run overwrites.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

from skillkit.clients import BY_ID, IDS, REGISTRY, Client
from skillkit.core.errors import UsageError
from skillkit.core.paths import display
from skillkit.core.suggest import did_you_mean

# Folders every repository may hold for reasons of its own: their presence says nothing of a client.
NOT_A_SIGN = frozenset({".github", ".agents"})
COLLECTION = "skills"  # a collection root at the repository's top, which installers load (no client folder)
SETTINGS = "skillkit.yaml"
PRE_COMMIT = ".pre-commit-config.yaml"
WORKFLOW = ".github/workflows/skillkit.yml"


@dataclass(frozen=True)
class Step:
    path: str          # as shown
    made: bool         # written now (False: it existed and was kept)
    note: str = ""     # what to do by hand, when it was kept


@dataclass(frozen=True)
class Initialized:
    client: Client
    detected: bool               # the client was found in the repository, not named
    others: tuple[str, ...]      # other clients found
    steps: tuple[Step, ...]


def client_named(client_id: str) -> Client:
    if client_id not in BY_ID:
        raise UsageError(f"unknown client {client_id!r}{did_you_mean(client_id, IDS)}; choose from {', '.join(IDS)}")
    return BY_ID[client_id]


def detect(top: Path) -> list[Client]:
    """The clients a repository shows signs of, best first: a skills folder one of them loads,
    then a client's own folder (`.claude/`, `.cursor/`), in registry order."""
    found = [c for c in REGISTRY if any((top / folder).is_dir() for folder in c.project_folders)]
    for client in REGISTRY:
        marks = {folder.split("/", 1)[0] for folder in client.project_folders} - NOT_A_SIGN
        if client not in found and any((top / mark).is_dir() for mark in marks):
            found.append(client)
    return found


def skills_folder(client: Client) -> str:
    """Where new skills go for `client`: its first project folder, or the top's `skills/`."""
    return client.project_folders[0] if client.project_folders else COLLECTION


def profile_of(client: Client, profiles: set[str]) -> str:
    """The lint profile that reads skills as `client` does: its own, else the open spec's."""
    return client.id if client.id in profiles else "agent-skills"


def settings_text(client: Client, profile: str) -> str:
    return (f"# skillkit settings (`skillkit lint --show-settings` prints every key, resolved).\n"
            f"# Skills for {client.title} live in {skills_folder(client)}/.\n"
            f"profile: {profile}\n"
            "strict: false            # true: warnings fail lint, in pre-commit and CI alike\n"
            "exclude: []              # gitignore patterns left out of lint and packs\n")


HOOKS = """\
  # skillkit lints the skills a commit touches (skillkit-lint) and, on every commit, the whole
  # repository (skillkit-lint-workspace). `repo: local` runs the skillkit installed here; or use
  # `repo: https://github.com/<owner>/skillkit` with a `rev:` and the same hook ids.
  - repo: local
    hooks:
      - id: skillkit-lint
        name: skillkit lint
        entry: skillkit lint
        language: system
        files: (^|/)(SKILL\\.md|skillkit\\.yaml)$|^(catalog\\.yaml|(tools|agents|scenes|sessions)/[^/]+\\.ya?ml)$
      - id: skillkit-lint-workspace
        name: skillkit lint (whole repository)
        entry: skillkit lint
        language: system
        pass_filenames: false
        always_run: true
"""

WORKFLOW_TEXT = """\
# Lint the repository's skills on every push and pull request, with its own settings
# (skillkit.yaml or [tool.skillkit]), as pre-commit does.
name: skillkit
on: [push, pull_request]
permissions:
  contents: read
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
      - run: python -m pip install skillkit-toolkit
      - run: skillkit lint --format github
"""


def _has_settings(top: Path) -> str | None:
    """The settings file the top already has, if any."""
    if (top / SETTINGS).is_file():
        return SETTINGS
    pyproject = top / "pyproject.toml"
    if pyproject.is_file():
        from skillkit.core.settings import load_settings_file

        if load_settings_file(pyproject).source is not None:
            return "pyproject.toml"
    return None


def write_new(path: Path, text: str) -> bool:
    """Write `path` only if it does not exist (False then): a temporary file linked into place,
    which fails rather than replace a file made meanwhile."""
    from skillkit.core.atomic import make_temp_file

    if path.exists() or path.is_symlink():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp = make_temp_file(path.parent, "init")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, 0o666 & ~_umask())
        try:
            os.link(temp, path)
        except OSError as exc:
            if exc.errno == errno.EEXIST:
                return False
            raise
    finally:
        os.unlink(temp)
    return True


def _umask() -> int:
    from skillkit.core.atomic import umask

    return umask()


def initialize(top: Path, client_id: str | None, profiles: set[str]) -> Initialized:
    """Set `top` up for `client_id` (None: the client detected, else the plain spec)."""
    if not top.is_dir():
        raise UsageError(f"{display(top)} is not a folder")
    found = detect(top)
    client = client_named(client_id) if client_id is not None else (found[0] if found else BY_ID["agent-skills"])
    shared = set(client.project_folders)  # clients that load the same folder are no other sign
    others = tuple(c.id for c in found if c is not client and not shared & set(c.project_folders))
    steps: list[Step] = []
    folder = top / skills_folder(client)
    made = not folder.is_dir()
    if made and (folder.exists() or folder.is_symlink()):
        raise UsageError(f"{display(folder)} exists and is not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    steps.append(Step(display(folder) + "/", made))
    existing = _has_settings(top)
    if existing is not None:
        steps.append(Step(display(top / existing), False, "settings exist; kept as they are"))
    else:
        profile = profile_of(client, profiles)
        steps.append(Step(display(top / SETTINGS), write_new(top / SETTINGS, settings_text(client, profile))))
    steps.append(_pre_commit(top))
    written = write_new(top / WORKFLOW, WORKFLOW_TEXT)
    steps.append(Step(display(top / WORKFLOW), written, "" if written else "kept as it is"))
    return Initialized(client, client_id is None and bool(found), others, tuple(steps))


def _pre_commit(top: Path) -> Step:
    path = top / PRE_COMMIT
    if write_new(path, "repos:\n" + HOOKS):
        return Step(display(path), True)
    from skillkit.core.reader import read_regular

    data = read_regular(path, 1 << 20)
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else ""
    if "skillkit-lint" in text:
        return Step(display(path), False, "it runs skillkit-lint already")
    return Step(display(path), False, "add these hooks under its `repos:`:\n" + HOOKS)
