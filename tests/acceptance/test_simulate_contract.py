"""Acceptance: `skillkit simulate`, black-box, from the contract in DESIGN.md (4.4, 5 scenes, 6).

Every case drives the real CLI with a small workspace and transcript written here, and reads only
what the contract promises: exit codes, the JSON shape, turn numbering, `answering` and `on`.
Verdict sentences are free wording, so they are only checked where DESIGN says what they must say.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, write_skill

STUDIO = FIXTURES / "acceptance" / "studio"


# ---------------------------------------------------------------- helpers: workspaces and transcripts


def frontmatter(name: str, when: str = "mentioned", **fields: Any) -> str:
    """Frontmatter text; values are written as JSON (valid YAML) so control characters survive."""
    lines = [f"name: {name}", f"description: The {name} skill, for tests.", f"when: {when}"]
    lines += [f"{key}: {json.dumps(value)}" for key, value in fields.items()]
    return "\n".join(lines)


def workspace(root: Path, skills: dict[str, dict[str, Any]], scene: dict[str, Any] | None = None) -> Path:
    """Write `root/skills/<name>/SKILL.md` for each skill (fields incl. `when`, optional `body`)."""
    for name, fields in skills.items():
        fields = dict(fields)
        body = fields.pop("body", f"Text of {name}.\n")
        write_skill(root / "skills", name, frontmatter(name, **fields), body)
    if scene is not None:
        (root / "scenes").mkdir(parents=True, exist_ok=True)
        (root / "scenes" / "scene.yaml").write_text(json.dumps(scene), encoding="utf-8")
    return root


def u(text: Any) -> dict[str, Any]:
    return {"role": "user", "content": text}


def s(text: Any) -> dict[str, Any]:
    return {"role": "system", "content": text}


def t(text: str, call_id: str = "c1") -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


def call(tool: str, arguments: str, call_id: str = "c1") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": tool, "arguments": arguments}}


def a(text: Any = None, *calls: dict[str, Any]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if calls:
        message["tool_calls"] = list(calls)
    return message


def opens(name: str, call_id: str = "c1") -> dict[str, Any]:
    return call("open_skill", json.dumps({"name": name}), call_id)


def closes(name: str, call_id: str = "c1") -> dict[str, Any]:
    return call("close_skill", json.dumps({"name": name}), call_id)


def run_simulate(cli, root: Path, transcript: Any, *, scene: bool = False, suffix: str = ".json",
                 extra: tuple[str, ...] = ()):
    path = root / f"chat{suffix}"
    if isinstance(transcript, str):
        path.write_text(transcript, encoding="utf-8")
    else:
        path.write_text(json.dumps(transcript, ensure_ascii=False), encoding="utf-8")
    args = ["simulate", path, "--skills", root / "skills", "--format", "json", *extra]
    if scene:
        args += ["--scene", root / "scenes" / "scene.yaml"]
    return cli(*args, cwd=root)


def simulate(cli, root: Path, transcript: Any, *, scene: bool = False, suffix: str = ".json",
             expect_code: int = 0) -> list[dict[str, Any]]:
    outcome = run_simulate(cli, root, transcript, scene=scene, suffix=suffix)
    assert outcome.code == expect_code, (outcome.code, outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    return json.loads(outcome.stdout)["turns"]


def verdict(turn: dict[str, Any], name: str) -> dict[str, Any]:
    (found,) = [skill for skill in turn["skills"] if skill["name"] == name]
    return found


def ons(turns: list[dict[str, Any]], name: str) -> list[bool]:
    return [verdict(turn, name)["on"] for turn in turns]


def shape(turns: list[dict[str, Any]]) -> list[tuple[int, int | None]]:
    return [(turn["turn"], turn["answering"]) for turn in turns]


ALWAYS = {"anchor": {"when": "always"}}


# ---------------------------------------------------------------- JSON shape


def test_json_shape_is_exactly_the_contract(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "sword": {"triggers": ["sword"]},
                                "lore": {"when": "picked"}})
    outcome = run_simulate(cli, root, [u("a sword"), a("ok"), u("more")])
    assert outcome.code == 0, outcome.stderr
    document = json.loads(outcome.stdout)
    assert list(document) == ["turns"]
    for turn in document["turns"]:
        assert set(turn) == {"turn", "answering", "kind", "calls", "skills"}
        assert turn["kind"] in ("reply", "next") and turn["calls"] == []
        for skill in turn["skills"]:
            assert set(skill) == {"name", "when", "on", "reason"}
            assert isinstance(skill["on"], bool)
            assert isinstance(skill["reason"], str) and skill["reason"].strip()
    first = document["turns"][0]
    assert first["turn"] == 1 and first["answering"] == 0
    assert {v["name"]: v["when"] for v in first["skills"]} == {
        "anchor": "always", "lore": "picked", "sword": "mentioned"}
    assert {v["name"]: v["on"] for v in first["skills"]} == {"anchor": True, "lore": False, "sword": True}


def test_text_format_is_the_default_and_names_each_skill(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "sword": {"triggers": ["sword"]}})
    (root / "chat.json").write_text(json.dumps([u("a sword")]), encoding="utf-8")
    outcome = cli("simulate", root / "chat.json", "--skills", root / "skills", cwd=root)
    assert outcome.code == 0, outcome.stderr
    assert "anchor" in outcome.stdout and "sword" in outcome.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(outcome.stdout)


# ---------------------------------------------------------------- turns


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        pytest.param([u("hi"), a("hello"), u("again"), a("yes")], [(1, 0), (2, 2)], id="every-reply"),
        pytest.param([u("hi"), a("hello"), u("again")], [(1, 0), (2, 2)], id="next-reply-after-user"),
        pytest.param([u("hi")], [(1, 0)], id="only-a-user-message"),
        pytest.param([s("rules")], [(1, 0)], id="only-a-system-message"),
        pytest.param([u("hi"), a("hello"), s("note")], [(1, 0), (2, 2)], id="next-reply-after-system"),
        pytest.param([s("rules"), u("hi"), a("hello")], [(1, 1)], id="answers-newest-user"),
        pytest.param([u("hi"), s("rules"), a("hello")], [(1, 1)], id="system-counts-as-answered"),
        pytest.param([a("greeting"), u("hi")], [(1, None), (2, 1)], id="reply-with-nothing-before"),
        pytest.param([a("greeting")], [(1, None)], id="only-a-reply"),
        pytest.param([u("hi"), a("one"), a("two")], [(1, 0), (2, 1)], id="two-assistants-two-replies"),
        pytest.param([u("hi"), a(None, opens("x")), t("done"), a("after")], [(1, 0)],
                     id="tool-results-and-continuation-are-one-reply"),
        pytest.param([u("hi"), a(None, opens("x")), t("done")], [(1, 0)], id="ends-inside-a-reply"),
        pytest.param([u("hi"), a("a", opens("x")), t("r1"), a("b", opens("y", "c2")), t("r2", "c2"), a("c")],
                     [(1, 0)], id="several-tool-rounds-one-reply"),
        pytest.param([u("hi"), a(None, opens("x")), t("done"), a("after"), a("again")], [(1, 0), (2, 3)],
                     id="assistant-after-a-finished-reply-is-a-new-reply"),
        pytest.param([u("hi"), a(None, opens("x")), t("done"), u("next")], [(1, 0), (2, 3)],
                     id="next-reply-after-a-tool-reply"),
        pytest.param([s("a"), s("b"), u("c"), u("d"), a("e"), s("f"), u("g"), a("h"), u("i")],
                     [(1, 3), (2, 6), (3, 8)], id="indexes-in-the-transcript-as-given"),
    ],
)
def test_turn_rules(cli, tmp_path: Path, messages: list[dict[str, Any]],
                    expected: list[tuple[int, int | None]]) -> None:
    root = workspace(tmp_path, ALWAYS)
    assert shape(simulate(cli, root, messages)) == expected


def test_a_reply_with_nothing_before_it_has_an_empty_scan_text(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"},
                                "sword": {"triggers": ["sword"], "scanDepth": 100},
                                "any": {"triggers": ["/[\\s\\S]/"], "scanDepth": 100}})
    turns = simulate(cli, root, [a("a sword, a sword")])
    assert shape(turns) == [(1, None)]
    assert ons(turns, "anchor") == [True]
    assert ons(turns, "sword") == [False]
    assert ons(turns, "any") == [False]


def test_the_reply_itself_is_not_scanned(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["sword"], "scanDepth": 5}})
    turns = simulate(cli, root, [u("hello"), a("a sword", opens("x")), t("sword"), a("sword again")])
    assert ons(turns, "sword") == [False]


def test_content_as_parts_is_its_text_parts_joined_by_newline(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {
        "joined": {"triggers": ["/^\\x01hello\\nthere$/"], "scanDepth": 1},
        "spaced": {"triggers": ["hello there"], "scanDepth": 1},
    })
    parts = [{"type": "text", "text": "hello"},
             {"type": "image_url", "image_url": {"url": "https://example.invalid/x.png"}},
             {"type": "text", "text": "there"}]
    turns = simulate(cli, root, [u(parts)])
    assert ons(turns, "joined") == [True]
    assert ons(turns, "spaced") == [False]


def test_format_is_detected_from_content_not_the_file_name(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, ALWAYS)
    turns = simulate(cli, root, [u("hi"), a("yo"), u("again")], suffix=".txt")
    assert shape(turns) == [(1, 0), (2, 2)]


def test_sillytavern_jsonl(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "sword": {"triggers": ["sword"], "scanDepth": 1}})
    lines = [
        {"user_name": "Alice", "character_name": "Bob", "create_date": "2024-01-01@12h00m00s", "chat_metadata": {}},
        {"name": "Bob", "is_user": False, "is_system": False, "send_date": "2024-01-01@12h00m01s",
         "mes": "Welcome! Mind the sword on the wall.", "extra": {}},
        {"name": "Alice", "is_user": True, "is_system": False, "send_date": "2024-01-01@12h00m02s",
         "mes": "Can I hold the sword?", "extra": {}},
        {"name": "Bob", "is_user": False, "is_system": False, "send_date": "2024-01-01@12h00m03s",
         "mes": "Carefully.", "extra": {}},
        {"name": "Alice", "is_user": True, "is_system": False, "send_date": "2024-01-01@12h00m04s",
         "mes": "Thanks.", "extra": {}},
    ]
    text = "\n".join(json.dumps(line) for line in lines) + "\n"
    turns = simulate(cli, root, text, suffix=".jsonl")
    # The header line is not a message: indexes count chat messages as given after it.
    assert [turn["turn"] for turn in turns] == [1, 2, 3]
    # The header line is metadata: `answering` indexes the chat messages after it.
    assert [turn["answering"] for turn in turns] == [None, 1, 3]
    assert ons(turns, "sword") == [False, True, False]
    assert ons(turns, "anchor") == [True, True, True]


def test_sillytavern_fixture_file(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    outcome = cli("simulate", STUDIO / "tavern.jsonl", "--skills", root / "skills", "--format", "json", cwd=root)
    assert outcome.code == 0, outcome.stderr
    assert [turn["turn"] for turn in json.loads(outcome.stdout)["turns"]] == [1, 2, 3]


def test_yaml_form(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "lore": {"when": "picked"},
                                "sword": {"triggers": ["sword"], "scanDepth": 1}})
    text = (
        "messages:\n"
        "  - system: Bob keeps the tavern.\n"
        "  - user: Tell me about the sword.\n"
        "    name: Alice\n"
        "  - assistant: Let me remember.\n"
        "    calls:\n"
        "      - open_skill: lore\n"
        "  - tool: Opened lore.\n"
        "  - assistant: It is old.\n"
        "  - user: And then?\n"
    )
    turns = simulate(cli, root, text, suffix=".yaml")
    assert shape(turns) == [(1, 1), (2, 5)]
    assert ons(turns, "sword") == [True, False]
    assert ons(turns, "lore") == [False, True]


def test_yaml_form_speaker_names_are_not_scanned(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"alice": {"triggers": ["alice"], "scanDepth": 5}})
    text = "- user: Hello there.\n  name: Alice\n"
    turns = simulate(cli, root, text, suffix=".yaml")
    assert ons(turns, "alice") == [False]


# ---------------------------------------------------------------- always / mentioned / picked


def test_always_is_on_every_turn(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always", "triggers": ["never-said"]}})
    turns = simulate(cli, root, [a("x"), u("y"), a("z"), u("w")])
    assert ons(turns, "anchor") == [True, True, True]


def test_mentioned_follows_its_triggers(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["sword"], "scanDepth": 1}})
    turns = simulate(cli, root, [u("a sword"), a("ok"), u("a shield"), a("ok"), u("SWORD!")])
    assert ons(turns, "sword") == [True, False, True]
    assert "sword" in verdict(turns[0], "sword")["reason"].lower()


def test_mentioned_without_triggers_never_matches(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"bare": {}, "blank": {"triggers": ["", "   "]},
                                "blank-all": {"triggers": ["", " "], "triggerLogic": "all"},
                                "deaf": {"triggers": ["sword"], "scanDepth": 0},
                                "secondary-only": {"secondaryTriggers": ["sword"],
                                                   "selectiveLogic": "notAny"}})
    turns = simulate(cli, root, [u("sword")])
    for name in ("bare", "blank", "blank-all", "deaf", "secondary-only"):
        assert ons(turns, name) == [False], name


def test_blank_triggers_are_ignored_not_required(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["sword", "  "], "triggerLogic": "all"},
                                "gated": {"triggers": ["sword"], "secondaryTriggers": [""],
                                          "selectiveLogic": "andAll"}})
    turns = simulate(cli, root, [u("a sword")])
    assert ons(turns, "sword") == [True]
    # With only blank secondaries there are no secondaries: the primary alone decides.
    assert ons(turns, "gated") == [True]


def test_picked_opens_from_the_next_reply_and_closes_from_the_next_reply(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"]}})
    messages = [
        u("tell me"), a(None, opens("lore")), t("Opened."), a("Long ago..."),   # turn 1: opens
        u("more"), a("More."),                                                 # turn 2: open
        u("enough"), a(None, closes("lore")), t("Closed."),                    # turn 3: closes
        u("bye"),                                                              # turn 4: next reply
    ]
    turns = simulate(cli, root, messages)
    assert shape(turns) == [(1, 0), (2, 4), (3, 6), (4, 9)]
    # Open without being mentioned: only closeWhenUnmentioned looks at triggers.
    assert ons(turns, "lore") == [False, True, True, False]


def test_open_is_once_and_close_of_a_closed_skill_changes_nothing(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}})
    messages = [u("1"), a(None, closes("lore")), t("not open"), u("2"), a(None, opens("lore")), t("ok"),
                u("3"), a(None, opens("lore")), t("already"), u("4"), a(None, closes("lore")), t("ok"), u("5")]
    assert ons(simulate(cli, root, messages), "lore") == [False, False, True, True, False]


def test_opens_in_a_continued_reply_count(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}, "map": {"when": "picked"}})
    messages = [u("go"), a("first", opens("lore")), t("ok"), a("then", opens("map", "c2")), t("ok", "c2"), u("next")]
    turns = simulate(cli, root, messages)
    assert ons(turns, "lore") == [False, True]
    assert ons(turns, "map") == [False, True]


@pytest.mark.parametrize(
    "bad_call",
    [
        pytest.param(call("open_skill", "not json"), id="not-json"),
        pytest.param(call("open_skill", ""), id="empty-arguments"),
        pytest.param(call("open_skill", '["lore"]'), id="a-list"),
        pytest.param(call("open_skill", '{"nom": "lore"}'), id="no-name"),
        pytest.param(call("open_skill", '{"name": 5}'), id="name-not-a-string"),
        pytest.param(call("open_skill", '{"name": "LORE"}'), id="name-in-another-case"),
        pytest.param(call("open_skill", '{"name": "nosuch"}'), id="unknown-name"),
        pytest.param(call("open_skill", '{"name": "sword"}'), id="a-mentioned-skill"),
        pytest.param(call("open_skill", '{"name": "anchor"}'), id="an-always-skill"),
        pytest.param(call("open_skill", '{"name": "unlinked"}'), id="a-picked-skill-not-linked"),
        pytest.param(call("close_skill", "{broken"), id="close-not-json"),
    ],
)
def test_refused_calls_change_nothing(cli, tmp_path: Path, bad_call: dict[str, Any]) -> None:
    root = workspace(
        tmp_path,
        {"anchor": {"when": "always"}, "sword": {"triggers": ["sword"]}, "lore": {"when": "picked"},
         "unlinked": {"when": "picked"}},
        scene={"skills": ["anchor", "sword", "lore"]},
    )
    # lore is opened first, so a refused close would show; a refused open must not open anything.
    messages = [u("one"), a(None, opens("lore")), t("ok"), u("two"), a(None, bad_call), t("refused"), u("three")]
    turns = simulate(cli, root, messages, scene=True)
    assert [v["name"] for v in turns[0]["skills"]] == ["anchor", "sword", "lore"]
    assert ons(turns, "lore") == [False, True, True]
    assert ons(turns, "sword") == [False, False, False]
    assert ons(turns, "anchor") == [True, True, True]


def test_a_refused_call_does_not_spoil_a_good_one_in_the_same_reply(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}})
    messages = [u("go"), a(None, call("open_skill", "oops"), opens("lore", "c2")), t("bad"), t("ok", "c2"), u("next")]
    assert ons(simulate(cli, root, messages), "lore") == [False, True]


@pytest.mark.parametrize(
    ("scene", "opened"),
    [
        pytest.param(None, True, id="no-scene-tool-access-on"),
        pytest.param({"skills": ["lore"]}, True, id="scene-without-key-on"),
        pytest.param({"skills": ["lore"], "toolAccess": True}, True, id="tool-access-true"),
        pytest.param({"skills": ["lore"], "toolAccess": False}, False, id="tool-access-false"),
    ],
)
def test_tool_access(cli, tmp_path: Path, scene: dict[str, Any] | None, opened: bool) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}}, scene=scene)
    turns = simulate(cli, root, [u("go"), a(None, opens("lore")), t("ok"), u("next")], scene=scene is not None)
    assert ons(turns, "lore") == [False, opened]


def test_tool_access_off_refuses_close_too(cli, tmp_path: Path) -> None:
    # Nothing can be opened with tool access off, so a close has nothing to take back either;
    # what matters is that the calls are read without error and change nothing.
    root = workspace(tmp_path, {"lore": {"when": "picked"}}, scene={"skills": ["lore"], "toolAccess": False})
    messages = [u("go"), a(None, opens("lore")), t("ok"), u("a"), a(None, closes("lore")), t("ok"), u("b")]
    assert ons(simulate(cli, root, messages, scene=True), "lore") == [False, False, False]


def test_close_when_unmentioned_is_judged_each_open_turn_on_its_own_scan_text(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"], "scanDepth": 1,
                                         "closeWhenUnmentioned": True}})
    messages = [
        u("the kingdom"), a(None, opens("lore")), t("ok"),   # turn 1: not yet open
        u("the kingdom fell"), a("yes"),                     # turn 2: open, mentioned
        u("and the weather?"), a("sunny"),                   # turn 3: open, unmentioned -> closed on this turn
        u("the kingdom again"), a("hm"),                     # turn 4: closed stays closed
    ]
    turns = simulate(cli, root, messages)
    assert ons(turns, "lore") == [False, True, False, False]
    assert "mention" in verdict(turns[2], "lore")["reason"].lower()


def test_close_rule_can_close_on_the_first_open_turn(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"], "scanDepth": 1,
                                         "closeWhenUnmentioned": True}})
    messages = [u("the kingdom"), a(None, opens("lore")), t("ok"), u("something else"), a("x"), u("kingdom")]
    assert ons(simulate(cli, root, messages), "lore") == [False, False, False]


def test_close_rule_uses_the_scan_depth_window(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"], "scanDepth": 3,
                                         "closeWhenUnmentioned": True}})
    messages = [u("the kingdom"), a(None, opens("lore")), t("ok"), u("go on"), a("ok"), u("and?")]
    # Turn 2 answers "go on": window = [go on, (empty tool-call reply), the kingdom] -> still mentioned.
    # Turn 3 answers "and?": window = [and?, ok, go on] -> closed.
    assert ons(simulate(cli, root, messages), "lore") == [False, True, False]


def test_reopening_after_a_close(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"], "scanDepth": 1,
                                         "closeWhenUnmentioned": True}})
    messages = [u("kingdom"), a(None, opens("lore")), t("ok"), u("weather"), a(None, opens("lore")), t("ok"),
                u("kingdom"), a("x"), u("kingdom!")]
    assert ons(simulate(cli, root, messages), "lore") == [False, False, True, True]


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"closeWhenUnmentioned": True}, id="no-triggers"),
        pytest.param({"closeWhenUnmentioned": True, "triggers": ["kingdom"], "scanDepth": 0}, id="scan-depth-0"),
        pytest.param({"closeWhenUnmentioned": True, "triggers": [" "]}, id="only-blank-triggers"),
        pytest.param({"closeWhenUnmentioned": False, "triggers": ["kingdom"]}, id="no-close-rule"),
    ],
)
def test_picked_skill_that_cannot_be_unmentioned_stays_open(cli, tmp_path: Path, fields: dict[str, Any]) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", **fields}})
    messages = [u("hi"), a(None, opens("lore")), t("ok"), u("weather"), a("x"), u("rain")]
    assert ons(simulate(cli, root, messages), "lore") == [False, True, True]


# ---------------------------------------------------------------- linking


def test_without_a_scene_every_valid_skill_is_linked_in_name_order(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"zeta": {"when": "always"}, "alpha": {"when": "picked"},
                                "mid-b": {"triggers": ["x"]}, "mid-a": {"when": "always"}})
    turns = simulate(cli, root, [u("x")])
    assert [v["name"] for v in turns[0]["skills"]] == ["alpha", "mid-a", "mid-b", "zeta"]


def test_a_scene_links_its_skills_in_its_order(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"zeta": {"when": "always"}, "alpha": {"when": "always"}, "mid": {"when": "always"}},
                     scene={"skills": ["zeta", "alpha"]})
    turns = simulate(cli, root, [u("x")], scene=True)
    assert [v["name"] for v in turns[0]["skills"]] == ["zeta", "alpha"]


def test_a_skill_with_errors_is_left_out_with_its_diagnostics_on_stderr(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"good": {"when": "always"}})
    write_skill(root / "skills", "broken", "name: broken\ndescription: Broken.\nwhen: sometimes\n")
    outcome = run_simulate(cli, root, [u("x")])
    assert outcome.code == 1, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    turns = json.loads(outcome.stdout)["turns"]
    assert [v["name"] for v in turns[0]["skills"]] == ["good"]
    assert re.search(r"broken[/\\]SKILL\.md:\d+:\d+", outcome.stderr), outcome.stderr


def test_warnings_do_not_stop_simulate(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["sword", ""], "frequency": 5}})
    outcome = run_simulate(cli, root, [u("sword")])
    assert outcome.code == 0, outcome.stderr
    assert ons(json.loads(outcome.stdout)["turns"], "sword") == [True]


# ---------------------------------------------------------------- scan text (DESIGN 6)


def check(cli, root: Path, fields: dict[str, Any], messages: list[dict[str, Any]]) -> bool:
    """The `probe` skill's verdict on the last turn of `messages`."""
    workspace(root, {"probe": {"when": "mentioned", **fields}})
    return ons(simulate(cli, root, messages), "probe")[-1]


SCAN_CASES = [
    # The window includes the answered message and counts back from it.
    ({"triggers": ["sword"], "scanDepth": 1}, [u("sword"), a("ok"), u("hi")], False, "depth-1-answered-only"),
    ({"triggers": ["sword"], "scanDepth": 2}, [u("hi"), a("a sword"), u("hi")], True, "depth-2-reaches-reply"),
    ({"triggers": ["sword"], "scanDepth": 2}, [u("sword"), a("ok"), u("hi")], False, "depth-2-stops"),
    ({"triggers": ["sword"], "scanDepth": 3}, [u("sword"), a("ok"), u("hi")], True, "depth-3"),
    ({"triggers": ["sword"], "scanDepth": 99}, [u("sword"), a("ok"), u("hi")], True, "depth-beyond-transcript"),
    ({"triggers": ["sword"]}, [u("sword"), a("ok"), u("hi")], False, "default-depth-2"),
    ({"triggers": ["sword"]}, [u("x"), a("sword"), u("hi")], True, "default-depth-2-reaches"),
    # Empty messages take a slot, tool messages take none and are never scanned.
    ({"triggers": ["sword"], "scanDepth": 3}, [u("sword"), a(None, opens("x")), t("r"), a("ok"), u("hi")], False,
     "empty-message-takes-a-slot"),
    ({"triggers": ["sword"], "scanDepth": 4}, [u("sword"), a(None, opens("x")), t("r"), a("ok"), u("hi")], True,
     "tool-message-takes-no-slot"),
    ({"triggers": ["sword"], "scanDepth": 9}, [u("hi"), a(None, opens("x")), t("sword"), a("ok"), u("hi")], False,
     "tool-message-not-scanned"),
    ({"triggers": ["/^\\x01hi\\n\\x01ok\\n\\x01\\n\\x01x$/"], "scanDepth": 9},
     [u("x"), a("", opens("z")), t("r"), a("ok"), u("hi")], True, "empty-message-joined-as-empty"),
    # Joined newest first, each message preceded by \x01 and followed by \n before the next.
    ({"triggers": ["/^\\x01new\\n\\x01old$/"], "scanDepth": 2}, [u("old"), a("new"), u("")], False,
     "answered-empty-message-takes-slot"),
    ({"triggers": ["/^\\x01new\\n\\x01old$/"], "scanDepth": 2}, [u("old"), a("x"), u("new")], False,
     "only-depth-messages"),
    ({"triggers": ["/^\\x01new\\n\\x01mid\\n\\x01old$/"], "scanDepth": 3}, [u("old"), a("mid"), u("new")], True,
     "exact-join"),
    ({"triggers": ["/^\\x01new$/"], "scanDepth": 3}, [u("  \n new \t\n")], True, "trimmed"),
    ({"triggers": ["/^\\x01new$/"], "scanDepth": 3}, [u("\ufeffnew\u3000\u00a0")], True, "js-trim-feff-ideographic"),
    ({"triggers": ["/^\\x01new$/"], "scanDepth": 3}, [u("new\u0085")], False, "js-trim-keeps-nel"),
    ({"triggers": ["/^\\x01new\\x1c$/"], "scanDepth": 3}, [u("new\x1c")], True, "js-trim-keeps-file-separator"),
    # Plain triggers never match across messages; regexes see the joined text.
    ({"triggers": ["red sword"], "scanDepth": 3}, [u("the red"), a("sword here"), u("")], False,
     "plain-not-across-old-to-new"),
    ({"triggers": ["red sword"], "scanDepth": 2}, [u("x"), a("sword"), u("red")], False, "plain-not-across"),
    ({"triggers": ["red\n\u0001sword"], "scanDepth": 2}, [u("x"), a("sword"), u("red")], False,
     "plain-never-across-even-spelled-out"),
    ({"triggers": ["red\n\u0001sword"], "scanDepth": 3}, [u("sword"), a("red"), u("x")], False,
     "plain-never-across-even-spelled-out-2"),
    ({"triggers": ["/red[\\s\\S]*sword/"], "scanDepth": 3}, [u("sword"), a("ok"), u("red")], True,
     "regex-spans-messages"),
    ({"triggers": ["/red[\\s\\S]*sword/"], "scanDepth": 1}, [u("sword"), a("ok"), u("red")], False,
     "regex-spans-only-the-window"),
    ({"triggers": ["/red.*sword/"], "scanDepth": 3}, [u("sword"), a("ok"), u("red")], False, "dot-stops-at-newline"),
    ({"triggers": ["/red.*sword/s"], "scanDepth": 3}, [u("sword"), a("ok"), u("red")], True, "dot-all"),
    # ^ and $ are JavaScript's on the joined text.
    ({"triggers": ["/^sword/"], "scanDepth": 1}, [u("sword")], False, "caret-never-on-first-char"),
    ({"triggers": ["/^sword/m"], "scanDepth": 3}, [u("sword"), a("ok"), u("hi")], False, "caret-m-not-after-x01"),
    ({"triggers": ["/^sword/m"], "scanDepth": 1}, [u("hi\nsword")], True, "caret-m-inside-a-message"),
    ({"triggers": ["/^sword/m"], "scanDepth": 1}, [u("hi\rsword")], True, "caret-m-after-cr"),
    ({"triggers": ["/^sword/m"], "scanDepth": 1}, [u("hi\u2028sword")], True, "caret-m-after-ls"),
    ({"triggers": ["/^\\x01sword/"], "scanDepth": 3}, [u("x"), a("ok"), u("sword")], True, "x01-anchors-newest"),
    ({"triggers": ["/^\\x01sword/"], "scanDepth": 3}, [u("sword"), a("ok"), u("x")], False, "caret-is-text-start"),
    ({"triggers": ["/sword$/"], "scanDepth": 3}, [u("x"), a("ok"), u("sword")], False, "dollar-only-at-very-end"),
    ({"triggers": ["/sword$/"], "scanDepth": 1}, [u("x"), a("ok"), u("sword")], True, "dollar-single-message"),
    ({"triggers": ["/sword$/"], "scanDepth": 3}, [u("a sword"), a("ok"), u("x")], True, "dollar-at-oldest-end"),
    ({"triggers": ["/sword$/m"], "scanDepth": 3}, [u("x"), a("ok"), u("sword")], True, "dollar-m-at-message-end"),
    ({"triggers": ["/\\x01sword/y"], "scanDepth": 3}, [u("x"), a("ok"), u("sword")], True, "sticky-at-start"),
    ({"triggers": ["/\\x01sword/y"], "scanDepth": 3}, [u("sword"), a("ok"), u("x")], False, "sticky-not-later"),
    ({"triggers": ["/sword/y"], "scanDepth": 1}, [u("sword")], False, "sticky-x01-first"),
    ({"triggers": ["/sword/g"], "scanDepth": 1}, [u("a sword")], True, "global-changes-nothing"),
    ({"triggers": ["/sword/gy"], "scanDepth": 1}, [u("a sword")], False, "global-sticky"),
]


@pytest.mark.parametrize(("fields", "messages", "expected"), [c[:3] for c in SCAN_CASES],
                         ids=[c[3] for c in SCAN_CASES])
def test_scan_text(cli, tmp_path: Path, fields: dict[str, Any], messages: list[dict[str, Any]], expected: bool) -> None:
    assert check(cli, tmp_path, fields, messages) is expected


# ---------------------------------------------------------------- plain triggers


PLAIN_CASES = [
    # Case: lower-casing both sides, not case folding.
    ({"triggers": ["sword"]}, "A SWORD!", True, "lower-cases-text"),
    ({"triggers": ["SWORD"]}, "a sword", True, "lower-cases-trigger"),
    ({"triggers": ["Sword"], "caseSensitive": True}, "a sword", False, "case-sensitive"),
    ({"triggers": ["Sword"], "caseSensitive": True}, "a Sword", True, "case-sensitive-hit"),
    ({"triggers": ["Straße"]}, "STRASSE", False, "no-folding-strasse"),
    ({"triggers": ["STRASSE"]}, "straße", False, "no-folding-strasse-2"),
    ({"triggers": ["straße"]}, "STRAẞE", True, "capital-sharp-s-lowers"),
    ({"triggers": ["ΟΔΟΣ"]}, "οδος", True, "greek-final-sigma"),
    # Whole words: Unicode letters, marks, decimal digits and _ are word characters.
    ({"triggers": ["sword"], "matchWholeWords": True}, "swords", False, "whole-suffix"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "a sword.", True, "whole-punctuation"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "sword", True, "whole-edges"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "_sword", False, "whole-underscore"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "sword2", False, "whole-digit"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "sword\u0663", False, "whole-arabic-digit"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "swords sword", True, "whole-second-occurrence"),
    ({"triggers": ["sword"], "matchWholeWords": True}, "sword\u2014", True, "whole-dash"),
    ({"triggers": ["sword"], "matchWholeWords": False}, "swords", True, "not-whole-substring"),
    ({"triggers": ["кот"], "matchWholeWords": True}, "котик", False, "cyrillic-inside-word"),
    ({"triggers": ["кот"], "matchWholeWords": True}, "мой кот!", True, "cyrillic-word"),
    ({"triggers": ["КОТ"], "matchWholeWords": True}, "мой кот!", True, "cyrillic-lowered"),
    ({"triggers": ["cafe"], "matchWholeWords": True}, "cafe\u0301", False, "combining-mark-is-word"),
    ({"triggers": ["naïve"], "matchWholeWords": True}, "so naïve.", True, "latin-accent-word"),
    ({"triggers": ["c++"], "matchWholeWords": True}, "I write c++ daily", True, "punctuation-trigger"),
    ({"triggers": ["c++"], "matchWholeWords": True}, "I write c++x daily", False, "punctuation-trigger-word-after"),
    # Scripts without spaces match as substrings.
    ({"triggers": ["剣"], "matchWholeWords": True}, "この剣は古い", True, "han-substring"),
    ({"triggers": ["けん"], "matchWholeWords": True}, "ぼくのけんです", True, "hiragana-substring"),
    ({"triggers": ["ดาบ"], "matchWholeWords": True}, "ดาบของฉัน", True, "thai-substring"),
    ({"triggers": ["東京tower"], "matchWholeWords": True}, "visit東京towers", True, "mixed-script-substring"),
    # A trigger holding whitespace matches as a substring.
    ({"triggers": ["old king"], "matchWholeWords": True}, "the old kingdom", True, "whitespace-substring"),
    ({"triggers": ["old\tking"], "matchWholeWords": True}, "the old\tkingdom", True, "tab-substring"),
    ({"triggers": ["old king"], "matchWholeWords": True}, "the old  king", False, "whitespace-exact"),
    # Triggers are trimmed first.
    ({"triggers": ["  sword  "], "matchWholeWords": True}, "a sword here", True, "trigger-trimmed"),
    ({"triggers": ["\u00a0sword\ufeff"], "matchWholeWords": True}, "a sword here", True, "trigger-js-trimmed"),
]


@pytest.mark.parametrize(("fields", "text", "expected"), [c[:3] for c in PLAIN_CASES],
                         ids=[c[3] for c in PLAIN_CASES])
def test_plain_triggers(cli, tmp_path: Path, fields: dict[str, Any], text: str, expected: bool) -> None:
    assert check(cli, tmp_path, {"scanDepth": 1, **fields}, [u(text)]) is expected


# ---------------------------------------------------------------- regex triggers


REGEX_CASES = [
    # What is a regex trigger.
    ("//", "a // b", True, "double-slash-is-plain"),
    ("/a/b/", "see /a/b/ here", True, "two-slashes-plain"),
    ("/a/b/", "a", False, "two-slashes-not-regex"),
    ("/x/q", "try /x/q", True, "unknown-flag-plain"),
    ("/x/q", "x", False, "unknown-flag-not-regex"),
    ("/x/ii", "try /x/ii", True, "doubled-flag-plain"),
    ("/x/ii", "X", False, "doubled-flag-not-regex"),
    ("/a\\/b/", "a/b", True, "escaped-slash"),
    ("  /sw.rd/i  ", "SWERD", True, "trimmed-regex"),
    ("/sword/", "SWORD", False, "regex-case-sensitive-without-i"),
    ("/sword/i", "SWORD", True, "flag-i"),
    ("/(?i)sword/", "see /(?i)sword/", True, "python-syntax-is-plain"),
    ("/(?i)sword/", "sword", False, "python-syntax-not-regex"),
    ("/a{,5}/", "a{,5}", True, "brace-literal"),
    # ASCII classes.
    ("/\\d/", "\u0663", False, "digit-ascii"),
    ("/\\d/", "3", True, "digit"),
    ("/^\\x01\\w+$/", "é", False, "word-ascii"),
    ("/\\bкот\\b/", "мой кот", False, "boundary-ascii"),
    ("/\\bsword\\b/", "a sword!", True, "boundary"),
    ("/x\\sy/", "x\u00a0y", True, "space-unicode"),
    ("/x\\sy/", "x\ufeffy", True, "space-feff"),
    ("/x\\sy/", "x\u0085y", False, "space-not-nel"),
    # Case as JavaScript compares it.
    ("/ſ/i", "s", False, "long-s"),
    ("/ß/i", "ẞ", False, "sharp-s"),
    ("/k/i", "\u212a", False, "kelvin-without-u"),
    ("/k/iu", "\u212a", True, "kelvin-with-u"),
    ("/[a-z]/i", "\u017f", False, "range-long-s"),
    # \p only with u.
    ("/\\p{L}/", "abc", False, "p-literal-without-u"),
    ("/\\p{L}/", "p{L}", True, "p-literal-text"),
    ("/\\p{L}/u", "abc", True, "p-with-u"),
    ("/^\\x01\\p{Lu}/u", "Élan", True, "p-category"),
    # JavaScript extras.
    ("/(?<=sharp |dull )sword/", "a dull sword", True, "variable-lookbehind"),
    ("/(?<w$>sword) \\k<w$>/", "sword sword", True, "named-group-with-dollar"),
    ("/x[^]y/", "x\ny", True, "empty-negated-class"),
    ("/x[]y/", "xy", False, "empty-class"),
    ("/(a)?b\\1c/", "bc", True, "unset-backreference-is-empty"),
    ("/^\\x01.$/", "\U0001F600", False, "dot-is-a-code-unit"),
    ("/^\\x01.$/u", "\U0001F600", True, "dot-is-a-code-point-with-u"),
    ("/a.b/", "a\u2028b", False, "dot-not-line-separator"),
    ("/sword\\z/", "swordz", True, "legacy-escape-letter"),
]


@pytest.mark.parametrize(("trigger", "text", "expected"), [c[:3] for c in REGEX_CASES],
                         ids=[c[3] for c in REGEX_CASES])
def test_regex_triggers(cli, tmp_path: Path, trigger: str, text: str, expected: bool) -> None:
    assert check(cli, tmp_path, {"scanDepth": 1, "triggers": [trigger]}, [u(text)]) is expected


@pytest.mark.parametrize(
    ("fields", "text", "expected"),
    [
        ({"triggers": ["/SWORD/"], "caseSensitive": False}, "sword", False),
        ({"triggers": ["/sword/"], "matchWholeWords": True}, "swords", True),
    ],
    ids=["case-sensitive-does-not-apply", "whole-words-does-not-apply"],
)
def test_regex_ignores_plain_options(cli, tmp_path: Path, fields: dict[str, Any], text: str, expected: bool) -> None:
    assert check(cli, tmp_path, {"scanDepth": 1, **fields}, [u(text)]) is expected


def test_catastrophic_regex_counts_as_no_match_and_says_so(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"runaway": {"triggers": ["/(a|aa)+$/"], "scanDepth": 1},
                                "anchor": {"when": "always"}})
    outcome = run_simulate(cli, root, [u("a" * 64 + "!")])
    assert outcome.code == 0, outcome.stderr
    (turn,) = json.loads(outcome.stdout)["turns"]
    runaway = verdict(turn, "runaway")
    assert runaway["on"] is False
    assert re.search(r"time|too long|slow|gave up|runaway|backtrack", runaway["reason"], re.I), runaway["reason"]
    assert verdict(turn, "anchor")["on"] is True


def test_catastrophic_regex_does_not_hide_another_trigger_that_matches(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"either": {"triggers": ["/(a|aa)+$/", "aaa"], "scanDepth": 1}})
    turns = simulate(cli, root, [u("a" * 64 + "!")])
    assert ons(turns, "either") == [True]


# ---------------------------------------------------------------- trigger logic


LOGIC_CASES = [
    ({"triggers": ["red", "sword"]}, "a red cape", True, "any"),
    ({"triggers": ["red", "sword"], "triggerLogic": "all"}, "a red cape", False, "all-missing"),
    ({"triggers": ["red", "sword"], "triggerLogic": "all"}, "a red sword", True, "all"),
    ({"triggers": ["red", "/sw.rd/"], "triggerLogic": "all"}, "a red sword", True, "all-mixed"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"]}, "a sword", False, "andAny-default-none"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"]}, "a sword duel", True, "andAny-default-one"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "andAll"},
     "a sword duel", False, "andAll-one"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "andAll"},
     "a sword duel fight", True, "andAll-all"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "notAny"},
     "a sword", True, "notAny-none"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "notAny"},
     "a sword duel", False, "notAny-one"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "notAll"},
     "a sword duel", True, "notAll-one"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "notAll"},
     "a sword duel fight", False, "notAll-all"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight", "duel"], "selectiveLogic": "notAll"},
     "a sword", True, "notAll-none"),
    ({"triggers": ["sword"], "secondaryTriggers": ["fight"], "selectiveLogic": "notAny"},
     "a fight", False, "notAny-needs-primary"),
    ({"triggers": ["sword"], "secondaryTriggers": ["/DUEL/i"], "selectiveLogic": "andAll"},
     "sword duel", True, "secondary-regex"),
    ({"triggers": ["sword"], "secondaryTriggers": ["duel"], "caseSensitive": True}, "sword DUEL", False,
     "secondary-case-sensitive"),
    ({"triggers": ["sword"], "secondaryTriggers": ["duel"], "matchWholeWords": True}, "sword duels", False,
     "secondary-whole-words"),
]


@pytest.mark.parametrize(("fields", "text", "expected"), [c[:3] for c in LOGIC_CASES],
                         ids=[c[3] for c in LOGIC_CASES])
def test_trigger_logic(cli, tmp_path: Path, fields: dict[str, Any], text: str, expected: bool) -> None:
    assert check(cli, tmp_path, {"scanDepth": 1, **fields}, [u(text)]) is expected


def test_secondaries_are_matched_over_the_same_window(cli, tmp_path: Path) -> None:
    fields = {"triggers": ["sword"], "secondaryTriggers": ["duel"], "scanDepth": 3}
    assert check(cli, tmp_path, fields, [u("a duel"), a("ok"), u("the sword")]) is True


# ---------------------------------------------------------------- unusable input


BROKEN = [
    ("[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\"role\": \"assistant\" \"content\": \"x\"}\n]\n", ".json",
     3, "json-syntax"),
    ("[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\"role\": \"wizard\", \"content\": \"x\"}\n]\n", ".json",
     3, "json-unknown-role"),
    ("[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\"content\": \"x\"}\n]\n", ".json", 3, "json-no-role"),
    ("[\n  {\"role\": \"user\", \"content\": \"hi\"},\n  {\"role\": \"user\", \"content\": 5}\n]\n", ".json", 3,
     "json-content-number"),
    ('{"user_name": "A", "character_name": "B"}\n{"name": "A", "is_user": true, "mes": "hi"}\n{"name": "B", "is_u\n',
     ".jsonl", 3, "jsonl-broken-line"),
    ('{"user_name": "A", "character_name": "B"}\n{"name": "A", "is_user": true, "mes": "hi"}\n[1, 2]\n',
     ".jsonl", 3, "jsonl-not-a-message"),
    ("messages:\n  - user: hi\n  - assistant: x: y\n  - user: x\n", ".yaml", 3, "yaml-syntax"),
    ("messages:\n  - user: hi\n  - wizard: x\n", ".yaml", 3, "yaml-unknown-entry"),
    ("messages:\n  - user: hi\n  - swipe: x\n", ".yaml", 3, "yaml-swipe-without-reply"),
]


@pytest.mark.parametrize(("text", "suffix", "line"), [b[:3] for b in BROKEN], ids=[b[3] for b in BROKEN])
def test_malformed_transcript_exits_2_with_its_line(cli, tmp_path: Path, text: str, suffix: str, line: int) -> None:
    root = workspace(tmp_path, ALWAYS)
    outcome = run_simulate(cli, root, text, suffix=suffix)
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr + outcome.stdout
    assert re.search(rf"(:{line}\b|line {line}\b)", outcome.stderr), outcome.stderr
    assert outcome.stdout == ""


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe\x00garbage\x00", b"\x00\x01\x02", "not a transcript at all".encode()],
    ids=["bad-bytes", "nul", "prose"],
)
def test_unreadable_transcript_exits_2(cli, tmp_path: Path, data: bytes) -> None:
    root = workspace(tmp_path, ALWAYS)
    (root / "chat.json").write_bytes(data)
    outcome = cli("simulate", root / "chat.json", "--skills", root / "skills", "--format", "json", cwd=root)
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    assert outcome.stderr.strip()


def test_missing_transcript_exits_2(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, ALWAYS)
    outcome = cli("simulate", root / "nope.json", "--skills", root / "skills", cwd=root)
    assert outcome.code == 2
    assert "Traceback" not in outcome.stderr
    assert "nope.json" in outcome.stderr


def test_bad_format_option_exits_2(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, ALWAYS)
    outcome = run_simulate(cli, root, [u("x")], extra=("--format", "xml"))
    assert outcome.code == 2


# ---------------------------------------------------------------- more formats and inputs


def test_picked_is_never_on_by_mention_alone(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked", "triggers": ["kingdom"], "closeWhenUnmentioned": True}})
    turns = simulate(cli, root, [u("the kingdom"), a("x"), u("the kingdom!")])
    assert ons(turns, "lore") == [False, False]


def test_openai_request_body_developer_role_and_object_arguments(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}, "sword": {"triggers": ["sword"], "scanDepth": 1}})
    body = {"model": "gpt-4o", "messages": [
        {"role": "developer", "content": "a sword"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "open_skill", "arguments": {"name": "lore"}}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": [{"type": "text", "text": "more"}]},
    ]}
    turns = simulate(cli, root, body)
    assert shape(turns) == [(1, 0), (2, 3)]
    assert ons(turns, "sword") == [True, False]
    assert ons(turns, "lore") == [False, True]


def test_yaml_top_level_list_and_long_form(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"lore": {"when": "picked"}, "anchor": {"when": "always"}})
    text = (
        "- role: user\n"
        "  content: hello\n"
        "- assistant: ''\n"
        "  calls:\n"
        "    - tool: open_skill\n"
        "      arguments: '{\"name\": \"lore\"}'\n"
        "- tool: done\n"
        "- user: again\n"
    )
    turns = simulate(cli, root, text, suffix=".yml")
    assert shape(turns) == [(1, 0), (2, 3)]
    assert ons(turns, "lore") == [False, True]


def test_sillytavern_narrator_is_system_and_hidden_messages_are_not_answered(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "secret": {"triggers": ["secret"], "scanDepth": 9}})
    lines = [
        {"user_name": "A", "character_name": "B", "create_date": "2024-01-01@12h00m00s", "chat_metadata": {}},
        {"name": "A", "is_user": True, "is_system": False, "mes": "hello", "extra": {}},
        {"name": "B", "is_user": False, "is_system": False, "mes": "hi", "extra": {}},
        {"name": "Narrator", "is_user": False, "is_system": False, "mes": "Night falls.",
         "extra": {"type": "narrator"}},
        {"name": "A", "is_user": True, "is_system": True, "mes": "a secret note", "extra": {}},
    ]
    turns = simulate(cli, root, "\n".join(json.dumps(line) for line in lines) + "\n", suffix=".jsonl")
    # The narrator line is a system message the next reply answers; the hidden one is skipped.
    assert shape(turns) == [(1, 0), (2, 2)]
    assert ons(turns, "secret") == [False, False]


def test_crlf_and_bom_transcripts(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"sword": {"triggers": ["/^\\x01a sword$/"], "scanDepth": 1}})
    text = "\ufeff[\r\n  {\"role\": \"user\", \"content\": \"a sword\"}\r\n]\r\n"
    assert ons(simulate(cli, root, text), "sword") == [True]


def test_skills_option_takes_a_workspace_root_and_defaults_to_the_cwd_workspace(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"zeta": {"when": "always"}, "alpha": {"when": "always"}})
    (root / "chat.json").write_text(json.dumps([u("x")]), encoding="utf-8")
    for args in (("--skills", str(root)), ()):
        outcome = cli("simulate", "chat.json", "--format", "json", *args, cwd=root)
        assert outcome.code == 0, outcome.stderr
        assert [v["name"] for v in json.loads(outcome.stdout)["turns"][0]["skills"]] == ["alpha", "zeta"]


def test_a_scene_link_to_a_missing_skill_is_left_out_with_a_warning(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}}, scene={"skills": ["ghost", "anchor"]})
    outcome = run_simulate(cli, root, [u("x")], scene=True)
    assert outcome.code == 0, outcome.stderr
    assert [v["name"] for v in json.loads(outcome.stdout)["turns"][0]["skills"]] == ["anchor"]
    assert "ghost" in outcome.stderr


def test_a_scene_linking_a_broken_skill_still_runs_the_rest(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}}, scene={"skills": ["broken", "anchor"]})
    write_skill(root / "skills", "broken", "name: broken\ndescription: Broken.\nscanDepth: -1\n")
    outcome = run_simulate(cli, root, [u("x")], scene=True)
    assert outcome.code == 1
    assert [v["name"] for v in json.loads(outcome.stdout)["turns"][0]["skills"]] == ["anchor"]
    assert "broken" in outcome.stderr


@pytest.mark.parametrize(
    ("scene_text", "line"),
    [("skills: [anchor\n", 2), ("skills: [anchor]\ntoolAccess: maybe\n", 2), ("toolAccess: true\nskills: anchor\n", 2)],
    ids=["yaml-syntax", "tool-access-not-bool", "skills-not-a-list"],
)
def test_an_unusable_scene_exits_2_with_its_line(cli, tmp_path: Path, scene_text: str, line: int) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}})
    (root / "scenes").mkdir()
    (root / "scenes" / "scene.yaml").write_text(scene_text, encoding="utf-8")
    outcome = run_simulate(cli, root, [u("x")], scene=True)
    assert outcome.code == 2, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    assert re.search(rf"scene\.yaml:{line}\b", outcome.stderr), outcome.stderr


def test_an_empty_transcript_has_one_turn_answering_nothing(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"anchor": {"when": "always"}, "any": {"triggers": ["/(?:)/"]}})
    turns = simulate(cli, root, [])
    assert shape(turns) == [(1, None)]
    assert ons(turns, "anchor") == [True] and ons(turns, "any") == [False]


def test_yaml_long_form_content_as_parts_is_joined_by_newline(cli, tmp_path: Path) -> None:
    root = workspace(tmp_path, {"joined": {"triggers": ["/^\\x01hello\\nthere$/"], "scanDepth": 1}})
    text = ("- role: user\n  content:\n    - {type: text, text: hello}\n"
            "    - {type: image_url, image_url: {url: 'https://example.invalid/x.png'}}\n"
            "    - {type: text, text: there}\n")
    assert ons(simulate(cli, root, text, suffix=".yaml"), "joined") == [True]


def test_with_a_scene_and_no_skills_option_the_scenes_workspace_is_read(cli, tmp_path: Path) -> None:
    # Render reads the scene's own workspace; simulate ("options as simulate") must read the same skills,
    # not whatever the current folder happens to hold.
    root = workspace(tmp_path / "ws", {"lore": {"when": "picked"}, "anchor": {"when": "always"}},
                     scene={"skills": ["anchor", "lore"]})
    elsewhere = workspace(tmp_path / "elsewhere", {"lore": {"when": "always"}})
    (elsewhere / "chat.json").write_text(json.dumps([u("hi")]), encoding="utf-8")
    outcome = cli("simulate", "chat.json", "--scene", root / "scenes" / "scene.yaml", "--format", "json",
                  cwd=elsewhere)
    assert outcome.code == 0, outcome.stderr
    (turn,) = json.loads(outcome.stdout)["turns"]
    assert [(v["name"], v["when"], v["on"]) for v in turn["skills"]] == [
        ("anchor", "always", True), ("lore", "picked", False)]
    rendered = cli("render", "chat.json", "--scene", root / "scenes" / "scene.yaml", "--format", "json",
                   cwd=elsewhere)
    assert json.loads(rendered.stdout)["skillsBlock"] == "### Skills\n\n## anchor\nText of anchor."
