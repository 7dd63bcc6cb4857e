"""skillkit's own YAML transcript form, with continue / swipe / regenerate events."""

from __future__ import annotations

import pytest

from skillkit.core.errors import InputError
from skillkit.transcripts import load_transcript, parse_transcript
from tests.conftest import FIXTURES


def parse(text: str) -> tuple:
    return parse_transcript(text.encode(), "t.yaml").messages


def test_the_fixture_reads_events_and_calls():
    transcript = load_transcript(FIXTURES / "transcripts" / "activation.yaml")
    assert transcript.format == "yaml"
    assert [(e.kind, e.message) for e in transcript.events] == [
        ("continue", 9), ("swipe", 12), ("regenerate", 13), ("swipe", 16)]
    calls = transcript.messages[2].tool_calls
    assert [(c.name, c.skill_name()) for c in calls] == [
        ("open_skill", "lore"), ("open_skill", "dragons"), ("open_skill", "weather"), ("open_skill", None),
        ("close_skill", "herbs")]


def test_short_and_long_forms():
    messages = parse("""
- user: Hello
  name: Alice
- {role: assistant, content: Hi}
- assistant:
- user: secret
  hidden: true
- system: 42
""")
    assert [(m.role, m.text, m.name, m.hidden) for m in messages] == [
        ("user", "Hello", "Alice", False), ("assistant", "Hi", None, False), ("assistant", "", None, False),
        ("user", "secret", None, True), ("system", "42", None, False)]


@pytest.mark.parametrize("text, line, message", [
    ("messages:\n  - user: hi\n  - wizard: boo\n", 3, "exactly one of"),
    ("messages:\n  - user: hi\n    colour: red\n", 3, "unknown key 'colour'"),
    ("messages:\n  - user: hi\n  - continue: more\n", 3, "a continue needs a reply right before it"),
    ("messages:\n  - swipe: again\n", 2, "a swipe needs a reply"),
    ("messages:\n  - user: hi\n    calls: [open_skill: x]\n", 2, "only a reply"),
    ("messages:\n  - assistant: hi\n    calls: [42]\n", 3, "a call is"),
    ("messages:\n  - user: [a, b]\n", 2, "must be a string"),
    ("messages:\n  - user: hi\n  - user: &x hi\n  - user: *x\n", 4, "alias"),
    ("messages: [\n", 2, "YAML syntax error"),
    ("title: x\n", 1, "unknown key 'title'"),
    ("just some text\n", 1, "a list of messages"),
])
def test_malformed_yaml_names_its_line(text, line, message):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert caught.value.line == line
    assert message in str(caught.value)
