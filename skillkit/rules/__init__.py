"""The rule registry: one explicit list. A rule's docstring is its user documentation."""

from __future__ import annotations

from skillkit.rules import agent_skills, naming, platform, reading, scenes, studio
from skillkit.rules import references
from skillkit.rules import budget
from skillkit.rules import discovery, suppression
from skillkit.rules.base import Registry, Rule
from skillkit.rules import (description_short, fence_unclosed, invisible_unicode, orphan_file, remote_exec,
                            secret_leak)
from skillkit.rules import sessions
from skillkit.rules import clients
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
    *suppression.RULES,
    *discovery.RULES,
    *description_short.RULES,
    *fence_unclosed.RULES,
    *invisible_unicode.RULES,
    *secret_leak.RULES,
    *remote_exec.RULES,
    *orphan_file.RULES,
    *sessions.RULES,
    *clients.RULES,
)
# What the pipeline is handed (the core never imports this package).
RULESET = Registry(REGISTRY, PROFILES, "skillkit.rules:RULESET")
BY_ID: dict[str, Rule] = RULESET.by_id

__all__ = ["REGISTRY", "BY_ID", "PROFILES", "RULESET", "Rule"]
