"""A rule's settings are declared in its module (`Option`: path, schema, default), read through
`RuleContext.option`, and the settings schema's `budgets` is generated from them (drift of the
committed schema is tests/packaging/test_artifacts.py's to catch)."""

from __future__ import annotations

import ast
import json
from collections import Counter

import pytest

from skillkit.core.diagnostics import Severity
from skillkit.core.fields.options import settings_kind
from skillkit.core.fields.workspace_kinds import OPTION_GROUP
from skillkit.core.rulebase import Option, Profile, Registry, RuleContext, skill_rule
from skillkit.rules import RULESET
from skillkit.rules.rendered_prompt import SKILL_TOKENS, TOKENIZER
from tests.conftest import REPO

# Settings a rule still reads by key: run settings that are the engine's (`targets` also
# picks the profile's clients), not a rule's option. May only shrink.
ALLOWED_SETTINGS_READS = Counter({("skillkit/rules/clients.py", "targets"): 1})


def test_the_settings_schema_holds_every_rule_option():
    committed = json.loads((REPO / "schemas" / "settings.schema.json").read_text(encoding="utf-8"))
    group = committed["properties"][OPTION_GROUP]
    assert set(group["properties"]) == {path[1] for path in RULESET.options}
    for path, option in RULESET.options.items():
        assert group["properties"][path[1]] == option.schema, path
    assert settings_kind(RULESET).field(OPTION_GROUP).schema["properties"] == group["properties"]


def test_rules_sharing_a_setting_share_its_option():
    readers = [rule.id for rule in RULESET.rules if TOKENIZER in rule.options]
    assert readers == ["skill-budget", "skills-block-budget"]
    assert RULESET.options[("budgets", "tokenizer")] is TOKENIZER


def test_two_different_options_at_one_path_are_refused():
    def check(doc, ctx):
        return ()

    one = skill_rule("x-one", Severity.WARNING, options=(Option(("budgets", "x"), {"type": "integer"}),))(check)
    two = skill_rule("x-two", Severity.WARNING, options=(Option(("budgets", "x"), {"type": "string"}),))(check)
    with pytest.raises(ValueError, match="budgets.x"):
        Registry((one, two), {}, "nowhere:none").options


def test_an_option_reads_its_value_or_its_default():
    profile = Profile("p", "", frozenset())
    assert RuleContext(profile, {}).option(TOKENIZER) == "o200k_base"
    assert RuleContext(profile, {"budgets": {"tokenizer": "estimate"}}).option(TOKENIZER) == "estimate"
    assert RuleContext(profile, {"budgets": {"tokenizer": "estimate"}}).option(SKILL_TOKENS) is None
    assert RuleContext(profile, {"budgets": "not a mapping"}).option(SKILL_TOKENS) is None
    assert RuleContext(profile, {"budgets": {"skill": 800}}).option(SKILL_TOKENS) == 800


def _settings_reads() -> Counter[tuple[str, str]]:
    """`ctx.settings.get(KEY)` and `ctx.settings[KEY]` in skillkit/rules/, by file and key."""
    found: Counter[tuple[str, str]] = Counter()
    for path in sorted((REPO / "skillkit" / "rules").glob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
                owner, args = node.func.value, node.args
            elif isinstance(node, ast.Subscript):
                owner, args = node.value, [node.slice]
            else:
                continue
            if isinstance(owner, ast.Attribute) and owner.attr == "settings":
                key = args[0].value if args and isinstance(args[0], ast.Constant) else "<computed>"
                found[(rel, str(key))] += 1
    return found


def test_rules_read_their_settings_through_options_only():
    found = _settings_reads()
    assert {k: n for k, n in found.items() if n > ALLOWED_SETTINGS_READS.get(k, 0)} == {}, \
        "declare the setting as an Option in the rule's module and read it with ctx.option"
    assert {k: n for k, n in ALLOWED_SETTINGS_READS.items() if found.get(k, 0) < n} == {}, \
        "fixed: take it off ALLOWED_SETTINGS_READS"
