"""The platform's reference rules: each one's id, default severity and documentation, declared
once (skillkit/rules/references.py makes the registry's rules of them, and `skillkit resolve`
reports through them), and the collector that turns a finding into a Diagnostic.

These are the rules `skillkit resolve` applies; lint runs them too, so a pull request that
breaks a reference fails in pre-commit and CI instead of at the platform's write."""

from __future__ import annotations

from skillkit.core.diagnostics import Diagnostic, Severity
from skillkit.core.rulebase import Finding

E, W = Severity.ERROR, Severity.WARNING
SKILL_MISSING = Finding("skill-ref-missing", E, """
    An agent's `skills` names a skill that neither `catalog.yaml` nor the workspace has.

    Each name resolves to the skill's action when the agent is written; a missing one fails the write.""",
                        world="platform")
SKILL_DUPLICATE = Finding("skill-ref-duplicate", E, """
    An agent's `skills` lists one skill twice; reported at the later reference.""", world="platform")
SKILL_STATE = Finding("skill-ref-state", E, """
    An agent references a skill the catalog marks `disabled` or `deleted`.""", world="platform")
SKILL_KIND = Finding("skill-ref-kind", E, """
    An agent's `skills` names an action that is not a skill (a tool, an agent, ...).""", world="platform")
SKILL_VERSION = Finding("skill-ref-version", E, """
    A skill reference pins a version the skill does not have.

    A skill's versions are the catalog's plus the version of its file in the workspace (a skill
    added in this change is referenceable before it is published). A reference with a version
    always loads that version; one without loads the latest, resolved when each execution starts.
    Integer versions and semantic versions (`1.2.0`, a prerelease below its release) both work.""", world="platform")
SKILL_TOOL_NAME = Finding("skill-ref-tool-name", E, """
    A skill's name is also the name the model sees for one of the agent's own tools
    (the tool version's `modelName`, by default its name): the model could not tell them apart.""", world="platform")
HANDLER_KIND = Finding("handler-kind", E, """
    A `skills` or `tools` list on an agent whose handler kind calls no tools.

    Only the `agent` handler calls tools, so only it accepts `tools` and `skills`; any other kind
    (`skill`, `tool`, `http`, `function`, ...) does not.""", world="platform")
TOOL_MISSING = Finding("tool-ref-missing", E, """
    A tool reference (an agent's, a skill's, or one a catalog record lists) names a tool that
    neither `catalog.yaml` nor the workspace has.""", world="platform")
TOOL_STATE = Finding("tool-ref-state", E, """
    A tool reference names a tool the catalog marks `disabled` or `deleted`.""", world="platform")
TOOL_KIND = Finding("tool-ref-kind", E, """
    A tool reference names an action that is not a tool (a skill, an agent, ...).""", world="platform")
TOOL_VERSION = Finding("tool-ref-version", E, """
    A tool reference pins a version the tool does not have (the catalog's versions plus its
    file's own version).""", world="platform")
TOOL_DUPLICATE = Finding("tool-ref-duplicate", E, """
    A `tools` list names one tool twice: as a duplicate skill does, it fails the write.

    Tool references follow the rules of skill references. The model cannot be offered two
    tools of one name, and two references that differ (a version, a fixed input, an approval)
    leave it unclear which one the author meant. Reported at the later reference.""", world="platform")
TOOL_PIN_CONFLICT = Finding("tool-pin-conflict", E, """
    Two of an agent's skills pin different versions of one tool: the second load fails.

    Skills load in load order (preloaded first, then the others, each in the order of `skills`).
    A pinned version wins over the latest one; two different pinned versions cannot both hold.
    Reported at the reference of the skill whose load fails, naming both skills and the tool.
    A tool the agent lists itself never conflicts: the agent's reference applies.""", world="platform")
TOOL_UNFIT = Finding("tool-unfit", W, """
    A tool a loaded skill lists does not fit the agent's tools and is left out.

    It does not fit when the name the model sees for the version it loads (for a reference
    without a version, the latest) is already the name of one of the agent's tools or skills,
    or of a tool an earlier load made available. The platform leaves it out of the turn, and
    a harness.log warning says why; so does this one.""", world="platform")
REF_UNKNOWN = Finding("ref-unknown", W, """
    What a referenced version lists is unknown, so it is not checked (never guessed).

    A skill version's tools and a tool version's model-facing name come from the catalog's
    record for that version (`versions: {2: {modelName: ...}}`, `{3: {tools: [...]}}`), or from
    the workspace file when the file is that version. A version only listed (`versions: [1, 2]`)
    whose file is another version says neither.""", world="platform")
ACTION_CONFLICT = Finding("action-conflict", E, """
    One action name, two definitions: a skill, tool or agent file whose name another file
    already uses (two skills of one name are `name-unique`), or a file whose kind differs from
    the kind `catalog.yaml` publishes under that name.""", world="platform")

# In the registry's order (`skillkit rules` lists them so).
REFERENCES: tuple[Finding, ...] = (
    SKILL_MISSING, SKILL_DUPLICATE, SKILL_STATE, SKILL_KIND, SKILL_VERSION, SKILL_TOOL_NAME, HANDLER_KIND,
    TOOL_MISSING, TOOL_STATE, TOOL_KIND, TOOL_VERSION, TOOL_DUPLICATE, TOOL_PIN_CONFLICT, TOOL_UNFIT, REF_UNKNOWN,
    ACTION_CONFLICT,
)
SEVERITY: dict[str, Severity] = {finding.id: finding.severity for finding in REFERENCES}
RULE_IDS: tuple[str, ...] = tuple(SEVERITY)


class Findings:
    """Collects diagnostics; the same finding reached twice (one catalog record loaded by two
    agents) is kept once."""

    def __init__(self) -> None:
        self._seen: set[Diagnostic] = set()

    def add(self, finding: Finding, path: str, at: tuple[int, int], message: str) -> None:
        self._seen.add(finding.at(path, at[0], at[1], message))

    def sorted(self) -> tuple[Diagnostic, ...]:
        return tuple(sorted(self._seen))
