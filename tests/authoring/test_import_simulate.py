"""An imported lorebook switches on turn by turn exactly as its entries' keys say.

fixtures/import/simulate/lorebook.json has one entry per matching rule (plain keys, whole
words, a regex key, case sensitivity, scan depth 1, each selective logic, `selective: false`,
a constant and a disabled entry); chat.json is a conversation written to hit and miss each.
The table below is worked out by hand from the entries' keys, turn by turn, and the real
`skillkit simulate` must agree with every cell.
"""

from __future__ import annotations

import json
from pathlib import Path

from import_helpers import FIXTURES, staged

CHAT = FIXTURES / "simulate" / "chat.json"
# Each reply answers the user message before it: turn 6 is the next reply, after message 10.
ANSWERING = [0, 2, 4, 6, 8, 10]
T, F = True, False
EXPECTED = {
    # sword|blade, gated by fight|duel (andAny), scan depth 2 (the lorebook default):
    # turn 1 has "sword" but no fight/duel; turn 2 has "blade" (msg 1) and "duel" (msg 2).
    "sword-of-dawn": [F, T, F, F, F, F],
    # dragon, whole words, depth 2: "dragonfly" (turn 3) is not the word; "dragon" (msg 9) is.
    "dragon": [F, F, F, F, F, T],
    # /\bsnow(ing|fall)?\b/i: "snowing" (msg 4), "Snowfall" (msg 5, the i flag).
    "snow-in-the-valley-means-the": [F, F, T, T, F, F],
    # city, unless war|siege (notAny): "city" in msgs 4, 5 and 8, but msg 8 also says "war".
    "city-at-peace": [F, F, T, T, F, F],
    # Aldric, case-sensitive, depth 1: msg 6 says "aldric" (case differs; msg 5 is out of depth).
    "aldric": [F, F, F, F, T, F],
    # constant: always on.
    "tone": [T, T, T, T, T, T],
    # market|bazaar, gated by gold AND silver (andAll): only msg 10 has both.
    "market": [F, F, F, F, F, T],
    # harbor, unless both ship and storm (notAll): msg 8 has "ships" and "storm"; msg 9 neither.
    "harbor": [F, F, F, F, F, T],
    # crown, secondary key gold ignored because the entry is not selective: "crown" in msg 1.
    "crown": [F, T, F, F, F, F],
}


def test_imported_lorebook_switches_on_as_its_keys_say(cli, tmp_path: Path) -> None:
    imported = cli("import", staged(tmp_path, "simulate/lorebook.json"), cwd=tmp_path)
    assert imported.code == 0, imported.stderr
    assert not (tmp_path / "skills" / "old-rumour").exists()  # disabled: skipped
    out = cli("simulate", CHAT, "--skills", tmp_path / "skills", "--format", "json", cwd=tmp_path)
    assert out.code == 0, out.stderr
    turns = json.loads(out.stdout)["turns"]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4, 5, 6]
    assert [t["answering"] for t in turns] == ANSWERING
    assert [s["name"] for s in turns[0]["skills"]] == sorted(EXPECTED)  # every skill found, in name order
    for turn in turns:
        for verdict in turn["skills"]:
            expected = EXPECTED[verdict["name"]][turn["turn"] - 1]
            assert verdict["on"] is expected, (turn["turn"], verdict)
            assert verdict["when"] == ("always" if verdict["name"] == "tone" else "mentioned")
            assert isinstance(verdict["reason"], str) and verdict["reason"]
