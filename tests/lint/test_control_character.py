"""`control-character`: the YAML double-quote escape trap (`"\b"` is a BACKSPACE) and other
control characters in triggers and descriptions, found through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import write_skill


def _found(cli, root: Path) -> list[dict]:
    out = cli("lint", "--format", "json", "--select", "control-character", str(root))
    assert "Traceback" not in out.stderr
    return json.loads(out.stdout)["diagnostics"]


def test_the_readme_weather_trigger_double_quoted_is_the_trap(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "weather", 'name: weather\ndescription: Describes the weather when asked.\n'
                'when: mentioned\ntriggers: [weather, "/\\bsnow(ing|fall)?\\b/i"]')
    (found,) = _found(cli, tmp_path)
    assert found["severity"] == "warning" and found["line"] == 5
    assert "U+0008" in found["message"] and "single quotes" in found["message"]


def test_single_quotes_are_the_fix_and_the_fixture_uses_them(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "weather", "name: weather\ndescription: Describes the weather when asked.\n"
                "when: mentioned\ntriggers: [weather, '/\\bsnow(ing|fall)?\\b/i']")
    assert _found(cli, tmp_path) == []
    from tests.conftest import WORKSPACE

    assert _found(cli, WORKSPACE) == []


@pytest.mark.parametrize("value, flagged", [('"/\\x01hi/"', False), ('"\\x01hi"', True), ('"a\\tb"', False),
                                            ('"a\\x1bb"', True), ('"a\\u0085b"', True)])
def test_u0001_is_allowed_in_a_regex_trigger_only(cli, tmp_path: Path, value: str, flagged: bool) -> None:
    write_skill(tmp_path / "skills", "s", f"name: s\ndescription: Does it when asked, in a sentence.\n"
                f"when: mentioned\ntriggers: [{value}]")
    assert bool(_found(cli, tmp_path)) is flagged


def test_a_control_character_in_the_description(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "skills", "s", 'name: s\ndescription: "Does it\\x07 when asked."')
    (found,) = _found(cli, tmp_path)
    assert found["line"] == 3 and "the description holds U+0007" in found["message"]
