"""`skillkit pack --target agent-skills -o DIR`: one `<name>.skill` zip per skill, in the layout
claude.ai's upload accepts: one top-level folder named after the skill, holding exactly one
SKILL.md (its frontmatter reduced to the open spec, see reduce.py) and the skill's other files;
files only, no folder entries, no links, within claude.ai's limits on an upload (declared with
the `claude-api` client: at most 200 files and 30 MB). The zips are as reproducible as a pack
(archive.py). `pack --target claude-api` writes the same uploads.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from skillkit.clients import BY_ID
from skillkit.core.errors import InputError, VerdictError
from skillkit.core.model import Skill
from skillkit.pack.archive import ChangedWhilePacking, Entry, bytes_chunks, entry_time, file_chunks, write_entries
from skillkit.pack.excludes import SourceFile, collect, settings_walk
from skillkit.pack.limits import check_files
from skillkit.pack.names import root_label
from skillkit.pack.preflight import Prepared
from skillkit.pack.reduce import Reduction, reduce_frontmatter, skill_text
from skillkit.pack.sniff import is_earlier_pack
from skillkit.pack.staging import staged_file

SKILL_FILE = "SKILL.md"
SUFFIX = ".skill"
UPLOAD = BY_ID["claude-api"]  # whose upload a .skill is: its limits hold for every .skill


@dataclass(frozen=True)
class Exported:
    name: str
    output: Path
    files: int
    reduction: Reduction


def _head(path: Path) -> bytes:
    with open(path, "rb") as handle:
        return handle.read(8)


def member(folder: str, name: str) -> str:
    """A file's entry name in the pack, for a folder as root_label gives it."""
    return name if folder == "." else f"{folder}/{name}"


def skill_sources(skill: Skill, folder: str, files: list[SourceFile],
                  one: str = "a .skill holds exactly one") -> list[SourceFile]:
    """The skill's files but its SKILL.md, as the pack collects them; VerdictError for a second
    SKILL.md inside it (no client would read it as part of this skill)."""
    prefix = member(folder, "")
    own = [f for f in files if f.path.startswith(prefix) and f.path != f"{prefix}{SKILL_FILE}"]
    nested = [f.path for f in own if f.path.rsplit("/", 1)[-1] == SKILL_FILE]
    if nested:
        raise VerdictError(f"{nested[0]}: a second SKILL.md inside skill `{skill.name}`; {one}")
    return own


def source_entries(prefix: str, sources: list[SourceFile], folder: str) -> list[Entry]:
    """Entries for the skill's files, named `prefix` + their path in the skill's folder."""
    start = len(member(folder, ""))
    return [Entry(f"{prefix}{source.path[start:]}", source.file.stat().st_size, source.executable,
                  file_chunks(source.file))
            for source in sources if not is_earlier_pack(source.file, _head(source.file))]


def skill_entries(skill: Skill, folder: str, files: list[SourceFile]) -> tuple[list[Entry], Reduction]:
    """The `.skill` entries of one skill (`<name>/SKILL.md` rewritten, then its other files,
    sorted) and how its frontmatter was reduced."""
    own = skill_sources(skill, folder, files)
    reduced = reduce_frontmatter(skill.fields)
    # A SKILL.md that needs no reduction travels as written (its comments and style kept).
    text = (skill_text(reduced.frontmatter, skill.body).encode("utf-8") if reduced.changed
            else (skill.folder / SKILL_FILE).read_bytes())
    entries = [Entry(f"{skill.name}/{SKILL_FILE}", len(text), False, bytes_chunks(text)),
               *source_entries(f"{skill.name}/", own, folder)]
    check_files(member(folder, SKILL_FILE), entries, UPLOAD)
    return sorted(entries, key=lambda e: e.name), reduced


def packed_skills(prepared: Prepared, files: list[SourceFile],
                  named: str = "each .skill file is named after its skill") -> list[tuple[Skill, str]]:
    """The prepared workspace's skills the pack holds, with their folders, in name order;
    VerdictError when two share a name (each output is named after its skill)."""
    packed = {f.path for f in files}
    skills = sorted(((s, root_label(prepared.root, s.folder)) for w in prepared.workspaces for s in w.skills),
                    key=lambda pair: (pair[0].name, pair[1]))
    skills = [(s, folder) for s, folder in skills if member(folder, SKILL_FILE) in packed]
    names = [s.name for s, _ in skills]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise VerdictError(f"two skills are named `{twice}`; {named}")
    return skills


def export_skills(prepared: Prepared, out_dir: Path, progress: Callable[[int, int], None] | None = None) -> list[Exported]:
    """Write one `.skill` per skill of a prepared workspace into `out_dir`, in name order."""
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError("is a file; --target agent-skills writes into a folder", str(out_dir))
    entry_time()  # a malformed SOURCE_DATE_EPOCH fails before any work
    excludes, respect = settings_walk(prepared.settings)
    files = collect(prepared.root, excludes, respect_gitignore=respect)
    skills = packed_skills(prepared, files)
    # Every skill's entries first: a refusal (a second SKILL.md) must come before any file is written.
    planned = [(skill, *skill_entries(skill, folder, files)) for skill, folder in skills]
    done: list[Exported] = []
    for index, (skill, entries, reduction) in enumerate(planned, start=1):
        output = out_dir / f"{skill.name}{SUFFIX}"
        try:
            with staged_file(output) as out:
                write_entries(out, entries, len(entries))
        except ChangedWhilePacking as exc:
            raise VerdictError(f"{exc.args[0]}: changed while it was being packed; run pack again") from exc
        except OSError as exc:
            raise InputError(f"cannot write: {exc.strerror or exc}", str(exc.filename or output)) from exc
        done.append(Exported(skill.name, output, len(entries), reduction))
        if progress is not None:
            progress(index, len(planned))
    return done
