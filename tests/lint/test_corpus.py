"""The 15 published skills in fixtures/corpus lint with no false positive.

Every finding on them is listed here by name, with why it is true; every other skill is clean.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import CORPUS

SKILLS = sorted(p.name for p in CORPUS.iterdir() if (p / "SKILL.md").is_file())

# (skill, rule, line) -> why the finding is true.
TRUE_FINDINGS = {
    ("claude-api", "description-format", 3):
        "the description is 1,068 characters; the spec's limit is 1,024 (skills-ref 0.1.1 rejects it too)",
    ("claude-api", "description-multiline", 3): "a `|-` block of three lines; clients fold it into one",
    ("claude-api", "body-size", 9): "570 body lines and ~72,000 characters: over both recommendations",
    ("skill-creator", "body-size", 5): "about 33,000 characters of English: well over about 5,000 tokens",
    ("mcp-builder", "orphan-file", 1):
        "scripts/example_evaluation.xml: no file of the skill links to it or names it (reference/evaluation.md "
        "describes the format and says `evaluation.xml`, never this file)",
    ("notion-knowledge-capture", "fence-unclosed", 110):
        "examples/how-to-guide.md nests ```bash fences inside a ```markdown one (line 37): line 55 closes the outer "
        "fence, so the pairs shift and the ``` on line 110 opens a block no line closes; GitHub shows the rest as code",
}


def findings(cli, profile: str) -> list[tuple[str, str, int]]:
    outcome = cli("lint", "--format", "json", "--profile", profile, ".", cwd=CORPUS)
    assert "Traceback" not in outcome.stderr
    return [(d["path"].split("/")[0], d["rule"], d["line"]) for d in json.loads(outcome.stdout)["diagnostics"]]


def test_there_are_fifteen_real_skills():
    assert len(SKILLS) == 15


@pytest.mark.parametrize("profile", ["default", "agent-skills", "claude-code", "codex"])
def test_every_finding_on_the_corpus_is_a_known_true_one(cli, profile):
    found = findings(cli, profile)
    assert set(found) == set(TRUE_FINDINGS)


@pytest.mark.parametrize("skill", SKILLS)
def test_each_real_skill(cli, skill):
    """Named per skill, so a regression says which published skill it breaks."""
    outcome = cli("lint", "--format", "json", skill, cwd=CORPUS)
    found = {(skill, d["rule"], d["line"]) for d in json.loads(outcome.stdout)["diagnostics"]}
    expected = {key for key in TRUE_FINDINGS if key[0] == skill}
    assert found == expected
    has_error = any(rule == "description-format" for _, rule, _ in found)
    assert outcome.code == (1 if has_error else 0)


def test_claude_api_profile_adds_the_reserved_word_finding(cli):
    found = set(findings(cli, "claude-api"))
    assert found - set(TRUE_FINDINGS) == {("claude-api", "name-reserved", 2)}
