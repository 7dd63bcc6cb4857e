"""`skillkit pack --target CLIENT`: each skill written as that client reads it, in the folder it
loads, with the keys it documents (lists below transcribed from each client's docs, not from
skillkit's declarations), each intent in its spelling, its limits checked, nothing half-written."""

from __future__ import annotations

import json
import stat
import zipfile
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES, WORKSPACE, write_skill

INTENTS = FIXTURES / "pack" / "intents"
SKILLS = ["greeting", "lore", "pdf-tables", "review-activity", "summarize", "sword", "weather"]
SPEC = {"name", "description", "license", "compatibility", "metadata"}
# https://code.claude.com/docs/en/skills#frontmatter-reference ("Frontmatter reference"); Claude
# Code skills follow the Agent Skills standard (https://agentskills.io/specification) as well.
CLAUDE_CODE_KEYS = SPEC | {"allowed-tools", "when_to_use", "argument-hint", "arguments", "disable-model-invocation",
                           "user-invocable", "model", "effort", "context", "agent", "hooks", "paths", "shell"}
# https://developers.openai.com/codex/skills and openai/codex codex-rs/core-skills/src/loader.rs
# (`SkillFrontmatter`: name, description, metadata.short-description; `SkillMetadataFile`).
CODEX_KEYS = {"name", "description", "metadata"}
CODEX_AGENT_FILE_KEYS = {"interface", "dependencies", "policy"}
# https://opencode.ai/docs/skills/#write-frontmatter: "Only these fields are recognized".
OPENCODE_KEYS = SPEC
DOCUMENTED = {"claude-code": (".claude/skills", CLAUDE_CODE_KEYS), "codex": (".agents/skills", CODEX_KEYS),
              "opencode": (".opencode/skills", OPENCODE_KEYS)}


def frontmatter(file: Path) -> dict:
    text = file.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return yaml.safe_load(text[4:text.index("\n---\n", 3)])


def pack(cli, source: Path, client: str, out: Path, *more: str):
    return cli("pack", source, "--target", client, "-o", out, *more)


@pytest.mark.parametrize("client", sorted(DOCUMENTED))
def test_the_example_workspace_packs_with_only_the_clients_documented_keys(cli, tmp_path: Path, client: str) -> None:
    folder, documented = DOCUMENTED[client]
    outcome = pack(cli, WORKSPACE, client, tmp_path / "out")
    assert outcome.code == 0, outcome.stderr
    root = tmp_path / "out" / folder
    assert sorted(p.name for p in root.iterdir()) == SKILLS
    for name in SKILLS:
        data = frontmatter(root / name / "SKILL.md")
        assert set(data) <= documented, (client, name, set(data) - documented)
        assert data["name"] == name and data["description"]
        assert all(isinstance(v, str) for v in data.get("metadata", {}).values()), "metadata is string to string"
        own = root / name / "agents" / "openai.yaml"
        if own.exists():
            assert set(yaml.safe_load(own.read_text(encoding="utf-8"))) <= CODEX_AGENT_FILE_KEYS
    extract = root / "pdf-tables" / "scripts" / "extract.py"
    assert extract.read_bytes() == (WORKSPACE / "skills/pdf-tables/scripts/extract.py").read_bytes()
    assert extract.stat().st_mode & stat.S_IXUSR and (root / "pdf-tables/references/REFERENCE.md").is_file()
    # what the client does not read is kept under metadata, as a string, and reported
    assert frontmatter(root / "lore" / "SKILL.md")["metadata"]["triggers"] == '["kingdom","king","crown"]'
    assert "kept under metadata: when, triggers, closeWhenUnmentioned, scanDepth" in outcome.stdout
    assert "dropped (a structure a metadata string cannot hold): tools, examples" in outcome.stdout


@pytest.mark.parametrize("client", ["claude-code", "codex"])
def test_the_output_passes_the_clients_own_profile(cli, tmp_path: Path, client: str) -> None:
    assert pack(cli, WORKSPACE, client, tmp_path / "out").code == 0
    outcome = cli("lint", tmp_path / "out", "--profile", client, "--target", client)
    assert outcome.code == 0, outcome.stdout
    assert "client-ignored-key" not in outcome.stdout, "every key left is one the client reads"


def test_a_key_the_client_reads_stays_where_the_author_wrote_it(cli, tmp_path: Path) -> None:
    assert pack(cli, WORKSPACE, "codex", tmp_path / "out").code == 0
    data = frontmatter(tmp_path / "out/.agents/skills/pdf-tables/SKILL.md")
    assert data["metadata"] == {"author": "example-org", "short-description": "PDF tables to CSV",
                                "license": "Apache-2.0",
                                "compatibility": "Needs Python 3.11+ and the pdfplumber package."}
    # a SKILL.md with only keys the client reads travels byte for byte
    assert pack(cli, WORKSPACE, "claude-code", tmp_path / "claude").code == 0
    assert ((tmp_path / "claude/.claude/skills/pdf-tables/SKILL.md").read_bytes()
            == (WORKSPACE / "skills/pdf-tables/SKILL.md").read_bytes())


def test_model_invocation_is_spelled_the_way_each_client_reads_it(cli, tmp_path: Path) -> None:
    codex = pack(cli, INTENTS, "codex", tmp_path / "codex")
    assert codex.code == 0, codex.stderr
    deploy = tmp_path / "codex/.agents/skills/deploy"
    settings = yaml.safe_load((deploy / "agents/openai.yaml").read_text(encoding="utf-8"))
    assert settings == {"interface": {"display_name": "Deploy", "short_description": "Deploy the service to production"},
                        "policy": {"allow_implicit_invocation": False}}
    assert "disable-model-invocation" not in frontmatter(deploy / "SKILL.md")
    assert "model invocation: `policy.allow_implicit_invocation` in agents/openai.yaml" in codex.stdout
    assert "cannot say allowed tools: Codex reads no `allowed-tools`" in codex.stdout

    assert pack(cli, INTENTS, "opencode", tmp_path / "opencode").code == 0
    meta = frontmatter(tmp_path / "opencode/.opencode/skills/deploy/SKILL.md")["metadata"]
    assert meta["opencode/autoinvoke"] == "false"

    assert pack(cli, INTENTS, "claude-code", tmp_path / "claude").code == 0
    claude = tmp_path / "claude/.claude/skills"
    assert (claude / "deploy/SKILL.md").read_bytes() == (INTENTS / "skills/deploy/SKILL.md").read_bytes()
    # OpenCode's `metadata.opencode/slash: "false"` is Claude Code's `user-invocable: false`
    assert frontmatter(claude / "notes/SKILL.md") == {
        "name": "notes", "description": frontmatter(INTENTS / "skills/notes/SKILL.md")["description"],
        "user-invocable": False}


def test_an_intent_read_back_from_codex_comes_out_the_same_for_claude_code(cli, tmp_path: Path) -> None:
    assert pack(cli, INTENTS, "codex", tmp_path / "codex").code == 0
    again = pack(cli, tmp_path / "codex", "claude-code", tmp_path / "claude")
    assert again.code == 0, again.stderr
    assert frontmatter(tmp_path / "claude/.claude/skills/deploy/SKILL.md")["disable-model-invocation"] is True


def test_a_list_of_allowed_tools_becomes_the_string_a_client_reads(cli, tmp_path: Path) -> None:
    outcome = pack(cli, INTENTS, "copilot", tmp_path / "out")
    assert outcome.code == 0 and "rewritten to the client's form: allowed-tools" in outcome.stdout
    data = frontmatter(tmp_path / "out/.github/skills/deploy/SKILL.md")
    assert data["allowed-tools"] == "Bash(make deploy:*) Read" and data["disable-model-invocation"] is True


def test_two_spellings_that_disagree_refuse_the_pack(cli, tmp_path: Path) -> None:
    skill = write_skill(tmp_path / "src/skills", "torn", "name: torn\ndescription: Says two things at once.\n"
                        "disable-model-invocation: true")
    (skill.parent / "agents").mkdir()
    (skill.parent / "agents/openai.yaml").write_text("policy:\n  allow_implicit_invocation: true\n")
    outcome = pack(cli, tmp_path / "src", "gemini-cli", tmp_path / "out")
    assert outcome.code == 1 and "disagree" in outcome.stderr
    assert not (tmp_path / "out").exists()


def test_a_skill_folder_that_exists_is_never_written_over(cli, tmp_path: Path) -> None:
    taken = tmp_path / "out/.claude/skills/lore"
    taken.mkdir(parents=True)
    (taken / "SKILL.md").write_text("mine\n")
    outcome = pack(cli, WORKSPACE, "claude-code", tmp_path / "out")
    assert outcome.code == 2 and "already exists" in outcome.stderr
    assert (taken / "SKILL.md").read_text() == "mine\n"
    assert sorted(p.name for p in (tmp_path / "out/.claude/skills").iterdir()) == ["lore"], "nothing else written"


def test_a_claude_api_limit_refuses_the_pack_and_writes_nothing(cli, tmp_path: Path) -> None:
    write_skill(tmp_path / "src/skills", "claude-helper", "name: claude-helper\ndescription: Helps with <b>x</b>.")
    outcome = pack(cli, tmp_path / "src", "claude-api", tmp_path / "out")
    assert outcome.code == 1 and "client-limit" in outcome.stderr and "reserved" in outcome.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("client", ["claude-api", "agent-skills"])
def test_an_upload_of_more_than_200_files_is_refused(cli, tmp_path: Path, client: str) -> None:
    skill = write_skill(tmp_path / "src/skills", "many", "name: many\ndescription: A skill with many files.")
    for i in range(200):
        (skill.parent / f"note-{i:03}.txt").write_text("x")
    outcome = pack(cli, tmp_path / "src", client, tmp_path / "out")
    assert outcome.code == 1 and "201 files; at most 200" in outcome.stderr
    assert not (tmp_path / "out").exists()


def test_claude_api_writes_the_upload_format(cli, tmp_path: Path) -> None:
    assert pack(cli, WORKSPACE, "claude-api", tmp_path / "out").code == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"{n}.skill" for n in SKILLS]
    with zipfile.ZipFile(tmp_path / "out/lore.skill") as archive:
        assert archive.namelist() == ["lore/SKILL.md"]


def test_packs_for_a_client_are_reproducible_and_reported_as_json(cli, tmp_path: Path) -> None:
    for run in ("a", "b"):
        assert pack(cli, INTENTS, "codex", tmp_path / run).code == 0
    first = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert first == sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert all((tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in first)
    report = json.loads(pack(cli, INTENTS, "codex", tmp_path / "c", "--format", "json").stdout)
    deploy = report["wrote"][0]
    assert deploy["name"] == "deploy" and deploy["rewrote"] == ["agents/openai.yaml"] and deploy["files"] == 2
    assert deploy["unsaid"][0]["intent"] == "allowed tools"


def test_sign_is_for_zip_packs_only(cli, tmp_path: Path) -> None:
    outcome = cli("pack", WORKSPACE, "--target", "codex", "-o", tmp_path / "out", "--sign", tmp_path / "key")
    assert outcome.code == 2 and "--target codex has none" in outcome.stderr
