"""SARIF and `github` (ARCHITECTURE.md, Invariants): paths from the repository's top, rule help, stable
fingerprints, end positions, invocations; every log valid against the official schema."""

from __future__ import annotations

from pathlib import Path

from skillkit.rules import BY_ID
from tests.sarif_check import validate_sarif


def make_repo(root: Path) -> Path:
    (root / ".git").mkdir(parents=True)
    skill = root / "pkg" / "skills" / "Bad_Name"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: Bad_Name\ndescription: 'A skill whose name breaks the rules.'\nfrequency: 2\n---\nBody.\n")
    return root


def results(cli, cwd: Path, *paths: str) -> list[dict]:
    outcome = cli("lint", "--format", "sarif", *paths, cwd=cwd)
    assert outcome.code == 1, outcome.stderr
    return validate_sarif(outcome.stdout)["runs"][0]["results"]


def test_uris_are_from_the_repository_top_from_any_folder(cli, tmp_path):
    repo = make_repo(tmp_path / "repo")
    want = "pkg/skills/Bad_Name/SKILL.md"
    for cwd, path in ((repo, "."), (repo / "pkg", "."), (repo / "pkg" / "skills", "Bad_Name"),
                      (repo / "pkg" / "skills" / "Bad_Name", "SKILL.md")):
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results(cli, cwd, path)}
        assert uris == {want}, cwd
        github = cli("lint", "--format", "github", path, cwd=cwd).stdout
        assert f"file={want}," in github


def test_the_base_is_named_in_original_uri_base_ids(cli, tmp_path):
    repo = make_repo(tmp_path / "repo")
    log = validate_sarif(cli("lint", "--format", "sarif", ".", cwd=repo / "pkg").stdout)
    run = log["runs"][0]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] for r in run["results"]} == {
        "%SRCROOT%"}
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is True
    assert invocation["arguments"] == ["lint", "--format", "sarif", "."]
    assert invocation["workingDirectory"]["uri"] == (repo / "pkg").resolve().as_uri() + "/"


def test_without_a_repository_paths_are_from_the_working_folder(cli, tmp_path):
    make_repo(tmp_path / "repo")
    (tmp_path / "repo" / ".git").rmdir()
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in results(cli, tmp_path / "repo" / "pkg", ".")}
    assert uris == {"skills/Bad_Name/SKILL.md"}


def test_rules_carry_their_documentation(cli, tmp_path):
    log = validate_sarif(cli("lint", "--format", "sarif", ".", cwd=make_repo(tmp_path / "repo")).stdout)
    for rule in log["runs"][0]["tool"]["driver"]["rules"]:
        assert rule["helpUri"].endswith(f"rules.md#{rule['id']}")
        assert rule["help"]["markdown"] == BY_ID[rule["id"]].doc


def test_end_positions_span_the_value(cli, tmp_path):
    by_rule = {r["ruleId"]: r["locations"][0]["physicalLocation"]["region"]
               for r in results(cli, make_repo(tmp_path / "repo"), ".")}
    assert by_rule["name-format"] == {"startLine": 2, "startColumn": 7, "endLine": 2, "endColumn": 15}  # Bad_Name
    assert by_rule["unused-fields"] == {"startLine": 4, "startColumn": 1, "endLine": 4, "endColumn": 10}  # frequency


def test_fingerprints_are_stable_across_runs_and_line_moves(cli, tmp_path):
    repo = make_repo(tmp_path / "repo")
    first = {r["ruleId"]: r["partialFingerprints"] for r in results(cli, repo, ".")}
    assert first == {r["ruleId"]: r["partialFingerprints"] for r in results(cli, repo, ".")}
    skill = repo / "pkg" / "skills" / "Bad_Name" / "SKILL.md"
    skill.write_text("---\n# a comment moves every line down\n\n" + skill.read_text()[4:])
    moved = results(cli, repo, ".")
    assert {r["ruleId"]: r["partialFingerprints"] for r in moved} == first
    assert {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in moved} == {4, 6}
    assert len({fp["skillkit/v1"] for fp in first.values()}) == len(first)


def test_a_clean_run_is_a_valid_log_too(cli, workspace_copy):
    outcome = cli("lint", "--format", "sarif", ".", cwd=workspace_copy)
    assert outcome.code == 0 and validate_sarif(outcome.stdout)["runs"][0]["results"] == []
