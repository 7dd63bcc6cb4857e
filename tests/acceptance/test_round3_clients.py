"""Acceptance, round 3: clients (DESIGN 8.1; issues 24 and 25), black-box through the real CLI.

Client ids are the contract's; where a command names a client (`init --client`, `new --client`,
`pack --target`, `lint --profile`) every id is accepted alike. `pack --target CLIENT` writes each
skill as that client reads it; `--target zip` and `--target agent-skills` stay as they were.
Only what the contract fixes is asserted: exit codes, folder layout, keys and the files a client
reads (Codex's `agents/openai.yaml`), never message wording.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.acceptance.round3_support import finished, git_repo, put, put_skill, skillkit

CLIENT_IDS = ["claude-code", "claude-api", "codex", "gemini-cli", "copilot", "cursor", "opencode",
              "goose", "agent-skills"]

# The project folders 8.1 says each client loads skills from (None: the client has none of its own).
CLIENT_FOLDERS: dict[str, list[str] | None] = {
    "claude-code": [".claude/skills"],
    "claude-api": None,
    "codex": [".agents/skills"],
    "gemini-cli": [".gemini/skills", ".agents/skills"],
    "copilot": [".github/skills"],
    "cursor": [".cursor/skills", ".agents/skills"],
    "opencode": [".opencode/skills", ".claude/skills", ".agents/skills"],
    "goose": [".claude/skills", ".agents/skills"],
    "agent-skills": None,
}

AGENT_SKILLS_KEYS = {"name", "description", "license", "compatibility", "metadata", "allowed-tools"}
OPENCODE_KEYS = {"name", "description", "license", "compatibility", "metadata"}

HELPER_BODY = "# Helper\n\nRead the files named, then answer in one paragraph.\n"
DEPLOY_BODY = "# Deploy\n\nRun the deploy script only when the user asks for a deploy.\n"


def frontmatter_of(text: str) -> tuple[dict[str, Any], str]:
    assert text.startswith("---\n"), text[:200]
    head, _, body = text[4:].partition("\n---\n")
    data = yaml.safe_load(head)
    assert isinstance(data, dict), text[:200]
    return data, body


def files_written(out: Path) -> dict[str, bytes]:
    """Every file a pack wrote at `out` (a folder or one zip), zips inside expanded as `zip!entry`."""
    found: dict[str, bytes] = {}

    def add(rel: str, data: bytes) -> None:
        found[rel] = data
        if rel.endswith((".zip", ".skill")):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                for info in archive.infolist():
                    if not info.is_dir():
                        found[f"{rel}!{info.filename}"] = archive.read(info)

    if out.is_file():
        add(out.name, out.read_bytes())
    else:
        for path in sorted(out.rglob("*")):
            if path.is_file():
                add(path.relative_to(out).as_posix(), path.read_bytes())
    return found


def skill_files(written: dict[str, bytes]) -> dict[str, tuple[str, dict[str, Any], str]]:
    """name -> (path of its SKILL.md in the output, frontmatter, body), for every SKILL.md written."""
    skills: dict[str, tuple[str, dict[str, Any], str]] = {}
    for rel, data in written.items():
        if rel.rsplit("/", 1)[-1].rsplit("!", 1)[-1] == "SKILL.md":
            meta, body = frontmatter_of(data.decode("utf-8"))
            assert meta["name"] not in skills, f"two SKILL.md files for {meta['name']}: {sorted(written)}"
            skills[meta["name"]] = (rel, meta, body)
    return skills


def folder_of(rel: str) -> str:
    """The folder a written SKILL.md sits in, as `a/b` (inside a zip: the entry's folder)."""
    inner = rel.rsplit("!", 1)[-1]
    return inner.rsplit("/", 1)[0] if "/" in inner else ""


@pytest.fixture(scope="module")
def two_skills(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace: `helper` (a plain Agent Skill) and `deploy` (not model-invocable, Claude Code's key)."""
    root = tmp_path_factory.mktemp("clients") / "ws"
    put(root, "skillkit.yaml", "name: two-skills\nversion: 1.0.0\n")
    put_skill(root, "skills/helper",
              description="Answer questions about the files the user names in the repository.",
              extra="license: Apache-2.0\nallowed-tools: Read Grep\nmetadata:\n  author: example-org",
              body=HELPER_BODY)
    put_skill(root, "skills/deploy",
              description="Deploy the service to staging when the user explicitly asks for it.",
              extra="disable-model-invocation: true", body=DEPLOY_BODY)
    return root


@pytest.fixture(scope="module")
def packed(two_skills: Path, tmp_path_factory: pytest.TempPathFactory):
    """`pack --target T -o OUT` of the two-skill workspace, once per target: (run, files written)."""
    results: dict[str, Any] = {}

    def pack(target: str):
        if target not in results:
            out = tmp_path_factory.mktemp(f"out-{target}") / ("pack.zip" if target == "zip" else "out")
            run = skillkit("pack", ".", "--target", target, "-o", out, cwd=two_skills)
            results[target] = (run, files_written(out) if out.exists() else {})
        return results[target]

    return pack


# ---------------------------------------------------------------------------- one set of client ids


@pytest.mark.parametrize("client", CLIENT_IDS)
def test_lint_profile_accepts_every_client_id(tmp_path: Path, client: str) -> None:
    """8.1: "Client ids, the same wherever a command names a client (`--client`, `--target`,
    `--profile`): `claude-code`, `claude-api`, ..., `agent-skills` (the plain spec)."
    A plain, valid skill lints clean under each client's profile."""
    put_skill(tmp_path, "skills/helper", body=HELPER_BODY)
    run = finished(skillkit("lint", ".", "--format", "json", "--profile", client, cwd=tmp_path))
    assert run.code == 0, str(run)
    assert run.json()["diagnostics"] == [], str(run)


@pytest.mark.parametrize("client", CLIENT_IDS)
def test_pack_target_accepts_every_client_id(packed, client: str) -> None:
    """8.1: "`pack --target CLIENT` writes each skill as that client reads it" and client ids are
    the same wherever a command names a client: every id is a target, and both skills are written."""
    run, written = packed(client)
    finished(run, 0)
    skills = skill_files(written)
    assert set(skills) == {"helper", "deploy"}, sorted(written)


@pytest.mark.parametrize("client", CLIENT_IDS)
def test_init_client_accepts_every_client_id(tmp_path: Path, client: str) -> None:
    """Issue 24: "`skillkit init`: sets a repository up (a skills folder for the client it detects
    or is told with `--client ID` ...)"; 8.1 names the folders each client loads skills from."""
    repo = git_repo(tmp_path / "repo")
    run = finished(skillkit("init", "--client", client, cwd=repo), 0)
    folders = CLIENT_FOLDERS[client]
    if folders is None:
        made = [p for p in repo.rglob("skills") if p.is_dir() and ".git" not in p.parts]
        assert made, f"no skills folder made: {run}"
    else:
        assert any((repo / f).is_dir() for f in folders), (folders, sorted(map(str, repo.rglob("*"))), str(run))


@pytest.mark.parametrize("client", CLIENT_IDS)
def test_new_client_accepts_every_client_id(tmp_path: Path, client: str) -> None:
    """Issue 24: "`new --client ID` writes a skill as that client reads it. Client ids are DESIGN
    8.1's"; README: "what `new` writes lints clean" (here: under that client's profile)."""
    repo = git_repo(tmp_path / "repo")
    finished(skillkit("new", "demo-skill", "--client", client, cwd=repo), 0)
    made = [p for p in repo.rglob("SKILL.md") if ".git" not in p.parts]
    assert len(made) == 1 and made[0].parent.name == "demo-skill", made
    meta, _ = frontmatter_of(made[0].read_text(encoding="utf-8"))
    assert meta["name"] == "demo-skill"
    lint = finished(skillkit("lint", made[0].parent, "--format", "json", "--profile", client, cwd=repo))
    errors = [d for d in lint.json()["diagnostics"] if d["severity"] == "error"]
    assert lint.code == 0 and not errors, str(lint)


@pytest.mark.parametrize("argv", [
    ("lint", ".", "--profile", "claud-code"),
    ("pack", ".", "-o", "out", "--target", "claud-code"),
    ("init", "--client", "claud-code"),
    ("new", "demo", "--client", "claud-code"),
], ids=["lint-profile", "pack-target", "init-client", "new-client"])
def test_an_unknown_client_id_is_a_usage_error_with_did_you_mean(tmp_path: Path, argv) -> None:
    """5.1: "Every unknown name (rule id, skill, field, `--explain`) gets the same did-you-mean";
    4: exit 2 for a usage error. A client id one letter off is refused naming `claude-code`."""
    repo = git_repo(tmp_path / "repo")
    put_skill(repo, "skills/helper")
    run = finished(skillkit(*argv, cwd=repo), 2)
    assert "claude-code" in run.stderr + run.stdout, str(run)
    assert "No such command" not in run.stderr, str(run)


# ---------------------------------------------------------------------------- pack --target CLIENT


def test_pack_target_claude_code_keeps_claude_code_keys(packed) -> None:
    """8.1: "`pack --target CLIENT` writes each skill as that client reads it"; Claude Code reads
    `disable-model-invocation` and `allowed-tools` in SKILL.md, and a skill is a folder of its name."""
    run, written = packed("claude-code")
    finished(run, 0)
    skills = skill_files(written)
    for name, (rel, meta, _) in skills.items():
        assert folder_of(rel).rsplit("/", 1)[-1] == name, rel
    assert skills["deploy"][1].get("disable-model-invocation") is True, skills["deploy"][1]
    assert skills["helper"][1].get("allowed-tools") == "Read Grep", skills["helper"][1]
    assert skills["helper"][2].strip() == HELPER_BODY.strip()
    assert skills["deploy"][2].strip() == DEPLOY_BODY.strip()


def test_pack_target_codex_spells_no_implicit_invocation_in_agents_openai_yaml(packed) -> None:
    """8.1: Codex's spelling of model invocation is "`policy.allow_implicit_invocation` in
    `agents/openai.yaml`"; the task: "Codex gets `agents/openai.yaml` for a non-model-invocable
    skill", beside its SKILL.md."""
    run, written = packed("codex")
    finished(run, 0)
    skills = skill_files(written)
    rel, _, body = skills["deploy"]
    folder = folder_of(rel)
    prefix = rel.rsplit("!", 1)[0] + "!" if "!" in rel else ""
    openai = f"{prefix}{folder}/agents/openai.yaml" if folder else f"{prefix}agents/openai.yaml"
    assert openai in written, (openai, sorted(written))
    data = yaml.safe_load(written[openai].decode("utf-8"))
    assert data["policy"]["allow_implicit_invocation"] is False, data
    assert body.strip() == DEPLOY_BODY.strip()
    # helper may be invoked by the model: if it has a Codex file, it does not forbid that
    rel, _, _ = skills["helper"]
    folder = folder_of(rel)
    prefix = rel.rsplit("!", 1)[0] + "!" if "!" in rel else ""
    other = f"{prefix}{folder}/agents/openai.yaml"
    if other in written:
        policy = (yaml.safe_load(written[other].decode("utf-8")) or {}).get("policy") or {}
        assert policy.get("allow_implicit_invocation", True) is True, policy


def test_pack_target_opencode_writes_only_keys_opencode_reads(packed) -> None:
    """8.1: each client declares "the keys it reads and their types"; `pack --target CLIENT` writes
    each skill as that client reads it. OpenCode documents name, description, license,
    compatibility and metadata (a string-to-string map)."""
    run, written = packed("opencode")
    finished(run, 0)
    skills = skill_files(written)
    for name, (rel, meta, body) in skills.items():
        assert set(meta) <= OPENCODE_KEYS, (name, meta)
        assert all(isinstance(v, str) for v in (meta.get("metadata") or {}).values()), meta
        assert folder_of(rel).rsplit("/", 1)[-1] == name, rel
    assert skills["helper"][2].strip() == HELPER_BODY.strip()


def test_pack_target_zip_is_unchanged(packed) -> None:
    """8.1: "`--target zip` and `agent-skills` stay as they are": one zip, its manifest
    `skillkit-manifest.json`, entries relative to the workspace root (4.7)."""
    run, written = packed("zip")
    finished(run, 0)
    entries = {rel.split("!", 1)[1] for rel in written if "!" in rel}
    assert {"skillkit-manifest.json", "skillkit.yaml", "skills/helper/SKILL.md",
            "skills/deploy/SKILL.md"} <= entries, sorted(entries)


def test_pack_target_agent_skills_is_unchanged(packed) -> None:
    """4.7 (unchanged by 8.1): "one `<name>.skill` zip per skill in the layout claude.ai accepts
    (one top-level folder named after the skill, exactly one SKILL.md, no links), its frontmatter
    reduced to the Agent Skills fields"."""
    run, written = packed("agent-skills")
    finished(run, 0)
    uploads = sorted(rel for rel in written if "!" not in rel)
    assert uploads == ["deploy.skill", "helper.skill"], uploads
    for upload in uploads:
        name = upload[: -len(".skill")]
        inner = [rel.split("!", 1)[1] for rel in written if rel.startswith(upload + "!")]
        assert {p.split("/", 1)[0] for p in inner} == {name}, inner
        assert [p for p in inner if p.endswith("/SKILL.md")] == [f"{name}/SKILL.md"], inner
        meta, _ = frontmatter_of(written[f"{upload}!{name}/SKILL.md"].decode("utf-8"))
        assert set(meta) <= AGENT_SKILLS_KEYS, meta
