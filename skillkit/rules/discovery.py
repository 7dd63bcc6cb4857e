"""Rules discovery reports: what a walk found but could not, or would not, check
(ARCHITECTURE.md, Contracts: discovery).

They have no check of their own; their ids are stable and their docstrings are their docs.
"""

from __future__ import annotations

from skillkit.core.diagnostics import Severity as S
from skillkit.rules.base import documented

RULES = (
    documented("file-unreadable", S.ERROR, """
        A path found by a walk cannot be read: a `SKILL.md` link whose target is gone, a FIFO
        or device named `SKILL.md`, a folder named `SKILL.md`, a folder that cannot be listed.
        It is reported on that path and everything else is still checked (a path named on the
        command line that cannot be opened stops the run instead, exit 2)."""),
    documented("skill-nested", S.WARNING, """
        A `SKILL.md` sits inside another skill's folder. Clients load the outer skill and never
        discover the inner one, so a walk does not lint it either; this warning on the outer
        skill says so. Move the inner skill beside the outer one, or name its file or folder on
        the command line to check it."""),
)
