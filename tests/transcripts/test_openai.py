"""OpenAI-style JSON messages."""

from __future__ import annotations

import json

import pytest

from skillkit.core.errors import InputError
from skillkit.transcripts import load_transcript, parse_transcript
from tests.conftest import FIXTURES


def parse(messages: object) -> tuple:
    return parse_transcript(json.dumps(messages).encode(), "t.json").messages


def test_the_fixture_reads_roles_parts_and_tool_calls():
    transcript = load_transcript(FIXTURES / "transcripts" / "openai.json")
    assert transcript.format == "openai"
    roles = [m.role for m in transcript.messages]
    assert roles == ["system", "user", "assistant", "tool", "assistant", "assistant", "user", "assistant", "tool"]
    assert transcript.messages[1].text == "Tell me of the\nold kingdom."     # text parts joined by \n
    call = transcript.messages[2].tool_calls[0]
    assert (call.name, call.skill_name()) == ("open_skill", "lore")
    assert transcript.messages[2].text == ""
    assert transcript.messages[6].name == "Alice"
    assert [m.line for m in transcript.messages] == list(range(2, 11))


def test_other_spellings_are_accepted():
    messages = parse({"messages": [
        {"role": "developer", "content": "rules"},
        {"role": "user", "content": [{"type": "input_text", "text": "hi"}, "there"]},
        {"role": "assistant", "content": None, "function_call": {"name": "open_skill", "arguments": {"name": "x"}}},
        {"role": "function", "name": "open_skill", "content": "ok"},
    ]})
    assert [m.role for m in messages] == ["system", "user", "assistant", "tool"]
    assert messages[1].text == "hi\nthere"
    assert messages[2].tool_calls[0].skill_name() == "x"


@pytest.mark.parametrize("arguments, name", [('{"name": "lore"}', "lore"), ("{not json", None), ('["lore"]', None),
                                             ('{"name": 3}', None), (None, None), (7, None)])
def test_unreadable_arguments_are_kept_for_activation_to_refuse(arguments, name):
    call = {"type": "function", "function": {"name": "open_skill", "arguments": arguments}}
    messages = parse([{"role": "assistant", "content": "", "tool_calls": [call]}])
    assert messages[0].tool_calls[0].skill_name() == name


@pytest.mark.parametrize("text, line, message", [
    (b'[\n  {"role": "user", "content": "a"},\n  {"content": "b"}\n]', 3, "needs a role"),
    (b'[\n  {"role": "wizard"}\n]', 2, "needs a role"),
    (b'[\n  {"role": "user", "content": 5}\n]', 2, "`content` must be"),
    (b'[\n  {"role": "assistant", "tool_calls": {}}\n]', 2, "`tool_calls` must be a list"),
    (b'[\n  {"role": "assistant", "tool_calls": [{"function": {}}]}\n]', 2, "needs a `function` with a `name`"),
    (b'[\n  {"role": "user",\n   "content": "a"\n', 4, "invalid JSON"),
    (b'[\n  "hello"\n]', 2, "must be a JSON object"),
    (b'[] []', 1, "extra data"),
    (b'{"model": "x"}', 1, "needs a `messages` list"),
    (b"[" * 100_000, 1, "nested too deeply"),
])
def test_malformed_json_names_its_line(text, line, message):
    with pytest.raises(InputError) as caught:
        parse_transcript(text, "t.json")
    assert caught.value.line == line
    assert message in str(caught.value)
