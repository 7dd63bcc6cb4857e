"""The four formats on one broken workspace, against golden files, and their contracts."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.rules import BY_ID
from tests.conftest import FIXTURES

BROKEN = FIXTURES / "lint" / "broken"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"
SUFFIX = {"text": "txt", "json": "json", "sarif": "sarif", "github": "github"}


@pytest.mark.parametrize("fmt", list(SUFFIX))
def test_format_matches_golden(cli, fmt):
    outcome = cli("lint", "--format", fmt, ".", cwd=BROKEN)
    assert outcome.code == 1 and outcome.stderr == ""
    golden = BROKEN / f"expected.{SUFFIX[fmt]}"
    shown = machine_neutral(outcome.stdout) if fmt == "sarif" else outcome.stdout
    if UPDATE:
        golden.write_text(shown, encoding="utf-8")
    assert shown == golden.read_text(encoding="utf-8")


def machine_neutral(sarif: str) -> str:
    """The log with where this checkout lives taken out (the top's and the working folder's URIs)."""
    log = json.loads(sarif)
    run = log["runs"][0]
    top = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert top.startswith("file:///") and top.endswith("/")
    run["originalUriBaseIds"]["%SRCROOT%"]["uri"] = "file:///checkout/"
    folder = run["invocations"][0]["workingDirectory"]
    folder["uri"] = folder["uri"].replace(top, "file:///checkout/")
    return json.dumps(log, indent=2) + "\n"


def test_json_is_exactly_the_contract(cli):
    report = json.loads(cli("lint", "--format", "json", ".", cwd=BROKEN).stdout)
    assert set(report) == {"diagnostics", "summary"}
    assert set(report["summary"]) == {"files", "errors", "warnings", "infos"}
    assert report["summary"] == {"files": 3, "errors": 2, "warnings": 3, "infos": 2}
    for d in report["diagnostics"]:
        assert set(d) == {"path", "line", "column", "rule", "severity", "message"}
        assert d["line"] >= 1 and d["column"] >= 1 and d["severity"] in {"error", "warning", "info"}
        assert not Path(d["path"]).is_absolute()


def test_sarif_is_a_sarif_2_1_0_log(cli):
    log = json.loads(cli("lint", "--format", "sarif", ".", cwd=BROKEN).stdout)
    assert log["version"] == "2.1.0" and "sarif-schema-2.1.0" in log["$schema"]
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert run["tool"]["driver"]["name"] == "skillkit"
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] in BY_ID
        assert result["level"] in {"error", "warning", "note"} and result["message"]["text"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1


def test_github_escapes_properties_and_data():
    from skillkit.reporters.github import escape_data, escape_property

    assert escape_property("a,b:c%d\ne") == "a%2Cb%3Ac%25d%0Ae"
    assert escape_data("50%: a\r\nb") == "50%25: a%0D%0Ab"


def test_github_lines_are_workflow_commands(cli):
    for line in cli("lint", "--format", "github", ".", cwd=BROKEN).stdout.splitlines():
        assert line.startswith(("::error file=", "::warning file=", "::notice file="))
        assert "\n" not in line and line.count("::") == 2


def test_color_always_and_never(cli, monkeypatch):
    monkeypatch.delenv("NO_COLOR")
    assert "\x1b[" in cli("lint", "--color", "always", ".", cwd=BROKEN).stdout
    assert "\x1b[" not in cli("lint", "--color", "never", ".", cwd=BROKEN).stdout


def test_output_file_is_written_whole(cli, tmp_path):
    target = tmp_path / "out" / "lint.sarif"
    outcome = cli("lint", "--format", "sarif", "-o", target, ".", cwd=BROKEN)
    assert outcome.code == 1 and outcome.stdout == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"
    assert [p.name for p in target.parent.iterdir()] == ["lint.sarif"]


def test_strict_makes_warnings_fail(cli, tmp_path):
    folder = tmp_path / "warn"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: warn\ndescription: |\n  two\n  lines\n---\nBody\n")
    assert cli("lint", tmp_path).code == 0
    assert cli("lint", "--strict", tmp_path).code == 1


def test_settings_from_skillkit_yaml_and_pyproject(cli, tmp_path):
    folder = tmp_path / "skills" / "warn"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: warn\ndescription: |\n  two\n  lines\n---\nBody\n")
    (tmp_path / "skillkit.yaml").write_text("strict: true\n")
    assert cli("lint", ".", cwd=tmp_path).code == 1
    (tmp_path / "skillkit.yaml").write_text("ignore: [description-multiline]\nstrict: true\n")
    assert cli("lint", ".", cwd=tmp_path).code == 0
    (tmp_path / "skillkit.yaml").unlink()
    (tmp_path / "pyproject.toml").write_text("[tool.skillkit]\nstrict = true\nseverity = {description-multiline = 'error'}\n")
    outcome = cli("lint", "--format", "json", ".", cwd=tmp_path)
    assert outcome.code == 1 and json.loads(outcome.stdout)["diagnostics"][0]["severity"] == "error"


def test_broken_settings_are_a_usage_error_with_position(cli, tmp_path):
    (tmp_path / "skillkit.yaml").write_text("profile: default\nstrict: maybe\n")
    outcome = cli("lint", ".", cwd=tmp_path)
    assert outcome.code == 2 and "skillkit.yaml:2:9" in outcome.stderr


def test_select_and_ignore(cli):
    only = json.loads(cli("lint", "-f", "json", "--select", "name-format,trigger-blank", ".", cwd=BROKEN).stdout)
    assert {d["rule"] for d in only["diagnostics"]} == {"name-format", "trigger-blank"}
    rest = json.loads(cli("lint", "-f", "json", "--ignore", "name-format", "--ignore", "name-folder", ".", cwd=BROKEN).stdout)
    assert not {d["rule"] for d in rest["diagnostics"]} & {"name-format", "name-folder"}


def test_a_file_named_inside_a_workspace_is_checked_in_its_context(cli, workspace_copy):
    """pre-commit names single files: cross-file rules still see the whole workspace, and only
    the named files are reported."""
    other = workspace_copy / "skills" / "copy"
    other.mkdir()
    (other / "SKILL.md").write_text("---\nname: weather\ndescription: A second skill named weather.\n---\nBody\n")
    named = cli("lint", "-f", "json", "skills/copy/SKILL.md", cwd=workspace_copy)
    report = json.loads(named.stdout)
    assert report["summary"]["files"] == 1
    assert {d["rule"] for d in report["diagnostics"]} == {"name-folder", "name-unique"}
    assert {d["path"] for d in report["diagnostics"]} == {"skills/copy/SKILL.md"}
    untouched = json.loads(cli("lint", "-f", "json", "skills/sword/SKILL.md", cwd=workspace_copy).stdout)
    assert untouched["diagnostics"] == [] and untouched["summary"]["files"] == 1


def test_settings_exclude_uses_gitignore_syntax(cli, tmp_path):
    for name in ("kept", "drafted"):
        folder = tmp_path / ("skills" if name == "kept" else "skills/drafts") / name
        folder.mkdir(parents=True)
        (folder / "SKILL.md").write_text(f"---\nname: {name.upper()}\ndescription: x\n---\nBody\n")
    (tmp_path / "skillkit.yaml").write_text("exclude: ['drafts/', '!kept']\n")
    report = json.loads(cli("lint", "-f", "json", ".", cwd=tmp_path).stdout)
    assert {d["path"] for d in report["diagnostics"]} == {"skills/kept/SKILL.md"}


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
                           max_leaves=12)
FLAT = st.dictionaries(st.text(), st.none() | st.booleans() | st.integers() | st.text(), max_size=6)


@settings(max_examples=300)
@given(st.dictionaries(st.text(), st.lists(FLAT, max_size=4) | FLAT | JSON_VALUES, max_size=3), st.booleans())
def test_the_json_report_writes_what_json_dumps_writes(value, ascii_only):
    from skillkit.reporters.json import dumps

    assert dumps(value, ascii_only) == json.dumps(value, indent=2, ensure_ascii=ascii_only)
