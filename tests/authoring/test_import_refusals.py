"""What `skillkit import` refuses: unusable files (exit 2, one clear line, nothing written) and
existing skill folders (exit 2 naming them, unless --force)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from import_helpers import FIXTURES, skill, staged

import skillkit.authoring.importing as importing
from skillkit.authoring.convert import SkillDraft


@pytest.mark.parametrize("fixture, message", [
    ("malformed/bad.json", "bad.json:1:49: not valid JSON: Expecting property name enclosed in double quotes"),
    ("malformed/no-card.png", "a PNG image without a character card: it has no `chara` or `ccv3` text chunk"),
    ("malformed/no-lorebook.json", "the character card has no lorebook (`data.character_book` is missing)"),
    ("malformed/v1-card.png", "the character card has no lorebook"),
    ("malformed/bad-base64.png", "the `chara` chunk is not valid base64"),
    ("malformed/bad-crc.png", "a corrupt PNG: the tEXt chunk at byte 33 fails its CRC check"),
    ("malformed/truncated.png", "a truncated PNG"),
    ("malformed/not-a-lorebook.json", "not a SillyTavern World Info file or a character card"),
])
def test_malformed_files_are_a_clear_error(cli, tmp_path: Path, fixture: str, message: str) -> None:
    out = cli("import", staged(tmp_path, fixture), cwd=tmp_path)
    assert out.code == 2
    assert out.stderr.startswith("skillkit: error: ") and message in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert out.stdout == "" and not (tmp_path / "skills").exists()


@pytest.mark.parametrize("content, message", [
    (b"", "not valid JSON: Expecting value"),
    (b"[1, 2]", "not a lorebook: the JSON is a list"),
    (b'{"entries": 5}', "`entries` must be an object"),
    (b'{"spec": "chara_card_v9", "data": {}}', "an unknown card spec 'chara_card_v9'"),
    (b'{"spec": "chara_card_v2", "data": {"character_book": {"entries": {}}}}', "`entries` is not a list"),
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"[" * 100_000, "nested too deeply"),
], ids=["empty", "list", "entries-number", "unknown-spec", "book-entries-object", "utf16", "deep"])
def test_more_unusable_json(cli, tmp_path: Path, content: bytes, message: str) -> None:
    (tmp_path / "in.json").write_bytes(content)
    out = cli("import", "in.json", cwd=tmp_path)
    assert out.code == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_a_missing_file_or_a_folder(cli, tmp_path: Path) -> None:
    assert "cannot open" in cli("import", "nope.json", cwd=tmp_path).stderr
    out = cli("import", ".", cwd=tmp_path)
    assert out.code == 2 and "is a folder" in out.stderr


def test_an_oversized_file_is_refused_before_reading(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(importing, "MAX_IMPORT_BYTES", 100)
    out = cli("import", staged(tmp_path, "worldinfo.json"), cwd=tmp_path)
    assert out.code == 2 and "skillkit imports at most 100" in out.stderr


def test_too_many_entries(cli, tmp_path: Path) -> None:
    book = {"entries": [{"key": ["k"], "content": "c"}] * 10_001}
    (tmp_path / "big.json").write_text(json.dumps(book), encoding="utf-8")
    out = cli("import", "big.json", cwd=tmp_path)
    assert out.code == 2 and "imports at most 10,000" in out.stderr


def test_existing_folders_are_named_and_nothing_is_written(cli, tmp_path: Path) -> None:
    (tmp_path / "skills" / "blizzard").mkdir(parents=True)
    (tmp_path / "skills" / "blizzard" / "SKILL.md").write_text("mine\n", encoding="utf-8")
    out = cli("import", staged(tmp_path, "worldinfo.json"), cwd=tmp_path)
    assert out.code == 2
    assert "skills/blizzard already exists; pass --force to overwrite its SKILL.md" in out.stderr
    # All or nothing: not even the skills that did not exist yet were written.
    assert [p.name for p in (tmp_path / "skills").iterdir()] == ["blizzard"]
    assert (tmp_path / "skills" / "blizzard" / "SKILL.md").read_text(encoding="utf-8") == "mine\n"


def test_many_existing_folders_are_summarised(cli, tmp_path: Path) -> None:
    source = staged(tmp_path, "worldinfo.json")
    assert cli("import", source, cwd=tmp_path).code == 0
    again = cli("import", source, cwd=tmp_path)
    assert again.code == 2 and "skills/sword-of-dawn-2 and 2 more already exist" in again.stderr


def test_force_overwrites_skill_md_and_keeps_other_files(cli, tmp_path: Path) -> None:
    folder = tmp_path / "skills" / "blizzard"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("mine\n", encoding="utf-8")
    (folder / "notes.md").write_text("keep\n", encoding="utf-8")
    out = cli("import", staged(tmp_path, "worldinfo.json"), "--force", "--format", "json", cwd=tmp_path)
    assert out.code == 0
    assert json.loads(out.stdout)["replaced"] == ["skills/blizzard/SKILL.md"]
    assert skill(folder)[0]["name"] == "blizzard" and (folder / "notes.md").read_text(encoding="utf-8") == "keep\n"
    assert sorted(p.name for p in (tmp_path / "skills").iterdir() if p.name.startswith(".")) == []


def test_a_second_import_is_refused_then_forced(cli, tmp_path: Path) -> None:
    source = staged(tmp_path, "card-v2.json")
    assert cli("import", source, cwd=tmp_path).code == 0
    again = cli("import", source, cwd=tmp_path)
    assert again.code == 2 and ("skills/the-greyford-tavern, skills/king-aldric, skills/winter, skills/moth-the-cat "
                                "already exist; pass --force to overwrite their SKILL.md") in again.stderr
    assert cli("import", source, "--force", cwd=tmp_path).code == 0


def test_a_file_where_a_folder_should_go(cli, tmp_path: Path) -> None:
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "blizzard").write_text("x", encoding="utf-8")
    out = cli("import", staged(tmp_path, "worldinfo.json"), "--force", cwd=tmp_path)
    assert out.code == 2 and "skills/blizzard exists and is not a folder" in out.stderr
    (tmp_path / "out").write_text("x", encoding="utf-8")
    out = cli("import", "worldinfo.json", "-o", "out", cwd=tmp_path)
    assert out.code == 2 and "out: is not a folder" in out.stderr


def test_a_skill_that_would_not_lint_writes_nothing(cli, tmp_path: Path, monkeypatch) -> None:
    real = importing.convert

    def broken(book, source_name, *more):
        drafts, reports, defaults = real(book, source_name, *more)
        drafts[-1] = SkillDraft(drafts[-1].name, "---\nname: [oops\n---\nbody\n")
        return drafts, reports, defaults

    monkeypatch.setattr(importing, "convert", broken)
    out = cli("import", staged(tmp_path, "worldinfo.json"), cwd=tmp_path)
    assert out.code == 1
    assert ("would not lint, so nothing was written: skills/the-moon-is-always-full-here/SKILL.md:3:1: yaml-syntax"
            in out.stderr)
    assert not (tmp_path / "skills").exists()


def test_an_empty_lorebook_writes_nothing(cli, tmp_path: Path) -> None:
    (tmp_path / "empty.json").write_text('{"entries": {}}', encoding="utf-8")
    out = cli("import", "empty.json", cwd=tmp_path)
    assert out.code == 0 and "Nothing to import" in out.stdout and not (tmp_path / "skills").exists()


def test_help_teaches_the_command(cli) -> None:
    out = cli("import", "--help")
    assert out.code == 0
    for word in ("World Info", "ccv3", "--output", "--force", "--format", "Exit 0", "Examples"):
        assert word in out.stdout


def test_fixtures_exist() -> None:
    assert (FIXTURES / "malformed").is_dir()


@pytest.mark.parametrize("change, message", [
    # the text says other values than the draft's: the batched read-back catches it
    (lambda d: SkillDraft(d.name, d.text.replace("when: mentioned", "when: always", 1), d.fields),
     "does not read back as its values"),
    # values that break the schema: the draft is parsed as lint parses it, to place the error
    (lambda d: SkillDraft(d.name, d.text.replace("when: mentioned", "when: sometimes", 1),
                          {**d.fields, "when": "sometimes"}), "SKILL.md:5:7: trigger-fields"),
])
def test_a_draft_that_says_something_else_writes_nothing(cli, tmp_path: Path, monkeypatch, change, message) -> None:
    real = importing.convert

    def broken(book, source_name, *more):
        drafts, reports, defaults = real(book, source_name, *more)
        first = next(i for i, d in enumerate(drafts) if "when: mentioned" in d.text)
        drafts[first] = change(drafts[first])
        return drafts, reports, defaults

    monkeypatch.setattr(importing, "convert", broken)
    out = cli("import", staged(tmp_path, "worldinfo.json"), cwd=tmp_path)
    assert out.code == 1 and message in out.stderr, out.stderr
    assert not (tmp_path / "skills").exists()


def test_the_plain_report_is_the_coloured_one_without_colour(cli, tmp_path: Path) -> None:
    import re

    (tmp_path / "p").mkdir()
    (tmp_path / "c").mkdir()
    plain = cli("import", staged(tmp_path / "p", "worldinfo.json"), cwd=tmp_path / "p")
    coloured = cli("import", staged(tmp_path / "c", "worldinfo.json"), "--color", "always", cwd=tmp_path / "c")
    assert plain.code == coloured.code == 0 and "\x1b[" in coloured.stdout
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout) == plain.stdout
