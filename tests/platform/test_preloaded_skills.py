"""The seed's "Preloaded skills", one test per sentence with a static consequence.

Two sentences are about a running turn only and have nothing a resolver can check: "The
transcript records each preload as a skill.preload event before the turn's first model call"
(beyond the load order, tested below) and "A preload does not count against limits.tool_calls".
"""

from __future__ import annotations

import json
import shutil

from tests.conftest import REPO
from tests.platform.conftest import PLATFORM


def test_a_skill_the_agent_always_needs_can_be_preloaded_with_preload_true(resolve):
    # "A skill the agent always needs can be preloaded with preload: true."
    done = resolve("merging")
    assert {s["name"]: s["preload"] for s in done.agent("preloads")["skills"]} == {
        "browse": True, "triage": True, "outline": False, "digest": False}


def test_the_agent_loads_each_preloaded_skill_in_the_order_of_skills_before_its_first_model_call(resolve):
    # "At the start of every turn, and of every invocation of an agent without a session, the
    # agent loads each preloaded skill, in the order of skills, before its first model call."
    # skills: [outline, browse (preload), digest, triage (preload)] -> browse, triage, outline, digest
    done = resolve("merging")
    assert [s["name"] for s in done.agent("preloads")["skills"]] == ["browse", "triage", "outline", "digest"]


def test_each_preload_is_an_ordinary_load_of_the_version_the_turn_resolved(resolve):
    # "Each is an ordinary load of the version the turn resolved, with its own execution and the
    # turn's own SKILL use, never a reused one." A preload resolves like any reference (browse:
    # latest, now 2) and merges like any load: here it comes first, so triage's load is the one
    # that fails on the conflicting pin.
    done = resolve("merging")
    assert (done.skill("preloads", "browse")["version"], done.skill("preloads", "browse")["pinned"]) == (2, False)
    clash = resolve("conflict")
    assert [s["name"] for s in clash.agent("preload-clash")["skills"]] == ["archive", "triage"]
    assert not clash.skill("preload-clash", "triage")["loads"]
    assert clash.tools("preload-clash") == [("fetch", 1, "skill:archive")]


def test_a_preloads_tools_are_offered_from_the_turns_first_model_call(resolve):
    # "Its guidance follows the agent's prompt in the agent's instructions, where it stays the
    # same from turn to turn until the skill changes, and the tools it lists are offered from
    # the turn's first model call."
    done = resolve("merging")
    assert [(t["name"], t["offered"]) for t in done.agent("preloads")["tools"]] == [
        ("search", "start"), ("fetch", "start"), ("notify", "load")]


def test_a_preloaded_skill_is_not_listed_for_the_model_to_load(cli, resolve):
    # "The skill is not listed for the model to load; if other skills are listed and the model
    # asks for a preloaded one anyway, the load returns the turn's preload."
    done = resolve("merging")
    assert {s["name"]: s["listed"] for s in done.agent("preloads")["skills"]} == {
        "browse": False, "triage": False, "outline": True, "digest": True}
    text = cli("resolve", "fixtures/platform/merging", "--check", cwd=REPO).stdout
    assert "browse  latest, now 2 · preload (not listed for the model)" in text


def test_a_replay_preloads_the_version_the_original_turn_did(cli, tmp_path):
    # "A replay preloads the version the original turn did, under a load of its own." The lock
    # records each preload's version; `--check` says when a preload would now load another one.
    workspace = tmp_path / "merging"
    shutil.copytree(PLATFORM / "merging", workspace)
    locked = json.loads((workspace / "skillkit.lock").read_text())
    assert {"name": "browse", "version": 2, "pinned": False, "preload": True} in locked["agents"]["preloads"]["skills"]
    skill = workspace / "skills" / "browse" / "SKILL.md"
    skill.write_text(skill.read_text().replace("version: 2", "version: 3"))
    outcome = cli("resolve", workspace, "--check", cwd=tmp_path)
    assert outcome.code == 1
    assert "preloads: skill browse: latest, now 3, preload (lock: latest, now 2, preload)" in outcome.stdout
