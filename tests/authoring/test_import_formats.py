"""`skillkit import` on every sample format: what each entry becomes, and that it lints clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from authoring_pngs import card_b64, fixture_pngs, itxt, png, text, ztxt
from import_helpers import FIXTURES, assert_lints_clean, run_import, skill, skills


def test_world_info_entries_become_skills(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "worldinfo.json")
    assert report["format"] == "SillyTavern World Info"
    assert report["summary"] == {"entries": 9, "imported": 7, "skipped": 2}
    made = skills(tmp_path / "skills")
    # Entry 8 has no title and no key: named after its text's first words, not its uid.
    assert list(made) == ["blizzard", "gorod-v-mire", "narrators-tone", "sword-of-dawn", "sword-of-dawn-2",
                          "the-hidden-door", "the-moon-is-always-full-here"]
    assert made["sword-of-dawn"] == {
        "name": "sword-of-dawn", "description": "Sword of Dawn", "when": "mentioned",
        "triggers": ["sword", "blade"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "andAny",
        "matchWholeWords": True, "scanDepth": 4}
    # A JavaScript regex key stays exactly as written; null scanDepth takes the lorebook default (2).
    assert made["blizzard"]["triggers"] == ["/\\bsnow(ing|fall)?\\b/i", "blizzard"]
    assert made["blizzard"]["caseSensitive"] is True and made["blizzard"]["scanDepth"] == 2
    assert made["blizzard"]["probability"] == 50
    assert made["gorod-v-mire"]["selectiveLogic"] == "notAny" and made["gorod-v-mire"]["triggers"] == ["city"]
    assert made["gorod-v-mire"]["description"] == "Город в мире"
    # `selective: false`: SillyTavern ignores the secondary keys, so the skill has none.
    assert "secondaryTriggers" not in made["sword-of-dawn-2"]
    assert made["narrators-tone"]["when"] == "always" and "triggers" not in made["narrators-tone"]
    assert made["the-moon-is-always-full-here"]["when"] == "always"          # `@@activate` decorator
    assert made["the-hidden-door"]["when"] == "picked"  # scanDepth 0 never matches the chat
    _, body = skill(tmp_path / "skills" / "the-moon-is-always-full-here")
    assert body == "The moon is always full here.\n"
    assert_lints_clean(cli, tmp_path / "skills")


@pytest.mark.parametrize("logic, name", [(0, "andAny"), (1, "notAll"), (2, "notAny"), (3, "andAll")])
def test_selective_logic_numbers_become_names(cli, tmp_path: Path, logic: int, name: str) -> None:
    book = {"entries": {"0": {"uid": 0, "key": ["a"], "keysecondary": ["b"], "selective": True,
                              "selectiveLogic": logic, "comment": "Gate", "content": "Text."}}}
    (tmp_path / "book.json").write_text(json.dumps(book), encoding="utf-8")
    assert cli("import", "book.json", cwd=tmp_path).code == 0
    assert skill(tmp_path / "skills" / "gate")[0]["selectiveLogic"] == name


def test_a_v2_card_reads_its_extensions(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "card-v2.json")
    assert report["format"] == "Character Card V2 (JSON)" and report["lorebook"] == "Greyford"
    made = skills(tmp_path / "skills")
    assert list(made) == ["king-aldric", "moth-the-cat", "the-greyford-tavern", "winter"]
    assert made["king-aldric"] == {
        "name": "king-aldric", "description": "King Aldric", "when": "mentioned", "triggers": ["Aldric"],
        "secondaryTriggers": ["king", "crown"], "selectiveLogic": "andAll", "caseSensitive": True,
        "scanDepth": 5, "probability": 25}
    # extensions.scan_depth null: SillyTavern's default (2); its card import ignores the book's scan_depth (3).
    assert made["the-greyford-tavern"]["scanDepth"] == 2 and made["the-greyford-tavern"]["matchWholeWords"] is True
    assert made["winter"]["when"] == "always"
    assert "secondaryTriggers" not in made["moth-the-cat"]
    assert any("SillyTavern's default" in note for note in report["defaults"])
    assert [d["value"] for d in report["dropped"] if d["field"] == "scan_depth"] == [3]
    assert_lints_clean(cli, tmp_path / "skills")


def test_a_v3_card_drops_decorators_and_skips_dont_activate(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "card-v3.json")
    assert report["format"] == "Character Card V3 (JSON)"
    made = skills(tmp_path / "skills")
    assert list(made) == ["compass-trouble", "glaciers"]
    assert made["glaciers"]["triggers"] == ["glacier", "/ice ?field/i"] and made["glaciers"]["matchWholeWords"] is True
    assert made["compass-trouble"]["selectiveLogic"] == "notAll"
    _, body = skill(tmp_path / "skills" / "compass-trouble")
    assert body == "Near the pole a compass spins; Mira navigates by the stars.\n"
    compass = next(e for e in report["entries"] if e["skill"] == "compass-trouble")
    assert [d["value"] for d in compass["dropped"] if d["field"] == "content"] == ["@@depth 2", "@@role system"]
    aurora = next(e for e in report["entries"] if e["entry"] == "12")
    assert aurora["status"] == "skipped" and "@@dont_activate" in aurora["reason"]
    assert_lints_clean(cli, tmp_path / "skills")


def test_a_png_with_a_chara_chunk(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "card-v2.png")
    assert report["format"] == "Character Card V2 (PNG, `chara` chunk)"
    assert list(skills(tmp_path / "skills")) == ["king-aldric", "moth-the-cat", "the-greyford-tavern", "winter"]
    assert_lints_clean(cli, tmp_path / "skills")


def test_a_png_with_a_ccv3_chunk_prefers_it_over_chara(cli, tmp_path: Path) -> None:
    report = run_import(cli, tmp_path, "card-v3.png")
    assert report["format"] == "Character Card V3 (PNG, `ccv3` chunk)" and report["lorebook"] == "The North"
    assert list(skills(tmp_path / "skills")) == ["compass-trouble", "glaciers"]
    assert_lints_clean(cli, tmp_path / "skills")


@pytest.mark.parametrize("make", [
    lambda card: ztxt("chara", card_b64(card)),
    lambda card: itxt("chara", card_b64(card)),
    lambda card: itxt("chara", card_b64(card), compressed=True),
    lambda card: text("CHARA", card_b64(card).decode().replace("+", "-").replace("/", "_").rstrip("=").encode()),
], ids=["zTXt", "iTXt", "iTXt-compressed", "keyword-case-urlsafe-unpadded"])
def test_cards_in_other_text_chunks(cli, tmp_path: Path, make) -> None:
    (tmp_path / "card.png").write_bytes(png(make((FIXTURES / "card-v2.json").read_bytes())))
    out = cli("import", "card.png", cwd=tmp_path)
    assert out.code == 0, out.stderr
    assert list(skills(tmp_path / "skills")) == ["king-aldric", "moth-the-cat", "the-greyford-tavern", "winter"]


def test_a_lorebook_exported_on_its_own(cli, tmp_path: Path) -> None:
    card = json.loads((FIXTURES / "card-v2.json").read_text(encoding="utf-8"))
    (tmp_path / "book.json").write_text(json.dumps(card["data"]["character_book"]), encoding="utf-8")
    report = json.loads(cli("import", "book.json", "--format", "json", cwd=tmp_path).stdout)
    assert report["format"] == "Character Card lorebook (JSON)" and report["summary"]["imported"] == 4


def test_world_info_entries_as_a_list(cli, tmp_path: Path) -> None:
    book = {"entries": [{"key": ["moon"], "content": "The moon is full."}, {"key": ["sun"], "content": "Hot."}]}
    (tmp_path / "book.json").write_text(json.dumps(book), encoding="utf-8")
    assert cli("import", "book.json", cwd=tmp_path).code == 0
    assert list(skills(tmp_path / "skills")) == ["moon", "sun"]


def test_the_png_fixtures_are_what_the_generator_makes() -> None:
    for name, data in fixture_pngs().items():
        assert (FIXTURES / name).read_bytes() == data, f"{name}: run python tests/authoring/authoring_pngs.py"


def test_the_header_comment_names_the_source(cli, tmp_path: Path) -> None:
    run_import(cli, tmp_path, "worldinfo.json")
    first = (tmp_path / "skills" / "sword-of-dawn" / "SKILL.md").read_text(encoding="utf-8").splitlines()[1]
    assert first == "# imported by skillkit from worldinfo.json, entry 0 (Sword of Dawn)"
