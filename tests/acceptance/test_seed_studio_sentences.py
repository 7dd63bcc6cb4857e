"""Seed 000's sentences that no command showed before, and SillyTavern's reading of its own
chats and keys, each through the real CLI. Every test quotes the sentence (or the behaviour of
SillyTavern's source) it holds."""

from __future__ import annotations

import json
from pathlib import Path

from tests.acceptance.test_simulate_contract import workspace
from tests.conftest import FIXTURES, write_skill

RENDER = FIXTURES / "render" / "workspace"


def test_each_verdict_carries_one_plain_sentence_of_why_on_the_assembly_result(cli) -> None:
    """Seed 000: "Each verdict carries one plain sentence of why ("Mentioned: sword.", "Not
    opened."), returned on the assembly result as skills." `render --format json` lists every
    linked skill, on or off, in the scene's order, with its reason."""
    outcome = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--format", "json", cwd=RENDER)
    assert outcome.code == 0, outcome.stderr
    data = json.loads(outcome.stdout)
    assert data["skills"] == [
        {"name": "greeting", "on": True, "reason": "Always on."},
        {"name": "sword", "on": True, "reason": "Mentioned: sword."},
        {"name": "lore", "on": True, "reason": "Open since turn 3."},
        {"name": "weather", "on": False, "reason": "Not mentioned."},
    ]
    assert [s["name"] for s in data["skills"] if s["on"]] == data["inBlock"]
    simulated = json.loads(cli("simulate", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--format",
                               "json", cwd=RENDER).stdout)["turns"][-1]["skills"]
    assert [{k: v[k] for k in ("name", "on", "reason")} for v in simulated] == data["skills"]


def test_render_text_tells_off_skills_reasons_with_explain_or_verbose(cli) -> None:
    """The same verdicts in text: `-v` tells every linked skill's, `--explain` those it names."""
    every = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "-v", cwd=RENDER)
    assert every.code == 0
    assert "· off  weather   Not mentioned." in every.stdout and "● on   sword     Mentioned: sword." in every.stdout
    named = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", "--explain", "w*", cwd=RENDER)
    assert "· off  weather  Not mentioned." in named.stdout and "Mentioned: sword." not in named.stdout
    plain = cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml", cwd=RENDER)
    assert "Not mentioned." not in plain.stdout
    wrong = cli("render", "--scene", "scenes/tavern.yaml", "--explain", "wether", cwd=RENDER)
    assert wrong.code == 2 and "did you mean `weather`?" in wrong.stderr


def _twins(root: Path) -> Path:
    """Two valid skills named `a` in one collection (lint's name-unique refuses both)."""
    write_skill(root / "skills", "a", "name: a\ndescription: The first skill named a.\nwhen: always",
                "First a.\n")
    write_skill(root / "skills" / "group", "a", "name: a\ndescription: The second skill named a.\nwhen: always",
                "Second a.\n")
    (root / ".git").mkdir()
    return root


def test_a_linked_skill_whose_name_another_already_has_is_left_out_and_the_first_kept(cli, tmp_path: Path) -> None:
    """Seed 000: "a gone or unreadable one is left out, as is one whose name another linked
    skill already has." Whatever lint's `name-unique` says, render and simulate keep the first
    and leave the other out with a diagnostic (it rendered no block, exit 1, before)."""
    root = _twins(tmp_path)
    assert cli("lint", ".", cwd=root).code == 1  # lint still refuses both
    rendered = cli("render", "--skills", ".", "--format", "json", cwd=root)
    assert rendered.code == 0, rendered.stderr
    assert json.loads(rendered.stdout)["skillsBlock"] == "### Skills\n\n## a\nFirst a."
    assert rendered.stderr.splitlines() == [
        "skills/group/a/SKILL.md:1:1: warning scene-links skill 'skills/group/a/SKILL.md' has the name 'a', "
        "which the linked skill 'skills/a/SKILL.md' already has; it is left out"]
    chat = root / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "hi"}]), encoding="utf-8")
    simulated = cli("simulate", "chat.json", "--skills", ".", "--format", "json", cwd=root)
    assert simulated.code == 0
    assert json.loads(simulated.stdout)["turns"][0]["skills"] == [
        {"name": "a", "when": "always", "on": True, "reason": "Always on."}]
    assert "already has; it is left out" in simulated.stderr


def test_a_gone_or_unreadable_linked_skill_is_left_out_of_the_assembly(cli, tmp_path: Path) -> None:
    """Seed 000: "a gone or unreadable one is left out": a scene linking a skill that is not
    there and one whose frontmatter does not parse assembles the rest, each left-out one said
    at its place in the scene (the broken file is a finding of its own: exit 1)."""
    write_skill(tmp_path / "skills", "a", "name: a\ndescription: The skill named a here.\nwhen: always", "A body.\n")
    write_skill(tmp_path / "skills", "b", "name: b\ndescription: [unclosed", "B.\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "s.yaml").write_text("skills: [a, b, c]\n", encoding="utf-8")
    outcome = cli("render", "--scene", "scenes/s.yaml", "--format", "json", cwd=tmp_path)
    assert outcome.code == 1
    report = json.loads(outcome.stdout)
    assert report["skillsBlock"] == "### Skills\n\n## a\nA body."
    assert report["skills"] == [{"name": "a", "on": True, "reason": "Always on."}]
    assert "scenes/s.yaml:1:13: warning scene-links linked skill 'b' has errors; it is left out" in outcome.stderr
    assert "scenes/s.yaml:1:16: warning scene-links linked skill 'c' is not found (did you mean `a`?); " \
           "it is left out" in outcome.stderr


def test_a_scene_linking_an_id_two_folders_share_links_the_first_and_says_so(cli, tmp_path: Path) -> None:
    root = _twins(tmp_path)
    (root / "scenes").mkdir()
    (root / "scenes" / "s.yaml").write_text("skills: [a]\n", encoding="utf-8")
    outcome = cli("render", "--scene", "scenes/s.yaml", "--format", "json", cwd=root)
    assert outcome.code == 0
    assert json.loads(outcome.stdout)["skillsBlock"] == "### Skills\n\n## a\nFirst a."
    assert "skill id 'a' is the folder of 2 skills; skills/a/SKILL.md is linked and skills/group/a/SKILL.md " \
           "left out" in outcome.stderr


def _chat(root: Path, *messages: dict) -> Path:
    header = {"user_name": "Alice", "character_name": "Bob", "create_date": "2025-01-01@10h00m00s", "chat_metadata": {}}
    path = root / "chat.jsonl"
    path.write_text("\n".join(json.dumps(m) for m in (header, *messages)) + "\n", encoding="utf-8")
    return path


def test_a_flag_of_the_wrong_type_reads_as_sillytavern_reads_it(cli, tmp_path: Path) -> None:
    """SillyTavern's prompt builder keeps `chat.filter(x => !x.is_system)`: `"is_system": ""`
    (written by slash commands and extensions) is false there, so the message is scanned. The
    chat is read with a warning, never refused (it was exit 2)."""
    root = workspace(tmp_path, {"sword": {"triggers": ["sword"], "scanDepth": 3}})
    _chat(root, {"name": "Alice", "is_user": True, "is_system": "", "mes": "A sword!"},
          {"name": "Bob", "is_user": 0, "is_system": 0, "mes": 7},
          {"name": "Alice", "is_user": "yes", "mes": None})
    outcome = cli("simulate", "chat.jsonl", "--format", "json", cwd=root)
    assert outcome.code == 0, outcome.stderr
    turns = json.loads(outcome.stdout)["turns"]
    assert [(t["kind"], t["answering"], t["skills"][0]["on"]) for t in turns] == [("reply", 0, True), ("next", 2, True)]
    assert outcome.stderr.splitlines() == [
        'chat.jsonl:2:1: warning transcript-value `is_system` is "" here: read as false, as SillyTavern reads it',
        "chat.jsonl:3:1: warning transcript-value `is_system` is 0 here: read as false, as SillyTavern reads it",
        "chat.jsonl:3:1: warning transcript-value `is_user` is 0 here: read as false, as SillyTavern reads it",
        "chat.jsonl:3:1: warning transcript-value `mes` is a number here: read as empty text, as SillyTavern reads it",
        'chat.jsonl:4:1: warning transcript-value `is_user` is "yes" here: read as true, as SillyTavern reads it',
        "chat.jsonl:4:1: warning transcript-value `mes` is null here: read as empty text, as SillyTavern reads it",
    ]
    assert "transcript-value" in cli("render", "chat.jsonl", cwd=root).stderr


def test_legacy_user_bot_and_char_in_keys_are_replaced_in_any_case(cli, tmp_path: Path) -> None:
    """SillyTavern's evaluateMacros, which substituteParams runs on every key, replaces
    `/<USER>/gi` with the user's name and `/<BOT>/gi` and `/<CHAR>/gi` with the character's."""
    root = workspace(tmp_path, {
        "user-key": {"triggers": ["<user>'s sword"]},
        "bot-key": {"triggers": ["<BOT> laughs"]},
        "char-key": {"triggers": ["/<Char> (frowns|sighs)/"]},
        "literal": {"triggers": ["<usr>"]},
    }, scene={"skills": ["user-key", "bot-key", "char-key", "literal"], "variables": {"user": "Ann", "char": "Bob"}})
    chat = root / "chat.json"
    chat.write_text(json.dumps([{"role": "user", "content": "Ann's sword glows. Bob laughs. Bob sighs. <usr>"}]),
                    encoding="utf-8")
    outcome = cli("simulate", "chat.json", "--scene", "scenes/scene.yaml", "--format", "json", cwd=root)
    assert outcome.code == 0, outcome.stderr
    verdicts = json.loads(outcome.stdout)["turns"][0]["skills"]
    assert [(v["name"], v["on"]) for v in verdicts] == [("user-key", True), ("bot-key", True), ("char-key", True),
                                                        ("literal", True)]
    chat.write_text(json.dumps([{"role": "user", "content": "<user>'s sword. <bot> laughs. <char> sighs."}]),
                    encoding="utf-8")
    literal = json.loads(cli("simulate", "chat.json", "--scene", "scenes/scene.yaml", "--format", "json",
                             cwd=root).stdout)["turns"][0]["skills"]
    assert [v["on"] for v in literal] == [False, False, False, False]
