"""The platform's reference rules: agents' skill and tool references, skills' tool references,
and the tools that join an agent's tools when its skills load.

These are the rules `skillkit resolve` applies; lint runs them too, so a pull request that
breaks a reference fails in pre-commit and CI instead of at the platform's write. The work is
done once per workspace (skillkit/platform/) and each rule reports its own findings; their ids,
severities and docs are declared once, in skillkit/platform/findings.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skillkit.platform import findings as F
from skillkit.rules.base import SKILLS, WorkspaceView, family, key

if TYPE_CHECKING:
    from skillkit.core.diagnostics import Diagnostic

# What the platform analysis reads (platform/inputs.from_view): each skill's name, version and
# tool references, and the tools, agents and catalog.
_READS = (SKILLS, key("name"), key("version"), key("tools"), "tool", "agent", "catalog")


def _has_platform_files(view: WorkspaceView) -> bool:
    return (any(d.kind in ("agent", "tool", "catalog") for d in view.documents)
            or any("tools" in s.data for s in view.skills))


def _analysis(view: WorkspaceView) -> tuple[Diagnostic, ...]:
    if not _has_platform_files(view):
        return ()  # no platform files: skip the analysis (studio and Agent Skills workspaces)
    # Files named inside a workspace (as pre-commit names them) arrive with their whole
    # workspace as context; the pipeline keeps the findings of the named files only.
    from skillkit.platform.inputs import from_view
    from skillkit.platform.resolve import analyse

    return analyse(from_view(view)).diagnostics


RULES = family(F.REFERENCES, _analysis, reads=_READS)
