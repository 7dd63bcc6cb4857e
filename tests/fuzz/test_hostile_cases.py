"""Issue 11's crafted cases, each a regression test: a finding or a clear refusal (exit 1 or 2),
no traceback, under 2 s of CPU and 200 MB peak RSS, measured in a subprocess of its own."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import WORKSPACE
from tests.fuzz import crafted
from tests.fuzz.guard import measured


# --- 1. crashes --------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["!!bool x", "!!int x", "!!timestamp nope", "!!float x", "!!binary '!!!'",
                                   "!!bool yes&a0 [1]", "!!python/name:os.system x"])
def test_an_explicit_tag_that_does_not_fit_is_a_finding_at_its_value(cli, tmp_path: Path, value: str) -> None:
    crafted.skill(tmp_path, "tagged", f"x: {value}\n")
    out = cli("lint", tmp_path, "--format", "json")
    assert out.code in (0, 1) and "internal error" not in out.stderr, out.stderr
    found = json.loads(out.stdout)["diagnostics"]
    syntax = [d for d in found if d["rule"] == "yaml-syntax"]
    if value not in ("!!binary '!!!'",):  # base64 that decodes to nothing is still bytes
        assert syntax and syntax[0]["line"] == 4 and syntax[0]["column"] == 4, found


def test_an_explicit_tag_in_a_yaml_transcript_is_a_clear_refusal(cli, tmp_path: Path) -> None:
    transcript = tmp_path / "chat.yaml"
    transcript.write_text("messages:\n  - user: !!timestamp nope\n", encoding="utf-8")
    crafted.skill(tmp_path, "s", "when: always\n")
    out = cli("simulate", transcript, "--skills", tmp_path / "skills")
    assert out.code == 2 and "internal error" not in out.stderr and "chat.yaml" in out.stderr, out.stderr


def test_pack_refuses_a_file_name_that_is_not_utf8(cli, tmp_path: Path) -> None:
    import shutil

    shutil.copytree(WORKSPACE, tmp_path / "w")
    folder = next((tmp_path / "w" / "skills").iterdir())
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.md"), "wb") as handle:
        handle.write(b"x\n")
    out = cli("pack", tmp_path / "w", "-o", tmp_path / "p.zip")
    assert out.code in (1, 2) and "internal error" not in out.stderr
    assert "caf\\xe9.md" in out.stderr and "UTF-8" in out.stderr, out.stderr
    assert not (tmp_path / "p.zip").exists()


# --- 2. memory ---------------------------------------------------------------------------

def test_import_of_8_mib_of_empty_objects_is_refused_before_parsing(tmp_path: Path) -> None:
    book = crafted.empty_objects_json(tmp_path / "book.json")
    out = measured("import", book, "-o", tmp_path / "out", cwd=tmp_path).check((2,))
    assert "objects and arrays" in out.stderr


def test_a_card_png_whose_ztxt_inflates_to_32_mib_is_refused(tmp_path: Path) -> None:
    card = crafted.ztxt_card_bomb(tmp_path / "card.png")
    assert card.stat().st_size < 100_000
    out = measured("import", card, "-o", tmp_path / "out", cwd=tmp_path).check((2,))
    assert "decompresses to more than" in out.stderr


def test_a_message_of_millions_of_empty_parts_is_refused(tmp_path: Path) -> None:
    chat = crafted.many_empty_parts(tmp_path / "chat.json", 5_000_000)
    crafted.skill(tmp_path, "s", "when: always\n")
    out = measured("simulate", chat, "--skills", tmp_path / "skills", cwd=tmp_path).check((2,))
    assert "elements" in out.stderr


@pytest.mark.parametrize("command", ["verify", "unpack"])
def test_a_stored_60_mib_manifest_is_refused(tmp_path: Path, command: str) -> None:
    pack = crafted.stored_manifest_pack(tmp_path / "p.zip")
    args = [pack] if command == "verify" else [pack, tmp_path / "dest"]
    out = measured(command, *args, cwd=tmp_path).check((2,))
    assert "skillkit-manifest.json" in out.stderr
    assert not (tmp_path / "dest").exists()


# --- 3. time -----------------------------------------------------------------------------

def test_slow_trigger_timeouts_stop_at_the_run_budget(tmp_path: Path) -> None:
    (tmp_path / "skillkit.yaml").write_text("regex-budget: 0.5\n", encoding="utf-8")
    for n in range(10):
        crafted.skill(tmp_path, f"slow-{n}", f"when: mentioned\ntriggers: ['/(a|aa)+{'b' * n}$/']\n")
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([{"role": "user" if i % 2 == 0 else "assistant", "content": "a" * 40 + "!"}
                                for i in range(100)]), encoding="utf-8")
    out = measured("simulate", chat, "--skills", tmp_path, "--format", "json", cwd=tmp_path).check((0,))
    assert out.stderr.count("regex time budget") == 1, out.stderr
    turns = json.loads(out.stdout)["turns"]
    assert all(not s["on"] for t in turns for s in t["skills"])


@pytest.mark.parametrize("pattern", [r"(\w|\d)+$", "([a-c]|[b-d])+$", ".*a.*a.*b", "(a|aa)+$"])
def test_lint_warns_where_the_timeout_would_hit(cli, tmp_path: Path, pattern: str) -> None:
    crafted.skill(tmp_path, "slow", f"when: mentioned\ntriggers: ['/{pattern}/']\n")
    out = cli("lint", tmp_path)
    assert "trigger-regex" in out.stdout and "backtrack" in out.stdout, out.stdout


def test_240_big_case_insensitive_triggers_stop_at_the_compile_budget(tmp_path: Path) -> None:
    import random

    (tmp_path / "skillkit.yaml").write_text("regex-budget: 0.5\n", encoding="utf-8")
    rng = random.Random(11)
    triggers = ["/" + "".join(rng.choice("abcdefghij") for _ in range(4000)) + f"{i}/i" for i in range(240)]
    crafted.skill(tmp_path, "big", f"when: mentioned\ntriggers: {json.dumps(triggers)}\n")
    out = measured("lint", tmp_path, cwd=tmp_path).check((0, 1))
    assert out.stdout.count("regex time budget") == 1, out.stdout[-2000:]


def test_20000_links_to_one_reference_read_it_once(tmp_path: Path) -> None:
    body = "".join(f"See [part {i}](reference.md).\n" for i in range(20_000))
    file = crafted.skill(tmp_path, "linked", "", body)
    (file.parent / "reference.md").write_text("# Reference\n\nSee [more](more.md).\n", encoding="utf-8")
    (file.parent / "more.md").write_text("more\n", encoding="utf-8")
    assert file.stat().st_size > 200_000
    out = measured("lint", tmp_path, "--profile", "agent-skills", cwd=tmp_path).check((0, 1))
    assert "links on to" in out.stdout


def test_a_20_kb_line_of_brackets_lints_in_linear_time(tmp_path: Path) -> None:
    crafted.skill(tmp_path, "brackets", "", "[" * 10_000 + "](x" * 3_000 + "\n")
    measured("lint", tmp_path, cwd=tmp_path).check((0, 1))


# --- 2b / 8. expansion -------------------------------------------------------------------

def test_a_fan_out_preset_stops_at_10000_cards_with_a_finding_at_the_include(tmp_path: Path) -> None:
    scene = crafted.fan_out_scene(tmp_path)
    assert scene.stat().st_size < 2_000
    out = measured("lint", tmp_path, cwd=tmp_path).check((1,))
    assert "preset-slots the preset expands to more than 10,000 cards" in out.stdout, out.stdout


# --- 4. unsafe targets -------------------------------------------------------------------

@pytest.mark.parametrize("command", ["verify", "unpack"])
def test_verify_and_unpack_refuse_what_is_not_a_regular_file(cli, tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "fifo.zip"
    os.mkfifo(fifo)
    for source in (fifo, Path("/dev/zero")):
        args = [source] if command == "verify" else [source, tmp_path / "dest"]
        out = cli(command, *args)
        assert out.code == 2 and "not a regular file" in out.stderr, out.stderr


# --- 5. terminal injection ---------------------------------------------------------------

@pytest.mark.parametrize("command", ["verify", "unpack"])
def test_verify_and_unpack_escape_the_manifests_name(cli, tmp_path: Path, command: str) -> None:
    pack = crafted.manifest_pack(tmp_path / "p.zip", "evil\x1b]0;title\x07\nforged: ok")
    out = cli(command, pack, *([tmp_path / "dest"] if command == "unpack" else []))
    assert out.code == 0, out.stderr
    assert "\x1b" not in out.stdout + out.stderr and "\x07" not in out.stdout
    assert "evil\\x1b]0;title\\x07\\nforged" in out.stdout and [line for line in out.stdout.strip().splitlines() if line != "not signed"] == [out.stdout.splitlines()[0]], out.stdout


def test_verify_escapes_entry_names(cli, tmp_path: Path) -> None:
    pack = crafted.manifest_pack(tmp_path / "p.zip", "x", "a\x1b[2J\nb.txt")
    out = cli("verify", pack)
    assert out.code == 1 and "\x1b" not in out.stdout and "a\\x1b[2J\\nb.txt" in out.stdout, out.stdout


@pytest.mark.parametrize("format", ["text", "github"])
def test_a_newline_in_a_folder_name_does_not_split_a_diagnostic(cli, tmp_path: Path, format: str) -> None:
    file = crafted.skill(tmp_path, "bad-name", "")
    file.parent.rename(file.parent.with_name("bad\nname\x1b[31m"))
    out = cli("lint", tmp_path, "--format", format)
    lines = [line for line in out.stdout.splitlines() if "name-folder" in line]
    assert lines and "\x1b" not in out.stdout, out.stdout
    assert all(("SKILL.md:2:" in line or "SKILL.md,line=2" in line) for line in lines), lines


# --- 6. leftovers ------------------------------------------------------------------------

def test_a_dead_runs_temporaries_are_swept_by_the_next_write_and_never_packed(cli, tmp_path: Path) -> None:
    import shutil

    shutil.copytree(WORKSPACE, tmp_path / "w")
    dead = 2**22 + 12345  # above pid_max's default: no such process
    stale_file = tmp_path / f".skillkit-tmp-{dead}-p.zip-abc.tmp"
    stale_file.write_bytes(b"half a zip")
    inside = tmp_path / "w" / "skills" / f".skillkit-tmp-{dead}-import-x.tmp"
    inside.mkdir()
    (inside / "SKILL.md").write_text("---\nname: x\n---\n", encoding="utf-8")
    out = cli("pack", tmp_path / "w", "-o", tmp_path / "p.zip")
    assert out.code == 0, out.stderr
    assert not stale_file.exists()
    import zipfile

    with zipfile.ZipFile(tmp_path / "p.zip") as archive:
        assert not any(".skillkit" in name for name in archive.namelist())


def test_import_fails_instead_of_overwriting_a_folder_that_appeared_meanwhile(tmp_path: Path) -> None:
    from skillkit.authoring.writer import _claim
    from skillkit.core.errors import UsageError

    staged = tmp_path / "staged"
    staged.mkdir()
    (staged / "SKILL.md").write_text("new", encoding="utf-8")
    target = tmp_path / "lore"
    target.mkdir()
    (target / "SKILL.md").write_text("theirs", encoding="utf-8")
    with pytest.raises(UsageError, match="appeared"):
        _claim(staged, target)
    assert (target / "SKILL.md").read_text(encoding="utf-8") == "theirs"


# --- 7. positions ------------------------------------------------------------------------

@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\u0085"])
def test_unicode_line_separators_in_a_quoted_value_do_not_shift_lines(cli, tmp_path: Path, separator: str) -> None:
    crafted.skill(tmp_path, "sep", f'metadata: "a{separator}b"\nnope: 1\n')
    out = cli("lint", tmp_path, "--format", "json")
    found = [d for d in json.loads(out.stdout)["diagnostics"] if "nope" in d["message"]]
    assert found and found[0]["line"] == 5 and found[0]["column"] == 1, found


@pytest.mark.parametrize("body", [
    "x[k]: v\n" * 100_000,                 # `]:` on every line of one paragraph: maybe a definition each time
    "[a](b)\n\n" * 20_000,                # a stretch per link (each a finding): lines counted once, not per stretch
    "```\n" + "]: x\n" * 100_000 + "```\n",  # all of it in a fence
], ids=["definition-marks", "many-stretches", "fenced-marks"])
def test_a_skill_body_of_marks_is_read_in_linear_time(tmp_path: Path, body: str) -> None:
    """Markdown shapes that made the reading quadratic (a 320 KB body took 110 s)."""
    crafted.skill(tmp_path, "marks", "", body)
    measured("lint", tmp_path, cwd=tmp_path).check((0, 1))
