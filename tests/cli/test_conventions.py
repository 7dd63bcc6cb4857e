"""Every command speaks one option vocabulary (ruff's): `-o/--output` (`-` is standard output),
`--config`, `--format` (alias `--output-format`), `--color`, `-q`; a file argument `-` is
standard input; lint's selectors take `ALL` and prefixes, `--extend-select`, `--extend-ignore`;
`--show-settings` prints every settings key. Each convention is driven through the real CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from skillkit.cli.app import COMMANDS
from skillkit.core.fields import KINDS
from tests.cli.test_shared_options import options_of
from tests.conftest import FIXTURES, WORKSPACE

BROKEN = FIXTURES / "lint" / "broken"
TAVERN = FIXTURES / "transcripts" / "tavern.jsonl"
SESSION = WORKSPACE / "sessions" / "review.yaml"
SCENE = WORKSPACE / "scenes" / "tavern.yaml"

# What reads settings, writes a report, or has formats: the commands where each option makes sense.
TAKES_CONFIG = {"lint", "simulate", "render", "resolve", "session", "pack", "verify", "rules", "new", "import",
                "clean"}
WRITES_A_REPORT = {"lint", "simulate", "render", "resolve", "session", "verify"}
NO_FORMAT = {"new", "unpack", "schema", "init", "clean"}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_has_the_options_that_make_sense_for_it(command):
    options = options_of(command)
    assert {"--color", "-q", "--quiet"} <= set(options), command
    assert ("--config" in options) == (command in TAKES_CONFIG), command
    if command in WRITES_A_REPORT:
        assert {"-o", "--output", "--output-file"} <= set(options), command
    if command not in NO_FORMAT:
        fmt = options["--format"]
        assert {"--format", "-f", "--output-format"} <= set(fmt.opts), command  # type: ignore[attr-defined]
        assert fmt.help.startswith("Output format: "), command  # type: ignore[attr-defined]


def report_runs(tmp_path: Path) -> dict[str, tuple[list[str], Path | None]]:
    """One run of each report command, with the working folder it needs."""
    pack = tmp_path / "p.zip"
    return {
        "lint": (["lint", str(BROKEN)], None),
        "simulate": (["simulate", str(TAVERN), "--skills", str(WORKSPACE), "--scene", str(SCENE)], None),
        "render": (["render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml"],
                   FIXTURES / "render" / "workspace"),
        "resolve": (["resolve", str(WORKSPACE), "--check"], None),
        "session": (["session", str(SESSION)], None),
        "verify": (["verify", str(pack)], None),
    }


@pytest.mark.parametrize("command", sorted(WRITES_A_REPORT))
def test_dash_o_writes_the_report_to_a_file_and_dash_o_dash_to_standard_output(cli, tmp_path, command):
    assert cli("pack", WORKSPACE, "-o", tmp_path / "p.zip").code == 0
    args, cwd = report_runs(tmp_path)[command]
    printed = cli(*args, cwd=cwd)
    target = tmp_path / "report.txt"
    written = cli(*args, "-o", target, cwd=cwd)
    assert (written.code, written.stdout) == (printed.code, "")
    assert target.read_text(encoding="utf-8") == printed.stdout and printed.stdout
    assert cli(*args, "-o", "-", cwd=cwd).stdout == printed.stdout
    as_json = cli(*args, "--output-format", "json", "-o", tmp_path / "report.json", cwd=cwd)
    assert as_json.code == printed.code
    assert isinstance(json.loads((tmp_path / "report.json").read_text(encoding="utf-8")), dict)


@pytest.mark.parametrize("command", sorted(TAKES_CONFIG))
def test_config_is_read_by_every_command_that_takes_it(cli, tmp_path, command):
    """A settings file with a typo stops each command (exit 2) at its file:line:column: the
    option is read, not only accepted."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("profile: default\nstrictt: true\n", encoding="utf-8")
    assert cli("pack", WORKSPACE, "-o", tmp_path / "p.zip").code == 0
    args = {
        **{name: run for name, (run, _) in report_runs(tmp_path).items()},
        "render": ["render", "--skills", str(WORKSPACE / "skills")],
        "pack": ["pack", str(WORKSPACE), "-o", str(tmp_path / "q.zip")],
        "rules": ["rules"],
        "new": ["new", "fresh", "--dir", str(tmp_path / "new")],
        "import": ["import", str(FIXTURES / "import" / "worldinfo.json"), "-o", str(tmp_path / "imported")],
        "clean": ["clean", str(tmp_path)],
    }[command]
    outcome = cli(*args, "--config", bad)
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "bad.yaml:2:1" in outcome.stderr and "did you mean `strict`?" in outcome.stderr


def test_config_decides_what_each_command_reads(cli, tmp_path):
    settings = tmp_path / "ws" / "skillkit.yaml"
    settings.parent.mkdir()
    settings.write_text("select: [name]\n", encoding="utf-8")
    listed = json.loads(cli("rules", "--config", settings, "--format", "json").stdout)
    assert [r["id"] for r in listed] == ["name-format", "name-folder", "name-unique"]
    created = cli("new", "fresh", "--config", settings)
    assert created.code == 0 and (tmp_path / "ws" / "skills" / "fresh" / "SKILL.md").is_file()
    imported = cli("import", FIXTURES / "import" / "worldinfo.json", "--config", settings, "-q")
    assert (imported.code, imported.stdout) == (0, "") and (tmp_path / "ws" / "skills" / "sword-of-dawn").is_dir()


def test_verify_takes_allowed_signers_from_the_settings(cli, tmp_path):
    assert cli("pack", WORKSPACE, "-o", tmp_path / "p.zip").code == 0
    (tmp_path / "skillkit.yaml").write_text("allowed-signers: signers\n", encoding="utf-8")
    (tmp_path / "signers").write_text("", encoding="utf-8")
    refused = cli("verify", "p.zip", cwd=tmp_path)  # the nearest settings ask for a signature
    assert refused.code == 1 and "not signed" in refused.stdout + refused.stderr
    assert cli("verify", tmp_path / "p.zip").code == 0  # elsewhere no settings ask


QUIET_RUNS = {
    "lint": (["lint", str(BROKEN)], "Found "),
    "simulate": (["simulate", str(TAVERN), "--skills", str(WORKSPACE), "--scene", str(SCENE)], "--explain NAME"),
    "resolve": (["resolve", str(WORKSPACE), "--check"], "1 agent:"),
    "session": (["session", str(SESSION)], "16 calls:"),
    "rules": (["rules"], "`skillkit rules ID`"),
    "schema": (["schema", "--check"], "up to date"),
}


@pytest.mark.parametrize("command", sorted(QUIET_RUNS))
def test_quiet_drops_the_summary_and_hints(cli, command):
    args, closing = QUIET_RUNS[command]
    loud, quiet = cli(*args), cli(*args, "-q")
    assert closing in loud.stdout and closing not in quiet.stdout
    assert loud.code == quiet.code and len(quiet.stdout) < len(loud.stdout)


def test_quiet_commands_that_write_print_nothing(cli, tmp_path):
    for args in (["pack", WORKSPACE, "-o", tmp_path / "p.zip"], ["verify", tmp_path / "p.zip"],
                 ["unpack", tmp_path / "p.zip", tmp_path / "out"], ["new", "fresh", "--dir", tmp_path / "s"],
                 ["import", FIXTURES / "import" / "worldinfo.json", "-o", tmp_path / "imported"]):
        outcome = cli(*args, "-q")
        assert (outcome.code, outcome.stdout) == (0, ""), args


def test_dash_is_standard_input_for_every_file_argument(cli, tmp_path):
    simulated = cli("simulate", "-", "--skills", WORKSPACE, "--format", "json", stdin=TAVERN.read_text("utf-8"))
    assert simulated.code == 0 and simulated.stdout == cli("simulate", TAVERN, "--skills", WORKSPACE,
                                                           "--format", "json").stdout
    render_ws = FIXTURES / "render" / "workspace"
    chat = (render_ws / "transcripts" / "chat.json").read_text("utf-8")
    rendered = cli("render", "-", "--scene", "scenes/tavern.yaml", cwd=render_ws, stdin=chat)
    assert rendered.stdout == cli("render", "transcripts/chat.json", "--scene", "scenes/tavern.yaml",
                                  cwd=render_ws).stdout
    session = cli("session", "-", "-q", cwd=WORKSPACE, stdin=SESSION.read_text("utf-8"))
    assert session.code == 1 and "Agent account-reviewer" in session.stdout
    imported = cli("import", "-", "-o", tmp_path / "imported",
                   stdin=(FIXTURES / "import" / "worldinfo.json").read_text("utf-8"))
    assert imported.code == 0 and imported.stdout.startswith("<stdin>: SillyTavern World Info")
    broken = cli("simulate", "-", "--skills", WORKSPACE, stdin="{\n")
    assert broken.code == 2 and broken.stderr.startswith("skillkit: error: <stdin>:2:")


def test_verify_reads_a_pack_from_standard_input(tmp_path):
    """A zip is bytes: through a real pipe, not a text stream."""
    import subprocess
    import sys

    pack = tmp_path / "p.zip"
    subprocess.run([sys.executable, "-m", "skillkit", "pack", str(WORKSPACE), "-o", str(pack)], check=True,
                   capture_output=True)
    done = subprocess.run([sys.executable, "-m", "skillkit", "verify", "-"], input=pack.read_bytes(),
                          capture_output=True, check=False)
    assert done.returncode == 0 and b"match the manifest of <stdin>" in done.stdout
    bad = subprocess.run([sys.executable, "-m", "skillkit", "verify", "-"], input=b"not a zip", capture_output=True,
                         check=False)
    assert bad.returncode == 2 and bad.stderr.startswith(b"skillkit: error: <stdin>: not a zip file")


def test_lint_stdin_filename_with_a_dash_as_editors_pass_it(cli, tmp_path):
    text = "---\nname: Bad\ndescription: Checks what the editor holds, unsaved.\n---\nBody\n"
    with_dash = cli("lint", "--stdin-filename", "skills/bad/SKILL.md", "-", cwd=tmp_path, stdin=text)
    without = cli("lint", "--stdin-filename", "skills/bad/SKILL.md", cwd=tmp_path, stdin=text)
    assert with_dash.code == 1 and with_dash.stdout == without.stdout
    assert "skills/bad/SKILL.md:2:7: error name-format" in with_dash.stdout
    alone = cli("lint", "-", cwd=tmp_path, stdin=text)
    assert alone.code == 2 and "needs --stdin-filename" in alone.stderr
    beside = cli("lint", "--stdin-filename", "a/SKILL.md", "-", "other", cwd=tmp_path, stdin=text)
    assert beside.code == 2 and "standard input alone" in beside.stderr


def rules_of(outcome) -> set[str]:
    return {d["rule"] for d in json.loads(outcome.stdout)["diagnostics"]}


def test_select_all_prefixes_extend_select_and_extend_ignore(cli, tmp_path):
    every = rules_of(cli("lint", BROKEN, "--format", "json"))
    assert rules_of(cli("lint", BROKEN, "--format", "json", "--select", "ALL")) == every
    assert rules_of(cli("lint", BROKEN, "--format", "json", "--select", "name")) == {"name-format", "name-folder"}
    assert rules_of(cli("lint", BROKEN, "--format", "json", "--select", "ALL", "--extend-ignore", "name,description")) \
        == every - {"name-format", "name-folder", "description-multiline", "description-short"}
    assert rules_of(cli("lint", BROKEN, "--format", "json", "--select", "name-format", "--extend-select",
                        "trigger")) == {"name-format", "trigger-blank"}
    work = tmp_path / "broken"
    shutil.copytree(BROKEN, work)
    (work / "skillkit.yaml").write_text("select: [trigger]\nignore: [ALL]\n", encoding="utf-8")
    assert rules_of(cli("lint", work, "--format", "json")) == set()  # the settings take selectors too
    (work / "skillkit.yaml").write_text("select: [trigger]\n", encoding="utf-8")
    assert rules_of(cli("lint", work, "--format", "json", "--extend-select", "name-folder")) \
        == {"trigger-blank", "name-folder"}  # added to the settings' select, not in place of it
    unknown = cli("lint", BROKEN, "--select", "nam")
    assert unknown.code == 2 and "unknown rule id 'nam' (did you mean `name`?)" in unknown.stderr
    (work / "skillkit.yaml").write_text("ignore: [triger]\n", encoding="utf-8")
    bad = cli("lint", work)
    assert bad.code == 2 and "skillkit.yaml" in bad.stderr and "did you mean `trigger`?" in bad.stderr


def test_show_settings_prints_every_key(cli, tmp_path):
    (tmp_path / "skillkit.yaml").write_text("respect-gitignore: false\ncache-dir: .cache/sk\n", encoding="utf-8")
    shown = cli("lint", "--show-settings", cwd=tmp_path)
    keys = [line.split("=", 1)[0].strip() for line in shown.stdout.splitlines()]
    assert keys == ["settings file", *(f.name for f in KINDS["settings"].fields)]
    assert "respect-gitignore = false" in shown.stdout and "cache-dir         = .cache/sk" in shown.stdout
