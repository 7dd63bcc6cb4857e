"""`upload-limits`: a skill that claude.ai's `.skill` upload refuses for its size."""

from __future__ import annotations

import os
from typing import Iterable

from skillkit.clients import BY_ID
from skillkit.core.bundle import MAX_FILES as BUNDLE_CAP
from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule

# claude.ai's upload limits for a .skill (a zip of one skill folder), as its client declares them
# (skillkit/clients/claude_api.py, which `pack` also checks): one number in one place.
_LIMITS = BY_ID["claude-api"].limits
MAX_FILES: int = _LIMITS.max_files or 0
MAX_BYTES: int = _LIMITS.max_bytes or 0


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


@skill_rule("upload-limits", Severity.WARNING, world="agent-skills")
def upload_limits(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A skill folder over claude.ai's limits for a `.skill` upload: at most 200 files and
    30 MB. The upload refuses it whole, whatever else is right with it.

    Counted as `skillkit pack --target agent-skills` packs the folder: SKILL.md and every file
    bundled with it (version control, caches and dependency folders left out). The size is
    the files' own: a zip compresses text, so a folder a little over 30 MB may still upload;
    one of thousands of files never does.

    Fix: move reference material the skill does not need at once out of the folder (load it
    from the web or a tool when needed), or keep the skill for clients that read folders
    (Claude Code, Codex) and do not upload it."""
    files = skill_graph(doc).bundle.files
    count = len(files) + 1  # and SKILL.md
    size = 0
    for item in files:
        if item.size is not None:  # the size the file's read saw (core/bundle.py)
            size += item.size
            continue
        try:
            size += os.stat(item.path).st_size
        except OSError:
            continue
    if count > MAX_FILES:
        held = f"more than {BUNDLE_CAP:,}" if len(files) >= BUNDLE_CAP else f"{count:,}"  # (the bundle stops there)
        yield Hit(doc.path, 1, 1, f"the skill folder holds {held} files; claude.ai's .skill upload takes at most "
                  f"{MAX_FILES}")
    if size > MAX_BYTES:
        yield Hit(doc.path, 1, 1, f"the skill folder's files total {_mib(size)}; claude.ai's .skill upload takes at "
                  f"most 30 MB")


RULES = (upload_limits,)
