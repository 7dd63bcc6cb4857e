"""lint's cache holds data, never code: a cache file planted by whoever can write the folder
(a restored CI cache, a shared `cache-dir`, a committed `.skillkit_cache/`) never runs
anything, whatever its bytes; a folder or file someone else could write is not read; and the
cache lives where the contract says, one folder a repository."""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from skillkit.core.cache import FOLDER
from skillkit.core.cache_format import MAGIC, frame

SKILL = "---\nname: {name}\ndescription: Does the thing when asked, in a sentence.\n---\nDo it.\n"


@pytest.fixture(autouse=True)
def cache_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKILLKIT_NO_CACHE", raising=False)
    monkeypatch.delenv("SKILLKIT_CACHE_DIR", raising=False)


def _tree(root: Path, names: tuple[str, ...] = ("a", "b")) -> Path:
    (root / ".git").mkdir(parents=True, exist_ok=True)
    for name in names:
        (root / "skills" / name).mkdir(parents=True, exist_ok=True)
        (root / "skills" / name / "SKILL.md").write_text(SKILL.format(name=name), encoding="utf-8")
    return root


def _lint(cli, root: Path, *flags: str):
    out = cli("lint", "--format", "json", *flags, ".", cwd=root)
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr, out.stderr
    return out


def _workspace_folder(root: Path) -> Path:
    (folder,) = (root / FOLDER).glob("lint-*")
    return folder


def _stack_global(module: str, name: str) -> bytes:
    """Pickle opcodes: SHORT_BINUNICODE module, SHORT_BINUNICODE name, STACK_GLOBAL."""
    return (b"\x8c" + bytes([len(module)]) + module.encode() + b"\x8c" + bytes([len(name)]) + name.encode() + b"\x93")


def _inner(value: object) -> bytes:
    """The opcodes that push `value` (a pickle without its PROTO, FRAME and STOP)."""
    data = pickle.dumps(value, protocol=4)
    data = data[2:]
    if data[:1] == b"\x95":
        data = data[9:]
    return data[:-1]


def exploit(marker: Path) -> bytes:
    """The attack the old cache let through: names under `skillkit.core.*` resolve, by dotted
    paths, to the function type and the code type, which build a function from a code object
    and call it. Loaded by plain pickle, it creates `marker`."""
    code = compile(f"open({str(marker)!r}, 'w').close()", "cache", "exec")
    args = (code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_nlocals, code.co_stacksize,
            code.co_flags, code.co_code, code.co_consts, code.co_names, code.co_varnames, code.co_filename,
            code.co_name, code.co_qualname, code.co_firstlineno, code.co_linetable, code.co_exceptiontable,
            code.co_freevars, code.co_cellvars)
    return (b"\x80\x04"
            + _stack_global("skillkit.core.cache", "LintCache.save.__class__")             # the function type
            + _stack_global("skillkit.core.cache", "LintCache.save.__code__.__class__")    # the code type
            + _inner(args) + b"R"                                                          # CodeType(*args)
            + b"}" + b"\x86" + b"R"                                                        # FunctionType(code, {})
            + b")" + b"R"                                                                  # ...()
            + b".")


class Reduce:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (exec, (f"open({str(self.marker)!r}, 'w').close()",))


def test_the_exploit_is_real(tmp_path: Path) -> None:
    """The payloads below do run code when unpickled (so their not running proves something)."""
    marker = tmp_path / "ran"
    pickle.loads(exploit(marker))
    assert marker.exists()
    marker.unlink()
    pickle.loads(pickle.dumps(Reduce(marker)))
    assert marker.exists()


@pytest.mark.parametrize("wrapping", ["bare", "framed", "old header"])
@pytest.mark.parametrize("payload", ["functions and code objects", "__reduce__"])
def test_a_planted_cache_never_runs_code(cli, tmp_path: Path, wrapping: str, payload: str) -> None:
    root = _tree(tmp_path / "repo")
    expected = _lint(cli, root, "--no-cache")
    _lint(cli, root)
    folder = _workspace_folder(root)
    marker = tmp_path / "ran"
    bomb = exploit(marker) if payload == "functions and code objects" else pickle.dumps(Reduce(marker))
    planted = {"bare": bomb, "framed": frame(bomb), "old header": b"skillkit-lint-cache 2\n" + bytes(12) + bomb}[wrapping]
    for name in ["pack.bin", *(p.name for p in folder.glob("*.bin"))]:
        (folder / name).write_bytes(planted)
    for slot in ("0" * 32 + ".bin",):
        (folder / slot).write_bytes(planted)
    outcome = _lint(cli, root)
    assert not marker.exists()
    assert (outcome.code, outcome.stdout) == (expected.code, expected.stdout)
    assert (folder / "pack.bin").read_bytes().startswith(MAGIC)  # rewritten in the new format
    assert not marker.exists()


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2048), framed=st.booleans(), where=st.sampled_from(["pack", "loose"]))
def test_any_bytes_in_a_cache_file_change_nothing(cli, tmp_path_factory, data: bytes, framed: bool, where: str) -> None:
    root = _tree(tmp_path_factory.mktemp("repo"), ("a",))
    expected = _lint(cli, root, "--no-cache")
    _lint(cli, root)
    folder = _workspace_folder(root)
    targets = [folder / "pack.bin"] if where == "pack" else [p for p in folder.glob("*.bin") if p.name != "pack.bin"]
    for target in targets or [folder / "pack.bin"]:
        target.write_bytes(frame(data) if framed else data)
    outcome = _lint(cli, root)
    assert (outcome.code, outcome.stdout) == (expected.code, expected.stdout)


def test_the_cache_folder_is_private(cli, tmp_path: Path) -> None:
    root = _tree(tmp_path / "repo")
    old = os.umask(0o022)
    try:
        _lint(cli, root)
    finally:
        os.umask(old)
    folder = _workspace_folder(root)
    assert stat.S_IMODE((root / FOLDER).stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in folder.glob("*.bin"))


def _plant_finding(folder: Path) -> None:
    """Every entry of the cache given one more finding, its files' stamps kept: a forgery a
    run that reads the cache would report."""
    import msgspec

    from skillkit.core.cache_format import HEAD

    def forged(entry):
        value = list(entry[4])
        value[3] = [*value[3], [value[1], 1, 1, "planted", 2, "a finding the cache's writer chose"]]
        return [*entry[:4], value]

    for path in folder.glob("*.bin"):
        key, held = msgspec.msgpack.decode(path.read_bytes()[HEAD:])
        held = {slot: forged(entry) for slot, entry in held.items()} if isinstance(held, dict) else forged(held)
        path.write_bytes(frame(msgspec.msgpack.encode([key, held])))


@pytest.mark.parametrize("what", ["cache folder", "workspace folder", "pack"])
def test_a_cache_others_can_write_is_not_read(cli, tmp_path: Path, what: str) -> None:
    """A planted finding is reported from a private cache (the forgery works), and not from a
    folder or file writable by others: the cache is not read, a warning says why, and
    nothing is written there."""
    root = _tree(tmp_path / "repo")
    expected = _lint(cli, root, "--no-cache")
    _lint(cli, root)
    folder = _workspace_folder(root)
    _plant_finding(folder)
    assert "planted" in _lint(cli, root).stdout
    target = {"cache folder": root / FOLDER, "workspace folder": folder, "pack": folder / "pack.bin"}[what]
    os.chmod(target, stat.S_IMODE(target.stat().st_mode) | 0o002)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    outcome = _lint(cli, root)
    assert (outcome.code, outcome.stdout) == (expected.code, expected.stdout)
    assert "writable by its group or by others" in outcome.stderr and "not read" in outcome.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written either


def test_a_cache_file_of_another_user_is_not_read(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skillkit.core import cache_place

    root = _tree(tmp_path / "repo")
    expected = _lint(cli, root, "--no-cache")
    _lint(cli, root)
    monkeypatch.setattr(cache_place.os, "geteuid", lambda: os.getuid() + 1)
    outcome = _lint(cli, root)
    assert (outcome.code, outcome.stdout) == (expected.code, expected.stdout)
    assert "owned by another user" in outcome.stderr


def test_one_cache_folder_a_repository_at_its_top(cli, tmp_path: Path) -> None:
    """Two workspaces of one repository, linted from anywhere under options that change: the
    cache is one `.skillkit_cache/` at the repository's top, one folder a workspace, and no
    more folders however many runs."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for space in ("one", "two"):
        (root / space / "skillkit.yaml").parent.mkdir(parents=True)
        (root / space / "skillkit.yaml").write_text("profile: default\n", encoding="utf-8")
        _tree(root / space, ("a",))
        (root / space / ".git").rmdir()
    for flags in ([], ["--select", "name-format"], ["--ignore", "description-short"], []):
        assert cli("lint", *flags, ".", cwd=root).code in (0, 1)
        assert cli("lint", *flags, ".", cwd=root / "one").code in (0, 1)
    assert not list(root.glob("*/" + FOLDER))
    assert len(list((root / FOLDER).glob("lint-*"))) == 2


def test_never_inside_a_client_folder(cli, tmp_path: Path) -> None:
    """Outside any repository, a workspace whose root is a client's folder (`.claude/` holds
    `skills/`) keeps its cache beside that folder, not in what the client loads."""
    root = tmp_path / "proj"
    (root / ".claude" / "skills" / "a").mkdir(parents=True)
    (root / ".claude" / "skills" / "a" / "SKILL.md").write_text(SKILL.format(name="a"), encoding="utf-8")
    assert cli("lint", ".claude", cwd=root).code in (0, 1)
    assert not (root / ".claude" / FOLDER).exists()
    assert (root / FOLDER).is_dir()


def test_old_format_folders_are_removed(cli, tmp_path: Path) -> None:
    root = _tree(tmp_path / "repo")
    old = root / FOLDER / ("lint-" + "0123456789abcdef0123")
    old.mkdir(parents=True)
    (old / "pack.bin").write_bytes(b"skillkit-lint-cache 2\n")
    _lint(cli, root)
    assert not old.exists()


@pytest.mark.parametrize("setting", ["..", "../elsewhere", "/tmp", "."])
def test_cache_dir_outside_the_repository_is_refused(cli, tmp_path: Path, setting: str) -> None:
    root = _tree(tmp_path / "repo")
    (root / "skillkit.yaml").write_text(f"cache-dir: {setting!r}\n", encoding="utf-8")
    outcome = cli("lint", ".", cwd=root)
    assert outcome.code == 2
    assert "cache-dir" in outcome.stderr and "outside the repository" in outcome.stderr
    assert not (tmp_path / ".gitignore").exists() and not (root / ".gitignore").exists()
    assert cli("lint", "--no-cache", ".", cwd=root).code == 0


def test_cache_dir_under_the_user_cache_folder_is_allowed(cli, tmp_path: Path, monkeypatch) -> None:
    root = _tree(tmp_path / "repo")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (root / "skillkit.yaml").write_text(f"cache-dir: {str(tmp_path / 'xdg' / 'skillkit')!r}\n", encoding="utf-8")
    assert cli("lint", ".", cwd=root).code == 0
    assert list((tmp_path / "xdg" / "skillkit").glob("lint-*/*.bin"))


def test_a_cache_dir_that_was_there_gets_no_gitignore(cli, tmp_path: Path) -> None:
    """`*` in a folder skillkit did not make would hide it from git."""
    root = _tree(tmp_path / "repo")
    (root / "build").mkdir()
    (root / "skillkit.yaml").write_text("cache-dir: build\n", encoding="utf-8")
    assert cli("lint", ".", cwd=root).code == 0
    assert list((root / "build").glob("lint-*/*.bin")) and not (root / "build" / ".gitignore").exists()


def test_clean_removes_the_repository_cache(cli, tmp_path: Path) -> None:
    root = _tree(tmp_path / "repo")
    _lint(cli, root)
    assert (root / FOLDER).is_dir()
    outcome = cli("clean", cwd=root / "skills")  # from anywhere in the repository
    assert outcome.code == 0 and "Removed the lint cache" in outcome.stdout, outcome
    assert not (root / FOLDER).exists()
    again = cli("clean", cwd=root)
    assert again.code == 0 and "No lint cache" in again.stdout
    assert cli("clean", "nowhere", cwd=root).code == 2


def test_clean_leaves_what_is_not_the_cache_in_a_cache_dir(cli, tmp_path: Path, monkeypatch) -> None:
    """In a folder `cache-dir` names, or the user's cache shared by repositories, only this
    repository's workspace folders go."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    shared = tmp_path / "xdg" / "skillkit"
    one, two = _tree(tmp_path / "one"), _tree(tmp_path / "two")
    for root in (one, two):
        (root / "skillkit.yaml").write_text(f"cache-dir: {str(shared)!r}\n", encoding="utf-8")
        _lint(cli, root)
    (shared / "notes.txt").write_text("mine\n", encoding="utf-8")
    assert len(list(shared.glob("lint-*"))) == 2
    assert cli("clean", cwd=one).code == 0
    assert len(list(shared.glob("lint-*"))) == 1 and (shared / "notes.txt").exists()
    assert "Removed" in cli("clean", cwd=two).stdout and not list(shared.glob("lint-*"))


def test_clean_help_teaches() -> None:
    from tests.conftest import run_cli

    outcome = run_cli("clean", "--help")
    assert outcome.code == 0
    for words in (".skillkit_cache", "cache-dir", "Exit 0", "--no-cache"):
        assert words in outcome.stdout
