"""skillkit.lock: written atomically and deterministically, checked with `--check`, and its
drift named in words."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.errors import InputError
from skillkit.platform import lock as lockfile
from tests.platform.conftest import PLATFORM


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    target = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", target)
    (target / "skillkit.lock").unlink()
    return target


def _bump(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))


def test_resolve_writes_the_lock_at_the_workspace_root(cli, workspace):
    outcome = cli("resolve", workspace, cwd=workspace.parent)
    assert outcome.code == 0 and "Wrote merging/skillkit.lock." in outcome.stdout
    assert (workspace / "skillkit.lock").read_text() == (PLATFORM / "merging" / "skillkit.lock").read_text()


def test_the_lock_is_the_same_bytes_from_any_folder_and_is_not_rewritten_when_unchanged(cli, workspace, tmp_path):
    cli("resolve", workspace, cwd=workspace.parent)
    first = (workspace / "skillkit.lock").stat().st_mtime_ns
    outcome = cli("resolve", ".", cwd=workspace)
    assert "up to date (unchanged)" in outcome.stdout
    assert (workspace / "skillkit.lock").stat().st_mtime_ns == first
    other = tmp_path / "elsewhere.lock"
    cli("resolve", workspace, "--lock", other, cwd=tmp_path)
    assert other.read_bytes() == (workspace / "skillkit.lock").read_bytes()


def test_the_lock_is_written_atomically(cli, workspace, monkeypatch):
    cli("resolve", workspace, cwd=workspace.parent)
    before = (workspace / "skillkit.lock").read_bytes()
    _bump(workspace / "skills" / "browse" / "SKILL.md", "version: 2", "version: 3")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    outcome = cli("resolve", workspace, cwd=workspace.parent)
    assert outcome.code == 130
    assert (workspace / "skillkit.lock").read_bytes() == before  # the old lock, whole
    assert sorted(p.name for p in workspace.iterdir() if p.name.startswith(".")) == []  # no temp file left


def test_check_passes_on_a_current_lock_and_writes_nothing(cli, workspace):
    cli("resolve", workspace, cwd=workspace.parent)
    mtime = (workspace / "skillkit.lock").stat().st_mtime_ns
    outcome = cli("resolve", workspace, "--check", cwd=workspace.parent)
    assert outcome.code == 0 and "merging/skillkit.lock is up to date." in outcome.stdout
    assert (workspace / "skillkit.lock").stat().st_mtime_ns == mtime


def test_check_fails_without_a_lock(cli, workspace):
    outcome = cli("resolve", workspace, "--check", cwd=workspace.parent)
    assert outcome.code == 1 and "No lock at merging/skillkit.lock" in outcome.stdout
    assert not (workspace / "skillkit.lock").exists()


def test_check_fails_and_says_what_changed_when_a_latest_reference_moves(cli, workspace):
    cli("resolve", workspace, cwd=workspace.parent)
    _bump(workspace / "tools" / "fetch.yaml", "version: 3", "version: 4")
    _bump(workspace / "skills" / "outline" / "SKILL.md", "version: 1", "version: 2")
    outcome = cli("resolve", workspace, "--check", cwd=workspace.parent)
    assert outcome.code == 1
    assert "merging/skillkit.lock is out of date; what the references resolve to changed:" in outcome.stdout
    changes = outcome.stdout.split("changed:\n")[1].splitlines()
    # fetch moved to 4 where it is at the latest (browse's), not where a pin or the agent holds it.
    assert changes == ["  - preloads: skill outline: latest, now 2 (lock: latest, now 1)"]


def test_check_json_reports_the_lock_status_and_changes(cli, workspace):
    cli("resolve", workspace, cwd=workspace.parent)
    (workspace / "agents" / "own-wins.yaml").unlink()
    outcome = cli("resolve", workspace, "--check", "--format", "json", cwd=workspace.parent)
    lock = json.loads(outcome.stdout)["lock"]
    assert outcome.code == 1
    assert lock == {"path": "merging/skillkit.lock", "status": "changed", "changes": ["own-wins: agent removed"]}


def test_a_lock_that_is_not_json_is_an_input_error(cli, workspace):
    (workspace / "skillkit.lock").write_text("{not json", encoding="utf-8")
    outcome = cli("resolve", workspace, "--check", cwd=workspace.parent)
    assert outcome.code == 2 and "skillkit.lock:1:2: not a lock: invalid JSON" in outcome.stderr


def test_the_lock_path_can_be_overridden(cli, workspace, tmp_path):
    target = tmp_path / "locks" / "platform.lock"
    assert cli("resolve", workspace, "--lock", target, cwd=tmp_path).code == 0
    assert target.is_file() and not (workspace / "skillkit.lock").exists()
    assert cli("resolve", workspace, "--lock", target, "--check", cwd=tmp_path).code == 0


def test_lock_data_holds_only_resolved_facts():
    data = json.loads((PLATFORM / "merging" / "skillkit.lock").read_text())
    text = json.dumps(data)
    assert data["lockVersion"] == 1 and "fixtures" not in text and ".yaml" not in text
    assert data["agents"]["preloads"]["tools"][1] == {"from": "skill:triage", "name": "fetch", "pinned": True,
                                                      "version": 2}


# ----------------------------------------------------------------------------- changes()

CURRENT = {"lockVersion": 1, "agents": {"a": {
    "skills": [{"name": "s", "version": 2, "pinned": False, "preload": False},
               {"name": "t", "version": 1, "pinned": True, "preload": True}],
    "tools": [{"name": "x", "version": "1.2.0", "from": "skill:s", "pinned": False}]}}}


def _with(**agent: object) -> dict:
    return {"lockVersion": 1, "agents": {"a": {**CURRENT["agents"]["a"], **agent}}}


def test_changes_name_each_difference():
    assert lockfile.changes(CURRENT, CURRENT) == []
    old = _with(skills=[{"name": "s", "version": 1, "pinned": False, "preload": False}])
    assert lockfile.changes(old, CURRENT) == [
        "a: skill s: latest, now 2 (lock: latest, now 1)",
        "a: skill t added (pinned v1, preload)"]
    old = _with(tools=[{"name": "x", "version": "1.1.0", "from": "agent", "pinned": True},
                       {"name": "y", "version": 1, "from": "agent", "pinned": True}])
    assert lockfile.changes(old, CURRENT) == [
        "a: tool x: latest, now 1.2.0, from skill:s (lock: pinned 1.1.0, from agent)",
        "a: tool y removed (lock: pinned v1, from agent)"]
    old = _with(skills=list(reversed(CURRENT["agents"]["a"]["skills"])))
    assert lockfile.changes(old, CURRENT) == ["a: skill order: s, t (lock: t, s)"]
    assert lockfile.changes({"lockVersion": 9}, CURRENT) == ["the lock has format 9; this skillkit writes 1"]
    assert lockfile.changes({"lockVersion": 1, "agents": {}}, CURRENT) == ["a: agent added"]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=12)


@settings(max_examples=150)
@given(st.dictionaries(st.sampled_from(["lockVersion", "agents", "x"]),
                       JSON | st.dictionaries(st.sampled_from(["a", "b"]), JSON | st.fixed_dictionaries(
                           {"skills": JSON, "tools": JSON})), max_size=3))
def test_changes_never_fail_on_any_stored_lock(stored):
    found = lockfile.changes({"lockVersion": 1, **stored}, CURRENT)
    assert isinstance(found, list) and all(isinstance(line, str) for line in found)
    assert (found == []) == ({"lockVersion": 1, **stored} == CURRENT)


_SCRATCH = Path(tempfile.mkdtemp(prefix="skillkit-lock-"))


@settings(max_examples=300)
@given(st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_reading_any_bytes_as_a_lock_gives_a_mapping_or_an_input_error(data):
    path = _SCRATCH / "skillkit.lock"
    path.write_bytes(data)
    try:
        value = lockfile.read_lock(path, "skillkit.lock")
    except InputError as exc:
        assert str(exc).startswith("skillkit.lock")
    else:
        assert isinstance(value, dict)


def test_a_lock_with_an_absurd_number_is_refused_in_one_line(cli, tmp_path):
    import shutil

    from tests.conftest import WORKSPACE

    shutil.copytree(WORKSPACE, tmp_path / "ws")
    (tmp_path / "ws" / "skillkit.lock").write_text('{"a": ' + "9" * 5000 + "}")
    outcome = cli("resolve", tmp_path / "ws", "--check")
    assert outcome.code == 2 and "not a lock" in outcome.stderr and "internal error" not in outcome.stderr
