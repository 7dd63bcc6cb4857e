"""The seed's "Skill references", one test per sentence, on fixtures/platform/ workspaces.

skill-references/ breaks every write-time rule once, each on its own line of
agents/writer.yaml (and agents/webhook.yaml for the handler kind); merging/ is clean.
"""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import REPO
from tests.platform.conftest import PLATFORM


def test_skills_lists_in_order_the_skills_an_action_may_load(resolve):
    # "skills lists, in order, the skills an action may load."
    done = resolve("merging")
    assert [s["name"] for s in done.agent("pinned-wins")["skills"]] == ["browse", "triage"]
    assert [s["name"] for s in done.agent("pinned-first")["skills"]] == ["triage", "browse"]
    assert all(s["listed"] and s["loads"] for s in done.agent("pinned-wins")["skills"])


def test_when_the_definition_is_written_each_name_resolves_to_the_skills_action(resolve):
    # "When the definition is written, each name resolves to the skill's action, and reads
    # return it as actionId." A name resolves to a workspace file or to a published action.
    done = resolve("merging")
    browse, digest = done.skill("preloads", "browse"), done.skill("preloads", "digest")
    assert browse["source"] == "fixtures/platform/merging/skills/browse/SKILL.md" and browse["version"] == 2
    assert digest["source"] == "fixtures/platform/merging/catalog.yaml" and digest["version"] == 1  # catalog only


# "A missing, duplicate, disabled, or deleted skill, an action that is not a skill, a version
# the skill does not have, or a skill whose name is also the name the model sees for one of
# the action's tools fails the write." One case per item, each on its reference's own line.
FAILS_THE_WRITE = [
    ("missing", "skill-ref-missing", 7, "no skill 'no-such-skill' in catalog.yaml or the workspace"),
    ("duplicate", "skill-ref-duplicate", 8, "skill 'drafting' is listed twice (first on line 6)"),
    ("disabled", "skill-ref-state", 9, "skill 'retired' is disabled"),
    ("deleted", "skill-ref-state", 10, "skill 'removed' is deleted"),
    ("not-a-skill", "skill-ref-kind", 11, "'lookup' is an action of kind 'tool', not a skill"),
    ("version-it-does-not-have", "skill-ref-version", 12, "skill 'editing' has no version 4 (its versions: 1)"),
    ("name-the-model-sees-for-a-tool", "skill-ref-tool-name", 13,
     "skill 'notes' has the name the model sees for the agent's tool 'lookup'"),
]


@pytest.mark.parametrize("rule,line,message", [c[1:] for c in FAILS_THE_WRITE], ids=[c[0] for c in FAILS_THE_WRITE])
def test_a_missing_duplicate_disabled_deleted_wrong_kind_wrong_version_or_tool_named_skill_fails_the_write(
        resolve, rule, line, message):
    done = resolve("skill-references")
    assert done.code == 1
    assert ("writer.yaml", line, message) in done.found(rule)
    assert done.skill("writer", message.split("'")[1])["loads"] in (False, True)  # the entry is there


def test_each_failing_reference_is_reported_once_and_nothing_else_is(resolve):
    done = resolve("skill-references")
    assert len(done.data["diagnostics"]) == len(FAILS_THE_WRITE) + 1  # + the handler kind
    assert [s["name"] for s in done.agent("writer")["skills"] if not s["loads"]] == [
        "no-such-skill", "retired", "removed", "lookup", "editing", "notes"]
    assert done.skill("writer", "drafting")["version"] == 2           # the good references still resolve
    assert done.skill("writer", "archived-notes")["version"] == 1     # published, with an empty tools record


def test_a_write_that_breaks_a_rule_writes_no_lock(cli, tmp_path):
    lock = tmp_path / "skillkit.lock"
    outcome = cli("resolve", "fixtures/platform/skill-references", "--lock", lock, cwd=REPO)
    assert outcome.code == 1 and not lock.exists()
    assert "was not written" in outcome.stdout


def _versions(done, agent):
    return {s["name"]: (s["version"], s["pinned"]) for s in done.agent(agent)["skills"]}


def test_versions_follow_the_tool_rule_a_pinned_reference_loads_its_version_one_without_the_latest(resolve, tmp_path):
    # "Versions follow the tool rule: a reference with a version always loads that version, and
    # one without loads the skill's latest version, resolved when each execution starts, so
    # editing a skill reaches such an action at its next invocation or turn."
    workspace = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", workspace)
    assert _versions(resolve(workspace), "preloads") == {
        "browse": (2, False), "triage": (1, True), "outline": (1, False), "digest": (1, False)}
    for name, old, new in (("browse", "version: 2", "version: 3"), ("triage", "version: 1", "version: 2")):
        skill = workspace / "skills" / name / "SKILL.md"
        skill.write_text(skill.read_text().replace(old, new))
    after = resolve(workspace)
    assert after.code == 0
    assert _versions(after, "pinned-wins") == {"browse": (3, False), "triage": (2, False)}  # the latest moved
    assert _versions(after, "preloads")["triage"] == (1, True)  # published 1 is still what the pin loads
    assert after.skill("preloads", "triage")["source"].endswith("merging/catalog.yaml")


def test_like_tools_a_skills_list_is_accepted_only_by_handler_kinds_that_call_tools(resolve):
    # "Like tools, a skills list is accepted only by handler kinds that call tools."
    done = resolve("skill-references")
    assert done.found("handler-kind") == [
        ("webhook.yaml", 4, "handler 'http' calls no tools, so it takes no `skills` list; only the `agent` "
                            "handler does")]


def test_declaring_a_skill_makes_it_available_it_is_not_a_record_that_the_skill_was_used(resolve):
    # "Declaring a skill makes it available; it is not a record that the skill was used."
    # outline lists no tools and nothing uses it: it is simply available, and nothing is reported.
    done = resolve("merging")
    outline = done.skill("preloads", "outline")
    assert outline["loads"] and outline["listed"] and outline["tools"] == []
    assert done.code == 0 and done.data["diagnostics"] == []
