"""--format, --config, --color and -o are defined once (cli/common.py) and worded alike."""

from __future__ import annotations

import hashlib
import json
import zipfile

import pytest

from skillkit.cli.app import COMMANDS, build_app
from skillkit.cli.common import CONFIG_HELP


def options_of(command: str) -> dict[str, object]:
    import typer.main

    group = typer.main.get_command(build_app(command))
    click_command = group.commands[command]  # type: ignore[attr-defined]
    return {name: param for param in click_command.params for name in param.opts}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_shared_options_are_worded_alike(command):
    options = options_of(command)
    assert "--color" in options, f"{command} takes no --color"
    assert options["--color"].help.startswith("Colour in human output")  # type: ignore[attr-defined]
    if "--config" in options:
        assert options["--config"].help == CONFIG_HELP  # type: ignore[attr-defined]
    if "-o" in options:
        assert {"--output", "--output-file"} <= set(options["-o"].opts)  # type: ignore[attr-defined]
    if command in ("lint", "rules", "pack", "verify", "resolve", "import"):
        assert options["--format"].help.startswith("Output format: ")  # type: ignore[attr-defined]
        assert "-f" in options["--format"].opts  # type: ignore[attr-defined]


def test_rules_format_json_and_the_hidden_json_alias(cli):
    listed = cli("rules", "--format", "json")
    assert listed.code == 0 and listed.stdout == cli("rules", "--json").stdout
    assert {"id", "severity", "world", "summary", "fix", "doc"} == set(json.loads(listed.stdout)[0])
    assert "--json" not in cli("rules", "--help").stdout


def test_pack_format_json_says_what_it_wrote(cli, workspace_copy, tmp_path):
    target = tmp_path / "out.zip"
    outcome = cli("pack", str(workspace_copy), "-o", str(target), "--format", "json")
    assert outcome.code == 0, outcome.stderr
    report = json.loads(outcome.stdout)
    assert report["wrote"] == target.as_posix()
    assert report["sha256"] == hashlib.sha256(target.read_bytes()).hexdigest()
    assert report["size"] == target.stat().st_size
    names = set(zipfile.ZipFile(target).namelist())
    assert {f["path"] for f in report["files"]} <= names and report["files"][0].keys() >= {"path", "sha256"}
    uploads = cli("pack", str(workspace_copy), "--target", "agent-skills", "-o", str(tmp_path / "up"),
                  "--format", "json")
    wrote = json.loads(uploads.stdout)["wrote"]
    assert uploads.code == 0 and wrote and all(len(item["sha256"]) == 64 for item in wrote)


def test_lint_json_summary_counts_infos(cli, tmp_path):
    folder = tmp_path / "skills" / "lore"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: lore\ndescription: Lore of the old city, when the chat mentions it.\n"
                                     "when: mentioned\ntriggers: [x]\n"
                                     "frequency: 2\n---\nBody\n")
    summary = json.loads(cli("lint", "--format", "json", cwd=tmp_path).stdout)["summary"]
    assert summary == {"files": 1, "errors": 0, "warnings": 0, "infos": 1}


def test_a_closed_pipe_ends_with_the_runs_own_code(tmp_path):
    """`skillkit simulate ... | head -1`: the run's code (1 here: a skill left out), not a pipe error."""
    import subprocess
    import sys

    from tests.conftest import FIXTURES

    skill = tmp_path / "skills" / "bad"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: Bad\ndescription: d\n---\nb\n")
    for skills, code in ((FIXTURES / "workspace", 0), (tmp_path, 1)):
        script = (f'"{sys.executable}" -m skillkit simulate "{FIXTURES / "transcripts" / "activation.yaml"}" '
                  f'--skills "{skills}" 2>/dev/null | head -1; exit "${{PIPESTATUS[0]}}"')
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False)
        assert done.returncode == code and done.stdout.count("\n") == 1 and done.stderr == ""
    long = subprocess.run(["bash", "-c", f'"{sys.executable}" -m skillkit rules --format json | head -c 10; '
                           'exit "${PIPESTATUS[0]}"'], capture_output=True, text=True, check=False)
    assert long.returncode == 0 and long.stderr == ""


def test_shell_completion_completes_commands_and_options():
    import os
    import subprocess
    import sys

    def complete(words: str, index: int) -> str:
        env = {**os.environ, "_SKILLKIT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(index)}
        done = subprocess.run([sys.executable, "-m", "skillkit"], capture_output=True, text=True, env=env, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert complete("skillkit li", 1).split() == ["lint"]
    assert "--format" in complete("skillkit lint --form", 2).split()
    shown = subprocess.run([sys.executable, "-m", "skillkit", "--show-completion", "bash"], capture_output=True,
                           text=True, check=False)
    assert shown.returncode == 0 and "_SKILLKIT_COMPLETE" in shown.stdout
