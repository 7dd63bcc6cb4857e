"""Shared by the import tests: fixture paths, reading the skills an import wrote, linting them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "import"


def staged(tmp_path: Path, name: str) -> Path:
    """A copy of a fixture in the test's folder, so paths in reports are short and stable."""
    target = tmp_path / Path(name).name
    shutil.copyfile(FIXTURES / name, target)
    return target


def skill(folder: Path) -> tuple[dict, str]:
    """(frontmatter, body) of folder/SKILL.md."""
    text = (folder / "SKILL.md").read_text(encoding="utf-8")
    head, body = text.removeprefix("---\n").split("\n---\n", 1)
    return yaml.safe_load(head), body


def skills(root: Path) -> dict[str, dict]:
    return {p.name: skill(p)[0] for p in sorted(root.iterdir()) if (p / "SKILL.md").is_file()}


def run_import(cli, tmp_path: Path, fixture: str, *extra: str) -> dict:
    """Import a fixture into tmp_path/skills with --format json; returns the report."""
    out = cli("import", staged(tmp_path, fixture), "--format", "json", *extra, cwd=tmp_path)
    assert out.code == 0, out.stderr
    return json.loads(out.stdout)


def assert_lints_clean(cli, folder: Path) -> None:
    """The real `skillkit lint`: exit 0, no error and no warning, under default and studio profiles."""
    for profile in ("default", "studio"):
        out = cli("lint", folder, "--format", "json", "--profile", profile)
        report = json.loads(out.stdout)
        assert out.code == 0, out.stdout
        assert report["summary"]["errors"] == 0 and report["summary"]["warnings"] == 0, (profile, report)
        # The only findings allowed, both info: `probability` is kept but unused, as the
        # field reference says, and an entry's title that became a description too short to pick it by.
        assert {d["rule"] for d in report["diagnostics"]} <= {"unused-fields", "description-short"}, report
        assert {d["severity"] for d in report["diagnostics"]} <= {"info"}, report
