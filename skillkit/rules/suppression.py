"""The rule about suppression comments themselves (core/suppress.py applies them)."""

from __future__ import annotations

from skillkit.core.diagnostics import Severity as S
from skillkit.rules.fix_edits import unused_suppression
from skillkit.rules.base import Fix, documented

RULES = (
    documented("unused-suppression", S.WARNING, """
        A suppression comment that silences nothing: no finding of that rule on its line (or, for
        `ignore-file`, in its file), or a rule id that does not exist. Remove it, as ruff's
        `RUF100` asks of an unused `# noqa`, so that suppressions do not outlive their reason.

        The forms: `# skillkit: ignore[rule-id, ...]` at the end of a frontmatter or workspace-file
        line silences those rules on that line; `# skillkit: ignore-file[rule-id, ...]` on a line
        of its own in the frontmatter silences them in the file; `<!-- skillkit: ignore[rule-id] -->`
        in a Markdown body silences the next line. Settings take `per-file-ignores: {GLOB: [rule-id]}`
        (a GLOB without `/` matches a file's name anywhere). Only rules that ran count: with
        `--select`, a suppression of an unselected rule is not reported.

        Fix (`skillkit lint --fix`): the rule id is removed from its comment, and a comment left
        with none is removed (its line, when it stood alone; an HTML comment line right under a
        paragraph stays, since without it the next line would join that paragraph).""",
               fix=Fix(unused_suppression)),
)
