"""`skillkit init` sets a repository up and overwrites nothing; `new --client ID` writes a skill
as that client reads it. Client ids are the registry's, the same in --client and --profile."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml

from skillkit.clients import BY_ID, IDS, REGISTRY
from skillkit.rules import PROFILES
from tests.conftest import REPO


def tree(root) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_init_sets_up_the_client_it_detects(cli, tmp_path):
    (tmp_path / ".claude").mkdir()
    outcome = cli("init", cwd=tmp_path)
    assert outcome.code == 0, outcome.stderr
    assert outcome.stdout.startswith("Client: Claude Code (claude-code; found in the repository)")
    assert (tmp_path / ".claude" / "skills").is_dir()
    assert yaml.safe_load((tmp_path / "skillkit.yaml").read_text())["profile"] == "claude-code"
    hooks = yaml.safe_load((tmp_path / ".pre-commit-config.yaml").read_text())
    assert [h["id"] for r in hooks["repos"] for h in r["hooks"]] == ["skillkit-lint", "skillkit-lint-workspace"]
    workflow = yaml.safe_load((tmp_path / ".github" / "workflows" / "skillkit.yml").read_text())
    assert any("skillkit lint" in step.get("run", "") for step in workflow["jobs"]["lint"]["steps"])
    assert cli("new", "release-notes", "--client", "claude-code", cwd=tmp_path).code == 0
    assert cli("lint", cwd=tmp_path).stdout.startswith("All checks passed")  # the settings read as written


def test_init_overwrites_nothing_and_says_what_to_add(cli, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.skillkit]\nprofile = "codex"\n')
    (tmp_path / ".pre-commit-config.yaml").write_text("repos: []  # mine\n")
    workflow = tmp_path / ".github" / "workflows" / "skillkit.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text("name: mine\n")
    before = tree(tmp_path)
    outcome = cli("init", "--client", "codex", cwd=tmp_path)
    assert outcome.code == 0
    assert {k: v for k, v in tree(tmp_path).items()} == before  # every file as it was
    assert (tmp_path / ".agents" / "skills").is_dir()
    assert "Kept pyproject.toml: settings exist" in outcome.stdout
    assert "Kept .pre-commit-config.yaml" in outcome.stdout and "- id: skillkit-lint" in outcome.stdout
    again = cli("init", "--client", "codex", cwd=tmp_path)
    assert again.code == 0 and "Created" not in again.stdout


def test_init_without_a_sign_of_a_client_uses_the_plain_spec(cli, tmp_path):
    (tmp_path / ".github").mkdir()  # every repository may hold it: no sign of Copilot
    outcome = cli("init", cwd=tmp_path)
    assert "agent-skills; no client found" in outcome.stdout and (tmp_path / "skills").is_dir()
    assert yaml.safe_load((tmp_path / "skillkit.yaml").read_text())["profile"] == "agent-skills"


def test_init_refuses_an_unknown_client_and_a_file_where_the_folder_goes(cli, tmp_path):
    unknown = cli("init", "--client", "claude-cod", cwd=tmp_path)
    assert unknown.code == 2 and "did you mean `claude-code`?" in unknown.stderr and not list(tmp_path.iterdir())
    (tmp_path / ".agents").write_text("a file")
    blocked = cli("init", "--client", "codex", cwd=tmp_path)
    assert blocked.code == 2 and blocked.stderr.startswith("skillkit: error:")


def test_the_pre_commit_config_init_writes_runs_in_pre_commit(tmp_path):
    """pre-commit itself reads what init wrote (its `validate-config`), offline."""
    from tests.conftest import require_module

    require_module("pre_commit", "the test extras: pip install -e '.[test]'")
    subprocess.run([sys.executable, "-m", "skillkit", "init", str(tmp_path)], check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-m", "pre_commit", "validate-config", ".pre-commit-config.yaml"],
                          cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / ".cache")})
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("client", IDS)
def test_new_writes_a_skill_as_each_client_reads_it(cli, tmp_path, client):
    outcome = cli("new", "release-notes", "--client", client, cwd=tmp_path)
    assert outcome.code == 0, outcome.stderr
    folder = BY_ID[client].project_folders[0] if BY_ID[client].project_folders else "skills"
    skill = tmp_path / folder / "release-notes" / "SKILL.md"
    assert skill.is_file() and f"({client})" in outcome.stdout
    # Clean where it lands, and read as that client reads it where the client has a profile
    # (the others read the open spec).
    for profile in ("default", client if client in PROFILES else "agent-skills"):
        linted = cli("lint", "--profile", profile, cwd=tmp_path)
        assert linted.stdout.startswith("All checks passed"), (profile, linted.stdout)
    if client == "codex":
        assert (skill.parent / "agents" / "openai.yaml").is_file()
    if client == "claude-code":
        assert "disable-model-invocation" in skill.read_text()


def test_client_ids_are_one_list_in_client_target_and_profile(cli):
    """--client, --target and --profile take the registry's ids (a client without rules of its
    own has no profile: it reads the open spec, `agent-skills`)."""
    assert {p for p in PROFILES if p not in ("default", "studio", "platform")} <= set(IDS)
    assert [c.id for c in REGISTRY] == list(IDS)
    from tests.cli.test_shared_options import options_of

    for command in ("new", "init"):  # the same list pack --target takes
        assert options_of(command)["--client"].help.endswith(f": {', '.join(IDS)}.")  # type: ignore[attr-defined]
    mixed = cli("new", "x", "--client", "codex", "--world", "studio")
    assert mixed.code == 2 and "does not apply" in mixed.stderr


def test_init_is_in_the_readme_and_the_commands():
    from skillkit.cli.app import COMMANDS

    assert "init" in COMMANDS and "skillkit init" in (REPO / "README.md").read_text()
