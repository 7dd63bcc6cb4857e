"""Every rule in the registry fires on its case, through the real CLI, as its golden file says.

Set SKILLKIT_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skillkit.rules import BY_ID, PROFILES, REGISTRY
from tests.lint.rule_cases import CASES, NO_FILE_CASE

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def build(root: Path, files: dict[str, str | bytes]) -> None:
    for relative, content in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")


def test_every_rule_has_a_case_and_every_case_a_rule():
    assert set(CASES) | set(NO_FILE_CASE) == set(BY_ID)


@pytest.mark.parametrize("rule", [r for r in REGISTRY if r.id in CASES], ids=lambda r: r.id)
def test_rule_fires_on_its_case(cli, tmp_path, rule):
    files, args = CASES[rule.id]
    (tmp_path / "skills").mkdir()  # every case is a workspace root (skills/ marks one)
    build(tmp_path, files)
    outcome = cli("lint", "--format", "json", "--select", rule.id, *args, ".", cwd=tmp_path)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    report = json.loads(outcome.stdout)
    found = report["diagnostics"]
    assert found, f"{rule.id} did not fire on its case"
    assert {d["rule"] for d in found} == {rule.id}
    failing = any(d["severity"] == "error" for d in found)
    assert outcome.code == (1 if failing else 0)
    golden = GOLDEN / f"{rule.id}.json"
    if UPDATE:
        golden.write_text(json.dumps(found, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert found == json.loads(golden.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rule", REGISTRY, ids=lambda r: r.id)
def test_rule_is_documented(cli, rule):
    assert rule.summary.endswith(".") and len(rule.doc) > 30
    outcome = cli("rules", rule.id)
    assert outcome.code == 0 and rule.doc.splitlines()[0] in outcome.stdout


def test_rules_command_lists_every_rule(cli):
    outcome = cli("rules", "--json")
    assert [r["id"] for r in json.loads(outcome.stdout)] == [r.id for r in REGISTRY]


def test_every_profile_runs_a_subset(cli):
    for name in PROFILES:
        outcome = cli("rules", "--json", "--profile", name)
        assert outcome.code == 0 and json.loads(outcome.stdout)


def test_schema_fallback_rule_is_registered():
    """A schema error no field owns is still reported (as `schema`), never dropped."""
    from jsonschema import Draft202012Validator

    from skillkit.core.fields import SKILL
    from skillkit.core.positions import locate

    error = next(Draft202012Validator({"type": "object"}).iter_errors([]))
    rule, path, _ = locate(error, SKILL)
    assert rule == "schema" and rule in BY_ID and path == ()


def test_unknown_rule_id_is_a_usage_error(cli, tmp_path):
    outcome = cli("lint", "--select", "no-such-rule", tmp_path)
    assert outcome.code == 2 and "unknown rule id" in outcome.stderr
