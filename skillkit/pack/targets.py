"""`skillkit pack --target CLIENT -o DIR` for a client that loads skills from a folder: each
skill written as that client reads it, in the folder it loads (`DIR/.claude/skills/<name>/`,
`DIR/.agents/skills/<name>/`, ...; the client's packaging declares it).

Its SKILL.md carries the keys the client reads and each intent in the client's spelling
(pack/for_client.py), or travels byte for byte when nothing changes; a file the client keeps
an intent in (Codex's `agents/openai.yaml`) is written or updated; the skill's other files
travel as they are, 0644 or 0755. The client's limits hold (pack/limits.py; the frontmatter's
are lint's `client-limit`, which the pack's check runs). Every skill is planned before any is
written, and each folder is written under a temporary name and renamed into place; a skill
folder that already exists is never written over.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

from skillkit.clients.base import Client
from skillkit.core.atomic import umask
from skillkit.core.errors import InputError, VerdictError
from skillkit.core.model import Skill
from skillkit.pack.agent_skills import SKILL_FILE, member, packed_skills, skill_sources, source_entries
from skillkit.pack.archive import Entry, bytes_chunks, entry_time
from skillkit.pack.excludes import SourceFile, collect, settings_walk
from skillkit.pack.for_client import ClientReduction, for_client, thaw
from skillkit.pack.intents import dotted, read_file_data, read_intents
from skillkit.pack.limits import check_files
from skillkit.pack.preflight import Prepared
from skillkit.pack.reduce import skill_text
from skillkit.pack.staging import staged_folder


@dataclass(frozen=True)
class Placed:
    """One skill written for a client: where, how many files, and what changed."""

    name: str
    output: Path
    files: int
    reduction: ClientReduction
    rewrote: tuple[str, ...] = ()  # files of the client's own written or updated (`agents/openai.yaml`)


def _dump(data: dict[str, Any]) -> bytes:
    """A YAML file in one stable style (block style, insertion order, UTF-8 as is)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False,
                          width=1 << 30).encode("utf-8")


def _set(data: dict[str, Any], key: str, value: Any) -> None:
    *parents, last = key.split(".")
    for part in parents:
        child = data.get(part)
        if not isinstance(child, dict):
            child = data[part] = {}
        data = child
    data[last] = value


def _own_files(skill: Skill, reduction: ClientReduction, entries: dict[str, Entry]) -> list[str]:
    """Write the intents the client keeps in a file of the skill's folder into that file's entry:
    the file as it is when it already says so, else its data with the keys set."""
    rewrote = []
    for name, keys in sorted(reduction.files.items()):
        data = dict(read_file_data(skill.folder, name) or {})
        if all(dotted(data, key) == value for key, value in keys.items()) and name in entries:
            continue
        for key, value in keys.items():
            _set(data, key, value)
        text = _dump(data)
        entries[name] = Entry(name, len(text), False, bytes_chunks(text))
        rewrote.append(name)
    return rewrote


def plan_skill(skill: Skill, folder: str, files: list[SourceFile], client: Client
               ) -> tuple[list[Entry], ClientReduction, list[str]]:
    """The entries of one skill for the client (named relative to the skill's folder, sorted),
    its frontmatter's reduction and the client's own files it rewrote."""
    shown = member(folder, SKILL_FILE)
    sources = skill_sources(skill, folder, files, "a skill's folder holds exactly one")
    reduction = for_client(skill.fields, read_intents(skill.fields, skill.folder, shown), client)
    text = (skill_text(reduction.frontmatter, skill.body).encode("utf-8")
            if reduction.frontmatter != thaw(skill.fields) else (skill.folder / SKILL_FILE).read_bytes())
    entries = {SKILL_FILE: Entry(SKILL_FILE, len(text), False, bytes_chunks(text))}
    entries.update((e.name, e) for e in source_entries("", sources, folder))
    rewrote = _own_files(skill, reduction, entries)
    planned = sorted(entries.values(), key=lambda e: e.name)
    check_files(shown, planned, client)
    return planned, reduction, rewrote


def _write(folder: Path, entries: list[Entry]) -> None:
    mask = umask()
    for entry in entries:
        target = folder / entry.name
        target.parent.mkdir(parents=True, exist_ok=True)
        written = 0
        with open(target, "xb") as out:
            for chunk in entry.read():
                written += len(chunk)
                out.write(chunk)
        if written != entry.size:
            raise VerdictError(f"{entry.name}: changed while it was being packed; run pack again")
        os.chmod(target, (0o755 if entry.executable else 0o644) & ~mask)


def _destinations(out_dir: Path, client: Client, names: list[str]) -> list[Path]:
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"is a file; --target {client.id} writes into a folder", str(out_dir))
    dests = [out_dir / client.packaging.folder / name for name in names]
    for dest in dests:
        if dest.is_symlink() or (dest.exists() and (not dest.is_dir() or any(dest.iterdir()))):
            raise InputError(f"already exists; --target {client.id} writes new skill folders only "
                             "(remove it or choose another -o)", str(dest))
    return dests


def write_for_client(prepared: Prepared, out_dir: Path, client: Client,
                     progress: Callable[[int, int], None] | None = None) -> list[Placed]:
    """Write every skill of a prepared workspace under `out_dir` as `client` reads it, in name order."""
    entry_time()  # a malformed SOURCE_DATE_EPOCH fails before any work, as for the other targets
    excludes, respect = settings_walk(prepared.settings)
    files = collect(prepared.root, excludes, respect_gitignore=respect)
    skills = packed_skills(prepared, files, f"{client.title} loads one skill folder per name")
    planned = [(skill, *plan_skill(skill, folder, files, client)) for skill, folder in skills]
    dests = _destinations(out_dir, client, [skill.name for skill, _ in skills])
    done: list[Placed] = []
    for index, ((skill, entries, reduction, rewrote), dest) in enumerate(zip(planned, dests), start=1):
        try:
            with staged_folder(dest, replace=False) as temp:
                _write(temp, entries)
        except (FileExistsError, OSError) as exc:
            raise InputError(f"cannot write: {getattr(exc, 'strerror', None) or exc}", str(dest)) from exc
        done.append(Placed(skill.name, dest, len(entries), reduction, tuple(rewrote)))
        if progress is not None:
            progress(index, len(planned))
    return done
