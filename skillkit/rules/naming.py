"""Names: the folder, uniqueness in a workspace, and the words some clients reserve."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterable

from skillkit.clients import BY_ID
from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import SKILLS, Hit, RuleContext, WorkspaceView, key, skill_rule, workspace_rule

# `<`, an optional `/`, a letter, anything but brackets, `>`. Each piece can match only where
# the one before cannot (one `\s*`, not two around `/?`; `[^<>]*` alone after the letter, as
# `[\w.:-]*[^<>]*` matched the same strings in quadratic time), so a search is linear.
XML_TAG = re.compile(r"<\s*(?:/\s*)?[A-Za-z][^<>]*>")
RESERVED_WORDS = BY_ID["claude-api"].limits.reserved_words  # declared with the client


def _name(doc: SkillDoc) -> str | None:
    value = doc.data.get("name")
    return value if isinstance(value, str) else None


@skill_rule("name-folder", Severity.ERROR)
def name_matches_folder(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """`name` equals the name of the skill's folder.

    Clients find a skill by its folder and the platform by its name; when they differ, the skill
    is found under one name and shown under another (the Agent Skills spec requires them equal)."""
    name = _name(doc)
    if name and name != doc.folder.name:
        yield Hit(doc.path, *doc.at("name"), f"name {name!r} differs from its folder {doc.folder.name!r}")


@workspace_rule("name-unique", Severity.ERROR, reads=(SKILLS, key("name")))
def names_unique(view: WorkspaceView, ctx: RuleContext) -> Iterable[Hit]:
    """Two skills that one client would load together have their own names.

    A client shows the model one skill per name (the second is never reached), a scene
    leaves out a skill whose name another linked skill already has, and the platform
    resolves a reference by name. Skills clash only where one client loads both: in the same
    client folder (`.claude/skills/`, `.agents/skills/`, `.github/skills/`, ...), the same
    plugin (a folder holding `.claude-plugin/`, whose `skills/` is loaded), or the same
    `skills/` collection (at a repository's top or a workspace root, at any depth below it).
    A staging copy in a folder no client loads (`planned-skills/generated/x`), or the same
    skill in `.claude/skills/` and in a plugin, is no clash."""
    from skillkit.core.loading import Groups

    groups = Groups()
    seen: dict[tuple[object, str], list[SkillDoc]] = defaultdict(list)
    for doc in view.skills:
        name = _name(doc)
        group = groups.of(str(doc.file), follow=True, entries=view.entries_of(doc.file)) if name else None
        if name and group is not None:
            seen[(group, name)].append(doc)
    for (_, name), docs in seen.items():
        if len(docs) < 2:
            continue
        for doc in docs:  # every holder is told: pre-commit may name any one of them alone
            others = ", ".join(d.path for d in docs if d is not doc)
            yield Hit(doc.path, *doc.at("name"), f"name {name!r} is also used by {others}")


@skill_rule("name-reserved", Severity.ERROR, world="claude-api")
def name_reserved(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """The Claude API refuses a skill whose name contains the reserved words "anthropic" or "claude"."""
    name = _name(doc)
    for word in RESERVED_WORDS:
        if name and word in name:
            yield Hit(doc.path, *doc.at("name"), f"the Claude API reserves the word {word!r} in skill names")


@skill_rule("xml-tags", Severity.WARNING, world="agent-skills")
def no_xml_tags(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """Angle brackets in a skill's `name` or `description`: claude.ai's upload check
    (`quick_validate.py` in Anthropic's skill-creator) refuses any `<` or `>` in the
    description, and the Claude API refuses XML tags in both.

    A warning wherever the Agent Skills spec applies (the default profile included: a skill
    written for one client is uploaded to another). In the `claude-api` profile an XML tag
    (`<group>`) is an error and a lone angle bracket (`a -> b`), which only the upload refuses,
    a warning."""
    strict = ctx.profile.name == "claude-api"  # the profile of the client that refuses them
    for key in ("name", "description"):
        value = doc.data.get(key)
        if not isinstance(value, str):
            continue
        if match := XML_TAG.search(value):
            yield Hit(doc.path, *doc.at(key), f"`{key}` holds an XML tag {match.group(0)!r}; the Claude API and "
                      "claude.ai's upload refuse it", Severity.ERROR if strict else None)
        elif key == "description" and ("<" in value or ">" in value):
            yield Hit(doc.path, *doc.at(key), "`description` holds an angle bracket; claude.ai's upload refuses `<` and `>`")


RULES = (name_matches_folder, names_unique, name_reserved, no_xml_tags)
