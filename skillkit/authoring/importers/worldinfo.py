"""SillyTavern World Info files: `{"entries": {"<uid>": {uid, key, keysecondary, comment,
content, constant, selective, selectiveLogic, disable, caseSensitive, matchWholeWords,
scanDepth, probability, position, depth, order, group, ...}}}` (a list of entries is read too)."""

from __future__ import annotations

from typing import Any

from skillkit.authoring.lorebook import MAX_ENTRIES, Lorebook, SourceEntry
from skillkit.core.errors import InputError

FORMAT = "SillyTavern World Info"


def parse_world(value: dict[str, Any], display: str) -> Lorebook:
    raw = value.get("entries")
    if isinstance(raw, dict):
        items = list(raw.items())
    elif isinstance(raw, list):
        items = [(str(index), entry) for index, entry in enumerate(raw)]
    else:
        raise InputError("`entries` must be an object of entries by uid (World Info) or a list", display)
    if len(items) > MAX_ENTRIES:
        raise InputError(f"{len(items):,} entries; skillkit imports at most {MAX_ENTRIES:,}", display)
    entries: list[SourceEntry] = []
    skipped: list[tuple[str, str]] = []
    for slot, entry in items:
        if not isinstance(entry, dict):
            skipped.append((slot, "not an object: nothing to import"))
            continue
        uid = entry.get("uid")
        uid_text = str(uid) if isinstance(uid, (int, str)) and not isinstance(uid, bool) and str(uid) else slot
        # As stored: SillyTavern matches the file's entries as they are, so a missing `selective`
        # is undefined there, and its secondary keys are ignored (`entry.selective && ...`).
        fields = dict(entry)
        comment = entry.get("comment")
        titles = (("comment", comment),) if isinstance(comment, str) else ()
        entries.append(SourceEntry(uid_text, fields, titles=titles))
    name = value.get("name")
    return Lorebook(FORMAT, name if isinstance(name, str) else None, tuple(entries), skipped=tuple(skipped))
