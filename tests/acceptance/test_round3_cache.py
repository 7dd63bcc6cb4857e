"""Acceptance, round 3: the lint cache (DESIGN 8.5; issues 22 and 24), black-box through the CLI.

The cache is on here (lint's default): the commands run without SKILLKIT_NO_CACHE. The cases
check where the cache folder lands, its mode, that it stays one folder, that whatever bytes are
planted in it (a pickle that would write a marker file included) run no code and change no
answer, that a cache others can write is not trusted, that `cache-dir` cannot point outside the
repository, and that `skillkit clean` removes it.
"""

from __future__ import annotations

import builtins
import os
import pickle
import stat
from pathlib import Path

import pytest

from tests.acceptance.round3_support import BASE_ENV, finished, git_repo, put, put_skill, skillkit

CACHE = ".skillkit_cache"
UNKNOWN = "zz-unknown-key: 1"  # one warning, so a wrong (empty) answer from a cache shows


def lint(cwd: Path, *args: str, env: dict | None = None):
    return finished(skillkit("lint", *(args or (".",)), "--format", "json", cwd=cwd, env=env), 0, 1)


def answer(run) -> list[tuple]:
    return sorted((d["path"], d["line"], d["column"], d["rule"], d["severity"]) for d in run.json()["diagnostics"])


def cache_folders(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob(".skillkit*") if p.is_dir() and ".git" not in p.relative_to(root).parts)


def tree(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_dir()}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with skills in Claude Code's folder and in a collection root."""
    root = git_repo(tmp_path / "outer" / "repo")
    put_skill(root, ".claude/skills/helper", extra=UNKNOWN)
    put_skill(root, "skills/other")
    return root


# ---------------------------------------------------------------------------- where it lives


def test_the_cache_is_one_private_folder_at_the_repository_top(repo: Path) -> None:
    """8.5: "in a private folder (0700): by default `.skillkit_cache/` at the repository's top (the
    folder holding `.git`) ...; never inside a client's folder". Linting from inside
    `.claude/skills` changes nothing about where it goes."""
    lint(repo)
    lint(repo / ".claude" / "skills")
    lint(repo, ".claude/skills/helper/SKILL.md")
    folder = repo / CACHE
    assert folder.is_dir(), sorted(map(str, repo.rglob("*")))
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700, oct(folder.stat().st_mode)
    assert cache_folders(repo) == [folder], cache_folders(repo)
    assert not any(CACHE in p.name for p in (repo / ".claude").rglob("*")), sorted(map(str, (repo / ".claude").rglob("*")))


def test_outside_a_repository_the_cache_is_at_the_workspace_root(tmp_path: Path) -> None:
    """8.5: "outside any repository at the workspace root (5.1)": a folder holding
    `skillkit.yaml` or `skills/`, whatever folder lint runs in."""
    root = tmp_path / "ws"
    put(root, "skillkit.yaml", "name: ws\nversion: 1.0.0\n")
    put_skill(root, "skills/helper", extra=UNKNOWN)
    lint(root / "skills" / "helper")
    lint(root)
    assert (root / CACHE).is_dir(), sorted(map(str, tmp_path.rglob("*")))
    assert stat.S_IMODE((root / CACHE).stat().st_mode) == 0o700
    assert cache_folders(tmp_path) == [root / CACHE], cache_folders(tmp_path)


def test_one_folder_whatever_the_number_of_runs(repo: Path) -> None:
    """8.5: "one folder a repository, whatever the number of runs" (issue 24: "old `lint-*`
    folders pile up"). Runs with other options leave the one folder, and repeating them adds no
    folder inside it."""
    variants = [(".",), (".", "--select", "unknown-field"), (".", "--profile", "claude-code"),
                (".", "--strict"), ("skills",)]
    for args in variants:
        lint(repo, *args)
    before = tree(repo / CACHE)
    for args in variants + variants:
        lint(repo, *args)
    assert cache_folders(repo) == [repo / CACHE], cache_folders(repo)
    assert tree(repo / CACHE) == before, (sorted(before), sorted(tree(repo / CACHE)))


# ---------------------------------------------------------------------------- data only


class _OpenMarker:
    """Unpickled, this opens (creates) the marker file: code run from the cache."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (builtins.open, (self.marker, "w"))


class _SystemMarker:
    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (os.system, (f"touch '{self.marker}'",))


def plant(folder: Path, payload: bytes) -> int:
    """Overwrite every file of the cache with `payload`, and add `pack.bin` beside them."""
    count = 0
    for path in [folder, *sorted(p for p in folder.rglob("*") if p.is_dir())]:
        for name in ["pack.bin", *sorted(c.name for c in path.iterdir() if c.is_file())]:
            (path / name).write_bytes(payload)
            count += 1
    return count


@pytest.mark.parametrize("kind", ["pickle-open", "pickle-system", "random-bytes", "empty", "truncated-header"])
def test_a_planted_cache_runs_no_code_and_changes_no_answer(repo: Path, kind: str) -> None:
    """8.5: "The lint cache holds data only (a typed, versioned, checksummed encoding; never
    pickle)"; issue 22: "A planted cache built from functions, code objects, `__reduce__` tricks or
    any bytes at all never runs code". Lint still gives the answer a run without cache gives."""
    first = lint(repo)
    truth = answer(finished(skillkit("lint", ".", "--format", "json", "--no-cache", cwd=repo), 0, 1))
    assert answer(first) == truth
    marker = repo.parent / f"marker-{kind}"
    payload = {
        "pickle-open": lambda: pickle.dumps(_OpenMarker(marker), protocol=4),
        "pickle-system": lambda: pickle.dumps(_SystemMarker(marker), protocol=4),
        "random-bytes": lambda: os.urandom(4096),
        "empty": lambda: b"",
        "truncated-header": lambda: b"SKILLKIT\x00\x01",
    }[kind]()
    assert plant(repo / CACHE, payload) >= 2
    again = lint(repo)
    assert not marker.exists(), "the planted cache ran code"
    assert answer(again) == truth, str(again)


@pytest.mark.parametrize("how", ["writable-by-others", "owned-by-another-user"])
def test_a_cache_others_can_write_is_not_read(repo: Path, how: str) -> None:
    """8.5: "A cache folder or file not owned by the user, or writable by others, is not read";
    issue 22: "a warning says why". The answer is still right, and no planted code runs."""
    lint(repo)
    folder = repo / CACHE
    truth = answer(finished(skillkit("lint", ".", "--format", "json", "--no-cache", cwd=repo), 0, 1))
    marker = repo.parent / "marker"
    plant(folder, pickle.dumps(_OpenMarker(marker), protocol=4))
    if how == "writable-by-others":
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o777 if path.is_dir() else 0o666)
    else:
        if os.geteuid() != 0:
            pytest.skip("giving the cache to another user needs root (chown)")
        for path in [folder, *folder.rglob("*")]:
            os.chown(path, 65534, 65534)
    run = lint(repo)
    assert not marker.exists()
    assert answer(run) == truth, str(run)
    said = run.stderr + " ".join(d["message"] for d in run.json()["diagnostics"])
    assert "cache" in said.lower(), f"no warning about the untrusted cache: {run}"


# ---------------------------------------------------------------------------- cache-dir


@pytest.mark.parametrize("setting", ["..", "../elsewhere", "/tmp/skillkit-acc-not-allowed"])
def test_cache_dir_outside_the_repository_is_refused(repo: Path, setting: str) -> None:
    """8.5: "`cache-dir` may name a folder inside the repository or under the user's cache folder
    (`$XDG_CACHE_HOME/skillkit`), nothing else"; issue 22: "`cache-dir: ..` writes outside the
    repository". Refused as a bad setting (exit 2), and nothing is written outside."""
    put(repo, "skillkit.yaml", f"cache-dir: {setting}\n")
    outer_before = sorted(p.name for p in repo.parent.iterdir())
    run = finished(skillkit("lint", ".", "--format", "json", cwd=repo), 2)
    assert "cache-dir" in run.stderr or "skillkit.yaml:1" in run.stderr, str(run)
    assert sorted(p.name for p in repo.parent.iterdir()) == outer_before
    assert not Path("/tmp/skillkit-acc-not-allowed").exists()


def test_cache_dir_inside_the_repository_or_the_user_cache_folder_is_used(repo: Path, tmp_path: Path) -> None:
    """8.5: "`cache-dir` may name a folder inside the repository or under the user's cache folder
    (`$XDG_CACHE_HOME/skillkit`)"; either is made private (0700)."""
    put(repo, "skillkit.yaml", "cache-dir: build/lint-cache\n")
    lint(repo)
    inside = repo / "build" / "lint-cache"
    assert inside.is_dir() and stat.S_IMODE(inside.stat().st_mode) == 0o700
    assert not (repo / CACHE).exists()
    xdg = tmp_path / "xdg"
    target = xdg / "skillkit" / "my-project"
    put(repo, "skillkit.yaml", f"cache-dir: {target}\n")
    lint(repo, env={"XDG_CACHE_HOME": str(xdg)})
    assert target.is_dir() and stat.S_IMODE(target.stat().st_mode) == 0o700


# ---------------------------------------------------------------------------- skillkit clean


def test_clean_removes_the_cache(repo: Path) -> None:
    """8.5: "`skillkit clean` removes it." The skills stay as they were."""
    lint(repo)
    assert (repo / CACHE).is_dir()
    before = {p: p.read_bytes() for p in repo.rglob("SKILL.md")}
    run = finished(skillkit("clean", cwd=repo), 0)
    assert not (repo / CACHE).exists(), str(run)
    assert {p: p.read_bytes() for p in repo.rglob("SKILL.md")} == before


def test_clean_removes_a_configured_cache_dir(repo: Path) -> None:
    """8.5 ("`skillkit clean` removes it") with a `cache-dir` inside the repository. A folder the
    user named may be kept (`skillkit clean --help`: only the cache's own folders go from it), but
    nothing of the cache's data is left in it: no folder, no file but its tags."""
    put(repo, "skillkit.yaml", "cache-dir: build/lint-cache\n")
    lint(repo)
    folder = repo / "build" / "lint-cache"
    assert any(p.is_dir() for p in folder.iterdir()), sorted(folder.rglob("*"))
    finished(skillkit("clean", cwd=repo), 0)
    left = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) if folder.exists() else []
    assert set(left) <= {".gitignore", "CACHEDIR.TAG"}, left


assert "SKILLKIT_NO_CACHE" not in BASE_ENV  # these cases are about the cache lint uses by default
