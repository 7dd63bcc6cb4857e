"""The platform's reference rules: agents' skill and tool references, skills' tool references,
and the tools that join an agent's tools when its skills load.

These are the rules `skillkit resolve` applies; lint runs them too, so a pull request that
breaks a reference fails in pre-commit and CI instead of at the platform's write. The work is
done once per workspace (skillkit/platform/) and each rule reports its own findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from skillkit.platform import findings as F
from skillkit.rules.base import SKILLS, Hit, RuleContext, WorkspaceView, key, workspace_rule

if TYPE_CHECKING:
    from skillkit.core.diagnostics import Diagnostic

# What the platform analysis reads (platform/inputs.from_view): each skill's name, version and
# tool references, and the tools, agents and catalog.
_READS = (SKILLS, key("name"), key("version"), key("tools"), "tool", "agent", "catalog")
_LAST: list[tuple[WorkspaceView, tuple[Diagnostic, ...]]] = []  # one slot: a lint run's rules share it


def _analysis(view: WorkspaceView) -> tuple[Diagnostic, ...]:
    # Files named inside a workspace (as pre-commit names them) arrive with their whole
    # workspace as context; the pipeline keeps the findings of the named files only.
    if not _LAST or _LAST[0][0] is not view:
        from skillkit.platform.inputs import from_view
        from skillkit.platform.resolve import analyse

        _LAST[:] = [(view, analyse(from_view(view)).diagnostics)]
    return _LAST[0][1]


_PLATFORM: list[tuple[WorkspaceView, bool]] = []  # one slot, as _LAST: sixteen rules ask of one view


def _has_platform_files(view: WorkspaceView) -> bool:
    if not _PLATFORM or _PLATFORM[0][0] is not view:
        _PLATFORM[:] = [(view, any(d.kind in ("agent", "tool", "catalog") for d in view.documents)
                         or any("tools" in s.data for s in view.skills))]
    return _PLATFORM[0][1]


def _hits(view: WorkspaceView, rule_id: str) -> Iterable[Hit]:
    if not _has_platform_files(view):
        return  # no platform files: skip the analysis (studio and Agent Skills workspaces)
    for d in _analysis(view):
        if d.rule == rule_id:
            yield Hit(d.path, d.line, d.column, d.message)


@workspace_rule(F.SKILL_MISSING, F.SEVERITY[F.SKILL_MISSING], world="platform", reads=_READS)
def skill_ref_missing(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """An agent's `skills` names a skill that neither `catalog.yaml` nor the workspace has.

    Each name resolves to the skill's action when the agent is written; a missing one fails the write."""
    return _hits(view, F.SKILL_MISSING)


@workspace_rule(F.SKILL_DUPLICATE, F.SEVERITY[F.SKILL_DUPLICATE], world="platform", reads=_READS)
def skill_ref_duplicate(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """An agent's `skills` lists one skill twice; reported at the later reference."""
    return _hits(view, F.SKILL_DUPLICATE)


@workspace_rule(F.SKILL_STATE, F.SEVERITY[F.SKILL_STATE], world="platform", reads=_READS)
def skill_ref_state(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """An agent references a skill the catalog marks `disabled` or `deleted`."""
    return _hits(view, F.SKILL_STATE)


@workspace_rule(F.SKILL_KIND, F.SEVERITY[F.SKILL_KIND], world="platform", reads=_READS)
def skill_ref_kind(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """An agent's `skills` names an action that is not a skill (a tool, an agent, ...)."""
    return _hits(view, F.SKILL_KIND)


@workspace_rule(F.SKILL_VERSION, F.SEVERITY[F.SKILL_VERSION], world="platform", reads=_READS)
def skill_ref_version(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A skill reference pins a version the skill does not have.

    A skill's versions are the catalog's plus the version of its file in the workspace (a skill
    added in this change is referenceable before it is published). A reference with a version
    always loads that version; one without loads the latest, resolved when each execution starts.
    Integer versions and semantic versions (`1.2.0`, a prerelease below its release) both work."""
    return _hits(view, F.SKILL_VERSION)


@workspace_rule(F.SKILL_TOOL_NAME, F.SEVERITY[F.SKILL_TOOL_NAME], world="platform", reads=_READS)
def skill_ref_tool_name(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A skill's name is also the name the model sees for one of the agent's own tools
    (the tool version's `modelName`, by default its name): the model could not tell them apart."""
    return _hits(view, F.SKILL_TOOL_NAME)


@workspace_rule(F.HANDLER_KIND, F.SEVERITY[F.HANDLER_KIND], world="platform", reads=_READS)
def handler_kind(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A `skills` or `tools` list on an agent whose handler kind calls no tools.

    Only the `agent` handler calls tools, so only it accepts `tools` and `skills`; any other kind
    (`skill`, `tool`, `http`, `function`, ...) does not."""
    return _hits(view, F.HANDLER_KIND)


@workspace_rule(F.TOOL_MISSING, F.SEVERITY[F.TOOL_MISSING], world="platform", reads=_READS)
def tool_ref_missing(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A tool reference (an agent's, a skill's, or one a catalog record lists) names a tool that
    neither `catalog.yaml` nor the workspace has."""
    return _hits(view, F.TOOL_MISSING)


@workspace_rule(F.TOOL_STATE, F.SEVERITY[F.TOOL_STATE], world="platform", reads=_READS)
def tool_ref_state(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A tool reference names a tool the catalog marks `disabled` or `deleted`."""
    return _hits(view, F.TOOL_STATE)


@workspace_rule(F.TOOL_KIND, F.SEVERITY[F.TOOL_KIND], world="platform", reads=_READS)
def tool_ref_kind(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A tool reference names an action that is not a tool (a skill, an agent, ...)."""
    return _hits(view, F.TOOL_KIND)


@workspace_rule(F.TOOL_VERSION, F.SEVERITY[F.TOOL_VERSION], world="platform", reads=_READS)
def tool_ref_version(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A tool reference pins a version the tool does not have (the catalog's versions plus its
    file's own version)."""
    return _hits(view, F.TOOL_VERSION)


@workspace_rule(F.TOOL_DUPLICATE, F.SEVERITY[F.TOOL_DUPLICATE], world="platform", reads=_READS)
def tool_ref_duplicate(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A `tools` list names one tool twice: as a duplicate skill does, it fails the write.

    Tool references follow the rules of skill references. The model cannot be offered two
    tools of one name, and two references that differ (a version, a fixed input, an approval)
    leave it unclear which one the author meant. Reported at the later reference."""
    return _hits(view, F.TOOL_DUPLICATE)


@workspace_rule(F.TOOL_PIN_CONFLICT, F.SEVERITY[F.TOOL_PIN_CONFLICT], world="platform", reads=_READS)
def tool_pin_conflict(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """Two of an agent's skills pin different versions of one tool: the second load fails.

    Skills load in load order (preloaded first, then the others, each in the order of `skills`).
    A pinned version wins over the latest one; two different pinned versions cannot both hold.
    Reported at the reference of the skill whose load fails, naming both skills and the tool.
    A tool the agent lists itself never conflicts: the agent's reference applies."""
    return _hits(view, F.TOOL_PIN_CONFLICT)


@workspace_rule(F.TOOL_UNFIT, F.SEVERITY[F.TOOL_UNFIT], world="platform", reads=_READS)
def tool_unfit(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A tool a loaded skill lists does not fit the agent's tools and is left out.

    It does not fit when the name the model sees for the version it loads (for a reference
    without a version, the latest) is already the name of one of the agent's tools or skills,
    or of a tool an earlier load made available. The platform leaves it out of the turn, and
    a harness.log warning says why; so does this one."""
    return _hits(view, F.TOOL_UNFIT)


@workspace_rule(F.REF_UNKNOWN, F.SEVERITY[F.REF_UNKNOWN], world="platform", reads=_READS)
def ref_unknown(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """What a referenced version lists is unknown, so it is not checked (never guessed).

    A skill version's tools and a tool version's model-facing name come from the catalog's
    record for that version (`versions: {2: {modelName: ...}}`, `{3: {tools: [...]}}`), or from
    the workspace file when the file is that version. A version only listed (`versions: [1, 2]`)
    whose file is another version says neither."""
    return _hits(view, F.REF_UNKNOWN)


@workspace_rule(F.ACTION_CONFLICT, F.SEVERITY[F.ACTION_CONFLICT], world="platform", reads=_READS)
def action_conflict(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """One action name, two definitions: a skill, tool or agent file whose name another file
    already uses (two skills of one name are `name-unique`), or a file whose kind differs from
    the kind `catalog.yaml` publishes under that name."""
    return _hits(view, F.ACTION_CONFLICT)


RULES = (skill_ref_missing, skill_ref_duplicate, skill_ref_state, skill_ref_kind, skill_ref_version,
         skill_ref_tool_name, handler_kind, tool_ref_missing, tool_ref_state, tool_ref_kind, tool_ref_version,
         tool_ref_duplicate, tool_pin_conflict, tool_unfit, ref_unknown, action_conflict)
