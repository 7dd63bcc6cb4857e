"""Issue 12's import fidelity gaps, each on a small book or card and chat of our own, with the
verdict SillyTavern gives, worked out from its public/scripts/world-info.js:

- `convertCharacterBook` maps a card entry to World Info as `scanDepth: entry.extensions?.scan_depth
  ?? null`, `caseSensitive: entry.extensions?.case_sensitive ?? null`, `matchWholeWords:
  entry.extensions?.match_whole_words ?? null`, `selective: entry.selective || false` and
  `disable: !entry.enabled`; the book's own `scan_depth` and an entry's top-level
  `case_sensitive` are read nowhere.
- `WorldInfoBuffer.get` scans `entry.scanDepth ?? world_info_depth` (default 2) messages;
  `matchKeys` compares `entry.caseSensitive ?? world_info_case_sensitive` (default false) and
  `entry.matchWholeWords ?? world_info_match_whole_words` (default false).
- `checkWorldInfo` skips `entry.disable == true` and reads secondary keys only when
  `entry.selective && entry.keysecondary.length`; a World Info file's entries are matched as
  stored, so a missing `selective` is undefined: not selective.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

# The card's book says scan_depth 50; SillyTavern scans 2 messages for every entry without
# its own `extensions.scan_depth`.
CARD = {"spec": "chara_card_v2", "spec_version": "2.0", "data": {
    "name": "Mira", "description": "", "first_mes": "Hi.",
    "character_book": {"name": "Mira's world", "scan_depth": 50, "entries": [
        {"id": 0, "keys": ["dragon"], "content": "{{char}} fears the dragon; {{user}} does not.",
         "comment": "Dragon", "enabled": True, "extensions": {}},
        {"id": 1, "keys": ["harbor"], "content": "The harbor is closed.", "comment": "Harbor", "enabled": True,
         "extensions": {"scan_depth": 5}},
        {"id": 2, "keys": ["Lantern"], "content": "Lanterns are blue.", "comment": "Lantern", "enabled": True,
         "case_sensitive": True, "extensions": {}},
        {"id": 3, "keys": ["cat"], "content": "The cat is grey.", "comment": "Cat", "enabled": True, "extensions": {}},
        {"id": 4, "keys": ["ghost"], "content": "A ghost walks.", "comment": "Ghost", "extensions": {}},
        {"id": 5, "keys": ["moon"], "secondary_keys": ["wolf"], "content": "The moon is full.", "comment": "Moon",
         "enabled": True, "extensions": {}},
        {"id": 6, "keys": ["東京"], "content": "東京は大きい。", "comment": "東京", "enabled": True, "extensions": {}},
        {"id": 7, "keys": ["café"], "content": "The café opens at dawn.", "comment": "", "enabled": True,
         "extensions": {}},
        {"id": 8, "keys": ["/tea(house)?/i"], "content": "Tea is served at noon.", "enabled": True, "extensions": {}},
    ]}}}
CHAT = [
    {"role": "user", "content": "A dragon flew over the harbor, and a ghost."},
    {"role": "assistant", "content": "Mira looks up."},
    {"role": "user", "content": "Let us concatenate our plans under the lantern light and the moon, "
                                "near the café and 東京, with tea."},
]
# Reply 2 answers message 2: SillyTavern's depth 2 scans messages 2 and 1.
CARD_VERDICTS = {
    "dragon": [True, False],    # gap 1: message 0 is past depth 2 (skillkit scanned the book's 50)
    "harbor": [True, True],     # the entry's own extensions.scan_depth 5 reaches message 0
    "lantern": [False, True],   # top-level case_sensitive is ignored: "lantern" matches "Lantern"
    "cat": [False, True],       # no whole words by default: "cat" inside "concatenate"
    "moon": [False, True],      # gap 5: no `selective`, so the secondary key "wolf" is ignored
    "dongjing": [False, True],  # gap 6: 東京 named by transliteration, not entry-6
    "cafe": [False, True],      # named from its first key, transliterated
    "tea-is-served-at-noon": [False, True],  # only a regex key: named from its text, not entry-8
}

WORLD = {"entries": {
    "0": {"uid": 0, "key": ["sword"], "keysecondary": ["duel"], "comment": "Sword", "content": "A sword."},
    "1": {"uid": 1, "key": ["shield"], "keysecondary": ["duel"], "selective": True, "comment": "Shield",
          "content": "A shield."},
}}
WORLD_CHAT = [{"role": "user", "content": "He lifts a sword and a shield."}]
WORLD_VERDICTS = {
    "sword": [True],    # gap 5: no `selective` in the file, so "duel" gates nothing
    "shield": [False],  # selective: "duel" (andAny) must match too
}


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _verdicts(cli, tmp_path: Path, *source: str) -> dict[str, list[bool]]:
    out = cli("simulate", "chat.json", *source, "--format", "json", cwd=tmp_path)
    assert out.code == 0, out.stderr
    found: dict[str, list[bool]] = {}
    for turn in json.loads(out.stdout)["turns"]:
        for verdict in turn["skills"]:
            found.setdefault(verdict["name"], []).append(verdict["on"])
    return found


def test_a_card_imports_as_sillytavern_reads_it(cli, tmp_path: Path) -> None:
    _write(tmp_path / "mira.json", CARD)
    _write(tmp_path / "chat.json", CHAT)
    out = cli("import", "mira.json", "--format", "json", cwd=tmp_path)
    assert out.code == 0, out.stderr
    report = json.loads(out.stdout)
    # gap 5: a card entry without `enabled` is disabled (`disable: !entry.enabled`).
    ghost = next(e for e in report["entries"] if e["entry"] == "4")
    assert ghost["status"] == "skipped" and "disabled" in ghost["reason"]
    assert any("`enabled` is missing" in note for note in ghost["notes"])
    assert [d["value"] for d in report["dropped"] if d["field"] == "scan_depth"] == [50]
    # gap 6: never a bare number for a name.
    names = [e["skill"] for e in report["entries"] if e["skill"]]
    assert names == list(CARD_VERDICTS) and not any(re.fullmatch(r"entry-\d+", n) for n in names)
    assert _verdicts(cli, tmp_path, "--scene", "scenes/mira.yaml") == CARD_VERDICTS


def test_a_card_import_writes_a_scene_that_answers_char_and_user(cli, tmp_path: Path) -> None:
    _write(tmp_path / "mira.json", CARD)
    _write(tmp_path / "chat.json", CHAT)
    out = cli("import", "mira.json", "--format", "json", cwd=tmp_path)
    assert json.loads(out.stdout)["scene"] == "scenes/mira.yaml"
    scene = yaml.safe_load((tmp_path / "scenes" / "mira.yaml").read_text(encoding="utf-8"))
    assert scene == {"skills": list(CARD_VERDICTS), "variables": {"char": "Mira", "user": "User"}}
    rendered = cli("render", "chat.json", "--scene", "scenes/mira.yaml", "--turn", "1", "--format", "json",
                   "--tokenizer", "estimate", cwd=tmp_path)
    assert rendered.code == 0, rendered.stderr
    assert "## dragon\nMira fears the dragon; User does not." in json.loads(rendered.stdout)["skillsBlock"]
    lint = cli("lint", ".", "--profile", "studio", "--format", "json", cwd=tmp_path)
    assert lint.code == 0 and "macro-unanswered" not in lint.stdout, lint.stdout
    # A second import refuses to overwrite the scene as it refuses the skills; --force replaces both.
    assert cli("import", "mira.json", cwd=tmp_path).code == 2
    assert cli("import", "mira.json", "--force", cwd=tmp_path).code == 0


def test_a_scene_beside_skills_in_another_folder_does_not_take_a_skill_name(cli, tmp_path: Path) -> None:
    card = json.loads(json.dumps(CARD))
    card["data"]["character_book"]["entries"] = [
        {"id": 0, "keys": ["x"], "content": "Scenes.", "comment": "Scenes", "enabled": True}]
    _write(tmp_path / "mira.json", card)
    assert cli("import", "mira.json", "-o", "lore", cwd=tmp_path).code == 0
    assert (tmp_path / "lore" / "scenes-2" / "SKILL.md").is_file()
    assert yaml.safe_load((tmp_path / "lore" / "scenes" / "mira.yaml").read_text(encoding="utf-8"))["skills"] == [
        "scenes-2"]


def test_a_world_info_entry_without_selective_ignores_its_secondary_keys(cli, tmp_path: Path) -> None:
    _write(tmp_path / "world.json", WORLD)
    _write(tmp_path / "chat.json", WORLD_CHAT)
    out = cli("import", "world.json", "--format", "json", cwd=tmp_path)
    assert out.code == 0, out.stderr
    sword = next(e for e in json.loads(out.stdout)["entries"] if e["skill"] == "sword")
    assert any(d["field"] == "keysecondary" and "missing" in d["note"] for d in sword["dropped"])
    assert not (tmp_path / "scenes").exists()  # a World Info file names no character
    assert _verdicts(cli, tmp_path, "--skills", "skills") == WORLD_VERDICTS


def test_lint_suggests_the_transliterated_name(cli, tmp_path: Path) -> None:
    for folder, name in (("cafe", "café"), ("tokyo", "東京")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: A place.\n---\nText.\n",
                                                    encoding="utf-8")
    out = cli("lint", ".", "--format", "json", "--select", "name-format", cwd=tmp_path)
    messages = sorted(d["message"] for d in json.loads(out.stdout)["diagnostics"])
    assert "try 'cafe'" in messages[0] and "try 'dongjing'" in messages[1], messages
