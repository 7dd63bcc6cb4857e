"""The reference rules' ids and default severities, and the collector that turns a finding
into a Diagnostic. The rules' documentation lives in skillkit/rules/references.py."""

from __future__ import annotations

from skillkit.core.diagnostics import Diagnostic, Severity

SKILL_MISSING = "skill-ref-missing"
SKILL_DUPLICATE = "skill-ref-duplicate"
SKILL_STATE = "skill-ref-state"
SKILL_KIND = "skill-ref-kind"
SKILL_VERSION = "skill-ref-version"
SKILL_TOOL_NAME = "skill-ref-tool-name"
HANDLER_KIND = "handler-kind"
TOOL_MISSING = "tool-ref-missing"
TOOL_STATE = "tool-ref-state"
TOOL_KIND = "tool-ref-kind"
TOOL_VERSION = "tool-ref-version"
TOOL_DUPLICATE = "tool-ref-duplicate"
TOOL_PIN_CONFLICT = "tool-pin-conflict"
TOOL_UNFIT = "tool-unfit"
REF_UNKNOWN = "ref-unknown"
ACTION_CONFLICT = "action-conflict"

E, W = Severity.ERROR, Severity.WARNING
SEVERITY: dict[str, Severity] = {
    SKILL_MISSING: E, SKILL_DUPLICATE: E, SKILL_STATE: E, SKILL_KIND: E, SKILL_VERSION: E,
    SKILL_TOOL_NAME: E, HANDLER_KIND: E, TOOL_MISSING: E, TOOL_STATE: E, TOOL_KIND: E,
    TOOL_VERSION: E, TOOL_DUPLICATE: E, TOOL_PIN_CONFLICT: E, TOOL_UNFIT: W, REF_UNKNOWN: W,
    ACTION_CONFLICT: E,
}
RULE_IDS: tuple[str, ...] = tuple(SEVERITY)


class Findings:
    """Collects diagnostics; the same finding reached twice (one catalog record loaded by two
    agents) is kept once."""

    def __init__(self) -> None:
        self._seen: set[Diagnostic] = set()

    def add(self, rule: str, path: str, at: tuple[int, int], message: str) -> None:
        self._seen.add(Diagnostic(path, at[0], at[1], rule, SEVERITY[rule], message))

    def sorted(self) -> tuple[Diagnostic, ...]:
        return tuple(sorted(self._seen))
