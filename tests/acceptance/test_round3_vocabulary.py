"""Acceptance, round 3: one option vocabulary, as ruff speaks it (issue 24 item 5 and 7).

`--output-format` is `--format`'s alias; `--select ALL`, prefix selection, `--extend-select` and
`--extend-ignore`; `-o` and `--config` on every command; `skillkit init` overwrites nothing.
Only what the issue fixes is asserted: options accepted (not refused as unknown), the output
going where `-o` says, which rule ids are reported.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.acceptance.round3_support import FIXTURES, finished, git_repo, no_such_option, put, skill_md, skillkit

TAVERN = FIXTURES / "transcripts" / "tavern.jsonl"

WORLD_INFO = {"entries": {"0": {
    "uid": 0, "key": ["dragon"], "keysecondary": [], "comment": "Dragon", "content": "Dragons sleep on gold.",
    "constant": False, "selective": False, "disable": False, "order": 100, "position": 0}}}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example workspace, a pack of it, and a lorebook, for every command."""
    base = tmp_path_factory.mktemp("vocabulary")
    root = base / "ws"
    shutil.copytree(FIXTURES / "workspace", root)
    put(base, "book.json", json.dumps(WORLD_INFO))
    finished(skillkit("pack", ".", "-o", base / "ws.zip", cwd=root, env={"SKILLKIT_NO_CACHE": "1"}), 0)
    return root


def command_line(name: str, ws: Path, out: Path) -> list[str]:
    """A working command line for each command, over the example workspace."""
    base = ws.parent
    return {
        "lint": ["lint", "."],
        "simulate": ["simulate", str(TAVERN), "--skills", ".", "--scene", "scenes/tavern.yaml"],
        "render": ["render", str(TAVERN), "--skills", ".", "--scene", "scenes/tavern.yaml"],
        "resolve": ["resolve", "."],
        "session": ["session", "sessions/review.yaml"],
        "pack": ["pack", ".", "-o", str(out / "p.zip")],
        "verify": ["verify", str(base / "ws.zip")],
        "unpack": ["unpack", str(base / "ws.zip"), str(out / "unpacked")],
        "rules": ["rules"],
        "new": ["new", "fresh-skill", "--dir", str(out / "new")],
        "import": ["import", str(base / "book.json"), "--dir", str(out / "imported")],
        "clean": ["clean", "."],
    }[name]


FORMAT_COMMANDS = ["lint", "simulate", "render", "resolve", "session"]


@pytest.mark.parametrize("name", FORMAT_COMMANDS)
def test_output_format_is_an_alias_of_format(ws: Path, tmp_path: Path, name: str) -> None:
    """Issue 24 item 5: "`--format` (with `--output-format` as ruff's alias)" in "One option
    vocabulary built once and used by every command"."""
    argv = command_line(name, ws, tmp_path)
    plain = finished(skillkit(*argv, "--format", "json", cwd=ws), 0, 1)
    alias = finished(skillkit(*argv, "--output-format", "json", cwd=ws), 0, 1)
    assert not no_such_option(alias), str(alias)
    assert (alias.code, alias.json()) == (plain.code, plain.json()), str(alias)


@pytest.mark.parametrize("name", ["lint", "simulate", "render", "resolve", "session", "verify", "rules"])
def test_dash_o_writes_the_report_to_a_file(ws: Path, tmp_path: Path, name: str) -> None:
    """Issue 24: "`render` has no `-o` ...; `resolve`, `session`, `verify` have no `-o`"; item 5:
    "`-o/--output` ... used by every command". The report goes to the file, not standard output."""
    out = tmp_path / "report.txt"
    run = finished(skillkit(*command_line(name, ws, tmp_path), "-o", out, cwd=ws), 0, 1)
    assert not no_such_option(run), str(run)
    assert out.is_file() and out.read_text(encoding="utf-8").strip(), str(run)
    assert not run.stdout.strip(), str(run)


@pytest.mark.parametrize("name", ["lint", "simulate", "render", "resolve", "session", "pack", "verify", "unpack",
                                  "rules", "new", "import", "clean"])
def test_config_is_accepted_by_every_command(ws: Path, tmp_path: Path, name: str) -> None:
    """Issue 24: "`simulate`, `verify`, `rules`, `new`, `import` have no `--config`"; item 5:
    "`--config` ... used by every command". Given the workspace's own settings file, each runs."""
    run = finished(skillkit(*command_line(name, ws, tmp_path), "--config", ws / "skillkit.yaml", cwd=ws), 0, 1)
    assert not no_such_option(run), str(run)


# ---------------------------------------------------------------------------- rule selection


@pytest.fixture
def noisy(tmp_path: Path) -> Path:
    """One skill with an unknown key (unknown-field) and a two-line description (description-multiline)."""
    put(tmp_path, "skills/noisy/SKILL.md", skill_md(
        "noisy", description="|\n  Does one clear thing for the user,\n  over two lines.", extra="zz-unknown-key: 1"))
    return tmp_path


def reported(root: Path, *args: str) -> set[str]:
    run = finished(skillkit("lint", ".", "--format", "json", *args, cwd=root), 0, 1)
    assert not no_such_option(run), str(run)
    return {d["rule"] for d in run.json()["diagnostics"]}


def test_select_all_selects_every_rule(noisy: Path) -> None:
    """Issue 24 item 5: "`--select ALL`" (as ruff's: every rule)."""
    default = reported(noisy)
    assert {"unknown-field", "description-multiline"} <= default, default
    assert reported(noisy, "--select", "ALL") >= default


def test_select_a_prefix_selects_every_rule_id_it_begins(noisy: Path) -> None:
    """Issue 24 item 5: "prefix selection as in ruff (`--select name` selects every rule id that
    begins `name-`)"."""
    found = reported(noisy, "--select", "description")
    assert "description-multiline" in found, found
    assert all(rule.startswith("description-") for rule in found), found


def test_extend_select_adds_to_the_settings_selection(noisy: Path) -> None:
    """Issue 24 item 5: "`--extend-select`": the settings' `select` stays, the option adds to it."""
    put(noisy, "skillkit.yaml", "select: [unknown-field]\n")
    assert reported(noisy) == {"unknown-field"}
    assert reported(noisy, "--extend-select", "description-multiline") == {"unknown-field", "description-multiline"}


def test_extend_ignore_adds_to_the_settings_ignores(noisy: Path) -> None:
    """Issue 24 item 5: "`--extend-ignore`": the settings' `ignore` stays, the option adds to it."""
    put(noisy, "skillkit.yaml", "ignore: [unknown-field]\n")
    before = reported(noisy)
    assert "unknown-field" not in before and "description-multiline" in before, before
    after = reported(noisy, "--extend-ignore", "description-multiline")
    assert not {"unknown-field", "description-multiline"} & after, after


# ---------------------------------------------------------------------------- skillkit init


def test_init_overwrites_nothing(tmp_path: Path) -> None:
    """Issue 24 item 7: "`skillkit init`: sets a repository up (a skills folder for the client ...,
    a settings block, the pre-commit hook entry, a CI workflow snippet), refusing to overwrite"."""
    repo = git_repo(tmp_path / "repo")
    finished(skillkit("init", "--client", "claude-code", cwd=repo), 0)
    made = sorted(p for p in repo.rglob("*") if p.is_file() and ".git" not in p.relative_to(repo).parts)
    assert made, "init wrote no file"
    for path in made:
        path.write_bytes(path.read_bytes() + b"\n# the user's own line\n")
    mine = {p: p.read_bytes() for p in made}
    again = finished(skillkit("init", "--client", "claude-code", cwd=repo))
    assert {p: p.read_bytes() for p in made} == mine, str(again)
