"""`skillkit new`: render `templates/new/<world>/` into a new skill folder.

Every file of the world's template folder is copied, `*.j2` files rendered with Jinja2 (the
suffix dropped). Values that land in YAML go through the `yaml` filter, so a name such as
`yes` or `2024-01-01` stays a string. A new folder is built under a hidden name and renamed
into place, so an interrupted run leaves no half-made skill.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from skillkit.authoring.names import name_problem
from skillkit.authoring.yamlemit import scalar
from skillkit.core.atomic import make_temp_dir, write_atomic
from skillkit.core.errors import InputError, UsageError
from skillkit.core.fields import KINDS
from skillkit.core.paths import display
from skillkit.core.reader import MAX_FILE_BYTES, open_regular, read_regular
from skillkit.core.resources import data_dir

WORLDS = ("studio", "platform", "agent-skills")


@dataclass(frozen=True)
class Scaffolded:
    folder: str                # display path of the skill's folder
    files: tuple[str, ...]     # paths inside it, as written
    replaced: bool             # it existed and --force overwrote its files


_VERSION_LINE = re.compile(r"""^version:[ \t]*["']?(\d+\.\d+\.\d+)""", re.MULTILINE)
_SIBLINGS_READ = 200  # enough to know the workspace's kind; a huge skills folder is not read whole


def first_version(parent: Path) -> int | str:
    """The version a new platform skill starts at: `1`, or `"1.0.0"` when the skills beside it
    (or the workspace's tools) use semantic versions, since one workspace uses one kind
    (`version-kind`) and the new skill must pass lint where it lands."""
    from skillkit.core.workspace import enclosing_root

    root = enclosing_root(parent) if parent.is_dir() else None
    files = [*sorted(parent.glob("*/SKILL.md"))] if parent.is_dir() else []
    if root is not None:
        files += sorted(root.glob("skills/*/SKILL.md")) + sorted(root.glob("tools/*.y*ml"))
    for file in files[:_SIBLINGS_READ]:
        try:
            with open_regular(file) as handle:  # the head is enough; never a whole (huge) file, nor a FIFO
                head = handle.read(8192).decode("utf-8", errors="replace")
        except (OSError, InputError):
            continue
        if file.name == "SKILL.md":  # its frontmatter only: the body may say anything
            head = head.split("\n---", 1)[0] if head.startswith("---") else ""
        if _VERSION_LINE.search(head):
            return "1.0.0"
    return 1


def render_files(name: str, world: str, version: int | str = 1, client: str | None = None) -> dict[str, bytes]:
    """Relative path -> contents of the skill folder for `world`; with `client`, the files of
    `templates/new/clients/<client>/` over them (a client that reads more than the open spec:
    Claude Code's keys, Codex's `agents/openai.yaml`)."""
    import jinja2

    templates = data_dir("templates") / "new"
    words = name.replace("-", " ")
    context = {"name": name, "words": words, "title": words[:1].upper() + words[1:], "world": world,
               "version": version}
    files: dict[str, bytes] = {}
    for root in (templates / world, templates / "clients" / (client or "")):
        if root == templates / "clients" or not root.is_dir():
            continue
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(root)), undefined=jinja2.StrictUndefined,
                                 keep_trailing_newline=True, autoescape=False)
        env.filters["yaml"] = scalar
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            relative = path.relative_to(root).as_posix()
            if relative.endswith(".j2"):
                files[relative[:-3]] = env.get_template(relative).render(context).encode("utf-8")
            else:  # skillkit's own template files, read as every file is: regular files only, capped
                data = read_regular(path, MAX_FILE_BYTES)
                if isinstance(data, int):
                    raise InputError(f"the template file is {data:,} bytes; skillkit reads at most "
                                     f"{MAX_FILE_BYTES:,}", path.as_posix())
                files[relative] = data
    return files


def scaffold(name: str, world: str, parent: Path, force: bool = False, client: str | None = None) -> Scaffolded:
    problem = name_problem(name)
    if problem:
        raise UsageError(f"invalid skill name {name!r}: {problem}")
    if world not in WORLDS:
        raise UsageError(f"unknown world {world!r}; choose from {', '.join(WORLDS)}")
    target = parent / name
    exists = target.exists() or target.is_symlink()
    if exists and (target.is_symlink() or not target.is_dir()):
        raise UsageError(f"{display(target)} exists and is not a folder")
    if exists and not force:
        raise UsageError(f"{display(target)} already exists; pass --force to overwrite its files")
    if parent.exists() and not parent.is_dir():
        raise UsageError(f"{display(parent)} is not a folder")
    files = render_files(name, world, first_version(parent) if world == "platform" else 1, client)
    if exists:
        for relative, data in files.items():
            write_atomic(target / relative, data)
    else:
        parent.mkdir(parents=True, exist_ok=True)
        staging = make_temp_dir(parent, f"new-{name}")
        try:
            for relative, data in files.items():
                write_atomic(staging / relative, data)
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes 0700; a skill folder is an ordinary folder
            _claim(staging, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return Scaffolded(display(target), tuple(files), exists)


def _claim(staged: Path, target: Path) -> None:
    """Rename the staged folder to `target` only while it is free: a folder a concurrent run
    made meanwhile fails the rename (ENOTEMPTY) instead of being replaced."""
    if target.exists() or target.is_symlink():
        raise UsageError(f"{display(target)} appeared meanwhile (another run?); nothing was overwritten")
    try:
        os.rename(staged, target)
    except OSError as exc:
        if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
            raise UsageError(f"{display(target)} appeared meanwhile (another run?); nothing was overwritten") from exc
        raise InputError(f"cannot write: {exc.strerror or exc}", display(target)) from exc


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# `skillkit new KIND NAME`: one workspace file from templates/kinds/KIND.yaml.j2, in the folder
# the workspace keeps that kind in.
KIND_FOLDERS = {"scene": "scenes", "agent": "agents", "tool": "tools", "transcript": "transcripts"}
_FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def scaffold_file(kind: str, name: str, parent: Path, force: bool = False) -> Scaffolded:
    import jinja2

    if kind not in KIND_FOLDERS:
        raise UsageError(f"unknown kind {kind!r}; choose from skill, {', '.join(KIND_FOLDERS)}")
    if not _FILE_NAME.match(name) or name.endswith((".yaml", ".yml")):
        raise UsageError(f"invalid {kind} name {name!r}: letters, digits, `_`, `-` and `.`, at most 64, "
                         "without the .yaml suffix")
    target = parent / f"{name}.yaml"
    exists = target.exists() or target.is_symlink()
    if exists and (target.is_symlink() or not target.is_file()):
        raise UsageError(f"{display(target)} exists and is not a file")
    if exists and not force:
        raise UsageError(f"{display(target)} already exists; pass --force to overwrite it")
    if parent.exists() and not parent.is_dir():
        raise UsageError(f"{display(parent)} is not a folder")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_dir("templates") / "kinds")),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    env.filters["yaml"] = scalar
    words = name.replace("-", " ").replace("_", " ")
    version = first_version(parent.parent / "skills") if kind == "tool" else 1
    text = env.get_template(f"{kind}.yaml.j2").render(name=name, words=words, version=version,
                                                      modeline=KINDS[kind].modeline())
    parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, text)
    return Scaffolded(display(target), (target.name,), exists)
