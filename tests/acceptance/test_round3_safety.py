"""Acceptance, round 3: skillkit is safe to run on anything (issue 22), black-box through the CLI.

No hang on a FIFO where skillkit reads for itself (ignore files, settings); a device as
`--config` is refused for what it is; control characters from input never reach human output raw
(issue 22 item 7's code points); the `control-character` rule catches YAML's escape trap; and
`lint --stdin-filename F -` lints standard input. Every command here is killed at 10 s, so a hang
is a failure, never a hung suite.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.acceptance.round3_support import (FIXTURES, finished, git_repo, put, put_skill, raw_controls, skill_md,
                                             skillkit)

HANG = 10  # seconds: issue 22, "within 10 s"
UNKNOWN = "zz-unknown-key: 1"


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


# ---------------------------------------------------------------------------- FIFOs


@pytest.mark.parametrize("where", [".gitignore", "skills/.gitignore", "skills/helper/.gitignore"])
def test_a_fifo_named_gitignore_does_not_hang_lint(tmp_path: Path, where: str) -> None:
    """Issue 22: "A FIFO named `.gitignore` anywhere on the walk ... blocks `lint` and `pack`
    forever"; must show: "Every reproduction above exits 0, 1 or 2 with a message, within 10 s".
    The rest of the tree is still checked (5.1: a path that cannot be read is a finding "and the
    rest is checked")."""
    repo = git_repo(tmp_path / "repo")
    put_skill(repo, "skills/helper", extra=UNKNOWN)
    fifo(repo / where)
    run = finished(skillkit("lint", ".", "--format", "json", cwd=repo, timeout=HANG), 0, 1)
    assert any(d["rule"] == "unknown-field" for d in run.json()["diagnostics"]), str(run)


def test_a_fifo_named_gitignore_does_not_hang_pack(tmp_path: Path) -> None:
    """Issue 22: a FIFO named `.gitignore` "blocks `lint` and `pack` forever"."""
    root = tmp_path / "ws"
    put(root, "skillkit.yaml", "name: ws\nversion: 1.0.0\n")
    put_skill(root, "skills/helper")
    fifo(root / "skills" / ".gitignore")
    run = finished(skillkit("pack", ".", "-o", tmp_path / "out.zip", cwd=root, timeout=HANG))
    assert run.code == 0 or run.stderr.strip(), str(run)


def test_a_fifo_named_pyproject_toml_does_not_hang_lint(tmp_path: Path) -> None:
    """Issue 22: "a `pyproject.toml` FIFO in a folder checked for settings, blocks `lint` ...
    forever". It ends within 10 s, with a message when it refuses."""
    root = tmp_path / "ws"
    put_skill(root, "skills/helper")
    fifo(root / "pyproject.toml")
    run = finished(skillkit("lint", ".", cwd=root, timeout=HANG))
    assert run.code in (0, 1) or run.stderr.strip(), str(run)


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "folder"])
def test_config_naming_something_not_a_file_is_a_usage_error_saying_what_it_is(tmp_path: Path, kind: str) -> None:
    """Issue 22: "`lint --config` given a device file says 'no such settings file'"; item 3: "any
    other named path that is not a regular file is refused with exit 2"."""
    put_skill(tmp_path, "skills/helper")
    target = {"dev-zero": lambda: Path("/dev/zero"), "fifo": lambda: fifo(tmp_path / "settings.yaml"),
              "folder": lambda: (tmp_path / "conf.d").mkdir() or tmp_path / "conf.d"}[kind]()
    run = finished(skillkit("lint", ".", "--config", target, cwd=tmp_path, timeout=HANG), 2)
    message = run.stderr.strip()
    assert message and "no such" not in message.lower(), str(run)


# ---------------------------------------------------------------------------- control characters


HOSTILE = "\x1b[2J\x1b]0;owned\x07\u202eevil\u2066x\x9b"
# without the bidirectional controls, which `invisible-unicode` makes an error in a body (the
# skill would be left out of the block, and nothing of it shown)
HOSTILE_C0_C1 = "\x1b[2J\x1b]0;owned\x07 \x08\x7f\x9b"


def assert_escaped(run) -> None:
    found = raw_controls(run.stdout + run.stderr)
    assert not found, f"raw control characters {found} in human output: {run}"


def test_lint_show_files_escapes_control_characters_in_paths(tmp_path: Path) -> None:
    """Issue 22 item 7: "Escape every control character from input in human output ... code
    points U+0000-U+001F but newline and tab, U+007F-U+009F, and the bidirectional controls
    (U+202A-U+202E, U+2066-U+2069)"; "raw control characters ... reach the terminal in `lint
    --show-files`"."""
    put_skill(tmp_path, f"skills/odd{HOSTILE}", name="odd")
    put(tmp_path, f"skills/notes{HOSTILE}.md", "notes\n")
    run = finished(skillkit("lint", ".", "--show-files", "--color", "never", cwd=tmp_path), 0)
    assert "SKILL.md" in run.stdout, str(run)
    assert_escaped(run)


def test_lint_text_escapes_control_characters_from_file_contents(tmp_path: Path) -> None:
    """Issue 22 item 7 (every command): an unknown key and a description holding control
    characters are quoted in lint's findings escaped (JSON output keeps its own escaping)."""
    key = json.dumps(f"bad{HOSTILE}key")
    put(tmp_path, "skills/helper/SKILL.md", skill_md(
        "helper", description=json.dumps(f"Helps{HOSTILE}"), extra=f"{key}: 1"))
    run = finished(skillkit("lint", ".", "--color", "never", cwd=tmp_path), 0, 1)
    assert "helper" in run.stdout + run.stderr, str(run)
    assert_escaped(run)
    as_json = finished(skillkit("lint", ".", "--format", "json", cwd=tmp_path), 0, 1)
    as_json.json()  # still valid JSON, whatever it holds


def test_render_escapes_control_characters_in_the_block_it_shows(tmp_path: Path) -> None:
    """Issue 22 item 7: "`render`'s text output escapes the block it shows"."""
    put(tmp_path, "skills/anchor/SKILL.md", skill_md(
        "anchor", description="Always on, to show its text in the block.", extra="when: always",
        body=f"Say hello.{HOSTILE_C0_C1} Then stop.\n"))
    put(tmp_path, "chat.json", json.dumps([{"role": "user", "content": f"hi{HOSTILE}"}]))
    run = finished(skillkit("render", "chat.json", "--skills", "skills", "--color", "never", cwd=tmp_path), 0)
    assert "## anchor" in run.stdout, str(run)
    assert_escaped(run)


def test_simulate_escapes_control_characters_in_reasons(tmp_path: Path) -> None:
    """Issue 22: raw control characters "reach the terminal in ... `simulate`": a trigger holding
    them, matched, is quoted in the verdict's reason (`--explain`)."""
    trigger = f"dra{HOSTILE}gon"
    put(tmp_path, "skills/beast/SKILL.md", skill_md(
        "beast", description="The beast, when someone names it in the scene.",
        extra=f"when: mentioned\ntriggers: {json.dumps([trigger])}", body="Roar.\n"))
    put(tmp_path, "chat.json", json.dumps([{"role": "user", "content": f"the {trigger} sleeps"}]))
    run = finished(skillkit("simulate", "chat.json", "--skills", "skills", "--explain", "beast",
                            "--color", "never", cwd=tmp_path), 0, 1)
    assert "beast" in run.stdout, str(run)
    assert_escaped(run)


def test_session_escapes_control_characters_in_names_it_quotes(tmp_path: Path) -> None:
    """Issue 22: raw control characters reach the terminal in "`session`" too: a tool name
    holding them is quoted in the refusal, escaped."""
    root = tmp_path / "ws"
    put(root, "agents/helper.yaml", "name: helper\nhandler: agent\ntools: []\nskills: []\n")
    put(root, "skills/.keep", "")
    put(root, "sessions/evil.yaml", "agent: helper\nturns:\n  - calls:\n      - {tool: "
        + json.dumps(f"evil{HOSTILE}") + "}\n")
    run = finished(skillkit("session", "sessions/evil.yaml", "--color", "never", cwd=root))
    assert run.stdout.strip() or run.stderr.strip(), str(run)
    assert_escaped(run)


# ---------------------------------------------------------------------------- control-character


@pytest.fixture(scope="module")
def control_lint(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("control") / "ws"
    cases = {
        "double-quoted-b": r'triggers: ["/\bsnow(ing|fall)?\b/i"]',
        "single-quoted-b": r"triggers: ['/\bsnow(ing|fall)?\b/i']",
        "plain-bell": r'triggers: ["ring\abell"]',
        "regex-soh": r'triggers: ["/\x01hello/"]',
        "plain-word": "triggers: [snow]",
    }
    for name, line in cases.items():
        put(root, f"skills/{name}/SKILL.md", skill_md(
            name, description=f"The {name} case of control characters in triggers.", extra=f"when: mentioned\n{line}"))
    put(root, "skills/bell-description/SKILL.md", skill_md(
        "bell-description", description='"Rings a bell\\a when asked to ring one."'))
    run = finished(skillkit("lint", ".", "--format", "json", cwd=root), 0, 1)
    return run.json()


def _control(document: dict, name: str) -> list[dict]:
    return [d for d in document["diagnostics"] if d["rule"] == "control-character" and f"/{name}/" in f"/{d['path']}"]


@pytest.mark.parametrize("name", ["double-quoted-b", "plain-bell", "bell-description"])
def test_control_character_warns_on_a_control_character(control_lint: dict, name: str) -> None:
    """Issue 22 item 6: "A lint rule `control-character` (a warning) for a control character in a
    trigger, a regex or a description, with the YAML escape trap in its documentation and the fix
    (single quotes)". `"/\\bsnow/"` double-quoted holds a BACKSPACE, not a word boundary."""
    found = _control(control_lint, name)
    assert found and all(d["severity"] == "warning" for d in found), control_lint["diagnostics"]


@pytest.mark.parametrize("name", ["single-quoted-b", "regex-soh", "plain-word"])
def test_control_character_is_silent_without_one(control_lint: dict, name: str) -> None:
    """Issue 22 item 6: the fix is single quotes (`'\\b'` stays a word boundary); "U+0001, which
    DESIGN 6 uses between messages, is allowed in regex triggers"."""
    assert not _control(control_lint, name), control_lint["diagnostics"]


def test_control_character_is_a_documented_rule() -> None:
    """Issue 22 item 6: the rule's documentation holds "the YAML escape trap ... and the fix
    (single quotes)"; `skillkit rules ID` prints a rule's documentation."""
    run = finished(skillkit("rules", "control-character", cwd=Path("/")), 0)
    assert "single" in run.stdout.lower() and "quote" in run.stdout.lower(), str(run)


def test_the_readme_weather_example_has_no_control_character() -> None:
    """Issue 22: "the `weather` skill's trigger `"/\\bsnow(ing|fall)?\\b/i"` is YAML double-quoted,
    so `\\b` is a BACKSPACE character ... The README's example fixed."""
    run = finished(skillkit("lint", FIXTURES / "workspace", "--format", "json", "--select", "control-character",
                            cwd=FIXTURES.parent, env={"SKILLKIT_NO_CACHE": "1"}), 0)
    assert run.json()["diagnostics"] == [], str(run)
    weather = (FIXTURES / "workspace" / "skills" / "weather" / "SKILL.md").read_text(encoding="utf-8")
    assert "\b" not in weather and '"/\\bsnow' not in weather, weather


# ---------------------------------------------------------------------------- standard input


@pytest.mark.parametrize("dash", [True, False], ids=["with-dash", "without-dash"])
def test_lint_stdin_filename_lints_standard_input_as_that_file(tmp_path: Path, dash: bool) -> None:
    """4.1: "`--stdin-filename` (lint standard input as that file) behave[s] as ruff's"; issue 24:
    "`lint --stdin-filename F -` is refused (editors and ruff pass `-`)". The file on disk is
    clean; the text on standard input has a typo'd key (an error)."""
    put_skill(tmp_path, "skills/helper")
    text = skill_md("helper", extra="triger: [rain]")
    args = ["lint", "--stdin-filename", "skills/helper/SKILL.md", "--format", "json"] + (["-"] if dash else [])
    run = finished(skillkit(*args, cwd=tmp_path, stdin=text, timeout=HANG), 1)
    document = run.json()
    assert document["diagnostics"], str(run)
    assert {d["path"] for d in document["diagnostics"]} == {"skills/helper/SKILL.md"}, document
    assert any(d["severity"] == "error" and d["line"] == 4 for d in document["diagnostics"]), document
