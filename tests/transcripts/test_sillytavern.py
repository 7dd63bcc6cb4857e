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
    text = json.dumps({"name": "Bob", "is_user": False, "swipes": ["one", "two"], "swipe_id": 1})
    messages = parse_transcript(text.encode(), "chat.jsonl").messages
    assert [(m.role, m.text) for m in messages] == [("assistant", "two")]


def test_a_header_alone_is_an_empty_chat():
    assert parse_transcript(HEADER.encode(), "chat.jsonl").messages == ()


@pytest.mark.parametrize("line, message", [
    ('{"name": "Bob", "is_user": false, "mes": 5}', "`mes` must be a string"),
    ('{"name": "Bob", "is_user": "yes", "mes": ""}', "`is_user` must be true or false"),
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
