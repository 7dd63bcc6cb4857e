"""`skillkit render` through the real CLI: formats, options and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from render_helpers import FIXTURES, GOLDEN, golden

from skillkit.tokens import get_counter

WORKSPACE = FIXTURES / "workspace"


def test_without_a_transcript_the_block_and_budget_alone(cli) -> None:
    outcome = cli("render", "--scene", "scenes/tavern.yaml", cwd=WORKSPACE)
    assert outcome.code == 0, outcome.stderr
    golden("cli-no-transcript.txt", outcome.stdout)
    assert "Turn 1 (the next reply), answering nothing" in outcome.stdout


def test_json_holds_the_design_object(cli) -> None:
    outcome = cli("render", "--scene", "scenes/plain.yaml", "--format", "json", "--var", "user=Zed", cwd=WORKSPACE)
    data = json.loads(outcome.stdout)
    assert data["skillsBlock"] == "### Skills\n\n## greeting\nGreet Zed warmly, as Cid would."
    assert data["messages"] == [{"role": "system", "label": "Skills", "content": data["skillsBlock"]}]
    assert data["budget"]["context"] == 8192 and data["budget"]["response"] == 512
    assert data["budget"]["tokenizer"] == "o200k_base"
    assert data["budget"]["used"]["Skills"] == get_counter("o200k_base").count(data["skillsBlock"])


def test_context_and_tokenizer_options(cli) -> None:
    outcome = cli("render", "--scene", "scenes/plain.yaml", "--format", "json", "--context", "1000",
                  "--tokenizer", "estimate", cwd=WORKSPACE)
    budget = json.loads(outcome.stdout)["budget"]
    assert budget["context"] == 1000 and budget["tokenizer"] == "estimate"


def test_without_a_scene_every_skill_is_linked_in_name_order(cli) -> None:
    outcome = cli("render", "--format", "json", cwd=WORKSPACE)
    data = json.loads(outcome.stdout)
    assert data["inBlock"] == ["greeting", "orphan"]
    assert "{{" not in data["skillsBlock"]


def test_the_xml_listing_is_what_skills_ref_prints(cli) -> None:
    root = FIXTURES / "agent-skills"
    outcome = cli("render", "--format", "agent-skills-xml", "--skills", root, cwd=root)
    assert outcome.code == 0
    expected = (GOLDEN / "fixture.agent-skills.xml").read_text(encoding="utf-8")
    assert outcome.stdout.replace(str(root.resolve()), "{ROOT}") == expected


def test_the_xml_listing_notes_what_a_client_would_cut(cli) -> None:
    root = FIXTURES / "agent-skills"
    outcome = cli("render", "--format", "agent-skills-xml", "--skills", root, "--context", "2000", cwd=root)
    assert outcome.code == 0 and "Claude Code would not show this listing in full" in outcome.stderr


def test_tools_show_definitions_and_answers(cli) -> None:
    outcome = cli("render", "--scene", "scenes/tavern.yaml", "--tools", "--format", "json", cwd=WORKSPACE)
    data = json.loads(outcome.stdout)
    assert [t["function"]["name"] for t in data["tools"]] == ["open_skill", "close_skill"]
    assert data["openSkill"]["lore"].startswith("The old kingdom fell")
    assert "{{" not in data["openSkill"]["lore"]


def test_a_broken_preset_renders_with_its_diagnostics_and_exits_1(cli) -> None:
    root = FIXTURES / "broken-preset"
    outcome = cli("render", "--scene", "scenes/repeats.yaml", "--format", "json", cwd=root)
    assert outcome.code == 1
    assert "scenes/repeats.yaml:7:7: error preset-slots named slot `lore` is repeated" in outcome.stderr
    data = json.loads(outcome.stdout)
    assert data["messages"][0]["content"] == "Rules for Ann:\n\nThe crown was never lost."
    assert data["skillsBlock"] is None


def test_a_skill_with_errors_is_left_out_with_its_diagnostics(cli, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(WORKSPACE, root)
    (root / "skills" / "sword" / "SKILL.md").write_text("---\nname: sword\n---\nNo description.\n", encoding="utf-8")
    outcome = cli("render", "--scene", "scenes/plain.yaml", "--format", "json", cwd=root)
    assert outcome.code == 1
    assert "skills/sword/SKILL.md" in outcome.stderr and "description" in outcome.stderr
    assert "## sword" not in (json.loads(outcome.stdout)["skillsBlock"] or "")


def test_usage_errors_exit_2(cli) -> None:
    for args in (["--var", "novalue"], ["--turn", "7"], ["--tokenizer", "gpt2"], ["--scene", "scenes/none.yaml"],
                 ["transcripts/chat.json", "--turn", "9"], ["transcripts/none.json"]):
        outcome = cli("render", *args, cwd=WORKSPACE)
        assert outcome.code == 2, (args, outcome)
        assert "Traceback" not in outcome.stderr


def test_help_teaches(cli) -> None:
    outcome = cli("render", "--help")
    assert outcome.code == 0
    for word in ("--turn", "--context", "--var", "--tokenizer", "agent-skills-xml", "--tools", "Exit 0"):
        assert word in outcome.stdout


def test_a_transcript_renders_the_next_reply_by_default(cli) -> None:
    outcome = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", cwd=WORKSPACE)
    assert outcome.code == 0, outcome.stderr
    golden("cli-chat.txt", outcome.stdout)
    data = json.loads(cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--format", "json",
                          cwd=WORKSPACE).stdout)
    golden("cli-chat.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    assert data["turn"] == 3 and data["nextReply"] and data["answering"] == 7
    assert data["inBlock"] == ["greeting", "sword", "lore"]  # as `skillkit simulate` says for turn 3


def test_an_earlier_turn_holds_the_history_before_its_reply(cli) -> None:
    data = json.loads(cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--turn", "2",
                          "--format", "json", cwd=WORKSPACE).stdout)
    assert [m.get("index") for m in data["messages"] if m["label"] in ("System", "History")] == [0, 1, 2, 3]
    assert data["inBlock"] == ["greeting"] and not data["nextReply"]


def test_history_gives_way_to_a_small_context(cli) -> None:
    data = json.loads(cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--context", "600",
                          "--format", "json", cwd=WORKSPACE).stdout)
    budget = data["budget"]
    assert budget["context"] == 600 and budget["history"]["dropped"] > 0
    assert data["messages"][-2]["index"] == 7  # the answered message is kept, newest history last
    assert "### Skills" in data["messages"][3]["content"]  # the block is never dropped


@pytest.mark.parametrize("turn, history, on", [
    (1, [0, 1], ["greeting"]),
    (2, [0, 1, 2, 3, 4], ["greeting"]),          # a continue: the reply so far is in its prompt
    (3, [0, 1], ["greeting"]),                    # a swipe: the reply it replaces is taken back
    (4, [0, 1, 6, 8], ["greeting", "sword"]),     # the hidden note never; the swiped open never took
])
def test_continues_swipes_and_hidden_messages(cli, turn: int, history: list[int], on: list[str]) -> None:
    data = json.loads(cli("render", "transcripts/events.yaml", "--scene", "scenes/tavern.yaml", "--turn", str(turn),
                          "--format", "json", cwd=WORKSPACE).stdout)
    assert [m.get("index") for m in data["messages"] if m["label"] in ("System", "History")] == history
    assert data["inBlock"] == on


def test_an_unparseable_transcript_exits_2(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[{\"role\": ", encoding="utf-8")
    outcome = cli("render", bad, "--scene", "scenes/tavern.yaml", cwd=WORKSPACE)
    assert outcome.code == 2 and "bad.json" in outcome.stderr and "Traceback" not in outcome.stderr
