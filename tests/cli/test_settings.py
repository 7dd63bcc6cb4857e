"""Settings read with tomllib and the YAML reader: every problem at its key's own line, with a
did-you-mean for unknown keys; hostile settings files are refused, never a crash."""

from __future__ import annotations

import json

import pytest

from tests.conftest import write_skill


@pytest.fixture
def repo(tmp_path):
    (tmp_path / ".git").mkdir()
    write_skill(tmp_path / "skills", "Bad_Name", "name: Bad_Name\ndescription: A skill whose name breaks the rules.")
    return tmp_path


def lint_json(cli, repo):
    outcome = cli("lint", "--format", "json", cwd=repo)
    return outcome, (json.loads(outcome.stdout) if outcome.stdout else None)


def test_a_subtable_without_its_parent_header_is_read(cli, repo):
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.skillkit.severity]\nname-format = "warning"\n')
    outcome, report = lint_json(cli, repo)
    assert {d["rule"]: d["severity"] for d in report["diagnostics"]}["name-format"] == "warning"


def test_dotted_keys_under_tool_are_read(cli, repo):
    (repo / "pyproject.toml").write_text('[tool]\nskillkit.ignore = ["name-format", "name-folder"]\n')
    outcome, report = lint_json(cli, repo)
    assert outcome.code == 0 and report["diagnostics"] == []


@pytest.mark.parametrize(("text", "where", "words"), [
    ('[project]\nname = "x"\n\n[tool.skillkit]\nprofile = "default"\nignor = ["a"]\n', "6:1",
     "unknown key `ignor` (did you mean `ignore`?)"),
    ('[tool.skillkit.budgets]\nskil = 3\n', "2:1", "unknown key `skil` in `budgets` (did you mean `skill`?)"),
    ('[tool.skillkit]\nstrict = "yes"\n', "2:10", "`strict` must be true or false"),
    ('[tool.skillkit]\nstrict = = 1\n', "2:10", "invalid TOML"),
    ('[tool.skillkit]\nx = ' + "[" * 600 + "]" * 600 + "\n", "1:1", "nested too deeply"),
])
def test_pyproject_problems_point_at_the_key(cli, repo, text, where, words):
    (repo / "pyproject.toml").write_text(text)
    outcome = cli("lint", cwd=repo)
    assert outcome.code == 2 and outcome.stdout == ""
    assert outcome.stderr.startswith(f"skillkit: error: pyproject.toml:{where}: "), outcome.stderr
    assert words in outcome.stderr and "internal error" not in outcome.stderr


@pytest.mark.parametrize(("text", "where", "words"), [
    ("profile: default\nignor: [a]\n", "2:1", "unknown key `ignor` (did you mean `ignore`?)"),
    ("strict: !!int x\n", "1:9", "cannot read this value"),
    ("strict: !!timestamp nope\n", "1:9", "cannot read this value as !!timestamp"),
    ("profile: !!float [1]\n", "1:", ""),
])
def test_skillkit_yaml_problems_point_at_the_key(cli, repo, text, where, words):
    (repo / "skillkit.yaml").write_text(text)
    outcome = cli("lint", cwd=repo)
    assert outcome.code == 2 and "internal error" not in outcome.stderr
    assert outcome.stderr.startswith(f"skillkit: error: skillkit.yaml:{where}"), outcome.stderr
    assert words in outcome.stderr


def test_a_huge_pyproject_is_refused_before_it_is_read(cli, repo):
    with open(repo / "pyproject.toml", "w") as handle:
        handle.write("[tool.skillkit]\n" + "#" * (2 * 1024 * 1024) + "\n")
    outcome = cli("lint", cwd=repo)
    assert outcome.code == 2 and "reads at most 1,048,576" in outcome.stderr


def test_a_pyproject_of_someone_else_is_passed_over(cli, repo):
    (repo / "pyproject.toml").write_text('[project]\nname = "skillkit-user"\n[tool.ruff]\nline-length = 100\n')
    (repo / "skillkit.yaml").unlink(missing_ok=True)
    outcome, report = lint_json(cli, repo)
    assert outcome.code == 1 and report["summary"]["errors"] >= 1
