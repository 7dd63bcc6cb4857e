"""The workspace `resolve` works on: the shared pipeline over one workspace root, and the
files whose errors make `resolve` refuse the whole workspace."""

from __future__ import annotations

from pathlib import Path

import msgspec

from skillkit.core.diagnostics import Diagnostic
from skillkit.core.errors import InputError
from skillkit.core.pipeline import LoadedWorkspace, Options, Progress, run
from skillkit.core.workspace import classify, is_root
from skillkit.platform.findings import RULE_IDS

# The files a resolution reads; a scene's errors are the studio's business, not resolve's.
RESOLVED_KINDS = frozenset({"skill", "tool", "agent", "catalog"})


def load_workspace(root: Path, options: Options, progress: Progress | None = None
                   ) -> tuple[LoadedWorkspace, tuple[Diagnostic, ...]]:
    """Run the pipeline over `root` and return its workspace and, when skill, tool, agent or
    catalog files have errors, the diagnostics of those files (the workspace is then refused).
    The reference rules are left to `resolve_workspace`, which applies them itself."""
    if not root.exists():
        raise InputError("no such folder", str(root))
    if not root.is_dir():
        raise InputError("not a folder: give the workspace folder", str(root))
    if not is_root(root):
        raise InputError("not a workspace: no skillkit.yaml, [tool.skillkit] in pyproject.toml or skills/ "
                         "in this folder (a skill folder is never one)", str(root))
    options = msgspec.structs.replace(options, ignore=options.ignore | frozenset(RULE_IDS))
    result = run([root], options, progress)
    target = root.resolve()
    workspace = next((w for w in result.workspaces if w.root is not None and w.root.resolve() == target), None)
    if workspace is None:  # discovery found nothing of this root (every file excluded, say)
        workspace = LoadedWorkspace(root, (), (), frozenset())
    refused = frozenset(p for p in workspace.failed if classify(Path(p)) in RESOLVED_KINDS)
    return workspace, tuple(d for d in result.diagnostics if d.path in refused)
