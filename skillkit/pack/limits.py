"""A client's limits on one skill's files (claude.ai: at most 200 files and 30 MB an upload),
checked on the entries a target would write, before anything is written. The limits are
declared with the client (skillkit/clients/<id>.py); the frontmatter's limits are lint's
`client-limit` rule, which `pack --target` runs too."""

from __future__ import annotations

from typing import Sequence

from skillkit.clients.base import Client
from skillkit.core.errors import VerdictError
from skillkit.pack.archive import Entry


def check_files(skill_path: str, entries: Sequence[Entry], client: Client) -> None:
    """VerdictError (exit 1) when the skill's entries break the client's file limits."""
    limits = client.limits
    if limits.max_files is not None and len(entries) > limits.max_files:
        raise VerdictError(f"{skill_path}: the skill has {len(entries):,} files; at most {limits.max_files:,} "
                           f"for {client.title}; nothing was written")
    size = sum(entry.size for entry in entries)
    if limits.max_bytes is not None and size > limits.max_bytes:
        raise VerdictError(f"{skill_path}: the skill's files are {size:,} bytes; at most {limits.max_bytes:,} "
                           f"for {client.title}; nothing was written")
