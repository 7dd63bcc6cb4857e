"""Where `simulate` and `render` read their skills from, and how: the studio's library reader.

A turn reads the linked skills through one reader; a skill with errors is left out (with
lint's diagnostics for it) and its id counts as unreadable, so a scene linking it says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn

import typer

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.model import Skill

if TYPE_CHECKING:
    from skillkit.core.pipeline import LoadedWorkspace


@dataclass(frozen=True)
class Library:
    skills: tuple[Skill, ...]          # every valid skill found
    left_out: tuple[Diagnostic, ...]   # the errors of the skill files left out
    unreadable: frozenset[str]         # the ids (folder names) of those skills


# `--skills` of simulate and render, worded once with the rule skills_source applies.
SKILLS_OPTION = typer.Option(None, "--skills", help="Skills folder or workspace. Default: the --scene's workspace, "
                             "else skills/ of the workspace found from the current folder, else the current folder.")


def default_skills_path(start: Path) -> Path:
    """`skills/` of the workspace found from `start` upwards, else `start` itself."""
    from skillkit.core.paths import folders_up_to_repo_top

    found = next((c for c in folders_up_to_repo_top(start) if (c / "skills").is_dir()), None)
    return found / "skills" if found is not None else start


def skills_source(skills: Path | None, scene: Path | None) -> Path:
    """`--skills`, else the workspace a scene file sits in (`<root>/scenes/x.yaml`; the scene
    links that workspace's skills), else `skills/` of the workspace found from the current
    folder, else the current folder."""
    if skills is not None:
        return skills
    if scene is not None:
        folder = scene.resolve().parent
        return folder.parent if folder.name == "scenes" else folder
    return default_skills_path(Path("."))


# The studio's reader keeps the first linked skill of a name and leaves the others out with a
# diagnostic of its own (skillkit/studio/scene.py): lint's verdict on two skills of one name is
# not a reason to leave both out of a turn.
ASSEMBLY_IGNORES = frozenset({"name-unique"})


def read_library(root: Path, config: Path | None = None) -> Library:
    """Every skill under `root` through lint's pipeline (its own settings apply, or --config's), but for
    `name-unique`: of two linked skills with one name the scene keeps the first."""
    from skillkit.cli.common import progress_bar
    from skillkit.core.options import build_options
    from skillkit.rules import RULESET
    from skillkit.core.pipeline import run

    options = build_options([root], config, None, None, ASSEMBLY_IGNORES, registry=RULESET)
    tick, close = progress_bar("Reading skills")
    try:
        result = run([root], options, progress=tick)
    finally:
        close()
    # Only skill files: a broken agent, tool or catalog file is lint's business, not a turn's.
    failed = {path for space in result.workspaces for path in space.failed if path.endswith("SKILL.md")}
    left_out = tuple(d for d in result.diagnostics if d.severity == Severity.ERROR and d.path in failed)
    skills = tuple(skill for space in result.workspaces for skill in space.skills)
    return Library(skills, left_out, frozenset(Path(p).parent.name for p in failed))


def read_platform_workspace(root: Path, config: Path | None, label: str) -> tuple[LoadedWorkspace, tuple[Diagnostic, ...]]:
    """`resolve`'s reading of a workspace (its settings, or --config; a progress bar labelled
    `label`): the loaded workspace and the diagnostics of the files that refuse it."""
    from skillkit.cli.common import progress_bar
    from skillkit.core.options import build_options
    from skillkit.platform.loading import load_workspace
    from skillkit.rules import RULESET

    options = build_options([root], config, None, None, None, registry=RULESET)
    tick, close = progress_bar(label)
    try:
        return load_workspace(root, options, tick)
    finally:
        close()


def refuse_workspace(command: str, refused: tuple[Diagnostic, ...], write_json: Callable[[], None] | None) -> NoReturn:
    """Stop a platform command on a workspace with broken files (exit 1): the findings as its
    JSON document (`write_json`, for --format json: machines read why from it) or on stderr."""
    from skillkit.cli.common import print_diagnostics_to_stderr

    if write_json is not None:
        write_json()
    else:
        print_diagnostics_to_stderr(list(refused))
    typer.echo(f"skillkit: {command} refuses the workspace: {len({d.path for d in refused})} file(s) have errors",
               err=True)
    raise typer.Exit(1)
