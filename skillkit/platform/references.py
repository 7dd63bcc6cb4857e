"""Write-time rules for one reference: the name resolves to an action of the right kind that
is neither disabled nor deleted, and a pinned version is one the action has. A reference with
a version always loads that version; one without loads the latest, resolved when each
execution starts (shown as "latest, now N")."""

from __future__ import annotations

from dataclasses import dataclass

from skillkit.core.suggest import did_you_mean
from skillkit.platform import findings as F
from skillkit.platform.catalog import Action
from skillkit.platform.findings import Findings
from skillkit.platform.inputs import Ref
from skillkit.platform.versions import Version, parse_version, shown

# The rule ids a skill reference and a tool reference report under.
RULES = {
    "skill": (F.SKILL_MISSING, F.SKILL_KIND, F.SKILL_STATE, F.SKILL_VERSION, F.SKILL_DUPLICATE),
    "tool": (F.TOOL_MISSING, F.TOOL_KIND, F.TOOL_STATE, F.TOOL_VERSION, F.TOOL_DUPLICATE),
}


@dataclass(frozen=True, slots=True)
class Resolved:
    """What a valid reference loads now."""

    ref: Ref
    action: Action
    version: Version
    pinned: bool


def describe(version: Version, pinned: bool) -> str:
    """"pinned v3" or "latest, now 3" (a semantic version reads without the v)."""
    text = str(version)
    return f"pinned {'' if version.is_semver else 'v'}{text}" if pinned else f"latest, now {text}"


def resolve_ref(ref: Ref, kind: str, actions: dict[str, Action], path: str, where_catalog: str,
                findings: Findings) -> Resolved | None:
    """Check one reference to a `kind` ("skill" or "tool"); report what breaks a rule at the
    reference's own position and return what it loads, or None when it cannot load."""
    missing, wrong_kind, state, version_rule, _ = RULES[kind]
    action = actions.get(ref.name)
    if action is None:
        place = "catalog.yaml or the workspace" if where_catalog else "the workspace"
        same_kind = [name for name, known in actions.items() if known.kind == kind]
        findings.add(missing, path, ref.at, f"no {kind} {ref.name!r} in {place}{did_you_mean(ref.name, same_kind)}")
        return None
    if action.kind != kind:
        findings.add(wrong_kind, path, ref.at, f"{ref.name!r} is an action of kind {action.kind!r}, not a {kind}")
        return None
    usable = True
    if action.state != "enabled":
        findings.add(state, path, ref.at, f"{kind} {ref.name!r} is {action.state}")
        usable = False
    if ref.version is None:
        if action.latest is None:
            findings.add(version_rule, path, ref.at, f"{kind} {ref.name!r} has no versions")
            return None
        return Resolved(ref, action, action.latest, False) if usable else None
    version = parse_version(ref.version)
    if version is None or version not in action.versions:
        findings.add(version_rule, path, ref.at, f"{kind} {ref.name!r} has no version {ref.version!s} "
                                                 f"(its versions: {shown(frozenset(action.versions))})")
        return None
    return Resolved(ref, action, version, True) if usable else None


def resolve_list(refs: tuple[Ref, ...], kind: str, actions: dict[str, Action], path: str, where_catalog: str,
                 findings: Findings) -> tuple[list[Resolved], set[int]]:
    """Check a list of references in order. A name listed twice is reported at the later one,
    which is then ignored. Returns the references that load, and the indexes of the ones that
    break a rule (duplicates included)."""
    duplicate_rule = RULES[kind][4]
    seen: dict[str, Ref] = {}
    loads: list[Resolved] = []
    broken: set[int] = set()
    for index, ref in enumerate(refs):
        first = seen.get(ref.name)
        if first is not None:
            findings.add(duplicate_rule, path, ref.at,
                         f"{kind} {ref.name!r} is listed twice (first on line {first.at[0]})")
            broken.add(index)
            continue
        seen[ref.name] = ref
        resolved = resolve_ref(ref, kind, actions, path, where_catalog, findings)
        if resolved is None:
            broken.add(index)
        else:
            loads.append(resolved)
    return loads, broken
