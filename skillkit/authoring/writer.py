"""Put imported skills in place so that a failure leaves nothing half-made.

Each skill is first read back in memory as lint reads a file (an error there is an importer
bug: nothing is written). Then every SKILL.md is written into a hidden staging folder
inside the output folder (same file system, so moves are renames) and moved into place: a new
skill's whole folder in one rename, an existing one's SKILL.md by atomic replace (--force).
The staging folder is removed whatever happens. Last, lint runs on the written skills where
they landed, for the report, handed the documents the check made of them (read and parsed
already: core/documents.KnownSkill), so that it reads again only what changed since.
"""

from __future__ import annotations

import errno
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import msgspec

from skillkit.authoring.convert import SkillDraft
from skillkit.authoring.scene import SceneDraft
from skillkit.core.atomic import check_target, make_temp_dir, write_atomic
from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.documents import KnownSkill, SkillDoc
from skillkit.core.errors import InputError, SkillkitError, UsageError
from skillkit.core.frontmatter import parse_frontmatter, split
from skillkit.core.paths import display
from skillkit.core.reader import MAX_FILE_BYTES, Stamp, decode, stamp_of
from skillkit.core.validate import schema_check
from skillkit.core.workspace import is_root

SKILL_FILE = "SKILL.md"


@dataclass(frozen=True)
class Written:
    written: tuple[str, ...]
    replaced: tuple[str, ...]
    diagnostics: tuple[Diagnostic, ...]
    scene: str | None = None  # display path of the scene written, if any


class ImportLintError(SkillkitError):
    """The converted skills would not lint: a bug in the importer. Nothing was written."""

    exit_code = 1


def existing(drafts: Sequence[SkillDraft], output: Path) -> list[Path]:
    if not output.is_dir():  # nothing can be in a folder not there (a first import): no two looks per skill
        return []
    return [output / d.name for d in drafts if (output / d.name).exists() or (output / d.name).is_symlink()]


def refuse_conflicts(drafts: Sequence[SkillDraft], output: Path, force: bool) -> None:
    if output.exists() and not output.is_dir():
        raise InputError("is not a folder: the skills cannot go there", display(output))
    conflicts = existing(drafts, output)
    if not conflicts:
        return
    more = len(conflicts) - 5
    shown = ", ".join(display(p) for p in conflicts[:5]) + (f" and {more} more" if more > 0 else "")
    not_folders = [p for p in conflicts if p.is_symlink() or not p.is_dir()]
    if not_folders:
        raise UsageError(f"{display(not_folders[0])} exists and is not a folder; move it away first")
    if not force:
        raise UsageError(f"{shown} already exist{'s' if len(conflicts) == 1 else ''}; pass --force to overwrite "
                         f"{'its' if len(conflicts) == 1 else 'their'} SKILL.md")


def refuse_scene_conflict(scene: SceneDraft | None, force: bool) -> None:
    if scene is None or not (scene.path.exists() or scene.path.is_symlink()):
        return
    if scene.path.is_symlink() or not scene.path.is_file():
        raise UsageError(f"{display(scene.path)} exists and is not a file; move it away first")
    if not force:
        raise UsageError(f"{display(scene.path)} already exists; pass --force to overwrite it")


def write_skills(drafts: Sequence[SkillDraft], output: Path, force: bool, scene: SceneDraft | None = None) -> Written:
    refuse_conflicts(drafts, output, force)
    if not drafts:
        return Written((), (), ())
    refuse_scene_conflict(scene, force)
    checked = _check(drafts, output)
    output.mkdir(parents=True, exist_ok=True)
    staging = make_temp_dir(output, "import")
    written, replaced = [], []
    shown = _Shown(output)
    try:
        stamps = _stage(drafts, staging)
        for draft in drafts:
            target = output / draft.name
            if force and target.is_dir():
                check_target(target / SKILL_FILE)
                os.replace(staging / draft.name / SKILL_FILE, target / SKILL_FILE)
                stamps.pop(draft.name, None)  # a rename moves the file's change time: stat it where it landed
                replaced.append(shown.of(draft.name))
            else:
                _claim(staging / draft.name, target)  # (a folder's rename leaves its files' times)
            written.append(shown.of(draft.name))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    if scene is not None:  # after the skills: a scene never links a skill that is not there
        write_atomic(scene.path, scene.text)
    # What lint says of them where they landed: in their workspace, a scene may answer macros.
    home = next((p for p in (output, output.parent) if is_root(p)), output)
    mine = set(written) | ({display(scene.path)} if scene is not None else set())
    found = _lint(home, _landed(checked, output, stamps))
    return Written(tuple(written), tuple(replaced), tuple(d for d in found if d.path in mine),
                   display(scene.path) if scene is not None else None)


class _Shown:
    """Each landed SKILL.md's path as `display` shows it: the output folder's shown path and the
    skill's name, once the first skill says that is what display makes of them (display follows
    links, which costs a realpath of every path outside the working folder; a skill folder made
    here is no link)."""

    def __init__(self, output: Path) -> None:
        self.output = output
        self.prefix: str | None = None
        self.checked = False

    def of(self, name: str) -> str:
        if self.prefix is not None:
            return f"{self.prefix}{name}/{SKILL_FILE}"
        shown = display(self.output / name / SKILL_FILE)
        if not self.checked:
            self.checked = True
            prefix = display(self.output).rstrip("/") + "/"
            if shown == f"{prefix}{name}/{SKILL_FILE}":
                self.prefix = prefix
        return shown


def _landed(checked: Sequence[KnownSkill], output: Path, stamps: dict[str, Stamp]) -> dict[str, KnownSkill]:
    """The checked documents of the skills as they landed, by absolute path, for lint: each
    stamped with its file's status as it was written (`stamps`, by skill name), else now."""
    out = {}
    for known in checked:
        name = known.doc.file.parent.name
        file = output / name / SKILL_FILE
        stamp = stamps.get(name)
        if stamp is None:
            try:
                stamp = stamp_of(os.stat(file))
            except OSError:
                continue  # lint reads it, and says what it finds
        out[os.path.abspath(file)] = KnownSkill(msgspec.structs.replace(known.doc, stamp=stamp), known.findings)
    return out


def _stage(drafts: Sequence[SkillDraft], staging: Path) -> dict[str, Stamp]:
    """Write every SKILL.md into the staging folder, then make them durable at once, before
    anything moves into place. The staging folder is this run's own (made with a unique name),
    so each file is created fresh (O_EXCL): no temporary name and rename per file, and no
    fsync per file, which cost an import of a thousand entries seconds. Returns each file's
    status as written (core/reader.Stamp), by skill name: what lint's reader would stamp it."""
    staged, stamps = [], {}
    for draft in drafts:
        folder = staging / draft.name
        folder.mkdir()
        path = folder / SKILL_FILE
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            with os.fdopen(handle, "wb") as out:
                out.write(draft.text.encode("utf-8"))
                out.flush()
                stamps[draft.name] = stamp_of(os.fstat(handle))
        except OSError as exc:
            raise InputError(f"cannot write: {exc.strerror or exc}", display(path)) from exc
        staged.append(path)
    _durable(staging, staged)
    return stamps


def _durable(staging: Path, files: Sequence[Path]) -> None:
    """Flush the staged files to disk: one syncfs(2) of the staging folder's file system where
    the C library has it (Linux), else an fsync of each file."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True) if os.name == "posix" else None
    syncfs = getattr(libc, "syncfs", None)
    if syncfs is not None:
        handle = os.open(staging, os.O_RDONLY)
        try:
            if syncfs(handle) == 0:
                return
        finally:
            os.close(handle)
    for path in files:
        handle = os.open(path, os.O_RDWR)  # Windows flushes only a handle open for writing
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _claim(staged: Path, target: Path) -> None:
    """Move a staged skill folder to `target`, which must still be free: a folder another run
    made meanwhile (a concurrent import) fails the rename instead of being overwritten."""
    if target.exists() or target.is_symlink():
        raise UsageError(f"{display(target)} appeared while importing (another run?); nothing of it was "
                         "overwritten; pass --force to overwrite")
    try:
        os.rename(staged, target)
    except OSError as exc:
        if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
            raise UsageError(f"{display(target)} appeared while importing (another run?); nothing of it was "
                             "overwritten; pass --force to overwrite") from exc
        raise InputError(f"cannot write: {exc.strerror or exc}", display(target)) from exc


def _check(drafts: Sequence[SkillDraft], output: Path) -> list[KnownSkill]:
    """Read each skill back as lint's reader does (bytes, frontmatter, YAML, schema), in memory;
    an error means an importer bug, and stops the import before anything is written. Every
    emitted frontmatter is read back at once as exactly its values; then each draft's YAML is
    known from its values (authoring/drafted.py) or, for a shape that does not cover, parsed as
    lint parses it. Returns what lint would read of each (no stamp yet: not written)."""
    from skillkit.authoring.drafted import drafted_yaml
    from skillkit.authoring.yamlemit import read_back

    emitted = [d for d in drafts if d.fields is not None]
    heads = [d.text[:d.text.index("\n---\n") + len("\n---\n")] for d in emitted]
    wrong = read_back(heads, [dict(d.fields) for d in emitted])  # type: ignore[arg-type]
    if wrong:  # a bug in the emitter would write a skill that says something else
        raise ImportLintError(f"the imported skills would not lint, so nothing was written: skill "
                              f"{emitted[wrong[0]].name!r} does not read back as its values")
    folder = display(output)
    out = []
    for draft in drafts:
        shown = f"{folder}/{draft.name}/{SKILL_FILE}"
        data = draft.text.encode("utf-8")
        source, found = decode(data, shown)
        doc = None
        if source is not None:
            document, findings = split(source)
            parsed = drafted_yaml(document, draft.fields) if document is not None and draft.fields else None
            if parsed is None:
                document, parsed, findings = parse_frontmatter(source)
            found += findings
            if document is not None and parsed is not None and parsed.ok and isinstance(parsed.data, dict):
                diagnostics, invalid = schema_check("skill", parsed, shown, document.yaml_text, line_offset=1)
                found += diagnostics
                doc = SkillDoc(shown, output / draft.name / SKILL_FILE, document, parsed, invalid)
        errors = [d for d in found if d.severity == Severity.ERROR]
        if errors:
            first = errors[0]
            raise ImportLintError(f"the imported skills would not lint, so nothing was written: {first.path}:"
                                  f"{first.line}:{first.column}: {first.rule} {first.message}")
        if doc is not None and len(data) <= MAX_FILE_BYTES:  # (lint reads a larger one to say so)
            out.append(KnownSkill(doc, tuple(found)))
    return out


def _lint(path: Path, known: dict[str, KnownSkill] | None = None) -> tuple[Diagnostic, ...]:
    """lint's findings under the default profile (`known`: the skills just written, as checked)."""
    from skillkit.core.pipeline import Options, run
    from skillkit.rules import RULESET

    return run([path], Options(RULESET), models=False, known=known).diagnostics  # findings only, as lint runs
