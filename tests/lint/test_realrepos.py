"""Lint at the top of trees shaped like eight published skill repositories (fixtures/realrepos/,
small skills of our own in each one's layout): the files checked are exactly the skills the
clients load, and each report matches its golden file.

What git cannot carry well (links, a dangling link, generated copies a .gitignore leaves out,
node_modules) is made at run time by EXTRAS. Set SKILLKIT_UPDATE_GOLDEN=1 to rewrite the goldens.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Callable

import pytest

from tests.conftest import FIXTURES, write_skill

TREES = FIXTURES / "realrepos"
GOLDEN = Path(__file__).parent / "golden" / "realrepos"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def _copy(root: Path, name: str) -> None:
    write_skill(root, name, f"name: {Path(name).name}\ndescription: A generated copy nobody loads.")


def _anthropics(root: Path) -> None:
    _copy(root, "dist/poster-layout")  # a build output the .gitignore leaves out


def _obra(root: Path) -> None:
    _copy(root, "node_modules/some-package/skills/test-first")
    _copy(root, ".worktrees/feature-x/skills/root-cause")


def _trailofbits(root: Path) -> None:
    folder = root / "plugins" / "fuzzing" / "skills" / "corpus-minimizer"
    folder.mkdir(parents=True)
    os.symlink("../../../../shared/corpus-minimizer/SKILL.md", folder / "SKILL.md")  # its target is gone


def _wshobson(root: Path) -> None:
    (root / "plugins" / "ui-design" / "skills" / "color-systems" / "debug.log").write_text("x\n", encoding="utf-8")


def _kdense(root: Path) -> None:
    _copy(root, "scratch/draft-skill")


def _alirezarezvani(root: Path) -> None:
    (root / ".codex" / "skills").mkdir(parents=True)
    os.symlink("../../engineering/skills/release-notes", root / ".codex" / "skills" / "release-notes")
    os.symlink("../../engineering", root / ".codex" / "skills" / "engineering")  # a plugin folder, no SKILL.md
    _copy(root, "integrations/openclaw")
    (root / "AUDIT_REPORT.md").write_text("# Audit\n", encoding="utf-8")


EXTRAS: dict[str, Callable[[Path], None]] = {
    "anthropics-skills": _anthropics, "obra-superpowers": _obra, "trailofbits-skills": _trailofbits,
    "wshobson-agents": _wshobson, "k-dense-scientific-skills": _kdense, "alirezarezvani-claude-skills": _alirezarezvani,
}

# What the clients load from each tree (Claude Code, claude.ai, Codex, Gemini CLI, plugins),
# written out by hand: the list lint's --show-files must equal.
LOADED = {
    "anthropics-skills": ["skills/poster-layout/SKILL.md", "skills/table-tidy/SKILL.md", "template/SKILL.md"],
    "openai-skills": ["skills/.curated/ci-triage/SKILL.md", "skills/.curated/wiki-capture/SKILL.md",
                      "skills/.experimental/plan-first/SKILL.md", "skills/.system/skill-builder/SKILL.md"],
    "obra-superpowers": ["skills/root-cause/SKILL.md", "skills/test-first/SKILL.md"],
    "trailofbits-skills": ["plugins/code-audit/skills/diff-review/SKILL.md", "plugins/code-audit/skills/taint-trace/SKILL.md",
                           "plugins/fuzzing/skills/corpus-minimizer/SKILL.md",  # dangling: a finding, not an abort
                           "plugins/fuzzing/skills/harness-writer/SKILL.md"],
    "wshobson-agents": ["plugins/python-development/skills/async-patterns/SKILL.md",
                        "plugins/python-development/skills/packaging-basics/SKILL.md",
                        "plugins/ui-design/skills/color-systems/SKILL.md"],
    "k-dense-scientific-skills": ["scientific-skills/plate-reader/SKILL.md", "scientific-skills/sequence-stats/SKILL.md"],
    "alirezarezvani-claude-skills": [".claude/skills/repo-conventions/SKILL.md", ".gemini/skills/launch-plan/SKILL.md",
                                     "engineering/skills/api-review/SKILL.md", "engineering/skills/release-notes/SKILL.md",
                                     "marketing-skill/skills/launch-plan/SKILL.md"],
    "composio-awesome-claude-skills": ["changelog-writer/SKILL.md", "composio-skills/calendar-automation/SKILL.md",
                                       "composio-skills/tracker-automation/SKILL.md", "document-skills/slides/SKILL.md"],
}


def test_every_tree_has_its_expectations() -> None:
    assert sorted(p.name for p in TREES.iterdir() if p.is_dir()) == sorted(LOADED)


@pytest.fixture(params=sorted(LOADED))
def tree(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Path]:
    name = request.param
    root = tmp_path / name
    shutil.copytree(TREES / name, root, symlinks=True)
    (root / ".git").mkdir()  # the repository's top, as in a clone
    EXTRAS.get(name, lambda _: None)(root)
    return name, root


def _golden(name: str, data: object) -> object:
    golden = GOLDEN / name
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return json.loads(golden.read_text(encoding="utf-8"))


def _codex_files(root: Path, name: str) -> list[str]:
    """Codex's `agents/openai.yaml` of each skill clients load."""
    return sorted(f"{skill.rsplit('/', 1)[0]}/agents/openai.yaml" for skill in LOADED[name]
                  if (root / skill).parent.joinpath("agents", "openai.yaml").is_file())


def test_checked_files_are_what_clients_load(cli, tree: tuple[str, Path]) -> None:
    name, root = tree
    outcome = cli("lint", "--show-files", "--format", "json", cwd=root)
    assert outcome.code == 0, outcome.stderr
    shown = json.loads(outcome.stdout)
    assert [f for f in shown["files"] if f.endswith("SKILL.md")] == LOADED[name]
    # Beside them, only each loaded skill's own Codex settings (checked as Codex reads them).
    assert [f for f in shown["files"] if not f.endswith("SKILL.md")] == _codex_files(root, name)
    assert shown == _golden(f"{name}.files.json", shown)


def test_report_matches_its_golden(cli, tree: tuple[str, Path]) -> None:
    name, root = tree
    outcome = cli("lint", "--format", "json", cwd=root)
    assert outcome.code in (0, 1) and "Traceback" not in outcome.stderr, outcome.stderr
    report = json.loads(outcome.stdout)
    assert report["summary"]["files"] == len(LOADED[name]) + len(_codex_files(root, name))
    assert report == _golden(f"{name}.report.json", report)


def test_a_dangling_link_is_a_finding_and_the_rest_is_reported(cli, tmp_path: Path) -> None:
    root = tmp_path / "trailofbits-skills"
    shutil.copytree(TREES / root.name, root, symlinks=True)
    _trailofbits(root)
    report = json.loads(cli("lint", "--format", "json", cwd=root).stdout)
    unreadable = [d["path"] for d in report["diagnostics"] if d["rule"] == "file-unreadable"]
    assert unreadable == ["plugins/fuzzing/skills/corpus-minimizer/SKILL.md"]
    assert report["summary"]["files"] == 4 + len(_codex_files(root, "trailofbits-skills"))
    # Codex's agents/openai.yaml is the skill's, never a platform agent file.
    assert not any(d["rule"] == "agent-file" for d in report["diagnostics"])
