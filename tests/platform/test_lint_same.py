"""lint runs the same reference rules as resolve, so pre-commit and CI catch what resolve would
refuse: the same diagnostics, on whole workspaces and on files given one by one."""

from __future__ import annotations

import json

import pytest

from skillkit.platform.findings import RULE_IDS, SEVERITY
from skillkit.rules import BY_ID
from tests.conftest import REPO

WORKSPACES = ["skill-references", "tool-references", "merging", "conflict", "unfit", "unknown", "semver"]


def _lint(cli, *paths):
    outcome = cli("lint", "--format", "json", *paths, cwd=REPO)
    assert "Traceback" not in outcome.stderr
    return outcome.code, json.loads(outcome.stdout)["diagnostics"]


@pytest.mark.parametrize("name", WORKSPACES)
def test_lint_reports_exactly_what_resolve_reports(cli, resolve, name):
    done = resolve(name)
    code, found = _lint(cli, f"fixtures/platform/{name}")
    assert found == done.data["diagnostics"]  # nothing else fires on these fixtures
    assert code == done.code


def test_lint_of_the_example_workspace_finds_no_reference_problem(cli):
    _, found = _lint(cli, "fixtures/workspace")
    assert not [d for d in found if d["rule"] in RULE_IDS]


def test_files_given_one_by_one_are_judged_in_their_whole_workspace(cli, resolve):
    # pre-commit passes the changed files: an agent file alone must still find its skills.
    code, found = _lint(cli, "fixtures/platform/merging/agents/preloads.yaml")
    assert (code, found) == (0, [])
    code, found = _lint(cli, "fixtures/platform/skill-references/agents/writer.yaml",
                        "fixtures/platform/conflict/agents/clash.yaml")
    expected = [d for d in resolve("skill-references").data["diagnostics"] + resolve("conflict").data["diagnostics"]
                if d["path"].rsplit("/", 1)[1] in ("writer.yaml", "clash.yaml")]
    assert code == 1 and sorted(found, key=str) == sorted(expected, key=str)
    assert not any(d["path"].endswith("webhook.yaml") for d in found)  # only the files given


def test_the_reference_rules_are_registered_with_their_severities():
    for rule_id in RULE_IDS:
        assert BY_ID[rule_id].severity == SEVERITY[rule_id] and BY_ID[rule_id].world == "platform"


def test_the_studio_profile_does_not_run_platform_reference_rules(cli):
    outcome = cli("lint", "--profile", "studio", "fixtures/platform/conflict", cwd=REPO)
    assert outcome.code == 0
