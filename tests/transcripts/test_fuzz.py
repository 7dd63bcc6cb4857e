"""Every transcript reader, fed arbitrary input, returns a transcript or raises InputError."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from skillkit.core.errors import InputError
from skillkit.transcripts import parse_transcript
from skillkit.transcripts.openai import read_openai
from skillkit.transcripts.sillytavern import read_sillytavern
from skillkit.transcripts.yaml_form import read_yaml_form

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.sampled_from(["user", "assistant", "tool", "system", "open_skill", "mes", "is_user", "is_system",
                       "extra", "tool_invocations", "role", "content", "tool_calls", "function", "name",
                       "arguments", '{"name": "x"}', "messages", "swipes", "swipe_id", "calls", "continue"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["role", "content", "tool_calls", "function", "name", "arguments", "mes", "is_user",
                         "is_system", "extra", "tool_invocations", "parameters", "type", "text", "swipes",
                         "swipe_id", "messages", "user", "assistant", "swipe", "calls", "hidden"]),
        children, max_size=5),
    max_leaves=20)


def survives(read, *args) -> None:
    try:
        read(*args)
    except InputError:
        pass


@settings(max_examples=400)
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data):
    survives(parse_transcript, data, "t")


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_each_reader_on_arbitrary_text(text):
    for read in (read_openai, read_sillytavern, read_yaml_form):
        survives(read, text, "t")


@settings(max_examples=400)
@given(st.lists(json_values, max_size=6))
def test_openai_on_structured_json(messages):
    survives(parse_transcript, json.dumps(messages).encode(), "t")


@settings(max_examples=400)
@given(st.lists(json_values, max_size=6))
def test_sillytavern_on_structured_lines(lines):
    text = "\n".join([json.dumps({"user_name": "a"})] + [json.dumps(line) for line in lines])
    survives(read_sillytavern, text, "t")


@settings(max_examples=400)
@given(st.lists(json_values, max_size=6))
def test_yaml_form_on_structured_entries(entries):
    survives(read_yaml_form, json.dumps({"messages": entries}), "t")
