"""Simulate against SillyTavern's own World Info matching, on a small book and two chats.

The expected verdicts were produced by running SillyTavern's code under Node 20: its
`WorldInfoBuffer` (the scan buffer, `get` and `matchKeys`), `parseRegexFromString`, the
primary-key loop of `checkWorldInfo` (`substituteParams(key)`, then `matchKeys` on the trimmed
result) and script.js's `chatForWI` (`world_info_include_names ? `${x.name}: ${x.mes}` : x.mes`,
newest first), from SillyTavern/SillyTavern at ba6f7b7 (public/scripts/world-info.js,
public/script.js), with `{{user}}` = Alice and `{{char}}` = Bob. A generation scans the chat
before it, system messages left out: every reply, and the next reply when the chat ends on
the user. One character per turn, 1 on.

The gaps of issue 12 these reproduce, each of which skillkit got wrong before:
- a reply following another reply (group chats) answers that reply (`sword`, `hearth`, `room`
  in the group chat: skillkit scanned from the last user message);
- `includeNames` scans `Name: text` (`bob-speaks`, `carol-line`, `user-key`, `char-key`);
- `{{char}}` / `{{user}}` in keys are substituted (`char-key`, `user-key`, `char-regex`).
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import FIXTURES

BOOK = FIXTURES / "studio" / "fidelity"

SILLYTAVERN = {
    ("group.jsonl", "plain"): {
        "sword": "00100", "hearth": "00010", "room": "01100", "bob-speaks": "00000", "carol-line": "00000",
        "char-key": "00000", "user-key": "00000", "char-regex": "00000"},
    ("group.jsonl", "names"): {
        "sword": "00100", "hearth": "00010", "room": "01100", "bob-speaks": "00101", "carol-line": "00010",
        "char-key": "00101", "user-key": "01010", "char-regex": "00000"},
    ("duo.jsonl", "plain"): {
        "sword": "000", "hearth": "000", "room": "000", "bob-speaks": "000", "carol-line": "000",
        "char-key": "010", "user-key": "001", "char-regex": "010"},
    ("duo.jsonl", "names"): {
        "sword": "000", "hearth": "000", "room": "000", "bob-speaks": "000", "carol-line": "000",
        "char-key": "010", "user-key": "011", "char-regex": "010"},
}
# The duo chat as OpenAI messages without names: includeNames takes the scene's user / char.
SILLYTAVERN[("duo-openai.json", "plain")] = SILLYTAVERN[("duo.jsonl", "plain")]
SILLYTAVERN[("duo-openai.json", "names")] = SILLYTAVERN[("duo.jsonl", "names")]


def simulate(cli, transcript: str, scene: str) -> list[dict]:
    outcome = cli("simulate", BOOK / "transcripts" / transcript, "--scene", BOOK / "scenes" / f"{scene}.yaml",
                  "--format", "json", cwd=BOOK)
    assert (outcome.code, outcome.stderr) == (0, "")
    return json.loads(outcome.stdout)["turns"]


def grid(turns: list[dict]) -> dict[str, str]:
    names = [v["name"] for v in turns[0]["skills"]]
    return {name: "".join("1" if t["skills"][i]["on"] else "0" for t in turns) for i, name in enumerate(names)}


@pytest.mark.parametrize("transcript, scene", sorted(SILLYTAVERN))
def test_verdicts_are_sillytaverns(cli, transcript, scene):
    assert grid(simulate(cli, transcript, scene)) == SILLYTAVERN[(transcript, scene)]


def test_a_reply_after_a_reply_answers_it(cli):
    turns = simulate(cli, "group.jsonl", "plain")
    assert [(t["kind"], t["answering"]) for t in turns] == [("reply", None), ("reply", 1), ("reply", 2),
                                                            ("reply", 4), ("reply", 5)]
    sword = [v for v in turns[2]["skills"] if v["name"] == "sword"][0]
    assert sword == {"name": "sword", "when": "mentioned", "on": True, "reason": "Mentioned: sword."}


def test_macros_in_triggers_are_the_scenes_variables_and_the_reason_quotes_them_replaced(cli):
    turns = simulate(cli, "duo.jsonl", "plain")
    assert [v["reason"] for v in turns[1]["skills"] if v["name"] == "char-key"] == ["Mentioned: Bob."]


def test_a_macro_nothing_answers_is_replaced_by_nothing(cli, tmp_path):
    from tests.conftest import write_skill

    write_skill(tmp_path / "skills", "blade",
                'name: blade\ndescription: d\nwhen: mentioned\ntriggers: ["{{weapon}}sword", "{{nobody}}"]')
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "a sword"}]), encoding="utf-8")
    outcome = cli("simulate", tmp_path / "chat.json", "--skills", tmp_path / "skills", "-f", "json", cwd=tmp_path)
    (turn,) = json.loads(outcome.stdout)["turns"]
    assert turn["skills"][0]["on"] is True and turn["skills"][0]["reason"] == "Mentioned: sword."


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_render_switches_on_what_simulate_says(cli, number):
    """render reads the same activation: its Skills block holds the skills simulate has on."""
    turns = simulate(cli, "group.jsonl", "names")
    outcome = cli("render", BOOK / "transcripts" / "group.jsonl", "--scene", BOOK / "scenes" / "names.yaml",
                  "--turn", str(number), "--format", "json", "--tokenizer", "estimate", cwd=BOOK)
    assert outcome.code == 0, outcome.stderr
    on = [v["name"] for v in turns[number - 1]["skills"] if v["on"]]
    assert json.loads(outcome.stdout)["inBlock"] == on
