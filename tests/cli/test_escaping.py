"""Control characters from input never reach human output raw, on any command, in colour or not;
JSON stays JSON and decodes to what the input held; the fixed text of `lint --fix
--stdin-filename` arrives byte for byte."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import write_skill

# C0 but newline and tab, DEL, C1, the bidirectional overrides and isolates
LISTED = {chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0),
                           *range(0x202A, 0x202F), *range(0x2066, 0x206A)]}
HOSTILE = "\x1b[2J\x1b]0;owned\x07\u202eevil\u2066x\x9b\x7f"


def raw(text: str) -> set[str]:
    """The listed code points in `text`, skillkit's own colour sequences (SGR) aside."""
    return {ch for ch in re.sub(r"\x1b\[[0-9;]*m", "", text) if ch in LISTED}


def test_the_escaping_function_writes_c0_as_x_and_the_rest_as_u() -> None:
    from skillkit.core.paths import shown

    assert shown("a\x1bb\x9b\u202e\x7f\n\tz", lines=True) == "a\\x1bb\\u009b\\u202e\\u007f\n\tz"
    assert shown("a\nb") == "a\\nb"  # one line: a newline would forge one


def test_lint_show_files_escapes_a_hostile_folder_name(tmp_path: Path, cli) -> None:
    write_skill(tmp_path, f"skills/odd{HOSTILE}", "name: odd\ndescription: Odd names in paths, shown safely.")
    run = cli("lint", ".", "--show-files", cwd=tmp_path)
    assert "SKILL.md" in run.stdout and "\\x1b[2J" in run.stdout
    assert not raw(run.stdout + run.stderr)


@pytest.mark.parametrize("color", ["never", "always"])
def test_render_escapes_the_block_it_shows_and_keeps_its_own_colours(tmp_path: Path, cli, color: str) -> None:
    write_skill(tmp_path, "skills/anchor", "name: anchor\ndescription: Always on, to show its text.\nwhen: always",
                body=f"Say hello.{HOSTILE.replace(chr(0x202e), '').replace(chr(0x2066), '')} Then stop.\n")
    (tmp_path / "chat.json").write_text(json.dumps([{"role": "user", "content": "hi"}]), encoding="utf-8")
    run = cli("render", "chat.json", "--skills", "skills", "--color", color, cwd=tmp_path)
    assert run.code == 0, run
    # (Rich itself drops BEL, BS, VT, FF and CR from the text it draws: gone, never raw)
    assert "Say hello.\\x1b[2J\\x1b]0;owned" in run.stdout and "\\u009b\\u007f Then stop." in run.stdout
    assert not raw(run.stdout)
    assert ("\x1b[1m" in run.stdout) == (color == "always")  # skillkit's own colours stay


@pytest.mark.parametrize("color", ["never", "always"])
@pytest.mark.parametrize("explain", [True, False])
def test_simulate_escapes_triggers_names_and_paths(tmp_path: Path, cli, color: str, explain: bool) -> None:
    trigger = f"dra{HOSTILE}gon"
    write_skill(tmp_path, "skills/beast", "name: beast\ndescription: The beast, when someone names it.\n"
                f"when: mentioned\ntriggers: {json.dumps([trigger])}")
    chat = tmp_path / f"chat{HOSTILE}.json"
    chat.write_text(json.dumps([{"role": "user", "content": f"the {trigger} sleeps"}]), encoding="utf-8")
    run = cli("simulate", chat.name, "--skills", "skills", *(["--explain", "beast"] if explain else []),
              "--color", color, cwd=tmp_path)
    assert run.code in (0, 1) and "beast" in run.stdout, run
    assert not raw(run.stdout + run.stderr), raw(run.stdout + run.stderr)
    assert "chat\\x1b[2J" in run.stdout
    assert ("\x1b[" in run.stdout) == (color == "always")


def test_lint_in_colour_escapes_what_it_quotes(tmp_path: Path, cli) -> None:
    write_skill(tmp_path, "skills/helper", f"name: helper\ndescription: Helps with things.\n{json.dumps('k' + HOSTILE)}: 1")
    run = cli("lint", ".", "--color", "always", cwd=tmp_path)
    assert run.code in (0, 1) and "\x1b[1m" in run.stdout and "\\x1b[2J" in run.stdout, run
    assert not raw(run.stdout + run.stderr)


def test_json_through_the_escaping_stream_decodes_to_the_input(tmp_path: Path, cli) -> None:
    key = f"bad{HOSTILE}key"
    write_skill(tmp_path, "skills/helper", f"name: helper\ndescription: Helps with things.\n{json.dumps(key)}: 1")
    run = cli("lint", ".", "--format", "json", cwd=tmp_path)
    assert not raw(run.stdout)
    messages = " ".join(d["message"] for d in json.loads(run.stdout)["diagnostics"])
    assert "\u202eevil\u2066x\x9b\x7f" in messages  # the message names the key as it is


def test_errors_on_stderr_are_escaped(tmp_path: Path, cli) -> None:
    run = cli("lint", f"missing{HOSTILE}", cwd=tmp_path)
    assert run.code == 2 and "missing" in run.stderr
    assert not raw(run.stdout + run.stderr)


def test_lint_fix_on_standard_input_writes_the_file_text_unescaped(tmp_path: Path, cli) -> None:
    text = f"---\nname: helper\ndescription: Helps with things.\n---\nA tab\there, a bell \x07 kept.\n"
    write_skill(tmp_path, "skills/helper", "name: helper\ndescription: Helps with things.")
    run = cli("lint", "--fix", "--stdin-filename", "skills/helper/SKILL.md", cwd=tmp_path, stdin=text)
    assert run.stdout == text, run


def test_the_escaping_stream_leaves_nothing_listed_and_json_decodes_the_same() -> None:
    import io

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skillkit.reporters.terminal import EscapedOutput

    @settings(max_examples=300, database=None, derandomize=True)
    @given(st.text(alphabet=st.characters(codec="utf-8"), max_size=40))
    def check(text: str) -> None:
        out = io.StringIO()
        EscapedOutput(out).write(text)
        assert not ({ch for ch in out.getvalue() if ch in LISTED})
        assert out.getvalue().count("\n") == text.count("\n") and out.getvalue().count("\t") == text.count("\t")
        document = io.StringIO()
        EscapedOutput(document).write(json.dumps({"k": text}, ensure_ascii=False))
        assert json.loads(document.getvalue()) == {"k": text}

    check()
