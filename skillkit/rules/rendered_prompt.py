"""What a skill costs in the prompt, and the text that would render differently than written:
token budgets, macros that nothing answers, and presets that repeat a named slot."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc, YamlDoc
from skillkit.core.reader import line_col_of_offset
from skillkit.rules.base import (BODY, FRONTMATTER, SKILLS, Hit, Option, RuleContext, WorkspaceView, key, skill_rule,
                                 workspace_rule)

STUDIO_KEYS = ("when", "triggers", "secondaryTriggers", "closeWhenUnmentioned")


# The settings these rules read (the settings schema's `budgets` is generated from them).
SKILL_TOKENS = Option(("budgets", "skill"), {"type": "integer", "minimum": 1})
SKILLS_BLOCK_TOKENS = Option(("budgets", "skillsBlock"), {"type": "integer", "minimum": 1})
TOKENIZER = Option(("budgets", "tokenizer"), {"enum": ["o200k_base", "cl100k_base", "estimate"]}, "o200k_base")


def _counter(ctx: RuleContext) -> Any:
    from skillkit.tokens import get_counter  # lazily: only a workspace that sets a budget pays for it

    return get_counter(str(ctx.option(TOKENIZER)))


def _name(doc: SkillDoc) -> str:
    value = doc.data.get("name")
    return value if isinstance(value, str) else doc.folder.name


@skill_rule("skill-budget", Severity.WARNING, options=(SKILL_TOKENS, TOKENIZER))
def skill_budget(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A skill's instructions cost more tokens than the `budgets.skill` setting allows.

    Counted exactly, offline, with `budgets.tokenizer` (default `o200k_base`), on the body with
    surrounding whitespace stripped and macros as written. Without `budgets.skill`, nothing is
    checked. Example: `budgets: {skill: 800}` in skillkit.yaml."""
    limit = ctx.option(SKILL_TOKENS)
    if not isinstance(limit, int) or not doc.body.strip():
        return
    tokens = _counter(ctx).count(doc.body.strip())
    if tokens > limit:
        yield Hit(doc.path, doc.split.body_line, 1,
                  f"the instructions are {tokens:,} tokens ({_counter(ctx).name}); the skill budget is {limit:,}")


def _linked(scene: YamlDoc) -> list[str]:
    links = scene.data.get("skills")
    return [s for s in links if isinstance(s, str)] if isinstance(links, list) else []


def _variables(scene: YamlDoc) -> dict[str, object]:
    value = scene.data.get("variables")
    return dict(value) if isinstance(value, Mapping) else {}


@workspace_rule("skills-block-budget", Severity.WARNING, world="studio", reads=(SKILLS, BODY, key("name"), "scene"),
                options=(SKILLS_BLOCK_TOKENS, TOKENIZER))
def skills_block_budget(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A scene's Skills block, with every linked skill on, costs more tokens than the
    `budgets.skillsBlock` setting allows.

    The block is rendered as `skillkit render` renders it (the scene's variables answer the
    macros); skills that the scene's preset places with skill cards count too, as they share
    the block's budget. This is the worst case: the turn on which every linked skill is on.
    A skill whose macros would render past 4,194,304 characters (a ceiling in skillkit's code,
    no setting lifts it) is reported here instead of rendered."""
    limit = ctx.option(SKILLS_BLOCK_TOKENS)
    if not isinstance(limit, int):
        return
    from skillkit.triggers import macros
    from skillkit.studio.assembly import skills_block

    by_id = {doc.folder.name: doc for doc in view.skills}
    for scene in view.of_kind("scene"):
        variables = _variables(scene)
        docs = [by_id[i] for i in dict.fromkeys(_linked(scene)) if i in by_id]
        try:
            block = skills_block([(_name(d), macros.render(d.body, variables)) for d in docs])
        except macros.MacroExpansionTooLarge as exc:  # a finding, not the end of the run
            yield Hit(scene.path, *scene.at_key("skills"), f"the Skills block cannot be rendered: {exc}")
            continue
        if block is None:
            continue
        tokens = _counter(ctx).count(block)
        if tokens > limit:
            yield Hit(scene.path, *scene.at_key("skills"),
                      f"with every linked skill on, the Skills block is {tokens:,} tokens ({_counter(ctx).name}); "
                      f"the budget is {limit:,}")


@workspace_rule("scene-budget", Severity.ERROR, world="studio", reads=("scene",))
def scene_budget(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A scene's response reserve leaves no room for the prompt: `budget.response` is not
    smaller than `budget.context` (each as `skillkit render` takes it when the scene leaves
    it out: a context of 8192, a reserve of 512).

    The reserve is what the model may write; the prompt gets the context less the reserve, so
    with a reserve this large not even the message being answered fits. Example:
    `budget: {context: 8192, response: 1024}`."""
    for scene in view.of_kind("scene"):
        budget = scene.data.get("budget")
        if not isinstance(budget, Mapping):
            continue
        # imported for a scene with a budget only: studio.context_fit costs ~15 ms to import, and a
        # pre-commit run over an Agent Skills repository has no scene at all
        from skillkit.studio.context_fit import DEFAULT_CONTEXT, DEFAULT_RESPONSE

        context, response = budget.get("context", DEFAULT_CONTEXT), budget.get("response", DEFAULT_RESPONSE)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (context, response)):
            continue  # a wrong type is scene-file's finding
        if response >= context:
            reserve = "the response reserve" if "response" in budget else "the default response reserve"
            said = "its context" if "context" in budget else "the default context"
            yield Hit(scene.path, *scene.at("budget", "response" if "response" in budget else "context"),
                      f"{reserve} ({response:,} tokens) is not smaller than {said} "
                      f"({context:,} tokens): no room is left for the prompt")


def _macro_hits(doc: SkillDoc, answered_by: Mapping[str, set[str]], scenes: list[str]) -> Iterable[Hit]:
    """Hits for the body's macros that a linking scene (or, with no linking scene, every scene)
    leaves unanswered."""
    from skillkit.triggers import macros

    everywhere = set().union(*answered_by.values()) if answered_by else set()
    for use in macros.uses(doc.body):
        if scenes:
            missing = [s for s in scenes if use.name not in answered_by.get(s, set())]
            if not missing:
                continue
            where = f"scene {', '.join(missing)} has no variable `{use.name}`"
        elif use.name in everywhere:
            continue
        else:
            where = f"no scene in this workspace has a variable `{use.name}`"
        near = sorted(v for v in everywhere if v.lower() == use.name.lower() and v != use.name)
        hint = f" (names are case-sensitive: `{near[0]}` is defined)" if near else ""
        line, column = line_col_of_offset(doc.body, use.offset)
        yield Hit(doc.path, doc.split.body_line + line - 1, column,
                  f"`{{{{{use.name}}}}}` renders as nothing: {where}{hint}")


@workspace_rule("macro-unanswered", Severity.WARNING, world="studio", reads=(SKILLS, BODY, FRONTMATTER, "scene"))
def macro_unanswered(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A `{{name}}` macro that nothing in the workspace answers renders as nothing.

    Macros answer from a scene's `variables` (`skillkit render --var` can add more). Checked:
    the instructions of each skill a scene links, against every linking scene's variables;
    a studio skill (one with `when` or triggers) that no scene links, against all scenes'
    variables; and a preset's prompt cards, against their scene's variables. A skill from the
    other worlds that no scene links is never rendered with macros, so its `{{` is left alone."""
    scenes = view.of_kind("scene")
    answered_by = {scene.path: set(_variables(scene)) for scene in scenes}
    linking: dict[str, list[str]] = {}
    for scene in scenes:
        for skill_id in dict.fromkeys(_linked(scene)):
            linking.setdefault(skill_id, []).append(scene.path)
    for doc in view.skills:
        scene_paths = linking.get(doc.folder.name, []) if linking else []  # (a folder is a Path made anew)
        # the cheap test first: most skills are neither linked nor studio skills, and their
        # bodies (thousands, megabytes; a cached skill's are read back from its file) need not
        # be searched at all (nor the macro module imported, in an Agent Skills repository)
        if scene_paths or not doc.data.keys().isdisjoint(STUDIO_KEYS):
            from skillkit.triggers.macros import may_hold_macros

            if may_hold_macros(doc.body):
                yield from _macro_hits(doc, answered_by, scene_paths)
    yield from _preset_macros([scene for scene in scenes if "preset" in scene.data])


def _preset_macros(scenes: list[YamlDoc]) -> Iterable[Hit]:
    """The scenes with a preset: their cards' macros (the preset modules imported for them only)."""
    if not scenes:
        return
    from skillkit.triggers import macros
    from skillkit.studio.preset import expand

    for scene in scenes:
        variables = _variables(scene)
        for card in expand(scene.data["preset"]).cards:
            for use in macros.unanswered(card.content, variables):
                yield Hit(scene.path, *scene.at(*card.path, "content"),
                          f"`{{{{{use.name}}}}}` in a preset card renders as nothing: the scene has no variable `{use.name}`")


@workspace_rule("preset-slots", Severity.ERROR, world="studio", reads=("scene",))
def preset_slots(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """A scene's preset must be usable as written.

    - A named slot (a card's `slot`, or a marker: `skills`, `history`, `trackers`, `storyboards`)
      stands once. Repeating one, through an `include` or not, is refused: the repeat is left
      out rather than sent as unreserved duplicate content.
    - An `include` names a part of the preset's `parts`; includes do not cycle.
    - A card holds one of `content`, `skill`, `marker` or `include`.
    - A skill card names a skill the scene links (warning: otherwise it adds nothing)."""
    for scene in view.of_kind("scene"):
        if scene.data.get("preset") is None:
            continue
        from skillkit.studio.preset import expand  # (for a scene with a preset only: ~4 ms to import)

        preset = expand(scene.data["preset"])
        linked = set(_linked(scene))
        for problem in preset.problems:
            yield Hit(scene.path, *scene.at(*problem.path), problem.message)
        for card in preset.cards:
            if card.kind == "skill" and card.skill not in linked:
                yield Hit(scene.path, *scene.at(*card.path, "skill"),
                          f"skill card {card.skill!r}: the scene does not link that skill, so the card adds nothing",
                          Severity.WARNING)


RULES = (skill_budget, skills_block_budget, scene_budget, macro_unanswered, preset_slots)
