"""Acceptance: `skillkit render`, black-box, from the contract in DESIGN.md (4.5, 5 scenes).

Each case writes a small workspace, scene and transcript, runs the real CLI and checks only what the
contract promises: the exact Skills block, macros, the order of `messages`, the budget's defaults and
counts, `--turn`, `--context`, `--var`, `--tokenizer`, the JSON keys and exit codes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.acceptance.test_simulate_contract import a, opens, s, t, u, workspace
from tests.conftest import REPO, write_skill


def run_render(cli, root: Path, transcript: Any | None = None, *args: str, scene: bool = False,
               fmt: str = "json"):
    argv: list[Any] = ["render"]
    if transcript is not None:
        path = root / "chat.json"
        text = transcript if isinstance(transcript, str) else json.dumps(transcript, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        argv.append(path)
    argv += ["--skills", root / "skills", "--format", fmt, *args]
    if scene:
        argv += ["--scene", root / "scenes" / "scene.yaml"]
    return cli(*argv, cwd=root)


def render(cli, root: Path, transcript: Any | None = None, *args: str, scene: bool = False,
           expect_code: int = 0) -> dict[str, Any]:
    outcome = run_render(cli, root, transcript, *args, scene=scene)
    assert outcome.code == expect_code, (outcome.code, outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    return json.loads(outcome.stdout)


def no_block(document: dict[str, Any]) -> bool:
    return document["skillsBlock"] in (None, "") and all(m["label"] != "Skills" for m in document["messages"])


def skills_message(document: dict[str, Any]) -> dict[str, Any]:
    (found,) = [m for m in document["messages"] if m["label"] == "Skills"]
    return found


def after_block(document: dict[str, Any]) -> list[tuple[str, str]]:
    messages = document["messages"]
    index = next(i for i, m in enumerate(messages) if m["label"] == "Skills")
    return [(m["role"], m["content"]) for m in messages[index + 1:]]


# ---------------------------------------------------------------- the block


def test_block_exactly_in_scene_order(cli, tmp_path: Path) -> None:
    root = workspace(
        tmp_path,
        {
            "b-two": {"when": "always", "body": "\n\n  Two text.  \n\n"},
            "a-one": {"when": "always", "body": "One line.\n\n    Indented line.\n"},
            "c-off": {"triggers": ["zzz"], "body": "Never here.\n"},
            "d-blank": {"when": "always", "body": "{{nothing}}\n  \n"},
        },
        scene={"skills": ["b-two", "d-blank", "c-off", "a-one"]},
    )
    document = render(cli, root, [u("hello")], scene=True)
    expected = "### Skills\n\n## b-two\nTwo text.\n\n## a-one\nOne line.\n\n    Indented line."
    assert document["skillsBlock"] == expected
    block = skills_message(document)
    assert block == {**block, "role": "system", "label": "Skills", "content": expected}


def test_without_a_scene_skills_are_in_name_order(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"zeta": {"when": "always", "body": "Z."}, "alpha": {"when": "always", "body": "A."}})
    document = render(cli, root, [u("hello")])
    assert document["skillsBlock"] == "### Skills\n\n## alpha\nA.\n\n## zeta\nZ."


def test_no_skill_on_means_no_block(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["sword"]}, "lore": {"when": "picked"}})
    document = render(cli, root, [u("hello")])
    assert no_block(document)
    assert [(m["role"], m["content"]) for m in document["messages"]] == [("user", "hello")]
    assert not document["budget"]["used"].get("Skills")


def test_only_blank_skills_on_means_no_block(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"blank": {"when": "always", "body": "{{unset}}\n"}})
    assert no_block(render(cli, root, [u("hello")]))


def test_mentioned_and_picked_skills_enter_the_block_as_simulate_says(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."},
                                "sword": {"triggers": ["sword"], "scanDepth": 1, "body": "Swing it."},
                                "lore": {"when": "picked", "body": "Old tales."}})
    transcript = [u("a sword"), a(None, opens("lore")), t("ok"), u("and now?")]
    turn1 = render(cli, root, transcript, "--turn", "1")
    assert turn1["skillsBlock"] == "### Skills\n\n## anchor\nAnchor.\n\n## sword\nSwing it."
    turn2 = render(cli, root, transcript)
    assert turn2["skillsBlock"] == "### Skills\n\n## anchor\nAnchor.\n\n## lore\nOld tales."
    assert render(cli, root, transcript, "--turn", "2") == turn2


def test_render_agrees_with_simulate_on_every_turn(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {
        "anchor": {"when": "always"},
        "sword": {"triggers": ["sword"], "scanDepth": 1},
        "lore": {"when": "picked", "triggers": ["kingdom"], "scanDepth": 1, "closeWhenUnmentioned": True},
        "duel": {"triggers": ["/du[e]l/i"], "secondaryTriggers": ["sword"], "selectiveLogic": "notAny"},
    })
    transcript = [u("the kingdom"), a(None, opens("lore")), t("ok"), u("kingdom and sword"), a("x"),
                  u("a DUEL"), a("y"), u("the kingdom")]
    (root / "chat.json").write_text(json.dumps(transcript), encoding="utf-8")
    outcome = cli("simulate", root / "chat.json", "--skills", root / "skills", "--format", "json", cwd=root)
    turns = json.loads(outcome.stdout)["turns"]
    assert len(turns) == 4
    for turn in turns:
        on = [v["name"] for v in turn["skills"] if v["on"]]
        document = render(cli, root, transcript, "--turn", str(turn["turn"]))
        headings = re.findall(r"^## (.+)$", document["skillsBlock"] or "", flags=re.M)
        assert headings == on, turn


# ---------------------------------------------------------------- macros


def test_macros_scene_variables_then_var(cli, tmp_path: Path) -> None:
    root = workspace(
        tmp_path,
        {"meet": {"when": "always", "body": "{{user}} meets {{char}} ({{mood}}){{missing}}; {{eq}}.\n"}},
        scene={"skills": ["meet"], "variables": {"user": "Alice", "char": "Bob", "mood": "calm"}},
    )
    plain = render(cli, root, [u("hi")], scene=True)
    assert plain["skillsBlock"] == "### Skills\n\n## meet\nAlice meets Bob (calm); ."
    overridden = render(cli, root, [u("hi")], "--var", "mood=tense", "--var", "user=Ann", "--var", "eq=a=b",
                        scene=True)
    assert overridden["skillsBlock"] == "### Skills\n\n## meet\nAnn meets Bob (tense); a=b."


def test_macros_without_a_scene_come_from_var_only(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"meet": {"when": "always", "body": "{{user}} and {{char}}.\n"}})
    assert render(cli, root, [u("hi")])["skillsBlock"] == "### Skills\n\n## meet\nand ."
    assert render(cli, root, [u("hi")], "--var", "char=Bob")["skillsBlock"] == "### Skills\n\n## meet\nand Bob."


def test_a_text_of_only_unanswered_macros_adds_nothing(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"a-real": {"when": "always", "body": "Real."},
                                "b-empty": {"when": "always", "body": "  {{user}}  \n"}})
    assert render(cli, root, [u("hi")])["skillsBlock"] == "### Skills\n\n## a-real\nReal."
    filled = render(cli, root, [u("hi")], "--var", "user=Ann")
    assert filled["skillsBlock"] == "### Skills\n\n## a-real\nReal.\n\n## b-empty\nAnn"


@pytest.mark.parametrize("bad", ["novalue", "=x"])
def test_bad_var_is_a_usage_error(cli, tmp_path: Path, bad: str) -> None:
    root = workspace(tmp_path, {"meet": {"when": "always"}})
    outcome = run_render(cli, root, [u("hi")], "--var", bad)
    assert outcome.code == 2, outcome.stdout
    assert "Traceback" not in outcome.stderr


# ---------------------------------------------------------------- messages


def test_messages_leading_systems_then_block_then_history(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    transcript = [s("S1"), s("S2"), u("u1"), a("a1"), s("mid"), u("u2")]
    document = render(cli, root, transcript)
    assert [(m["role"], m["content"]) for m in document["messages"]] == [
        ("system", "S1"), ("system", "S2"), ("system", "### Skills\n\n## anchor\nAnchor."),
        ("user", "u1"), ("assistant", "a1"), ("system", "mid"), ("user", "u2"),
    ]
    for message in document["messages"]:
        assert set(message) >= {"role", "label", "content"}
        assert isinstance(message["label"], str) and message["label"]
    assert document["budget"]["history"] == {"kept": 4, "dropped": 0}


def test_block_first_without_leading_system_messages(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    document = render(cli, root, [u("u1"), a("a1"), u("u2")])
    assert document["messages"][0]["label"] == "Skills"
    assert after_block(document) == [("user", "u1"), ("assistant", "a1"), ("user", "u2")]


def test_history_ends_with_the_answered_message_of_the_chosen_turn(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    transcript = [u("u1"), a("a1"), u("u2"), a("a2"), u("u3")]
    assert after_block(render(cli, root, transcript, "--turn", "1")) == [("user", "u1")]
    assert after_block(render(cli, root, transcript, "--turn", "2"))[-1] == ("user", "u2")
    assert after_block(render(cli, root, transcript))[-1] == ("user", "u3")


def test_content_parts_are_joined_by_newline(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    parts = [{"type": "text", "text": "hello"}, {"type": "text", "text": "there"}]
    assert after_block(render(cli, root, [u(parts)])) == [("user", "hello\nthere")]


def test_without_a_transcript_the_history_is_empty(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."},
                                "sword": {"triggers": ["sword"]}})
    document = render(cli, root)
    assert document["skillsBlock"] == "### Skills\n\n## anchor\nAnchor."
    assert [m["label"] for m in document["messages"]] == ["Skills"]
    assert document["budget"]["history"] == {"kept": 0, "dropped": 0}


@pytest.mark.parametrize("turn", ["3", "0", "-1", "x"])
def test_a_turn_that_does_not_exist_is_a_usage_error(cli, tmp_path: Path, turn: str) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    outcome = run_render(cli, root, [u("u1"), a("a1"), u("u2")], "--turn", turn)
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr


# ---------------------------------------------------------------- budget


def chat(count: int, words: int = 30) -> list[dict[str, Any]]:
    """`count` messages, alternating user/assistant, ending with a user message; each ~`words` tokens."""
    messages = []
    for index in range(count):
        text = f"message {index}: " + "hello " * words
        messages.append(u(text) if (count - 1 - index) % 2 == 0 else a(text))
    return messages


def test_budget_json_keys_and_defaults(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    document = render(cli, root, [s("S"), u("u1"), a("a1"), u("u2")])
    assert set(document) >= {"skillsBlock", "messages", "budget"}
    budget = document["budget"]
    assert set(budget) >= {"context", "tokenizer", "used", "history"}
    assert budget["context"] == 8192
    assert isinstance(budget["tokenizer"], str) and budget["tokenizer"]
    assert set(budget["history"]) >= {"kept", "dropped"}
    assert budget["history"]["kept"] == 3 and budget["history"]["dropped"] == 0
    used = budget["used"]
    assert isinstance(used["Skills"], int) and used["Skills"] > 0
    assert isinstance(used["History"], int) and used["History"] > 0
    if "response" in budget:
        assert budget["response"] == 512


def test_default_response_reserve_is_512(cli, tmp_path: Path) -> None:
    # Ten ~40-token messages fit in 600 tokens, but not in 600 - 512 = 88.
    transcript = chat(10)
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}},
                     scene={"skills": ["anchor"], "budget": {"context": 600, "response": 0}})
    roomy = render(cli, root, transcript, scene=True)
    assert roomy["budget"]["context"] == 600
    assert roomy["budget"]["history"] == {"kept": 10, "dropped": 0}
    tight = render(cli, root, transcript, "--context", "600")
    assert tight["budget"]["context"] == 600
    kept, dropped = tight["budget"]["history"]["kept"], tight["budget"]["history"]["dropped"]
    assert kept + dropped == 10 and dropped > 0 and kept >= 1
    if kept > 1:
        assert sum(tight["budget"]["used"].values()) <= 600 - 512


def test_context_option_overrides_the_scene_budget(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}},
                     scene={"skills": ["anchor"], "budget": {"context": 100000, "response": 0}})
    document = render(cli, root, chat(10), "--context", "300", scene=True)
    assert document["budget"]["context"] == 300
    assert document["budget"]["history"]["dropped"] > 0


def test_history_keeps_the_newest_and_always_the_answered_message(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    transcript = [s("system rules")] + chat(12)
    history = [(m["role"], m["content"]) for m in transcript[1:]]
    for context in ("1", "700", "900", "1500"):
        document = render(cli, root, transcript, "--context", context)
        kept, dropped = document["budget"]["history"]["kept"], document["budget"]["history"]["dropped"]
        assert kept + dropped == 12
        assert kept >= 1
        assert after_block(document) == history[len(history) - kept:]
        assert document["messages"][0]["content"] == "system rules"
        assert skills_message(document)["content"] == "### Skills\n\n## anchor\nAnchor."
    starved = render(cli, root, transcript, "--context", "1")
    assert starved["budget"]["history"] == {"kept": 1, "dropped": 11}


def test_history_gives_way_to_the_block(cli, tmp_path: Path) -> None:
    transcript = chat(10)
    small = workspace(tmp_path / "small", {"anchor": {"when": "always", "body": "Short."}})
    big = workspace(tmp_path / "big", {"anchor": {"when": "always", "body": "lorem ipsum dolor " * 120}})
    with_small = render(cli, small, transcript, "--context", "1000")
    with_big = render(cli, big, transcript, "--context", "1000")
    assert with_big["budget"]["history"]["dropped"] > with_small["budget"]["history"]["dropped"]
    assert with_big["skillsBlock"].startswith("### Skills\n\n## anchor\nlorem ipsum")
    assert with_big["budget"]["used"]["Skills"] > with_small["budget"]["used"]["Skills"]


@pytest.mark.parametrize("tokenizer", ["o200k_base", "cl100k_base", "estimate"])
def test_tokenizer_option(cli, tmp_path: Path, tokenizer: str) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor text."}})
    document = render(cli, root, [u("hello there, 世界")], "--tokenizer", tokenizer)
    assert tokenizer in document["budget"]["tokenizer"]
    assert all(isinstance(v, int) and v >= 0 for v in document["budget"]["used"].values())


def test_unknown_tokenizer_is_a_usage_error(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    assert run_render(cli, root, [u("x")], "--tokenizer", "gpt2-magic").code == 2


NO_NETWORK = """
import socket, sys
def refuse(*args, **kwargs):
    raise OSError("network access attempted")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
from skillkit.cli.app import main
sys.argv = ["skillkit", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("tokenizer", ["o200k_base", "cl100k_base", "estimate"])
def test_render_never_reaches_the_network(tmp_path: Path, tokenizer: str) -> None:
    root = workspace(tmp_path / "ws", {"anchor": {"when": "always", "body": "Anchor text."}})
    (root / "chat.json").write_text(json.dumps([u("hello there")]), encoding="utf-8")
    empty_cache = tmp_path / "cache"
    empty_cache.mkdir()
    env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(empty_cache), "DATA_GYM_CACHE_DIR": str(empty_cache),
           "HOME": str(tmp_path), "XDG_CACHE_HOME": str(empty_cache), "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-c", NO_NETWORK, "render", str(root / "chat.json"), "--skills", str(root / "skills"),
         "--tokenizer", tokenizer, "--format", "json"],
        capture_output=True, text=True, env=env, cwd=REPO, check=False,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["budget"]["used"]["Skills"] > 0
    assert not any(empty_cache.iterdir()), "a tokenizer fetched something into the cache"


# ---------------------------------------------------------------- text output and errors


def test_text_output_shows_the_block_literally(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"style": {"when": "always", "body": "Use [bold]this[/bold] and [link].\n"}})
    outcome = run_render(cli, root, [u("hi")], fmt="text")
    assert outcome.code == 0, outcome.stderr
    assert "### Skills" in outcome.stdout
    assert "## style" in outcome.stdout
    assert "Use [bold]this[/bold] and [link]." in outcome.stdout


def test_a_skill_with_errors_is_left_out_and_the_rest_renders(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"good": {"when": "always", "body": "Good."}})
    write_skill(root / "skills", "broken", "name: broken\ndescription: Broken.\nwhen: [always]\n", "Bad.\n")
    outcome = run_render(cli, root, [u("hi")])
    assert outcome.code == 1, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    assert json.loads(outcome.stdout)["skillsBlock"] == "### Skills\n\n## good\nGood."
    assert re.search(r"broken[/\\]SKILL\.md:\d+:\d+", outcome.stderr), outcome.stderr


def test_malformed_transcript_exits_2_with_its_line(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"good": {"when": "always"}})
    outcome = run_render(cli, root, '[\n  {"role": "user", "content": "hi"},\n  {"role": "user" "content": 1}\n]\n')
    assert outcome.code == 2
    assert "Traceback" not in outcome.stderr
    assert re.search(r"(:3\b|line 3\b)", outcome.stderr), outcome.stderr
    assert outcome.stdout == ""


def test_the_preset_skills_marker_places_the_block_with_its_role(cli, tmp_path: Path) -> None:
    root = workspace(
        tmp_path, {"anchor": {"when": "always", "body": "Anchor."}},
        scene={"skills": ["anchor"], "variables": {"char": "Bob"},
               "preset": [{"content": "You are {{char}}.", "role": "system"}, {"marker": "history"},
                          {"marker": "skills", "role": "user"}]},
    )
    document = render(cli, root, [u("u1"), a("a1"), u("u2")], scene=True)
    assert [(m["role"], m["content"]) for m in document["messages"]] == [
        ("system", "You are Bob."), ("user", "u1"), ("assistant", "a1"), ("user", "u2"),
        ("user", "### Skills\n\n## anchor\nAnchor."),
    ]
    assert document["messages"][-1]["label"] == "Skills"


def test_scene_variables_of_other_types_render_as_text(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"meet": {"when": "always", "body": "{{ count }} {{flag}}"}},
                     scene={"skills": ["meet"], "variables": {"count": 3, "flag": True}})
    assert render(cli, root, [u("hi")], scene=True)["skillsBlock"] == "### Skills\n\n## meet\n3 true"


def test_render_yaml_and_sillytavern_transcripts(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    (root / "chat.yaml").write_text("- system: Rules.\n- user: Hello.\n", encoding="utf-8")
    outcome = cli("render", root / "chat.yaml", "--skills", root / "skills", "--format", "json", cwd=root)
    document = json.loads(outcome.stdout)
    assert [(m["role"], m["label"] == "Skills") for m in document["messages"]] == [
        ("system", False), ("system", True), ("user", False)]
    from tests.acceptance.test_simulate_contract import STUDIO
    outcome = cli("render", STUDIO / "tavern.jsonl", "--skills", root / "skills", "--format", "json", cwd=root)
    assert outcome.code == 0, outcome.stderr
    document = json.loads(outcome.stdout)
    assert after_block(document)[-1] == ("user", "Tell me everything.")
    assert document["budget"]["history"] == {"kept": 4, "dropped": 0}


def test_broken_platform_files_do_not_fail_render_or_simulate(cli, tmp_path: Path) -> None:
    # Exit 1 is for a skill (or the preset) with errors; agents and tools are not what these commands read.
    root = workspace(tmp_path, {"anchor": {"when": "always", "body": "Anchor."}})
    (root / "agents").mkdir()
    (root / "agents" / "bad.yaml").write_text("name: bad\nhandler: 5\n", encoding="utf-8")
    (root / "chat.json").write_text(json.dumps([u("hi")]), encoding="utf-8")
    for command in ("render", "simulate"):
        outcome = cli(command, root / "chat.json", "--skills", root, "--format", "json", cwd=root)
        assert outcome.code == 0, (command, outcome.stderr)
        json.loads(outcome.stdout)
