"""The typos people make: each is an error with a did-you-mean and exit 1, and a
published-style skill carrying what its clients read lints clean.

Each folder of fixtures/lint/typos holds one typo and its golden report (`expected.txt`).
Set SKILLKIT_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES

TYPOS = FIXTURES / "lint" / "typos"
PUBLISHED = FIXTURES / "lint" / "published"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"

# case -> (rule of the error, what it likely meant)
ERRORS = {
    "frontmatter-key": ("unknown-field", "triggers"),
    "scene-key": ("scene-file", "skills"),
    "scene-link": ("scene-links", "weather"),
    "agent-skill-ref": ("skill-ref-missing", "weather"),
    "agent-key": ("agent-file", "preload"),
    "tool-key": ("tool-file", "modelName"),
    "catalog-key": ("catalog-file", "versions"),
}


def golden(cli, case: str) -> tuple[int, str]:
    outcome = cli("lint", ".", cwd=TYPOS / case)
    assert "Traceback" not in outcome.stderr
    expected = TYPOS / case / "expected.txt"
    if UPDATE:
        expected.write_text(outcome.stdout, encoding="utf-8")
    assert outcome.stdout == expected.read_text(encoding="utf-8")
    return outcome.code, outcome.stdout


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_each_typo_is_an_error_with_a_did_you_mean(cli, case):
    code, _ = golden(cli, case)
    assert code == 1
    report = json.loads(cli("lint", "--format", "json", ".", cwd=TYPOS / case).stdout)
    rule, meant = ERRORS[case]
    errors = [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert [d["rule"] for d in errors] == [rule]
    assert f"(did you mean `{meant}`?)" in errors[0]["message"]


def test_trigger_shapes_are_warnings_that_say_what_happened(cli):
    code, text = golden(cli, "trigger-shapes")
    assert code == 0
    assert "`x` is not a JavaScript flag" in text and "`q` is not a JavaScript flag" in text
    assert "matched as plain text" in text
    assert "`weather` and `rain`" in text


def test_a_scene_typo_stops_simulate_with_the_did_you_mean(cli, tmp_path):
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "rain"}]', encoding="utf-8")
    outcome = cli("simulate", tmp_path / "chat.json", "--scene", "scenes/tavern.yaml", "--skills", "skills",
                  cwd=TYPOS / "scene-key")
    assert outcome.code == 2 and outcome.stdout == ""
    assert "unknown key `skill` (did you mean `skills`?)" in outcome.stderr


@pytest.mark.parametrize("args, expected", [
    (["lint", "--select", "trigger-regexx", "."], "unknown rule id 'trigger-regexx' (did you mean `trigger-regex`?)"),
    (["lint", "--ignore", "scene-link", "."], "unknown rule id 'scene-link' (did you mean `scene-links`?)"),
    (["lint", "--profile", "claude_code", "."], "unknown profile 'claude_code' (did you mean `claude-code`?)"),
    (["rules", "unknown-feild"], "unknown rule id 'unknown-feild' (did you mean `unknown-field`?)"),
    (["rules", "--profile", "claud-code"], "unknown profile 'claud-code' (did you mean `claude-code`?)"),
])
def test_unknown_names_on_the_command_line(cli, args, expected):
    outcome = cli(*args, cwd=TYPOS / "scene-link")
    assert outcome.code == 2 and expected in outcome.stderr


def test_a_rule_id_typo_in_settings(cli, tmp_path):
    shutil.copytree(TYPOS / "scene-link", tmp_path / "ws")
    (tmp_path / "ws" / "skillkit.yaml").write_text("ignore: [scene-linsk]\n", encoding="utf-8")
    outcome = cli("lint", ".", cwd=tmp_path / "ws")
    assert outcome.code == 2 and "(did you mean `scene-links`?)" in outcome.stderr


def test_explain_names_a_skill_that_is_not_linked(cli, tmp_path):
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "rain"}]', encoding="utf-8")
    outcome = cli("simulate", tmp_path / "chat.json", "--skills", "skills", "--explain", "wether",
                  cwd=TYPOS / "scene-link")
    assert outcome.code == 2 and "no linked skill 'wether' (did you mean `weather`?)" in outcome.stderr


def test_a_scene_link_typo_in_simulate(cli, tmp_path):
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "rain"}]', encoding="utf-8")
    outcome = cli("simulate", tmp_path / "chat.json", "--scene", "scenes/tavern.yaml", "--skills", "skills",
                  cwd=TYPOS / "scene-link")
    assert "linked skill 'wether' is not found (did you mean `weather`?)" in outcome.stderr


def test_keys_that_are_no_typo_stay_a_warning(cli, tmp_path):
    """Far from every field; beside the field it resembles (`Name` and `name`); or of another
    shape than that field (`agents: [...]`, a published key, is no typo of the string `agent`)."""
    skill = tmp_path / "skills" / "a" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: a\ndescription: A skill with keys of its own.\nauthor: me\ncategory: tools\nName: a\n"
                     "agents: [claude-code, codex]\n---\nBody.\n", encoding="utf-8")
    outcome = cli("lint", "--format", "json", ".", cwd=tmp_path)
    report = json.loads(outcome.stdout)
    assert outcome.code == 0 and len(report["diagnostics"]) == 4
    assert {(d["rule"], d["severity"]) for d in report["diagnostics"]} == {("unknown-field", "warning")}


@pytest.mark.parametrize("profile", ["default", "claude-code"])
def test_a_published_style_skill_has_no_finding_above_info(cli, profile):
    """Claude Code's keys, Codex's agents/openai.yaml, a quoted metadata date, {baseDir} links."""
    outcome = cli("lint", "--format", "json", "--profile", profile, ".", cwd=PUBLISHED)
    report = json.loads(outcome.stdout)
    assert outcome.code == 0
    assert [d for d in report["diagnostics"] if d["severity"] != "info"] == []
    assert report["summary"]["files"] == 3


def test_the_codex_file_is_checked_as_codex_settings_not_as_an_agent(cli, tmp_path):
    shutil.copytree(PUBLISHED, tmp_path / "ws")
    settings = tmp_path / "ws" / "skills" / "fill-pdf" / "agents" / "openai.yaml"
    settings.write_text("interface:\n  brand_color: blue\npolicy:\n  allow_implicit_invocation: 'no'\n",
                        encoding="utf-8")
    for args in (["."], ["skills/fill-pdf/agents/openai.yaml"]):
        report = json.loads(cli("lint", "--format", "json", *args, cwd=tmp_path / "ws").stdout)
        found = [d for d in report["diagnostics"] if d["severity"] != "info"]  # orphan-file infos aside
        assert {d["rule"] for d in found} == {"codex-agent-file"}
        assert len(found) == 2


def test_an_unquoted_metadata_date_is_one_warning_with_the_quoted_fix(cli, tmp_path):
    shutil.copytree(PUBLISHED, tmp_path / "ws")
    skill = tmp_path / "ws" / "skills" / "fill-pdf" / "SKILL.md"
    skill.write_text(skill.read_text(encoding="utf-8").replace('"2026-03-05"', "2026-03-05"), encoding="utf-8")
    outcome = cli("lint", "--format", "json", ".", cwd=tmp_path / "ws")
    (found,) = json.loads(outcome.stdout)["diagnostics"]
    assert outcome.code == 0 and found["severity"] == "warning"
    assert 'quote it: `updated: "2026-03-05"`' in found["message"]


def test_a_missing_basedir_link_is_still_found(cli, tmp_path):
    shutil.copytree(PUBLISHED, tmp_path / "ws")
    (tmp_path / "ws" / "skills" / "fill-pdf" / "references" / "fields.md").unlink()
    report = json.loads(cli("lint", "--format", "json", ".", cwd=tmp_path / "ws").stdout)
    assert [(d["rule"], d["message"]) for d in report["diagnostics"]] == [
        ("references", "`{baseDir}/references/fields.md` does not exist")]


def test_the_one_did_you_mean_helper():
    from skillkit.core.suggest import closest, did_you_mean, edits

    assert edits("tirggers", "triggers") == 1          # a swap of neighbours is one slip
    assert edits("trigger", "triggers") == 1 and edits("desciption", "description") == 1
    assert closest("Description", ["name", "description"]) == "description"   # case is free
    assert closest("tool", ["role", "tools"]) == "tools"                       # nearest first
    assert closest("tags", ["tools"]) is None                                  # short words: one edit
    assert did_you_mean("colour", ["name", "description"]) == ""
    assert did_you_mean("skill", ["skills", "toolAccess"]) == " (did you mean `skills`?)"
