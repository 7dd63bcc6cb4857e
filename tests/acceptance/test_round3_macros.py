"""Acceptance, round 3: legacy macros in triggers (DESIGN 8.7; issue 27), through `simulate`.

SillyTavern replaces `<USER>`, `<BOT>` and `<CHAR>` (any case) in keys, and `simulate` replaces them
at match time as it replaces `{{user}}` and `{{char}}`: `<USER>` is the user's name, `<BOT>` and
`<CHAR>` the character's (the scene's `user` / `char` variables here). One simulate run over a
transcript of one user message per turn (scan depth 1) answers every case.
"""

from __future__ import annotations

import json

import pytest

from tests.acceptance.round3_support import finished, put, skill_md, skillkit

MESSAGES = [
    "Alice waves at the bar.",           # turn 1
    "hello Bob, pour me one",            # turn 2
    "<user> waves at the bar.",          # turn 3: the macro written literally
    "Then BOB nods to ALICE.",           # turn 4
]

# skill -> its triggers, and the turns (1-based) where it must be on
CASES = {
    "upper-user": (["<USER> waves"], {1}),
    "lower-user": (["<user> waves"], {1}),
    "mixed-bot": (["hello <Bot>"], {2}),
    "upper-char": (["hello <CHAR>"], {2}),
    "case-folded": (["<bot> nods to <user>"], {4}),
    "braces-too": (["{{user}} waves"], {1}),
}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[bool]]:
    root = tmp_path_factory.mktemp("macros") / "ws"
    for name, (triggers, _) in CASES.items():
        put(root, f"skills/{name}/SKILL.md", skill_md(
            name, description=f"The {name} case of legacy trigger macros.",
            extra=f"when: mentioned\ntriggers: {json.dumps(triggers)}\nscanDepth: 1", body=f"Text of {name}.\n"))
    put(root, "scenes/scene.yaml", json.dumps({"skills": sorted(CASES), "variables": {"user": "Alice", "char": "Bob"}}))
    chat = []
    for text in MESSAGES:
        chat += [{"role": "user", "content": text}, {"role": "assistant", "content": "..."}]
    put(root, "chat.json", json.dumps(chat))
    run = finished(skillkit("simulate", "chat.json", "--skills", "skills", "--scene", "scenes/scene.yaml",
                            "--format", "json", cwd=root), 0)
    turns = run.json()["turns"]
    assert [t["turn"] for t in turns][:4] == [1, 2, 3, 4], turns
    return {name: [next(s["on"] for s in t["skills"] if s["name"] == name) for t in turns[:4]] for name in CASES}


@pytest.mark.parametrize("name", sorted(CASES))
def test_legacy_macros_in_triggers_are_replaced_at_match_time(verdicts, name: str) -> None:
    """8.7: "SillyTavern also replaces `<USER>`, `<BOT>` and `<CHAR>` (any case) in keys;
    `simulate` replaces them at match time as it replaces `{{user}}` and `{{char}}` (section 6)."
    A trigger naming `<user>` matches the user's name, never the literal text `<user>`."""
    on_turns = {i + 1 for i, on in enumerate(verdicts[name]) if on}
    assert on_turns == CASES[name][1], (name, verdicts[name])
