"""lint's `targets` (settings) and `--target` (command line, over them): no targets, no change;
an unknown client is a usage error with a did-you-mean."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import WORKSPACE, write_skill


def rules_found(outcome) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(d["rule"], d["message"]) for d in json.loads(outcome.stdout)["diagnostics"]
            if d["rule"].startswith("client-")]


def test_without_targets_the_client_rules_say_nothing(cli) -> None:
    assert rules_found(cli("lint", WORKSPACE, "--format", "json")) == []


def test_the_command_line_replaces_the_settings_targets(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "a", "name: a\ndescription: A skill for the target tests.\nwhen: always")
    (tmp_path / "skillkit.yaml").write_text("targets: [gemini-cli]\n")
    from_settings = rules_found(cli("lint", tmp_path, "--format", "json"))
    assert from_settings == [("client-ignored-key", "`when` is ignored by Gemini CLI")]
    from_flag = rules_found(cli("lint", tmp_path, "--format", "json", "--target", "codex", "-t", "claude-code"))
    assert from_flag == [("client-ignored-key", "`when` is ignored by Claude Code, Codex")]
    shown = cli("lint", tmp_path, "--show-settings", "--target", "codex")
    assert re.search(r'^targets +\= \["codex"\]$', shown.stdout, re.M), shown.stdout  # aligned to the longest key


def test_an_unknown_client_is_a_usage_error_with_a_suggestion(cli) -> None:
    outcome = cli("lint", WORKSPACE, "--target", "claud-code")
    assert outcome.code == 2 and "did you mean `claude-code`?" in outcome.stderr


def test_a_target_limit_fails_the_run(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "anthropic-notes", "name: anthropic-notes\ndescription: Notes on a vendor's API.")
    outcome = cli("lint", tmp_path, "--target", "claude-api")
    assert outcome.code == 1 and "client-limit `name` holds 'anthropic'" in outcome.stdout
    assert cli("lint", tmp_path).code == 0
