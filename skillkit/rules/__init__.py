"""The rule registry: one explicit list. A rule's docstring is its user documentation."""

from __future__ import annotations

from skillkit.rules import agent_skills, naming, platform, reading, scenes, studio
from skillkit.rules import references
from skillkit.rules import budget
from skillkit.rules import sessions
from skillkit.rules.base import Rule
from skillkit.rules.profiles import PROFILES

REGISTRY: tuple[Rule, ...] = (
    *reading.RULES,
    *naming.RULES,
    *studio.RULES,
    *platform.RULES,
    *agent_skills.RULES,
    *scenes.RULES,
    *references.RULES,
    *budget.RULES,
    *sessions.RULES,
)
BY_ID: dict[str, Rule] = {rule.id: rule for rule in REGISTRY}
assert len(BY_ID) == len(REGISTRY), "rule ids must be unique"

__all__ = ["REGISTRY", "BY_ID", "PROFILES", "Rule"]
