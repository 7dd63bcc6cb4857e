"""`skillkit.lock`: what every agent's references resolve to, written as sorted JSON and
compared on `skillkit resolve --check`, which names each change in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skillkit.core.errors import InputError
from skillkit.core.jsonread import load_json
from skillkit.core.reader import read_regular, read_whole_text

LOCK_NAME = "skillkit.lock"
# A lock of 10,000 agents is a few MiB. Past this the lock is refused from its size alone, before
# a byte is read; under it, parsed JSON costs up to some 20 times the text, so the cap stays low.
MAX_LOCK_BYTES = 8 * 1024 * 1024


def render(data: dict[str, Any]) -> str:
    """The lock's text: the same data gives the same bytes (sorted keys, LF, final newline)."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def read_lock(path: Path, shown: str) -> dict[str, Any] | None:
    """The stored lock, or None when there is none. Raises InputError when the file is there
    but is not a lock: unreadable, too big, not UTF-8, not JSON, or not a JSON object."""
    if not path.exists():
        return None
    source = read_whole_text(path, shown, MAX_LOCK_BYTES, "lock")
    value = load_json(source.text, shown, "not a lock: invalid JSON")
    if not isinstance(value, dict):
        raise InputError("not a lock: the JSON is not an object", shown)
    return value


def _shown(entry: dict[str, Any]) -> str:
    raw = entry.get("version")
    if entry.get("pinned"):
        text = f"pinned {'v' if isinstance(raw, int) else ''}{raw}"
    else:
        text = f"latest, now {raw}"
    if "from" in entry:
        text += f", from {entry['from']}"
    return text + (", preload" if entry.get("preload") else "")


def _by_name(entries: object) -> dict[str, dict[str, Any]] | None:
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("name"), str)
                                                for e in entries):
        return None
    return {e["name"]: e for e in entries}


def _list_changes(word: str, old: object, new: list[dict[str, Any]]) -> list[str]:
    before, after = _by_name(old), _by_name(new)
    if before is None or after is None:
        return [f"{word}s: the lock's list is not one skillkit wrote"] if old != new else []
    out = []
    for name, entry in after.items():
        if name not in before:
            out.append(f"{word} {name} added ({_shown(entry)})")
        elif before[name] != entry:
            out.append(f"{word} {name}: {_shown(entry)} (lock: {_shown(before[name])})")
    out.extend(f"{word} {name} removed (lock: {_shown(entry)})" for name, entry in before.items() if name not in after)
    if not out and list(before) != list(after):
        out.append(f"{word} order: {', '.join(after)} (lock: {', '.join(before)})")
    return out


def changes(stored: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """What differs between the stored lock and the current resolution, one line each; empty
    when they are the same."""
    if stored == current:
        return []
    if stored.get("lockVersion") != current.get("lockVersion"):
        return [f"the lock has format {stored.get('lockVersion')!r}; this skillkit writes {current.get('lockVersion')}"]
    before, after = stored.get("agents"), current["agents"]
    if not isinstance(before, dict):
        return ["the lock's agents are not a mapping skillkit wrote"]
    out: list[str] = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            out.append(f"{name}: agent removed")
        elif name not in before:
            out.append(f"{name}: agent added")
        elif before[name] != after[name]:
            old = before[name] if isinstance(before[name], dict) else {}
            found = [*_list_changes("skill", old.get("skills"), after[name]["skills"]),
                     *_list_changes("tool", old.get("tools"), after[name]["tools"])]
            out.extend(f"{name}: {line}" for line in found or ["changed"])
    return out or ["the lock differs from the resolution"]


WRITTEN, UNCHANGED, NOT_WRITTEN = "written", "unchanged", "not-written"
UP_TO_DATE, CHANGED, MISSING = "up-to-date", "changed", "missing"


def settle(current: dict[str, Any], path: Path, shown: str, check: bool, resolved_ok: bool) -> tuple[str, list[str]]:
    """Check or write the lock. Returns (status, changes). With `check`, nothing is written:
    up-to-date, changed (with what changed) or missing. Without it the lock is written
    atomically when every reference resolves (written, or unchanged when it already says the
    same), and never over a broken resolution (not-written)."""
    if check:
        stored = read_lock(path, shown)
        if stored is None:
            return MISSING, [f"no lock at {shown}; run `skillkit resolve` to write one"]
        found = changes(stored, current)
        return (CHANGED, found) if found else (UP_TO_DATE, [])
    if not resolved_ok:
        return NOT_WRITTEN, []
    text = render(current)
    wanted = text.encode("utf-8")
    try:
        # through the one reader: a FIFO or a huge file named like the lock is never read whole
        if path.exists() and read_regular(path, len(wanted)) == wanted:
            return UNCHANGED, []
    except (InputError, OSError):
        pass  # unreadable: write it anew (write_atomic refuses what is not a regular file)
    from skillkit.core.atomic import write_atomic

    write_atomic(path, text)
    return WRITTEN, []
