"""Findings on fixtures shaped like what a differential over public skill repositories found
(benchmarks/differential.md): each false finding fixed there has its shape here, through
the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES

SHAPES = FIXTURES / "lint" / "real-shapes"


def lint(cli, folder: Path, *args: str) -> list[dict]:
    outcome = cli("lint", "--format", "json", *args, ".", cwd=folder)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    return json.loads(outcome.stdout)["diagnostics"]


def brief(found: list[dict]) -> set[tuple[str, int, str, str]]:
    return {(d["path"], d["line"], d["rule"], d["message"]) for d in found}


def test_links_are_read_as_clients_read_them(cli):
    """An output template's placeholder links under assets/ are not followed; a link back to
    SKILL.md or to a page SKILL.md links itself is no chain; an existing file outside the
    skill does not travel, a missing one is a broken link; with no frontmatter, links are
    still checked. Not followed either: a README's links (for people browsing the repository),
    an ellipsis or a template's stand-in (`[path](url)`, `([File].kt:123)`) for a link, a hidden
    folder of the user's project the skill writes."""
    found = brief(lint(cli, SHAPES / "links", "--select", "references"))
    assert found == {
        ("skills/bare/SKILL.md", 3, "references", "`guide.md` does not exist"),
        ("skills/report/SKILL.md", 9, "references",
         "`../../shared/style.md` is outside the skill's folder and does not travel with it"),
        ("skills/report/SKILL.md", 10, "references",
         "broken link: `../../shared/legacy-style.md` does not exist (it points outside the skill's folder)"),
    }


def test_a_link_into_the_users_home_folder_is_not_checked_in_the_checkout(cli, tmp_path):
    """`[schema](~/.claude/shared/schemas/model.md)` (thoughtspot-agent-skills' references):
    a path in the home folder of whoever installed the skill, as an absolute path is; it
    names no file of the checkout, beside the linking file or anywhere."""
    folder = tmp_path / "skills" / "coach"
    (folder / "references").mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: coach\ndescription: Coaches a model's design when asked to.\n---\n"
                                     "Read [the rules](references/rules.md).\n", encoding="utf-8")
    (folder / "references" / "rules.md").write_text("See [the schema](~/.claude/shared/schemas/model.md) and "
                                                    "[a page](~draft.md).\n", encoding="utf-8")
    found = brief(lint(cli, tmp_path, "--select", "references"))
    assert found == {("skills/coach/references/rules.md", 1, "references",
                      "`~draft.md` does not exist (from `references/rules.md` it points at `references/~draft.md`; "
                      "links resolve from the folder of the file that holds them)")}


def test_orphans_of_a_big_bundle_are_found_in_one_pass(cli, tmp_path):
    """A skill carrying 300 reference pages (as vendors' documentation bundles do), each
    naming two others by file name; the odd-numbered pages are named by none. orphan-file
    reports exactly those, whatever the bundle's size (one pass over the texts)."""
    folder = tmp_path / "skills" / "big"
    (folder / "references").mkdir(parents=True)
    names = [f"page-{i:03d}.md" for i in range(300)]
    for i, name in enumerate(names):
        named = [names[(i + step) // 2 * 2 % 300] for step in (2, 8)]
        (folder / "references" / name).write_text(f"# Page {i}\n\nSee {named[0]} and `{named[1]}`.\n", encoding="utf-8")
    (folder / "SKILL.md").write_text("---\nname: big\ndescription: Reads the pages of the big bundle when asked.\n---\n"
                                     "Start at [the first page](references/page-000.md).\n", encoding="utf-8")
    found = lint(cli, tmp_path, "--select", "orphan-file")
    orphans = {d["path"].rsplit("/", 1)[-1] for d in found}
    assert orphans == {name for i, name in enumerate(names) if i % 2}


def _skill(root: Path, rel: str, name: str) -> None:
    folder = root / rel
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Plans the feature {name} when asked about it.\n"
                                     "---\nPlan it.\n", encoding="utf-8")


def test_names_clash_only_where_one_client_loads_both(cli, tmp_path):
    """Shaped like real repositories: the same skill in a client's folder and in a plugin
    (two clients' copies), a preview copy and a generated staging copy beside the skills/
    collection (no client loads them): no clash. Two of one name in one skills/ collection,
    at any depth, or in one client folder's plugin, clash."""
    (tmp_path / ".git").mkdir()
    _skill(tmp_path, ".github/skills/pbi-creator", "pbi-creator")
    (tmp_path / "orchestrator-plugin" / ".claude-plugin").mkdir(parents=True)
    _skill(tmp_path, "orchestrator-plugin/skills/pbi-creator", "pbi-creator")
    _skill(tmp_path, "skills/maestro-flow", "maestro-flow")
    _skill(tmp_path, "preview/maestro-flow", "maestro-flow")
    _skill(tmp_path, "planned-skills/generated/maestro-flow", "maestro-flow")
    assert [d for d in lint(cli, tmp_path) if d["rule"] == "name-unique"] == []
    _skill(tmp_path, "skills/flows/maestro-copy", "maestro-flow")
    clashes = {d["path"] for d in lint(cli, tmp_path) if d["rule"] == "name-unique"}
    assert clashes == {"skills/maestro-flow/SKILL.md", "skills/flows/maestro-copy/SKILL.md"}


def test_show_files_says_which_skills_no_client_loads(cli, tmp_path):
    (tmp_path / ".git").mkdir()
    _skill(tmp_path, "skills/maestro-flow", "maestro-flow")
    _skill(tmp_path, "preview/maestro-flow", "maestro-flow")
    (tmp_path / "market" / ".claude-plugin").mkdir(parents=True)
    (tmp_path / "market" / ".claude-plugin" / "plugin.json").write_text('{"name": "m", "skills": "./docs-skill/"}',
                                                                        encoding="utf-8")
    _skill(tmp_path, "market/docs-skill", "docs-skill")  # named by the plugin's manifest: loaded
    shown = cli("lint", "--show-files", ".", cwd=tmp_path).stdout.splitlines()
    assert "preview/maestro-flow/SKILL.md  (no client loads it: linted on its own)" in shown
    assert "skills/maestro-flow/SKILL.md" in shown and "market/docs-skill/SKILL.md" in shown
    listed = json.loads(cli("lint", "--show-files", "--format", "json", ".", cwd=tmp_path).stdout)
    assert listed["unloaded"] == ["preview/maestro-flow/SKILL.md"]


def test_a_linked_skills_folder_is_said_to_be_one(cli, tmp_path):
    """`.claude/skills -> ../.agents/skills`, as Codex-first repositories link it."""
    import os

    (tmp_path / ".git").mkdir()
    _skill(tmp_path, ".agents/skills/review", "review")
    (tmp_path / ".claude").mkdir()
    os.symlink("../.agents/skills", tmp_path / ".claude" / "skills")
    listed = json.loads(cli("lint", "--show-files", "--format", "json", ".", cwd=tmp_path).stdout)
    reasons = {item["path"]: item["reason"] for item in listed["left_out"]}
    assert reasons[".claude/skills/"] == ("a linked skills folder (-> ../.agents/skills, 1 skill): links are not "
                                          "walked; they are checked there")
    assert listed["files"] == [".agents/skills/review/SKILL.md"]


def test_client_skills_carry_their_own_keys_without_platform_errors(cli, tmp_path):
    """Shaped like an agent's own skills folder (`.hermes/skills/<category>/<name>`) and a
    Claude Code plugin: `version: 1.0.0`, `tools: [Read, Bash]`, `trigger: ...` and a body
    over the platform's 65,536 characters are their client's business. Said (warnings), not
    failed, unless the workspace is a platform one."""
    (tmp_path / ".git").mkdir()
    folder = tmp_path / ".hermes" / "skills" / "software" / "pr-workflow"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: pr-workflow\ndescription: Follows a pull request up when asked.\n"
                                     "version: 1.0.0\n---\n" + "Check the pull request.\n" * 3000, encoding="utf-8")
    plugin = tmp_path / "plugins" / "os"
    (plugin / ".claude-plugin").mkdir(parents=True)
    (plugin / "skills" / "architect").mkdir(parents=True)
    (plugin / "skills" / "architect" / "SKILL.md").write_text(
        "---\nname: architect\ndescription: Plans the agent system when asked.\ntools: [Bash, Read]\n"
        "trigger: concurrent agents, shared event log\n---\nPlan.\n", encoding="utf-8")
    found = lint(cli, tmp_path)
    assert [d for d in found if d["severity"] == "error"] == []
    rules = {d["rule"] for d in found}
    assert {"body-length", "tool-reference", "unknown-field"} <= rules
    (tmp_path / "catalog.yaml").write_text("actions: {}\n", encoding="utf-8")  # a platform workspace: errors again
    assert {d["rule"] for d in lint(cli, tmp_path, "--profile", "platform") if d["severity"] == "error"} >= {"body-length"}


def test_a_typo_of_a_studio_field_outside_a_clients_folder_is_an_error(cli, tmp_path):
    """The softening above is for a client's own folder or plugin: in a workspace's `skills/`,
    `triger:` one edit from `triggers` is the error with a did-you-mean that a typo is."""
    (tmp_path / ".git").mkdir()
    folder = tmp_path / "skills" / "helper"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: helper\ndescription: Helps with the weather when asked.\n"
                                     "triger: [rain]\n---\nHelp.\n", encoding="utf-8")
    found = [d for d in lint(cli, tmp_path) if d["rule"] == "unknown-field"]
    assert [(d["severity"], d["message"]) for d in found] == [("error", "unknown key `triger` (did you mean `triggers`?)")]


def test_a_skill_linked_from_a_client_folder_is_checked_where_it_is(cli, tmp_path):
    """Shaped like a repository whose `.claude/commands/<name>` link to `skills/<name>`: the
    skill is checked (and its links resolved) at its own path, and the link is said to be
    one; a link to a sibling that exists beside the real folder is no broken link."""
    import os

    (tmp_path / ".git").mkdir()
    _skill(tmp_path, "skills/workflow", "workflow")
    _skill(tmp_path, "skills/patterns", "patterns")
    (tmp_path / "skills" / "workflow" / "SKILL.md").write_text(
        "---\nname: workflow\ndescription: Runs the design workflow when asked.\n---\n"
        "Then read [the patterns](../patterns/SKILL.md).\n", encoding="utf-8")
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    os.symlink("../../skills/workflow", tmp_path / ".claude" / "commands" / "workflow")
    listed = json.loads(cli("lint", "--show-files", "--format", "json", ".", cwd=tmp_path).stdout)
    assert listed["files"] == ["skills/patterns/SKILL.md", "skills/workflow/SKILL.md"]
    assert {"path": ".claude/commands/workflow/", "reason": "a link to skills/workflow/, checked there"} in listed["left_out"]
    found = lint(cli, tmp_path, "--select", "references")
    assert all("broken link" not in d["message"] for d in found)
