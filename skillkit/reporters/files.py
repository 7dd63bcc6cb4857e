"""`skillkit lint --show-files`: what a run would check, and every path left out with why."""

from __future__ import annotations

import json
from typing import TextIO

from skillkit.core.paths import current_base, display
from skillkit.core.workspace import Discovery


UNLOADED = "no client loads it: linted on its own"


def listing(found: Discovery) -> dict[str, list]:
    """{"files": [path, ...], "left_out": [{"path", "reason"}, ...], "unloaded": [path, ...]},
    paths as lint shows them; `unloaded`: the skills checked that no client loads."""
    from skillkit.core.loading import Groups

    base = current_base()
    files = {display(p, base) for s in found.spaces
             for p in [*s.skills, *(d for _, d in s.documents), *(f for f, _ in s.unreadable)] if s.reports(p)}
    files |= {display(p, base) for p in found.settings}
    groups = Groups()
    unloaded = {display(p, base) for s in found.spaces for p in s.skills if s.reports(p) and groups.of(str(p)) is None}
    left = {(display(o.path, base) + ("/" if o.is_dir else ""), o.reason) for o in found.left_out}
    return {"files": sorted(files), "left_out": [{"path": p, "reason": r} for p, r in sorted(left)],
            "unloaded": sorted(unloaded)}


def report(found: Discovery, out: TextIO, as_json: bool) -> None:
    shown = listing(found)
    if as_json:
        out.write(json.dumps(shown, indent=2, ensure_ascii=False) + "\n")
        return
    unloaded = set(shown["unloaded"])
    for path in shown["files"]:
        out.write(path + (f"  ({UNLOADED})" if path in unloaded else "") + "\n")
    if shown["left_out"]:
        out.write(f"\nLeft out ({len(shown['left_out'])}):\n")
        for item in shown["left_out"]:
            out.write(f"  {item['path']}: {item['reason']}\n")
