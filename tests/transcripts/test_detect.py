"""The format is decided by the content, whatever the file is called; bad bytes are input errors."""

from __future__ import annotations

import pytest

from skillkit.core.errors import InputError
from skillkit.transcripts import load_transcript, parse_transcript
from skillkit.transcripts.detect import detect_format
from tests.conftest import FIXTURES


@pytest.mark.parametrize("name, kind", [("openai.json", "openai"), ("tavern.jsonl", "sillytavern"),
                                        ("activation.yaml", "yaml"), ("empty.json", "openai")])
def test_fixtures_are_detected_by_content(tmp_path, name, kind):
    renamed = tmp_path / "chat.txt"
    renamed.write_bytes((FIXTURES / "transcripts" / name).read_bytes())
    assert load_transcript(renamed).format == kind


@pytest.mark.parametrize("text, kind", [
    ('{"messages": []}', "openai"),
    ('{\n  "messages": [\n  ]\n}', "openai"),
    ('{"user_name": "A", "character_name": "B"}', "sillytavern"),
    ('{"name": "B", "is_user": false, "mes": "hi"}\n{"name": "A", "is_user": true, "mes": "yo"}', "sillytavern"),
    ("- user: hi", "yaml"),
    ("{messages: [{user: hi}]}", "yaml"),
])
def test_detect(text, kind):
    assert detect_format(text) == kind


def test_bom_and_crlf_are_accepted():
    messages = parse_transcript("\ufeff- user: hi\r\n- assistant: yo\r\n".encode(), "t").messages
    assert [m.text for m in messages] == ["hi", "yo"]


@pytest.mark.parametrize("data, line", [(b"- user: hi\n- user: \xff\n", 2), (b"- user: a\n\x00", 2)])
def test_bad_bytes_name_their_line(data, line):
    with pytest.raises(InputError) as caught:
        parse_transcript(data, "t")
    assert caught.value.line == line


def test_a_missing_file_and_a_folder_are_input_errors(tmp_path):
    with pytest.raises(InputError):
        load_transcript(tmp_path / "nope.json")
    with pytest.raises(InputError):
        load_transcript(tmp_path)
