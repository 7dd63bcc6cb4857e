"""The rule model, for the rule modules: it lives in the core (skillkit/core/rulebase.py), which
runs rules without importing them."""

from skillkit.core.rulebase import (BODY, FRONTMATTER, SKILLS, Edit, Fix, Hit, Profile, Registry, Rule, RuleContext,
                                    SkillCheck, WorkspaceCheck, WorkspaceView, documented, key, skill_rule,
                                    workspace_rule)

__all__ = ["BODY", "FRONTMATTER", "SKILLS", "Edit", "Fix", "Hit", "Profile", "Registry", "Rule", "RuleContext",
           "SkillCheck", "WorkspaceCheck", "WorkspaceView", "documented", "key", "skill_rule", "workspace_rule"]
