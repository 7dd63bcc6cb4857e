"""Acceptance, round 3: discovery amended (DESIGN 8.2; issue 23), black-box through the real CLI.

Git decides what is ignored as git does (ignore files apply to untracked files only);
`name-unique` pairs two skills only when one client would load both; `--show-files` says when no
client loads a file; `pack PATH` of one skill folder packs that skill alone. Repositories are
made with the real `git` (the cases skip without it, and fail under SKILLKIT_REQUIRE_TOOLS=1).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from tests.acceptance.round3_support import finished, git, git_repo, put, put_skill, rules_of, skillkit

UNKNOWN = "zz-unknown-key: 1"  # an unknown frontmatter key: a warning that marks a file as linted
NO_CLIENT = re.compile(r"no client|not loaded by any client|no known client|any client", re.I)


def lint_json(root: Path, *args: str, cwd: Path | None = None) -> dict:
    run = finished(skillkit("lint", *(args or (".",)), "--format", "json", cwd=cwd or root), 0, 1)
    return run.json()


def paths_of(document: dict) -> set[str]:
    return {d["path"] for d in document["diagnostics"]}


# ---------------------------------------------------------------------------- git decides


def test_a_tracked_skill_in_an_ignored_folder_is_linted(tmp_path: Path) -> None:
    """8.2: "A file git tracks is never left out by an ignore file (ignore files apply to
    untracked files, as in git)." The tracked skill is checked; an untracked one beside it is not."""
    repo = git_repo(tmp_path / "repo")
    put(repo, ".gitignore", "skills/kept/\nskills/scratch/\n")
    put_skill(repo, "skills/kept", extra=UNKNOWN)
    put_skill(repo, "skills/scratch", extra=UNKNOWN)
    put_skill(repo, "skills/plain")
    git(repo, "add", ".gitignore", "skills/plain/SKILL.md")
    git(repo, "add", "-f", "skills/kept/SKILL.md")
    document = lint_json(repo)
    flagged = paths_of(document)
    assert "skills/kept/SKILL.md" in flagged, document
    assert not any("scratch" in p for p in flagged), document
    assert document["summary"]["files"] == 2, document


def test_a_tracked_skill_named_only_by_its_ignored_folder_is_not_nothing_to_check(tmp_path: Path) -> None:
    """Issue 23: "A committed SKILL.md in a folder that `.gitignore` lists is skipped and the run
    exits 2 'nothing to check'; git ignores untracked files only." Linting that folder's parent
    (a walk) checks the committed skill."""
    repo = git_repo(tmp_path / "repo")
    put(repo, ".gitignore", "vendor/\n")
    put_skill(repo, "vendor/skills/tool-help", extra=UNKNOWN)
    git(repo, "add", "-f", "vendor/skills/tool-help/SKILL.md")
    git(repo, "commit", "-q", "-m", "vendored skill")
    document = lint_json(repo)
    assert "vendor/skills/tool-help/SKILL.md" in paths_of(document), document


# ---------------------------------------------------------------------------- name-unique's scope


CLASHES = {
    # two skills named `dup` that one client loads together
    "same-client-folder": [".claude/skills/dup", ".claude/skills/dup-copy"],
    "same-agents-folder": [".agents/skills/dup", ".agents/skills/dup-copy"],
    "same-plugin": ["tools-plugin/skills/dup", "tools-plugin/skills/dup-copy"],
    "same-collection-root": ["skills/dup", "skills/dup-copy"],
}
APART = {
    # two skills named `dup` that no client loads together
    "staging-copy": [".claude/skills/dup", "planned-skills/generated/dup"],
    "two-plugins": ["one-plugin/skills/dup", "two-plugin/skills/dup"],
    "collection-and-draft": ["skills/dup", "docs/examples/dup"],
}


def clash_repo(root: Path, folders: list[str]) -> Path:
    repo = git_repo(root)
    for plugin in ("tools-plugin", "one-plugin", "two-plugin"):
        if any(f.startswith(plugin + "/") for f in folders):
            put(repo, f"{plugin}/.claude-plugin/plugin.json", json.dumps({"name": plugin}))
    for folder in folders:
        # the copy's folder differs from its name: silence name-folder so only name-unique speaks
        put_skill(repo, folder, name="dup # skillkit: ignore[name-folder]" if folder.endswith("-copy") else "dup")
    return repo


@pytest.mark.parametrize("case", sorted(CLASHES))
def test_name_unique_pairs_skills_one_client_loads_together(tmp_path: Path, case: str) -> None:
    """8.2: "`name-unique` pairs two skills only when one client would load both: both in the same
    client folder of 8.1 (`.claude/skills/`, `.agents/skills/`, ...), the same plugin (a folder
    holding `.claude-plugin/` ...), or the same collection root (a `skills/` folder at a
    repository's top ...)"."""
    repo = clash_repo(tmp_path / "repo", CLASHES[case])
    document = lint_json(repo)
    assert "name-unique" in rules_of(document), document


@pytest.mark.parametrize("case", sorted(APART))
def test_name_unique_leaves_apart_skills_no_client_loads_together(tmp_path: Path, case: str) -> None:
    """8.2: "`name-unique` pairs two skills only when one client would load both"; issue 23:
    "994 errors in one repository pair a skill with its staging copy in a folder no client loads
    (`planned-skills/generated/...`). Two skills clash only when some client would load both."""
    repo = clash_repo(tmp_path / "repo", APART[case])
    document = lint_json(repo)
    assert "name-unique" not in rules_of(document), document
    assert document["summary"]["files"] == 2, document


def test_show_files_says_when_no_client_loads_a_skill(tmp_path: Path) -> None:
    """8.2: "A SKILL.md outside every folder a client loads is linted on its own and
    `--show-files` says that no client loads it." A skill in `.claude/skills/` gets no such note."""
    repo = clash_repo(tmp_path / "repo", APART["staging-copy"])
    run = finished(skillkit("lint", ".", "--show-files", cwd=repo), 0)
    lines = run.stdout.splitlines()
    staged = [line for line in lines if "planned-skills/generated/dup" in line]
    loaded = [line for line in lines if ".claude/skills/dup" in line]
    assert staged and loaded, run.stdout
    assert any(NO_CLIENT.search(line) for line in staged), run.stdout
    assert not any(NO_CLIENT.search(line) for line in loaded), run.stdout


# ---------------------------------------------------------------------------- pack PATH of one skill


@pytest.fixture
def three_skills(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    put(root, "skillkit.yaml", "name: three\nversion: 1.0.0\n")
    put_skill(root, "skills/alpha-skill")
    put_skill(root, "skills/beta-skill", body="Read [the notes](references/notes.md) first.\n")
    put(root, "skills/beta-skill/references/notes.md", "# Notes\n\nNothing here is secret.\n")
    put_skill(root, "skills/gamma-skill")
    return root


@pytest.mark.parametrize("where", ["root", "skills-folder"])
def test_pack_of_one_skill_folder_packs_that_skill_alone(three_skills: Path, where: str) -> None:
    """8.2: "`pack PATH` with PATH a skill folder inside a workspace packs that skill alone"; issue
    23: "a one-skill pack's manifest lists that skill", from anywhere in a workspace."""
    cwd, path = (three_skills, "skills/beta-skill") if where == "root" else (three_skills / "skills", "beta-skill")
    out = three_skills.parent / "beta.zip"
    finished(skillkit("pack", path, "-o", out, cwd=cwd), 0)
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        manifest_names = [n for n in names if n.endswith("skillkit-manifest.json")]
        assert len(manifest_names) == 1, names
        manifest = json.loads(archive.read(manifest_names[0]))
    files = [n for n in names if n not in manifest_names]
    assert any(n.endswith("SKILL.md") for n in files) and any(n.endswith("references/notes.md") for n in files), names
    assert not any("alpha-skill" in n or "gamma-skill" in n for n in names), names
    text = json.dumps(manifest)
    assert "alpha-skill" not in text and "gamma-skill" not in text, manifest
    assert "skills" in manifest and "beta-skill" in json.dumps(manifest["skills"]), manifest
