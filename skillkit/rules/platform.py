"""The platform's skill handler: instructions and examples within their limits, one kind of version."""

from __future__ import annotations

import json
import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.core.fields.base import SEMVER
from skillkit.core.fields.skill import BODY_MAX_CHARS, EXAMPLE_MAX_BYTES
from skillkit.rules.base import SKILLS, Hit, RuleContext, WorkspaceView, key, skill_rule, workspace_rule

PLATFORM_KEYS = ("version", "tools", "examples", "config")


def is_platform_skill(doc: SkillDoc, ctx: RuleContext) -> bool:
    return ctx.profile.name == "platform" or any(key in doc.data for key in PLATFORM_KEYS)


@skill_rule("example-size", Severity.ERROR, world="platform")
def example_size(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """Each example is at most 4 KiB: the UTF-8 bytes of its JSON (the platform's limit)."""
    examples = doc.data.get("examples")
    if not isinstance(examples, list):
        return
    for index, example in enumerate(examples):
        try:
            size = len(json.dumps(example, ensure_ascii=False, separators=(",", ":"), default=str).encode())
        except (TypeError, ValueError):
            continue
        if size > EXAMPLE_MAX_BYTES:
            yield Hit(doc.path, *doc.at("examples", index),
                      f"`examples[{index}]` is {size:,} bytes as JSON; at most {EXAMPLE_MAX_BYTES:,}")


@skill_rule("body-length", Severity.ERROR, world="platform")
def body_length(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A platform skill's instructions (the Markdown body) hold at most 65,536 characters.

    Checked for platform skills: those with `version`, `tools`, `examples` or `config`, or every
    skill under the `platform` profile."""
    size = len(doc.body)
    if size > BODY_MAX_CHARS and is_platform_skill(doc, ctx):
        yield Hit(doc.path, doc.split.body_line, 1, f"the instructions are {size:,} characters; at most {BODY_MAX_CHARS:,}")


@skill_rule("body-blank", Severity.WARNING)
def body_blank(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """The body holds the skill's instructions; a blank one gives the model nothing.

    An error for a platform skill (one with `version`, `tools`, `examples` or `config`, or under
    the `platform` profile), whose `instructions` are required; a warning otherwise."""
    if not doc.body.strip():
        severity = Severity.ERROR if is_platform_skill(doc, ctx) else None
        yield Hit(doc.path, max(doc.split.body_line - 1, 1), 1, "the body (the skill's instructions) is blank", severity)


@workspace_rule("version-kind", Severity.ERROR, world="platform", reads=(SKILLS, key("version"), "tool"))
def one_version_kind(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """One workspace uses one kind of version: integers (`3`) or semantic versions (`1.2.0`), not both."""
    kinds: dict[type, tuple[str, tuple[int, int]]] = {}
    docs = [(d.path, d.data, d.at) for d in view.skills] + [(d.path, d.data, d.at) for d in view.of_kind("tool")]
    for path, data, at in docs:
        value = data.get("version")
        valid = (isinstance(value, int) and not isinstance(value, bool) and value >= 1) or (
            isinstance(value, str) and re.fullmatch(SEMVER, value) is not None)
        if not valid:  # `version-format` reports it; it is neither kind
            continue
        kind = type(value)
        if kinds and kind not in kinds:
            first_path, _ = next(iter(kinds.values()))
            word = "an integer" if kind is int else "a semantic version"
            yield Hit(path, *at("version"), f"`version` is {word}, but {first_path} uses the other kind")
        else:
            kinds.setdefault(kind, (path, at("version")))


RULES = (example_size, body_length, body_blank, one_version_kind)
