"""Issue 22's reproductions, each a test: the command exits 0, 1 or 2 with a message, within
10 s and under 300 MB of peak resident memory (tests/fuzz/guard.bounded), never a hang, a
traceback or `internal error`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.fuzz import crafted
from tests.fuzz.guard import bounded


def _workspace(root: Path) -> Path:
    (root / ".git").mkdir(parents=True, exist_ok=True)
    crafted.skill(root, "a", "")
    return root


# --- hangs: every open non-blocking and regular-file-only ---------------------------------

@pytest.mark.parametrize("command", ["lint", "pack"])
@pytest.mark.parametrize("where", ["skills/a/.gitignore", ".gitignore", "pyproject.toml", "skills/pyproject.toml",
                                   ".skillignore"])
def test_a_fifo_where_skillkit_reads_its_own_files_never_hangs(tmp_path: Path, command: str, where: str) -> None:
    root = _workspace(tmp_path / "repo")
    os.mkfifo(root / where)
    args = ["lint", "."] if command == "lint" else ["pack", ".", "-o", str(tmp_path / "out.zip")]
    done = bounded(*args, cwd=root).within()
    if command == "pack" and where != ".skillignore":
        assert done.code in (1, 2) and "not a regular file" in done.stderr  # the FIFO is no file to pack


def test_standard_input_is_read_through_the_cap(tmp_path: Path) -> None:
    """400 MB piped into `lint --stdin-filename`: one chunk past the 1 MiB cap is read, not 400 MB."""
    root = _workspace(tmp_path / "repo")
    piped = tmp_path / "stdin"
    with open(piped, "wb") as out:
        out.write(b"---\nname: a\ndescription: x\n---\n")
        out.truncate(400 * 1024 * 1024)  # sparse: costs the disk nothing
    done = bounded("lint", "--stdin-filename", "skills/a/SKILL.md", cwd=root, stdin=piped).within((2,))
    assert "standard input holds more than 1,048,576 bytes" in done.stderr


@pytest.mark.parametrize("device", ["/dev/zero", "fifo", "folder"])
def test_a_settings_file_that_is_not_a_file_says_what_it_is(tmp_path: Path, device: str) -> None:
    root = _workspace(tmp_path / "repo")
    target = device
    if device == "fifo":
        target = str(root / "settings.yaml")
        os.mkfifo(target)
    elif device == "folder":
        target = str(root / "skills")
    done = bounded("lint", "--config", target, ".", cwd=root).within((2,))
    said = {"/dev/zero": "is a character device", "fifo": "is a FIFO", "folder": "is a folder"}[device]
    assert said in done.stderr and "no such settings file" not in done.stderr, done.stderr


def test_pack_does_not_open_an_asset_as_a_zip_because_it_starts_like_one(tmp_path: Path) -> None:
    """A 47 MB asset starting `PK\\x03\\x04` is an ordinary file: a pack is a pack by its manifest."""
    root = _workspace(tmp_path / "repo")
    asset = root / "skills" / "a" / "assets" / "blob.zip"
    asset.parent.mkdir()
    with open(asset, "wb") as out:
        out.write(b"PK\x03\x04" + bytes(26) + b"not a manifest")
        out.truncate(47 * 1024 * 1024)
    done = bounded("pack", ".", "-o", str(tmp_path / "out.zip"), cwd=root).within((0,))
    import zipfile

    assert "skills/a/assets/blob.zip" in zipfile.ZipFile(tmp_path / "out.zip").namelist(), done.stdout


# --- unbounded time ------------------------------------------------------------------------

def _transcript(path: Path, text: str) -> Path:
    path.write_text(json.dumps([{"role": "user", "content": text}]), encoding="utf-8")
    return path


def test_nested_plain_triggers_over_a_megabyte_are_linear(tmp_path: Path) -> None:
    """300 whole-word triggers `a` .. `a`*300 over a 1 MB message (106 s before)."""
    root = tmp_path / "repo"
    triggers = "".join(f"  - {'a' * n}\n" for n in range(1, 301))
    crafted.skill(root, "nested", f"when: mentioned\nmatchWholeWords: true\ntriggers:\n{triggers}")
    chat = _transcript(tmp_path / "chat.json", "a" * 1_000_000 + " a")
    done = bounded("simulate", chat, "--skills", root / "skills", "--format", "json", cwd=root).within((0,))
    (turn,) = json.loads(done.stdout)["turns"]
    assert turn["skills"][0]["on"] is True


def test_a_repository_cannot_lift_the_regex_budget() -> None:
    from skillkit.core import regex_time as budget

    run = budget.start_run()
    try:
        budget.configure(1_000_000)
        assert run.seconds == budget.MAX_SECONDS == 10.0
    finally:
        budget.end_run()


def test_every_evaluation_is_charged_and_none_runs_once_the_budget_is_spent() -> None:
    from skillkit.core import regex_time as budget
    from skillkit.triggers.jsregex import compile_js, js_test

    run = budget.start_run(0.05)
    try:
        rx = compile_js("a|b", "")
        evaluations = 0
        with pytest.raises(budget.BudgetSpent):
            while True:  # quick evaluations, none near its timeout, add up to the budget
                js_test(rx, "x" * 20_000 + "a")
                evaluations += 1
        assert run.spent >= 0.05 and evaluations > 1
        ran = []
        with pytest.raises(budget.BudgetSpent):
            run.evaluate(rx, 1.0, lambda limit: ran.append(limit) or True)
        assert ran == [] and run.unevaluated == {("a|b", "")}
    finally:
        budget.end_run()


def test_a_verdict_the_budget_stopped_says_so(cli, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "skillkit.yaml").parent.mkdir(parents=True)
    (root / "skillkit.yaml").write_text("regex-budget: 0.000001\n", encoding="utf-8")
    for n in range(3):
        crafted.skill(root, f"r{n}", f"when: mentioned\ntriggers: ['/x{n}y/']\n")
    chat = _transcript(tmp_path / "chat.json", "x0y x1y x2y")
    out = cli("simulate", chat, "--skills", root / "skills", "--format", "json", cwd=root)
    reasons = [s["reason"] for t in json.loads(out.stdout)["turns"] for s in t["skills"]]
    assert any("not evaluated: the regex time budget is spent" in r for r in reasons), reasons


# --- unbounded memory ----------------------------------------------------------------------

def _macro_bomb(root: Path) -> Path:
    """20,000 `{{x}}` in a 100 KB body, `x` a 100 KB scene variable: 2 GB rendered (34 s before)."""
    (root / "scenes").mkdir(parents=True)
    (root / "skillkit.yaml").write_text("name: ws\nversion: 1.0.0\nbudgets: {skillsBlock: 2000}\n", encoding="utf-8")
    (root / "scenes" / "s.yaml").write_text(f"skills: [b]\nvariables: {{x: {'y' * 100_000}}}\n", encoding="utf-8")
    crafted.skill(root, "b", "when: always\n", body="{{x}}" * 20_000 + "\n")
    _transcript(root / "chat.json", "hi")
    return root


def test_a_macro_bomb_is_a_finding_in_lint(tmp_path: Path) -> None:
    root = _macro_bomb(tmp_path / "ws")
    done = bounded("lint", ".", cwd=root).within((0, 1))
    assert "skills-block-budget" in done.stdout and "Skills block cannot be rendered" in done.stdout, done.stdout


def test_a_macro_bomb_is_refused_by_render_with_the_skill_named(tmp_path: Path) -> None:
    root = _macro_bomb(tmp_path / "ws")
    done = bounded("render", "chat.json", "--scene", "scenes/s.yaml", cwd=root).within((2,))
    assert "skills/b/SKILL.md: macros would render to more than" in done.stderr, done.stderr


def test_macro_rendering_stops_at_the_cap_before_building_the_text() -> None:
    from skillkit.core.errors import InputError
    from skillkit.triggers import macros

    assert macros.render("{{x}}" * 3, {"x": "ab"}) == "ababab"
    with pytest.raises(InputError, match="macros would render"):
        macros.render("{{x}}" * 1000, {"x": "y" * (macros.MAX_RENDERED // 999)})


@pytest.mark.parametrize("line", ["]:", "[a]:", "d[k]: v", "  [a]: b"])
def test_a_body_of_reference_definition_lines_is_linear(tmp_path: Path, line: str) -> None:
    """120 KB of `]:` lines (22.9 s before: the reference-definition scan was quadratic)."""
    root = _workspace(tmp_path / "repo")
    crafted.skill(root, "refs", "", body=(line + "\n") * (120_000 // (len(line) + 1)))
    bounded("lint", ".", "--format", "json", cwd=root).within((0, 1))


def _wide_preset(root: Path) -> Path:
    """10,000 includes of one 28 KB card from a 30 KB scene: 280 MB of prompt (513 MB before)."""
    crafted.skill(root, "lore", "when: always\n")
    (root / "skillkit.yaml").write_text("name: ws\nversion: 1.0.0\n", encoding="utf-8")
    lines = ["skills: [lore]", "preset:", "  cards:", *["    - {include: p1}"] * 100, "  parts:", "    p1:",
             *["      - {include: p2}"] * 100, "    p2:", f"      - {{content: {'w' * 28_000}}}"]
    (root / "scenes").mkdir()
    (root / "scenes" / "s.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _transcript(root / "chat.json", "hi")
    return root


@pytest.mark.parametrize("command", ["lint", "render"])
def test_preset_includes_are_capped_by_the_text_they_expand_to(tmp_path: Path, command: str) -> None:
    root = _wide_preset(tmp_path / "ws")
    args = ("lint", ".") if command == "lint" else ("render", "chat.json", "--scene", "scenes/s.yaml")
    done = bounded(*args, cwd=root).within()
    assert "expands to more than 1,048,576 characters of cards" in done.stdout + done.stderr, done.stdout + done.stderr


@pytest.mark.parametrize("check", [True, False], ids=["check", "write"])
def test_resolve_refuses_an_oversized_lock_before_reading_it(tmp_path: Path, check: bool) -> None:
    """A 1 GB skillkit.lock (read whole before: 1 GB); `resolve --check` refuses it from its
    size, `resolve` writes the lock anew without reading it."""
    import shutil

    root = tmp_path / "ws"
    shutil.copytree(Path(__file__).resolve().parents[2] / "fixtures" / "workspace", root)
    with open(root / "skillkit.lock", "r+b") as lock:
        lock.truncate(1 << 30)
    done = bounded("resolve", *(["--check"] if check else []), cwd=root).within((2,) if check else (0,))
    if check:
        assert "the lock is 1,073,741,824 bytes; skillkit reads at most" in done.stderr, done.stderr
    else:
        assert (root / "skillkit.lock").stat().st_size < 1 << 20


def test_resolve_never_opens_a_fifo_named_like_the_lock(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "ws"
    shutil.copytree(Path(__file__).resolve().parents[2] / "fixtures" / "workspace", root)
    (root / "skillkit.lock").unlink()
    os.mkfifo(root / "skillkit.lock")
    for args in (("resolve",), ("resolve", "--check")):
        done = bounded(*args, cwd=root).within((2,))
        assert "not a regular file" in done.stderr, done.stderr


def test_verify_refuses_a_26_mib_manifest_from_its_declared_size(tmp_path: Path) -> None:
    """A stored 26 MiB manifest of 200,000 records (425 MB before): refused before it is read."""
    import hashlib
    import zipfile

    records = [{"executable": False, "path": f"f{i:07d}.txt", "sha256": hashlib.sha256(b"%d" % i).hexdigest(),
                "size": 1} for i in range(200_000)]
    manifest = json.dumps({"files": records, "format": "skillkit-pack", "formatVersion": 1, "name": "x",
                           "references": {}, "skills": []})
    assert len(manifest) > 26_000_000
    with zipfile.ZipFile(tmp_path / "p.zip", "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("skillkit-manifest.json", manifest)
    del records, manifest
    done = bounded("verify", "p.zip", cwd=tmp_path).within((2,))
    assert "declares 27,200,103 bytes; skillkit reads at most 16,777,216" in done.stderr, done.stderr


def test_import_refuses_an_entry_with_700000_keys_before_copying_them(tmp_path: Path) -> None:
    """A 7 MB lorebook whose one entry holds 700,000 keys (599 MB, 87 s before)."""
    book = tmp_path / "keys.json"
    book.write_text(json.dumps({"entries": {"0": {"uid": 0, "key": [f"k{i}" for i in range(700_000)],
                                                  "content": "x", "comment": "Keys"}}}), encoding="utf-8")
    done = bounded("import", book, "-o", tmp_path / "out", cwd=tmp_path).within((2,))
    assert "holds 700,000 keys; skillkit imports at most 1,000 an entry" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


def test_import_of_a_7_mb_lorebook_of_one_long_entry_is_bounded(tmp_path: Path) -> None:
    book = tmp_path / "one.json"
    book.write_text(json.dumps({"entries": {"0": {"uid": 0, "key": ["k"], "content": "word " * 1_400_000,
                                                  "comment": "Big"}}}), encoding="utf-8")
    bounded("import", book, "-o", tmp_path / "out", cwd=tmp_path).within()


def test_a_55_mib_sillytavern_chat_is_read_without_copies_of_it_whole(tmp_path: Path) -> None:
    """190,000 messages, 55 MiB of JSONL (450 MB before: split, stripped and copied whole
    before its shape check); the reader now holds one copy of the text at a time."""
    root = _workspace(tmp_path / "repo")
    header = json.dumps({"user_name": "U", "character_name": "C"})
    line = json.dumps({"name": "U", "is_user": True, "mes": "hello dragon " * 21})
    chat = tmp_path / "chat.jsonl"
    with open(chat, "w", encoding="utf-8") as out:
        out.write(header + "\n" + (line + "\n") * 190_000)
    assert chat.stat().st_size > 55 << 20
    bounded("render", chat, "--skills", root / "skills", "--format", "json", cwd=root).within((0, 1))


def test_the_transcript_format_is_told_without_copying_the_text() -> None:
    from skillkit.transcripts.detect import detect_format

    assert detect_format('  \n{"user_name": "U"}\n{"mes": "x", "is_user": true}\n') == "sillytavern"
    assert detect_format('{"user_name": "U"}\n   \n') == "sillytavern"  # one line: a header alone
    assert detect_format("\n [1]") == "openai"
    assert detect_format('{"messages": []}') == "openai"
    assert detect_format("turns: []\n") == "yaml"


# --- under a memory cap: a clear line, never a Rust abort or `internal error` -------------

@pytest.mark.parametrize("cap_mb", [200, 260])
def test_under_a_memory_cap_a_big_input_ends_with_one_line(tmp_path: Path, cap_mb: int) -> None:
    """A 40 MiB chat rendered with the address space capped: the tokenizer's Rust core would
    abort the process (exit 134, no message) where its allocation fails; skillkit checks the
    room left first and says it ran out of memory (exit 2), or finishes."""
    root = _workspace(tmp_path / "repo")
    header = json.dumps({"user_name": "U", "character_name": "C"})
    line = json.dumps({"name": "U", "is_user": True, "mes": "hello dragon " * 21})
    chat = tmp_path / "chat.jsonl"
    chat.write_text(header + "\n" + (line + "\n") * 140_000, encoding="utf-8")
    done = bounded("render", chat, "--skills", root / "skills", "--format", "json", cwd=root, cap_mb=cap_mb).within()
    assert done.code == 0 or done.stderr.splitlines() == [
        "skillkit: error: out of memory: the input needs more memory than this process may use"], done.stderr


def test_a_lost_worker_and_memory_running_out_are_named_not_internal_errors() -> None:
    from concurrent.futures.process import BrokenProcessPool

    from skillkit.cli.app import _last_resort

    assert _last_resort(MemoryError()).startswith("skillkit: error: out of memory")
    assert "a worker process ended abruptly" in _last_resort(BrokenProcessPool("gone"))
    assert _last_resort(SystemError("<f> returned NULL without setting an exception")).startswith(
        "skillkit: error: out of memory")
    assert _last_resort(KeyError("x")).startswith("skillkit: internal error: KeyError")


def test_the_headroom_check_refuses_what_the_cap_cannot_hold() -> None:
    import subprocess
    import sys

    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (300 << 20, 300 << 20))\n"
            "from skillkit.tokens.counter import ensure_headroom\nensure_headroom(1 << 20)\n"
            "try:\n    ensure_headroom(400 << 20)\nexcept MemoryError:\n    print('refused')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "refused", done.stderr
