"""Fixes for what skillkit knows, through the real CLI: safe fixes (`--fix`) cannot change
meaning; unsafe ones (`--fix --unsafe-fixes`) may, as ruff's: renaming a mistyped key turns it on."""

from __future__ import annotations

import json

import pytest

from skillkit.rules import RULESET

DESCRIPTION = "description: Reads the ledger when the user asks about accounts.\n"


def skill(tmp_path, frontmatter: str, body: str = "Body\n", name: str = "a"):
    folder = tmp_path / "skills" / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "SKILL.md"
    path.write_text(f"---\nname: {name}\n{DESCRIPTION}{frontmatter}---\n{body}", encoding="utf-8")
    return path


def rules(cli, cwd) -> list[str]:
    return [d["rule"] for d in json.loads(cli("lint", "--format", "json", cwd=cwd).stdout)["diagnostics"]]


def test_a_mistyped_key_is_renamed_only_by_unsafe_fixes(cli, tmp_path):
    path = skill(tmp_path, "alowed-tools: Read  # read only\n")
    before = path.read_text()
    fixed = cli("lint", "--fix", cwd=tmp_path)
    assert fixed.code == 1 and path.read_text() == before and "Fixed 0 findings." in fixed.stderr
    assert "[-]" in cli("lint", "--statistics", cwd=tmp_path).stdout  # fixable, but not safely
    diff = cli("lint", "--diff", "--unsafe-fixes", cwd=tmp_path)
    assert "-alowed-tools: Read  # read only\n+allowed-tools: Read  # read only" in diff.stdout
    assert path.read_text() == before
    unsafe = cli("lint", "--fix", "--unsafe-fixes", cwd=tmp_path)
    assert unsafe.code == 0 and "Fixed 1 finding." in unsafe.stderr
    assert path.read_text() == before.replace("alowed-tools", "allowed-tools")  # the comment kept


@pytest.mark.parametrize("frontmatter", [
    "hools: x\n",                                       # one edit from `hooks` and from `tools`: no fix
    "alowd-tools: Read\n",                              # two edits from `allowed-tools`
    "licence: MIT\nlicense: MIT\n",                     # the field is set already
    '"licence": MIT\n',                                 # a quoted key is left as written
])
def test_no_rename_when_the_field_meant_is_not_certain(cli, tmp_path, frontmatter):
    path = skill(tmp_path, frontmatter)
    before = path.read_text()
    cli("lint", "--fix", "--unsafe-fixes", cwd=tmp_path)
    assert path.read_text() == before


def test_unused_suppressions_are_removed_safely(cli, tmp_path):
    path = skill(tmp_path, "triggers: [x]   # skillkit: ignore[trigger-blank, nope]\n"
                           "# skillkit: ignore-file[body-size]\n",
                 "Intro.\n\n<!-- skillkit: ignore[body-size] -->\nText\nMore\n<!-- skillkit: ignore[body-size] -->\nEnd\n")
    assert rules(cli, tmp_path).count("unused-suppression") == 5
    fixed = cli("lint", "--fix", cwd=tmp_path)
    assert "Fixed 4 findings." in fixed.stderr
    # The comment under a paragraph stays: without it `End` would join the `More` paragraph.
    assert path.read_text() == (f"---\nname: a\n{DESCRIPTION}triggers: [x]\n---\n"
                                "Intro.\n\nText\nMore\n<!-- skillkit: ignore[body-size] -->\nEnd\n")
    assert rules(cli, tmp_path) == ["unused-suppression"]


def test_a_value_yaml_typed_on_its_own_is_quoted_as_written(cli, tmp_path):
    path = skill(tmp_path, "metadata:\n  updated: 2026-03-05\n  version: 1.0   # of the notes\n")
    cli("lint", "--fix", cwd=tmp_path)
    assert 'updated: "2026-03-05"\n  version: "1.0"   # of the notes\n' in path.read_text()
    assert rules(cli, tmp_path) == []


def test_a_name_is_renamed_to_its_suggestion_only_by_unsafe_fixes(cli, tmp_path):
    path = skill(tmp_path, "", name="Lore_Book")
    cli("lint", "--fix", cwd=tmp_path)
    assert "name: Lore_Book\n" in path.read_text()
    cli("lint", "--fix", "--unsafe-fixes", cwd=tmp_path)
    assert "name: lore-book\n" in path.read_text()


def test_rules_lists_each_fix_and_its_safety(cli):
    listed = {r["id"]: r["fix"] for r in json.loads(cli("rules", "--format", "json").stdout)}
    assert {rule: ("safe" if fix.safe else "unsafe") for rule, fix in RULESET.fixes.items()} == \
        {rule: fix for rule, fix in listed.items() if fix}
    assert {"unused-suppression", "agent-skills-fields", "trigger-blank", "byte-order-mark",
            "allowed-tools-list"} <= {rule for rule, fix in listed.items() if fix == "safe"}
    assert {"unknown-field", "name-format"} <= {rule for rule, fix in listed.items() if fix == "unsafe"}
    assert cli("rules", "unknown-field").stdout.startswith("unknown-field (warning, all, fix: unsafe")
    assert cli("rules", "name-folder").stdout.startswith("name-folder (error, all, no fix)")
