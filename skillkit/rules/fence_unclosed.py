"""`fence-unclosed`: a fenced code block that never closes."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.linkgraph import SKILL_FILE, shown, skill_graph
from skillkit.rules.base import Hit, RuleContext, skill_rule


@skill_rule("fence-unclosed", Severity.WARNING, bodily=True)
def fence_unclosed(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A code fence (a line of three or more backticks or tildes) that no closing fence ends.

    Everything after it, to the end of the file (or of the list item or quote it is in), is
    code: headings, instructions and links there are shown as code, and link checks no
    longer see them. Usually a closing fence was forgotten or is shorter than the opening one.

    Example: a SKILL.md body with ```` ```bash ```` and no ```` ``` ```` line after the
    commands. Fix: add the closing fence, made of the same character and at least as long
    as the opening one. Checked in SKILL.md and in every bundled Markdown file."""
    for source, reading in skill_graph(doc).readings.items():
        path = doc.path if source == SKILL_FILE else shown(doc, source)
        for fence in reading.unclosed():
            yield Hit(path, fence.line, fence.column,
                      f"the code fence opened here ({fence.marker}) never closes: the rest of the file reads as code")


RULES = (fence_unclosed,)
