"""The manifest inside every pack (`skillkit-manifest.json`), as canonical JSON: keys sorted,
no insignificant whitespace, UTF-8, lists in a fixed order. So its bytes, like the pack's,
depend only on the sources.

```json
{"files": [{"executable": false, "path": "skills/sword/SKILL.md", "sha256": "…", "size": 212}],
 "format": "skillkit-pack", "formatVersion": 1, "name": "example-pack",
 "references": {".": {…the lock data of `skillkit resolve`…}},
 "skills": [{"name": "sword", "path": "skills/sword", "version": 1}], "version": "1.0.0"}
```
`references` maps each workspace root in the pack (relative, `.` for the pack's own root) to
its resolved references.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from skillkit.core.errors import InputError
from skillkit.core.jsonread import shape_problem
from skillkit.pack import FORMAT, FORMAT_VERSION, MANIFEST_NAME

_SHA256 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True, slots=True)
class FileRecord:
    path: str
    sha256: str
    size: int
    executable: bool

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "sha256": self.sha256, "size": self.size, "executable": self.executable}


@dataclass(frozen=True, slots=True)
class Manifest:
    name: str | None  # the settings' `name`; null without one
    version: str | int | None
    files: tuple[FileRecord, ...]
    skills: tuple[dict[str, Any], ...] = ()
    references: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "formatVersion": FORMAT_VERSION, "name": self.name, "version": self.version,
            "files": [f.as_json() for f in sorted(self.files, key=lambda f: f.path)],
            "skills": sorted(self.skills, key=lambda s: (s["path"], s["name"])),
            "references": self.references,
        }

    def dumps(self) -> bytes:
        return canonical_json(self.as_json())


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _bad(why: str, display: str) -> InputError:
    return InputError(f"not a skillkit pack: {MANIFEST_NAME} {why}", display)


def _record(item: Any, index: int, display: str) -> FileRecord:
    if not isinstance(item, dict):
        raise _bad(f"files[{index}] is not an object", display)
    path, digest, size, executable = (item.get(k) for k in ("path", "sha256", "size", "executable"))
    if not isinstance(path, str) or not path:
        raise _bad(f"files[{index}].path is not a non-empty string", display)
    if not isinstance(digest, str) or not _SHA256.match(digest):
        raise _bad(f"files[{index}].sha256 is not 64 lower-case hex digits", display)
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise _bad(f"files[{index}].size is not a whole number >= 0", display)
    if not isinstance(executable, bool):
        raise _bad(f"files[{index}].executable is not true or false", display)
    return FileRecord(path, digest, size, executable)


def parse_manifest(data: bytes, display: str) -> Manifest:
    """A manifest from untrusted bytes; InputError (exit 2) for anything that is not one."""
    try:
        text = data.decode("utf-8")
        why = shape_problem(text)
        if why is not None:
            raise _bad(f"is too large a JSON structure ({why})", display)
        value = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _bad(f"is not JSON ({type(exc).__name__})", display) from exc
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise _bad(f'does not say "format": "{FORMAT}"', display)
    if value.get("formatVersion") != FORMAT_VERSION:
        raise _bad(f"has formatVersion {value.get('formatVersion')!r}; this skillkit reads {FORMAT_VERSION}", display)
    name, version = value.get("name"), value.get("version")
    files, skills, references = value.get("files"), value.get("skills", []), value.get("references", {})
    if name is not None and not isinstance(name, str):
        raise _bad("has a pack name that is not a string", display)
    if version is not None and (not isinstance(version, (str, int)) or isinstance(version, bool)):
        raise _bad("has a version that is neither a string nor a number", display)
    if not isinstance(files, list) or not isinstance(skills, list) or not isinstance(references, dict):
        raise _bad("lacks its `files` list", display)
    records = tuple(_record(item, i, display) for i, item in enumerate(files))
    if len({r.path for r in records}) != len(records):
        raise _bad("lists a file twice", display)
    return Manifest(name, version, records, tuple(s for s in skills if isinstance(s, dict)), references)
