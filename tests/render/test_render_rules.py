"""Lint's budget rules: token budgets, unanswered macros, and presets that repeat a named slot."""

from __future__ import annotations

import json
from pathlib import Path

from render_helpers import FIXTURES

from skillkit.rules import BY_ID

WORKSPACE = FIXTURES / "workspace"


def findings(cli, root: Path, *args: str) -> list[tuple[str, str, int, int, str]]:
    outcome = cli("lint", root, "--format", "json", *args, cwd=root)
    data = json.loads(outcome.stdout)
    return [(d["rule"], Path(d["path"]).name if d["path"].endswith(".yaml") else d["path"].split("/")[-2],
             d["line"], d["column"], d["severity"]) for d in data["diagnostics"]]


def test_the_rules_are_registered_and_documented() -> None:
    for rule_id in ("skill-budget", "skills-block-budget", "macro-unanswered", "preset-slots"):
        assert BY_ID[rule_id].doc


def test_budgets_and_macros_in_the_render_fixture(cli) -> None:
    found = findings(cli, WORKSPACE)
    assert ("skill-budget", "lore", 8, 1, "warning") in found
    assert ("skills-block-budget", "tavern.yaml", 1, 1, "warning") in found
    assert not any(f[0] == "skills-block-budget" and f[1] == "plain.yaml" for f in found)
    assert ("macro-unanswered", "weather", 7, 65, "warning") in found   # tavern has no `mood`
    assert ("macro-unanswered", "orphan", 6, 9, "warning") in found     # `User`: case-sensitive
    assert not any(f[1] == "notes" for f in found)                      # not a studio skill: `${{ }}` left alone
    assert not any(f[1] == "greeting" for f in found)


def test_without_budgets_nothing_is_counted(cli, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "ws"
    shutil.copytree(WORKSPACE, root)
    (root / "skillkit.yaml").write_text("name: x\n", encoding="utf-8")
    assert not any("budget" in f[0] for f in findings(cli, root))


def test_a_budget_counted_with_another_tokenizer(cli, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "ws"
    shutil.copytree(WORKSPACE, root)
    (root / "skillkit.yaml").write_text("budgets: {skill: 60, tokenizer: estimate}\n", encoding="utf-8")
    outcome = cli("lint", root, cwd=root)
    assert "tokens (estimate)" in outcome.stdout


def test_an_unknown_budget_key_is_a_settings_error(cli, tmp_path: Path) -> None:
    (tmp_path / "skillkit.yaml").write_text("budgets: {skills: 60}\n", encoding="utf-8")
    outcome = cli("lint", tmp_path, cwd=tmp_path)
    assert outcome.code == 2 and "skills" in outcome.stderr


def test_a_repeated_slot_is_an_error_at_the_include(cli) -> None:
    root = FIXTURES / "broken-preset"
    outcome = cli("lint", root, cwd=root)
    assert outcome.code == 1
    assert "scenes/repeats.yaml:7:7: error preset-slots named slot `lore` is repeated through include `appendix`" \
        in outcome.stdout
    assert "repeats.yaml:8:15: warning preset-slots skill card 'weather'" in outcome.stdout


def test_preset_shape_errors_come_from_the_schema(cli, tmp_path: Path) -> None:
    (tmp_path / "skills").mkdir()  # a workspace root: there scenes/ counts
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "s.yaml").write_text("preset:\n  - {content: hi, colour: red}\n", encoding="utf-8")
    outcome = cli("lint", tmp_path, cwd=tmp_path)
    assert outcome.code == 1 and "s.yaml:2" in outcome.stdout


def test_preset_card_macros_are_checked_against_the_scene(cli, tmp_path: Path) -> None:
    (tmp_path / "skills").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "s.yaml").write_text("variables: {user: Ann}\npreset:\n  - {content: 'Hi {{user}} {{who}}'}\n",
                                                encoding="utf-8")
    outcome = cli("lint", tmp_path, cwd=tmp_path)
    assert "s.yaml:3:15: warning macro-unanswered `{{who}}` in a preset card" in outcome.stdout
