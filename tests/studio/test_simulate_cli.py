"""`skillkit simulate` end to end: formats, options, exit codes, and what goes to stderr."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import FIXTURES, write_skill

TAVERN = FIXTURES / "studio" / "tavern"
TRANSCRIPTS = FIXTURES / "transcripts"
GOLDEN = FIXTURES / "studio" / "golden"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def golden(name: str, text: str) -> None:
    if UPDATE:
        (GOLDEN / name).write_text(text, encoding="utf-8")
    assert text == (GOLDEN / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("args, name", [
    (["--scene", "scenes/tavern.yaml"], "activation.txt"),
    (["--scene", "scenes/tavern.yaml", "--explain", "lore"], "activation.explain-lore.txt"),
    (["--scene", "scenes/tavern.yaml", "--format", "json"], "activation.json"),
])
def test_outputs_match_golden(cli, args, name):
    outcome = cli("simulate", TRANSCRIPTS / "activation.yaml", *args, cwd=TAVERN)
    assert (outcome.code, outcome.stderr) == (0, "")
    golden(name, outcome.stdout.replace(str(TRANSCRIPTS), "TRANSCRIPTS"))


def test_json_is_exactly_the_contract(cli):
    outcome = cli("simulate", TRANSCRIPTS / "tavern.jsonl", "--format", "json", "--scene", "scenes/tavern.yaml",
                  cwd=TAVERN)
    report = json.loads(outcome.stdout)
    assert set(report) == {"turns"}
    assert [t["answering"] for t in report["turns"]] == [None, 1, 6, 8]
    for number, turn in enumerate(report["turns"], start=1):
        assert set(turn) == {"turn", "answering", "kind", "calls", "skills"} and turn["turn"] == number
        assert turn["kind"] in ("reply", "next", "continue", "swipe", "regenerate")
        for verdict in turn["skills"]:
            assert set(verdict) == {"name", "when", "on", "reason"}
            assert isinstance(verdict["on"], bool) and verdict["reason"].endswith(".")
    assert [v["name"] for v in report["turns"][0]["skills"]] == ["greeting", "weather", "lore", "notes", "maps",
                                                                 "herbs"]


def test_without_skills_or_scene_the_workspace_skills_are_found_and_linked_in_name_order(cli):
    outcome = cli("simulate", TRANSCRIPTS / "openai.json", "-f", "json", cwd=TAVERN / "scenes")
    names = [v["name"] for v in json.loads(outcome.stdout)["turns"][0]["skills"]]
    assert names == ["greeting", "herbs", "lore", "maps", "notes", "weather"]


def test_explicit_skills_path(cli, tmp_path):
    outcome = cli("simulate", TRANSCRIPTS / "words.yaml", "--skills", FIXTURES / "studio" / "words", "-f", "json",
                  cwd=tmp_path)
    assert outcome.code == 0
    assert len(json.loads(outcome.stdout)["turns"]) == 15


def test_a_skill_with_errors_is_left_out_with_its_diagnostics_and_exit_1(cli):
    outcome = cli("simulate", TRANSCRIPTS / "empty.json", "--scene", "scenes/messy.yaml", "-f", "json",
                  cwd=FIXTURES / "studio" / "links")
    assert outcome.code == 1
    assert [v["name"] for v in json.loads(outcome.stdout)["turns"][0]["skills"]] == ["beta", "alpha"]
    assert outcome.stderr.splitlines() == [
        "skills/broken/SKILL.md:2:1: error description-format `description` is required",
        "scenes/messy.yaml:2:16: warning scene-links linked skill 'ghost' is not found; it is left out",
        "scenes/messy.yaml:2:23: warning scene-links linked skill 'broken' has errors; it is left out",
        "scenes/messy.yaml:2:38: warning scene-links skill 'beta' is linked twice; the second link is left out",
    ]


def test_a_linked_skill_whose_name_is_taken_is_left_out(cli):
    outcome = cli("simulate", TRANSCRIPTS / "empty.json", "--scene", "scenes/both.yaml", "-f", "json",
                  cwd=FIXTURES / "studio" / "dupes")
    assert outcome.code == 0
    assert len(json.loads(outcome.stdout)["turns"][0]["skills"]) == 1
    assert "already has; it is left out" in outcome.stderr


@pytest.mark.parametrize("content, expected", [
    ('[\n  {"role": "user", "content": "a"},\n  {"content": "b"}\n]', ":3: a message needs a role"),
    ("messages:\n  - user: hi\n  - continue: more\n", ":3: a continue needs a reply right before it"),
    ('{"user_name": "a"}\n{"mes": "", "is_user": true', ":2:28: invalid JSON"),
])
def test_a_malformed_transcript_is_exit_2_with_its_line_and_no_traceback(cli, tmp_path, content, expected):
    path = tmp_path / "chat.txt"
    path.write_text(content, encoding="utf-8")
    outcome = cli("simulate", path, cwd=TAVERN)
    assert outcome.code == 2 and outcome.stdout == ""
    assert outcome.stderr.startswith("skillkit: error: ") and expected in outcome.stderr
    assert "Traceback" not in outcome.stderr


def test_unusable_inputs_are_exit_2(cli, tmp_path):
    assert cli("simulate", tmp_path / "missing.json", cwd=TAVERN).code == 2
    bad_scene = tmp_path / "scene.yaml"
    bad_scene.write_text("skills: 3\n", encoding="utf-8")
    outcome = cli("simulate", TRANSCRIPTS / "empty.json", "--scene", bad_scene, cwd=TAVERN)
    assert outcome.code == 2 and "not a valid scene" in outcome.stderr


def test_explain_an_unknown_skill_lists_the_linked_ones(cli):
    outcome = cli("simulate", TRANSCRIPTS / "empty.json", "--scene", "scenes/locked.yaml", "--explain", "nope",
                  cwd=TAVERN)
    assert outcome.code == 2
    assert "no linked skill 'nope'; the linked skills are: greeting, lore, herbs" in outcome.stderr


def test_many_skills_get_numbered_columns_and_a_key(cli, tmp_path):
    for i in range(30):
        write_skill(tmp_path / "skills", f"skill-number-{i:02d}", f"name: skill-number-{i:02d}\ndescription: d\nwhen: always")
    outcome = cli("simulate", TRANSCRIPTS / "empty.json", cwd=tmp_path)
    lines = outcome.stdout.splitlines()
    assert lines[3].startswith("skills 1-30:   1 skill-number-00 (always)")
    head = next(i for i, line in enumerate(lines) if line.startswith("turn"))
    # Column numbers are written downwards, one character per column: tens above units.
    assert lines[head - 1].split() == ["1"] * 10 + ["2"] * 10 + ["3"]
    assert lines[head].split() == ["turn", "kind", "answers"] + [str(i % 10) for i in range(1, 31)]
    assert lines[head + 1].split() == ["1", "next", "-"] + ["●"] * 30
    assert lines[head].index("answers") + 9 == lines[head + 1].index("●")
    assert "30 skill-number-29 (always)" in outcome.stdout


def test_help_teaches_exit_codes_and_examples(cli):
    outcome = cli("simulate", "--help")
    assert outcome.code == 0
    assert "Exit 0" in outcome.stdout and "Examples:" in outcome.stdout and "--explain" in outcome.stdout


def test_output_file_holds_the_report_and_stdout_stays_empty(cli, tmp_path):
    out = tmp_path / "out" / "report.json"
    outcome = cli("simulate", TRANSCRIPTS / "activation.yaml", "--scene", "scenes/tavern.yaml", "-f", "json",
                  "-o", out, cwd=TAVERN)
    assert (outcome.code, outcome.stdout, outcome.stderr) == (0, "", "")
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(
        cli("simulate", TRANSCRIPTS / "activation.yaml", "--scene", "scenes/tavern.yaml", "-f", "json",
            cwd=TAVERN).stdout)
    failed = cli("simulate", TRANSCRIPTS / "activation.yaml", "--scene", "scenes/tavern.yaml",
                 "-o", "/proc/skillkit-nope/report.txt", cwd=TAVERN)
    assert failed.code == 2 and failed.stderr.startswith("skillkit: error: ")


def test_colour_is_painted_only_when_asked(cli):
    always = cli("simulate", TRANSCRIPTS / "activation.yaml", "--scene", "scenes/tavern.yaml", "--color", "always",
                 cwd=TAVERN)
    never = cli("simulate", TRANSCRIPTS / "activation.yaml", "--scene", "scenes/tavern.yaml", "--color", "never",
                cwd=TAVERN)
    assert "\x1b[32m●\x1b[0m" in always.stdout
    assert "\x1b" not in never.stdout
    import re
    assert re.sub(r"\x1b\[[0-9;]*m", "", always.stdout) == never.stdout


def test_the_streamed_json_is_the_simulations_own(tmp_path):
    """write_json (one line per turn, C encoder) holds exactly Simulation.as_json()."""
    import io

    from skillkit.reporters.simulate_json import write_json
    from tests.studio.sim_helpers import simulation

    for sim in (simulation("tavern", "activation.yaml", "tavern.yaml"), simulation("tavern", "empty.json")):
        out = io.StringIO()
        write_json(sim, out)
        assert json.loads(out.getvalue()) == sim.as_json()
        assert out.getvalue().count("\n") == len(sim.turns) + 2   # a line per turn, then "]}"
