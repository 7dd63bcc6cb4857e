"""SillyTavern chat JSONL as SillyTavern exports it."""

from __future__ import annotations

import json

import pytest

from skillkit.core.errors import InputError
from skillkit.transcripts import load_transcript, parse_transcript
from tests.conftest import FIXTURES

HEADER = json.dumps({"user_name": "Alice", "character_name": "Bob", "create_date": "2025-03-01@14h02m11s",
                     "chat_metadata": {}})


def parse(*lines: object) -> tuple:
    text = "\n".join([HEADER, *(json.dumps(line) for line in lines)]) + "\n"
    return parse_transcript(text.encode(), "chat.jsonl").messages


def test_the_export_maps_every_kind_of_message():
    transcript = load_transcript(FIXTURES / "transcripts" / "tavern.jsonl")
    assert transcript.format == "sillytavern"
    got = [(m.index, m.role, m.hidden, m.name) for m in transcript.messages]
    assert got == [
        (0, "assistant", False, "Bob"),                  # the character's greeting
        (1, "user", False, "Alice"),
        (2, "assistant", False, "Bob"),
        (3, "tool", False, "SillyTavern System"),        # the tool-invocation record
        (4, "assistant", False, "Bob"),                  # the reply continues after its tool results
        (5, "system", True, "Alice"),                    # a hidden message: not scanned, not answered
        (6, "system", False, "System"),                  # a narrator message (/sys)
        (7, "assistant", False, "Bob"),
        (8, "user", False, "Alice"),
    ]
    record = transcript.messages[3]
    assert [(c.name, c.skill_name()) for c in record.tool_calls] == [("open_skill", "lore")]
    assert transcript.messages[4].text.startswith("The kingdom fell")   # `mes`, the shown swipe
    assert transcript.messages[0].line == 2                             # the header is line 1


def test_a_headerless_chat_and_a_message_without_mes():
    """SillyTavern scans `mes` alone: a message without one is empty (its swipes are not read),
    as the prompt builder's getRegexedString gives '' for anything but a string."""
    text = json.dumps({"name": "Bob", "is_user": False, "swipes": ["one", "two"], "swipe_id": 1})
    transcript = parse_transcript(text.encode(), "chat.jsonl")
    assert [(m.role, m.text) for m in transcript.messages] == [("assistant", "")]
    assert [(d.line, d.rule, d.message) for d in transcript.warnings] == [
        (1, "transcript-value", "`mes` is missing here: read as empty text, as SillyTavern reads it")]


@pytest.mark.parametrize("value, truthy", [
    ("", False), (0, False), (None, False), (False, False), (0.0, False),
    ("false", True), ("0", True), (1, True), (-2.5, True), (True, True), ([], True), ({}, True),
])
def test_a_flag_of_another_type_takes_javascript_truthiness(value, truthy):
    for flag, role in (("is_user", "user"), ("is_system", "system")):
        line = {"name": "Bob", "mes": "hi", flag: value}
        transcript = parse_transcript("\n".join([HEADER, json.dumps(line)]).encode(), "chat.jsonl")
        assert transcript.messages[0].role == (role if truthy else "assistant"), (flag, value)
        assert len(transcript.warnings) == (0 if isinstance(value, bool) else 1)


@pytest.mark.parametrize("mes", [None, 5, 2.5, True, ["a"], {"a": 1}])
def test_a_mes_that_is_not_a_string_is_empty_with_a_warning(mes):
    transcript = parse_transcript("\n".join([HEADER, json.dumps({"name": "Bob", "mes": mes})]).encode(), "c.jsonl")
    assert transcript.messages[0].text == ""
    assert [d.severity.name for d in transcript.warnings] == ["WARNING"]


def test_one_warning_for_many_lines_alike():
    lines = [json.dumps({"name": "A", "is_user": True, "is_system": "", "mes": f"m{i}"}) for i in range(50)]
    transcript = parse_transcript("\n".join([HEADER, *lines]).encode(), "chat.jsonl")
    assert [m.role for m in transcript.messages] == ["user"] * 50
    assert [(d.line, d.message) for d in transcript.warnings] == [
        (2, '`is_system` is "" on 50 lines (the first here): read as false, as SillyTavern reads it')]


def test_a_header_alone_is_an_empty_chat():
    assert parse_transcript(HEADER.encode(), "chat.jsonl").messages == ()


@pytest.mark.parametrize("line, message", [
    ('{"name": "Bob", "is_user": false, "mes": ""', "invalid JSON"),
    ('[1, 2]', "each line must be a JSON object"),
    ('{"is_system": true, "mes": "", "extra": {"tool_invocations": [{"parameters": "{}"}]}}', "needs a `name`"),
])
def test_a_malformed_line_is_reported_with_its_number(line, message):
    text = f"{HEADER}\n{json.dumps({'name': 'Alice', 'is_user': True, 'mes': 'hi'})}\n{line}\n"
    with pytest.raises(InputError) as caught:
        parse_transcript(text.encode(), "chat.jsonl")
    assert caught.value.line == 3
    assert message in str(caught.value)
