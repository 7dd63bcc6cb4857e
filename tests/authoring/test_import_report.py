"""The import report: what each entry kept, what it dropped and why, what was skipped, the
defaults chosen; as JSON for machines and Rich text for people (golden files beside the fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

from import_helpers import FIXTURES, run_import, staged

GOLDEN = FIXTURES / "golden"


def entry(report: dict, skill: str) -> dict:
    return next(e for e in report["entries"] if e["skill"] == skill)


def test_json_report_matches_golden(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "worldinfo.json")
    assert report == json.loads((GOLDEN / "worldinfo.report.json").read_text(encoding="utf-8"))


def test_text_report_matches_golden(cli, tmp_path: Path) -> None:
    out = cli("import", staged(tmp_path, "worldinfo.json"), cwd=tmp_path)
    assert out.code == 0
    assert out.stdout == (GOLDEN / "worldinfo.report.txt").read_text(encoding="utf-8")


def test_kept_fields_say_what_they_became(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "worldinfo.json")
    kept = {k["field"]: k for k in entry(report, "blizzard")["kept"]}
    assert kept["scanDepth"] == {"field": "scanDepth", "value": None, "as": "scanDepth: 2",
                                 "note": "the lorebook default"}
    assert kept["key"]["note"] == "1 JavaScript regex key, kept as written"
    assert kept["probability"]["as"] == "probability: 50" and "never used" in kept["probability"]["note"]


def test_dropped_fields_are_listed_with_why(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "worldinfo.json")
    dropped = {d["field"]: d for d in entry(report, "blizzard")["dropped"]}
    assert set(dropped) == {"order", "position", "depth", "role", "group"}
    assert "in the chat at a depth" in dropped["position"]["note"] and dropped["depth"]["value"] == 2
    recursion = {d["field"] for d in entry(report, "gorod-v-mire")["dropped"]}
    assert recursion == {"excludeRecursion", "preventRecursion", "sticky"}
    assert entry(report, "the-moon-is-always-full-here")["dropped"][0]["field"] == "characterFilter"
    # Fields at SillyTavern's defaults change nothing and are not listed.
    assert entry(report, "sword-of-dawn")["dropped"] == []


def test_constant_and_skipped_entries_are_reported(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "worldinfo.json")
    tone = entry(report, "narrators-tone")
    assert tone["when"] == "always" and tone["kept"][1]["as"] == "when: always"
    skipped = {e["entry"]: e["reason"] for e in report["entries"] if e["status"] == "skipped"}
    assert skipped == {"3": "disabled in the lorebook (`disable`)",
                       "7": "its content is empty: as a skill it would add nothing"}


def test_card_reports_name_the_card_fields(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "card-v2.json")
    aldric = entry(report, "king-aldric")
    assert {k["field"] for k in aldric["kept"]} >= {"keys", "secondary_keys", "extensions.selectiveLogic",
                                                     "extensions.scan_depth", "extensions.case_sensitive"}
    assert {d["field"] for d in aldric["dropped"]} == {"priority", "insertion_order", "extensions.position",
                                                        "extensions.depth", "extensions.group", "extensions.sticky"}
    assert [d["field"] for d in report["dropped"]] == ["scan_depth", "token_budget", "recursive_scanning"]
    ghost = next(e for e in report["entries"] if e["entry"] == "3")
    assert ghost["status"] == "skipped" and ghost["reason"] == "disabled in the lorebook (`enabled`)"
    moth = entry(report, "moth-the-cat")
    assert {"field": "extensions.risu_extra", "value": {"color": "grey"},
            "note": "extension data skillkit does not know"} in moth["dropped"]


def test_report_lists_what_lint_still_says(cli, tmp_path: Path) -> None:
    # No title: the generated description says when it switches on (a title would be the name
    # again, which `description-short` reports as info).
    book = {"entries": {"0": {"key": ["moon"], "content": "{{char}} loves the moon."}}}
    (tmp_path / "book.json").write_text(json.dumps(book), encoding="utf-8")
    report = json.loads(cli("import", "book.json", "-o", "lore", "--format", "json", cwd=tmp_path).stdout)
    assert [(d["path"], d["rule"]) for d in report["diagnostics"]] == [("lore/moon/SKILL.md", "macro-unanswered")]
    # In a workspace whose scene answers {{char}}, lint (and so the report) has nothing to say.
    (tmp_path / "ws" / "scenes").mkdir(parents=True)
    (tmp_path / "ws" / "scenes" / "tavern.yaml").write_text("variables: {char: Bob}\n", encoding="utf-8")
    report = json.loads(cli("import", "../book.json", "--format", "json", cwd=tmp_path / "ws").stdout)
    assert report["diagnostics"] == []


def test_function_macros_are_noted(cli, tmp_path: Path) -> None:
    book = {"entries": {"0": {"key": ["dice"], "comment": "Dice", "content": "You roll {{roll:d6}}."}}}
    (tmp_path / "book.json").write_text(json.dumps(book), encoding="utf-8")
    report = json.loads(cli("import", "book.json", "--format", "json", cwd=tmp_path).stdout)
    assert any("{{roll:d6}}" in note for note in report["entries"][0]["notes"])


def test_json_output_is_plain_json_even_with_colour(cli, tmp_path: Path) -> None:
    out = cli("import", staged(tmp_path, "worldinfo.json"), "--format", "json", "--color", "always", cwd=tmp_path)
    assert "\x1b[" not in out.stdout and json.loads(out.stdout)["summary"]["imported"] == 7
