"""Discovery is a classifier over a file-system view (core/fsview.py, core/classifier.py):
driven here by a tree held in memory, with every call to the OS made to fail; and the fast
views (the named-files shortcut, listings a walk recorded) are held to the plain one: the
same discovery, for every fixture workspace and for generated trees."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from skillkit.core import classifier, workspace
from skillkit.core.errors import InputError
from skillkit.core.fingerprint import fingerprint_folder, fingerprint_with
from skillkit.core.fsview import ListedView, NamedView, PlainView
from skillkit.core.kinds import marks_root
from skillkit.core.named import WalkedSkills
from skillkit.core.spaces import Workspace
from skillkit.core.walk import Folder, LeftOut, WalkRules

REPO = Path(__file__).resolve().parents[2]
T = TypeVar("T")


@dataclass(frozen=True)
class MemEntry:
    """A listing's entry, as os.DirEntry answers (the classifier asks no more of one)."""

    name: str
    path: str
    kind: str  # "file", "dir", or "link" (to `target`)
    target: str = ""

    def is_dir(self, follow_symlinks: bool = True) -> bool:
        return self.kind == "dir"

    def is_file(self, follow_symlinks: bool = True) -> bool:
        return self.kind == "file"

    def is_symlink(self) -> bool:
        return self.kind == "link"


@dataclass
class MemWalk:
    tree: dict[str, tuple[str, str]]  # absolute path -> (kind, content or link target)
    top: str
    left_out: list[LeftOut] = field(default_factory=list)
    listed: dict[str, list[os.DirEntry[str]]] = field(default_factory=dict)

    def folders(self) -> Iterator[Folder]:
        stack = [(self.top, "")]
        while stack:
            where, rel = stack.pop()
            entries = sorted((MemEntry(p.rpartition("/")[2], p, kind, text) for p, (kind, text) in self.tree.items()
                              if p.rpartition("/")[0] == where), key=lambda e: e.name)
            dirs = [e for e in entries if e.kind == "dir"]
            files = [e for e in entries if e.kind != "dir"]
            folder = Folder(where, rel, dirs, files, names={e.name for e in entries})  # type: ignore[arg-type]
            yield folder
            for entry in reversed(folder.dirs):
                stack.append((entry.path, f"{rel}/{entry.name}" if rel else entry.name))


class MemoryView:
    """A file system held in a dict: what discovery may ask, and nothing from the disk."""

    def __init__(self, files: dict[str, str], links: dict[str, str] | None = None) -> None:
        self.tree: dict[str, tuple[str, str]] = {}
        for path, text in files.items():
            self.tree[path] = ("file", text)
            for parent in Path(path).parents:
                if str(parent) != "/":
                    self.tree.setdefault(str(parent), ("dir", ""))
        for path, target in (links or {}).items():
            self.tree[path] = ("link", target)

    def walk(self, top: Path, rules: WalkRules) -> MemWalk:
        return MemWalk(self.tree, str(top))

    def show(self, path: Path) -> str:
        return path.as_posix()

    def tool_table(self, pyproject: Path) -> bool:
        return "[tool.skillkit]" in self.tree.get(str(pyproject), ("", ""))[1]

    def is_root(self, folder: Path) -> bool:
        entries = [(p.rpartition("/")[2], kind) for p, (kind, _) in self.tree.items()
                   if p.rpartition("/")[0] == str(folder)]
        return marks_root({n for n, k in entries if k == "dir"}, {n for n, k in entries if k != "dir"},
                          lambda: self.tool_table(folder / "pyproject.toml"))

    def _follow(self, path: str) -> tuple[str, str] | None:
        kind, text = self.tree.get(path, ("", ""))
        if kind == "link":
            return self._follow(text)
        return (kind, text) if kind else None

    def is_file(self, path: Path) -> bool:
        return (self._follow(str(path)) or ("",))[0] == "file"

    def is_dir(self, path: str) -> bool:
        return (self._follow(path) or ("",))[0] == "dir"

    def lexists(self, path: str) -> bool:
        head, _, name = path.rpartition("/")
        real = self.tree.get(head, ("", ""))
        return path in self.tree or (real[0] == "link" and f"{real[1]}/{name}" in self.tree)

    def link_reason(self, link: str, top: Path) -> str:
        return f"a link to {self.tree[link][1]}"

    def named_skill(self, absolute: str, walked: WalkedSkills) -> Path | None:
        return None

    def exists(self, path: Path) -> bool:
        return self._follow(str(path)) is not None

    def has_git(self, folder: str) -> bool:
        return f"{folder}/.git" in self.tree

    def is_link(self, path: str) -> bool:
        return self.tree.get(path, ("",))[0] == "link"

    def realpath(self, path: str) -> str:
        return path  # (links in this tree are to folders outside what is named)

    def resolve(self, path: Path) -> Path:
        return path

    def repo_top(self, path: Path) -> Path | None:
        return next((p for p in (path, *path.parents) if self.has_git(str(p))), None)

    def file_identity(self, path: Path) -> object:
        return str(path)

    def cwd(self) -> str | None:
        return "/m"

    def named_is_folder(self, path: Path) -> bool:
        found = self._follow(str(path))
        if found is None:
            raise InputError("no such file or folder", str(path))
        return found[0] == "dir"


def without_disk(run: Callable[[], T]) -> T:
    """What `run` returns, with every way to the disk made to fail (and the test with it)."""
    asked: list[tuple[object, ...]] = []

    def refuse(*args: object, **kwargs: object) -> None:
        asked.append(args)
        raise AssertionError("discovery asked the OS")

    with pytest.MonkeyPatch.context() as patch:
        for name in ("scandir", "listdir", "stat", "lstat", "open", "readlink", "getcwd", "access"):
            patch.setattr(os, name, refuse)
        result = run()
    assert asked == []
    return result


def sorted_without_disk(view: MemoryView, origin: object = None) -> tuple[list[Workspace], list[LeftOut]]:
    """The classifier's sorting of the view's tree, the OS refused."""
    left_out: list[LeftOut] = []
    spaces = without_disk(lambda: classifier.sort_tree(view, Path("/m"), WalkRules(), left_out,  # type: ignore[arg-type]
                                                       origin))
    return spaces, left_out


def test_an_in_memory_view_drives_the_classifier() -> None:
    view = MemoryView({
        "/m/skillkit.yaml": "", "/m/catalog.yaml": "",
        "/m/skills/a/SKILL.md": "", "/m/skills/a/agents/openai.yaml": "",  # a Codex skill's settings
        "/m/skills/a/references/inner/SKILL.md": "",                     # nested in a skill
        "/m/agents/helper.yaml": "", "/m/agents/notes.txt": "",
        "/m/tools/t.yml": "", "/m/infra/agents/k8s.yaml": "",            # only directly in a root
        "/m/plugin/.claude-plugin/plugin.json": "",
        "/m/shared/linked/SKILL.md": "", "/m/shared/other/readme.md": "",
        "/m/lib/pyproject.toml": "[tool.skillkit]\n", "/m/lib/x/SKILL.md": "",
        "/m/lib/scenes/s.yaml": "",
    }, links={"/m/skills/linked": "/m/shared/linked", "/m/skills/empty": "/m/shared/other"})
    spaces, left_out = sorted_without_disk(view)
    by_root = {space.root: space for space in spaces}
    assert list(by_root) == [Path("/m"), Path("/m/lib")]
    root, lib = by_root[Path("/m")], by_root[Path("/m/lib")]
    assert root.skills == [Path("/m/shared/linked/SKILL.md"), Path("/m/skills/linked/SKILL.md"),
                           Path("/m/skills/a/SKILL.md")]  # (a folder's linked skills as it is listed)
    assert root.linked == {Path("/m/skills/linked/SKILL.md")}
    assert root.documents == [("codex-agent", Path("/m/skills/a/agents/openai.yaml")),
                              ("tool", Path("/m/tools/t.yml")), ("agent", Path("/m/agents/helper.yaml")),
                              ("catalog", Path("/m/catalog.yaml"))]
    assert root.nested == [(Path("/m/skills/a/SKILL.md"), Path("/m/skills/a/references/inner/SKILL.md"))]
    assert root.plugins == [Path("/m/plugin")]
    assert lib.skills == [Path("/m/lib/x/SKILL.md")] and lib.documents == [("scene", Path("/m/lib/scenes/s.yaml"))]
    assert [(o.path, o.reason) for o in left_out] == [
        (Path("/m/skills/empty"), "a link to /m/shared/other"),
        (Path("/m/skills/a/references/inner/SKILL.md"),
         "a skill nested inside /m/skills/a/: clients do not load it (name it to check it)")]


def test_a_skill_folder_is_never_a_root_and_loose_skills_have_none() -> None:
    view = MemoryView({"/m/a/SKILL.md": "", "/m/a/skillkit.yaml": "", "/m/a/skills/b/SKILL.md": ""})
    (space,), _ = sorted_without_disk(view, "here")
    assert (space.root, space.origin, space.skills) == (None, "here", [Path("/m/a/SKILL.md")])
    assert space.nested == [(Path("/m/a/SKILL.md"), Path("/m/a/skills/b/SKILL.md"))]


def test_an_in_memory_view_drives_discovery_of_named_paths() -> None:
    view = MemoryView({"/m/.git/HEAD": "", "/m/skills/a/SKILL.md": "", "/m/skills/b/SKILL.md": "",
                       "/m/agents/x.yaml": "", "/m/infra/agents/y.yaml": "", "/m/skillkit.yaml": "",
                       "/m/loose/c/SKILL.md": "", "/m/loose/skillkit.yaml": "", "/n/d/SKILL.md": ""})
    named = ["/m/skills/a/SKILL.md", "/m/agents/x.yaml", "/m/infra/agents/y.yaml", "/m/skillkit.yaml", "/n/d/SKILL.md"]
    found = without_disk(lambda: workspace.discover_all(named, WalkRules(), view))  # type: ignore[arg-type]
    loose, root = found.spaces  # (loose files first: as they were named, the roots read for context after)
    assert (root.root, root.skills, root.documents) == (
        Path("/m"), [Path("/m/skills/a/SKILL.md"), Path("/m/skills/b/SKILL.md")], [("agent", Path("/m/agents/x.yaml"))])
    assert root.only == {"/m/skills/a/SKILL.md", "/m/agents/x.yaml"}  # the workspace is context, these are reported
    assert (loose.root, loose.skills, loose.origin) == (None, [Path("/n/d/SKILL.md")], ("path", 4))
    assert found.settings == [Path("/m/skillkit.yaml")]
    assert [(o.path, o.reason) for o in found.left_out] == [
        (Path("/m/infra/agents/y.yaml"), "not a skillkit file here")]
    with pytest.raises(InputError):
        without_disk(lambda: workspace.discover_all(["/m/missing"], WalkRules(), view))  # type: ignore[arg-type]


def found(paths: list[str], top: Path, view: object) -> object:
    """Everything discovery says of `paths` (from `top`) through `view`, or its error."""
    before = os.getcwd()
    os.chdir(top)
    try:
        discovery = workspace.discover_all(paths, WalkRules(), view)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - the same error either way is what is compared
        return ("error", type(exc).__name__, str(exc))
    finally:
        os.chdir(before)
    spaces = [(space.root, space.skills, space.documents, space.only, space.nested, space.unreadable,
               sorted(space.linked), space.plugins, [space.reports(p) for p in space.skills])
              for space in discovery.spaces]
    return spaces, [(o.path, o.is_dir, o.reason) for o in discovery.left_out], discovery.settings


def recorded(top: Path) -> ListedView:
    """The listings a plain walk of `top` recorded, as lint's cache is handed them."""
    listings: dict[str, list[os.DirEntry[str]]] = {}
    for space in workspace.discover_all([top], WalkRules(), PlainView()).spaces:
        listings.update(space.listings)
    return ListedView(listings)


def named_forms(top: Path) -> list[list[str]]:
    """Ways a run names a tree: the folder, every skillkit file in it (as pre-commit does),
    both; relative to `top`, as the run is started from there."""
    files = sorted(str(p.relative_to(top)) for p in top.rglob("*")
                   if p.name in ("SKILL.md", "catalog.yaml", "skillkit.yaml") or p.parent.name in ("agents", "tools"))
    return [["."], files, [".", *files[:3]]] if files else [["."]]


def assert_views_agree(top: Path) -> None:
    for paths in named_forms(top):
        plain = found(paths, top, PlainView())
        assert found(paths, top, NamedView()) == plain, paths
        assert found(paths, top, recorded(top)) == plain, paths


FIXTURES = sorted({p for p in (REPO / "fixtures").glob("*/*") if p.is_dir() and not p.is_symlink()
                   and any(p.rglob("SKILL.md"))} | {REPO / "fixtures" / "workspace"})


@pytest.mark.parametrize("top", FIXTURES, ids=lambda p: str(p.relative_to(REPO / "fixtures")))
def test_every_view_finds_what_the_plain_one_finds_in_the_fixtures(top: Path) -> None:
    assert_views_agree(top)


def test_the_fixtures_are_there() -> None:
    assert len(FIXTURES) > 20 and REPO / "fixtures" / "realrepos" / "anthropics-skills" in FIXTURES


PARTS = ["skills", "agents", "tools", ".claude", "refs", "a", "b"]
LEAVES = ["SKILL.md", "skillkit.yaml", "catalog.yaml", "x.yaml", "notes.md", ".gitignore", ".git"]


@st.composite
def trees(draw: st.DrawFn) -> list[tuple[str, str]]:
    """Files (folders made as needed), a `.gitignore` or a repository's `.git` maybe, and
    links to folders and files (a linked skill folder, a SKILL.md that is a link)."""
    folders = draw(st.lists(st.lists(st.sampled_from(PARTS), min_size=0, max_size=4).map("/".join),
                            min_size=1, max_size=8))
    files = [(f"{folder}/{leaf}".lstrip("/"), "file") for folder in folders
             for leaf in draw(st.lists(st.sampled_from(LEAVES), max_size=3, unique=True))]
    targets = folders + [rel for rel, _ in files]
    link = st.tuples(st.sampled_from(folders), st.sampled_from(targets), st.sampled_from(["link", "SKILL.md"]))
    links = draw(st.lists(link, max_size=3))
    return files + [(f"{src}/{name}{n if name == 'link' else ''}".lstrip("/"), f"link:{dst}")
                    for n, (src, dst, name) in enumerate(links)]


def build(top: Path, tree: list[tuple[str, str]]) -> None:
    for rel, what in tree:
        path = top / rel
        if path.exists() or path.is_symlink() or any(p.is_file() or p.is_symlink() for p in path.parents):
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if what.startswith("link:"):
            os.symlink(top / what[5:], path)
        elif path.name == ".gitignore":
            path.write_text("refs/\n", encoding="utf-8")
        else:
            path.write_text("---\nname: a\ndescription: b\n---\n" if path.name == "SKILL.md" else "", encoding="utf-8")


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tree=trees())
def test_every_view_finds_what_the_plain_one_finds_in_generated_trees(tree: list[tuple[str, str]],
                                                                     tmp_path_factory: pytest.TempPathFactory) -> None:
    top = tmp_path_factory.mktemp("tree")
    (top / ".git").mkdir()
    build(top, tree)
    assert_views_agree(top)


@pytest.mark.parametrize("top", FIXTURES, ids=lambda p: str(p.relative_to(REPO / "fixtures")))
def test_the_cache_fingerprints_through_the_recorded_view_what_the_disk_holds(top: Path) -> None:
    """Lint's cache lists a skill's folder for its fingerprint through discovery's view of what
    the walk recorded (core/cache.py: ListedView): the same files, so the same digest, as
    listing the folder from the disk."""
    view = recorded(top)
    for space in workspace.discover_all([top], WalkRules(), PlainView()).spaces:
        for skill in space.skills:
            folder = str(skill.parent)
            assert fingerprint_with(folder, view.scan, {}, 0.0, "").digest == fingerprint_folder(folder).digest
