"""Which rules run on a set of options and how severe their findings are: what the check
(core/check.py), the pipeline and the language server each weigh findings with."""

from __future__ import annotations

from typing import Iterable

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.options import Options
from skillkit.core.rulebase import Hit, Rule, RuleContext


class Judge:
    """Decides which rules run and how severe their findings are (one per set of options)."""

    def __init__(self, options: Options) -> None:
        options.check_rule_ids()
        self.rules = options.registry.rules
        self.by_id = options.registry.by_id
        self.profile = options.resolved_profile()
        self.options = options
        self.context = RuleContext(self.profile, options.settings)

    def runs(self, rule: Rule) -> bool:
        if not self.profile.applies(rule) or rule.id in self.options.ignore:
            return False
        if self.options.select is not None and rule.id not in self.options.select:
            return False
        return self.profile.severities.get(rule.id, rule.severity) is not None or rule.id in self.options.severity

    def severity(self, rule: Rule, found: Severity | None) -> Severity:
        if rule.id in self.options.severity:
            return self.options.severity[rule.id]
        override = self.profile.severities.get(rule.id)
        return override if override is not None else (found if found is not None else rule.severity)

    def stamp(self, rule: Rule, hits: Iterable[Hit]) -> list[Diagnostic]:
        return [Diagnostic(h.path, h.line, h.column, rule.id, self.severity(rule, h.severity), h.message)
                for h in hits]

    def admit(self, found: Iterable[Diagnostic]) -> list[Diagnostic]:
        """Core-reported diagnostics, filtered and re-weighed like rule hits."""
        out = []
        for diag in found:
            rule = self.by_id.get(diag.rule)
            if rule is None:  # a core finding no rule documents yet: never drop it silently
                out.append(diag)
                continue
            if not self.runs(rule):
                continue
            out.append(Diagnostic(diag.path, diag.line, diag.column, diag.rule,
                                  self.severity(rule, diag.severity), diag.message))
        return out
