"""`description-short`: a description too short to say when to use the skill."""

from __future__ import annotations

import re
from typing import Iterable

from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import Hit, RuleContext, skill_rule

MIN_CHARACTERS = 20
WORDS = re.compile(r"[^\W_]+")
FILLER = frozenset({"a", "an", "the", "skill", "tool", "tools", "for", "helper", "agent"})


def _words(text: str) -> list[str]:
    return [w for w in WORDS.findall(text.lower()) if w not in FILLER]


def _restates(text: str, name_words: list[str]) -> bool:
    """Whether the text's words (fillers aside) are the name's, read only as far as they agree:
    a long description parts from the name within a few words."""
    if not name_words:
        return False  # (no words at all restate nothing)
    count = 0
    for match in WORDS.finditer(text.lower()):
        word = match.group()
        if word in FILLER:
            continue
        if count == len(name_words) or word != name_words[count]:
            return False
        count += 1
    return count == len(name_words)


@skill_rule("description-short", Severity.INFO)
def description_short(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A description under 20 characters, or one that only restates the skill's name.

    The description is all a model reads when it decides whether to load a skill: it should
    say what the skill does and when to use it. A warning under the `agent-skills` profile and
    the client profiles (`claude-api`, `claude-code`, `codex`), where the description is the
    whole trigger. Info under `default`, `studio` and `platform`, whose skills also switch on
    by triggers or are named by agents: reported, but never failing a run (not even with
    `--strict`). `severity: {description-short: warning}` in the settings makes it a warning
    everywhere; `ignore: [description-short]` turns it off.

    Example: `name: pdf-tools` with `description: PDF tools`. Fix: say what it does and when,
    e.g. "Extract text and tables from PDF files, fill PDF forms and merge documents. Use
    when the user works with .pdf files." (A missing or blank description is
    `description-format`.)"""
    value = doc.data.get("description")
    if not isinstance(value, str) or not value.strip():
        return
    text = " ".join(value.split())
    name = doc.data.get("name") if isinstance(doc.data.get("name"), str) else doc.folder.name
    restated = _restates(text, _words(str(name)))
    if len(text) >= MIN_CHARACTERS and not restated:
        return
    why = "only restates the name `" + str(name) + "`" if restated else f"is {len(text)} characters"
    yield Hit(doc.path, *doc.at("description"), f"the description {why}: say what the skill does and when to use it")


RULES = (description_short,)
