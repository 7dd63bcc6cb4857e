"""DESIGN 3.2: every parsing case real tools break on, and every bad input, through the real CLI.

Each bad file must give a diagnostic on the right line, exit code 1, and no traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import write_skill

GOOD = "name: demo\ndescription: A demo skill for tests."


def lint_json(cli, path: Path) -> tuple[int, list[dict]]:
    outcome = cli("lint", "--format", "json", path, cwd=path if path.is_dir() else path.parent)
    assert "Traceback" not in outcome.stderr + outcome.stdout
    return outcome.code, json.loads(outcome.stdout)["diagnostics"]


def write_raw(tmp_path: Path, data: bytes, name: str = "demo") -> Path:
    folder = tmp_path / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_bytes(data)
    return tmp_path


def only(diags: list[dict], rule: str) -> dict:
    found = [d for d in diags if d["rule"] == rule]
    assert found, f"expected a {rule} diagnostic, got {diags}"
    return found[0]


def test_byte_order_mark_is_accepted_with_a_warning(cli, tmp_path):
    root = write_raw(tmp_path, b"\xef\xbb\xbf---\n" + GOOD.encode() + b"\n---\nBody.\n")
    code, diags = lint_json(cli, root)
    assert code == 0
    assert [(d["rule"], d["line"], d["severity"]) for d in diags] == [("byte-order-mark", 1, "warning")]


def test_crlf_line_endings_keep_line_numbers(cli, tmp_path):
    text = "---\r\nname: demo\r\ndescription: A demo.\r\nwhen: sometimes\r\n---\r\nBody.\r\n"
    code, diags = lint_json(cli, write_raw(tmp_path, text.encode()))
    assert code == 1
    d = only(diags, "trigger-fields")
    assert (d["line"], d["column"]) == (4, 7)


@pytest.mark.parametrize("frontmatter", [
    'name: demo\ndescription: "uses --- inside a value"',
    "name: demo\ndescription: |\n  literal\n  ---\n  still the description",
    "name: demo\ndescription: >\n  folded\n  text",
    "name: demo\ndescription: flow lists\nwhen: mentioned\ntriggers: [a, 'b', \"c\"]",
])
def test_values_real_tools_break_on(cli, tmp_path, frontmatter):
    write_skill(tmp_path, "demo", frontmatter)
    code, diags = lint_json(cli, tmp_path)
    assert [d for d in diags if d["severity"] == "error"] == []
    assert code == 0


def test_the_closing_fence_is_a_line_not_a_substring(cli, tmp_path):
    # "---" glued to text is no fence: the frontmatter stays open until the real one.
    root = write_raw(tmp_path, b"---\nname: demo\ndescription: Reads a---b as one value.\n---\nBody --- more\n")
    code, diags = lint_json(cli, root)
    assert (code, diags) == (0, [])


def test_yaml_syntax_error_has_line_and_column(cli, tmp_path):
    root = write_raw(tmp_path, b"---\nname: demo\ndescription: [unclosed\n---\nBody\n")
    code, diags = lint_json(cli, root)
    d = only(diags, "yaml-syntax")
    assert code == 1 and d["line"] == 4


def test_alias_bomb_is_reported_and_never_expanded(cli, tmp_path):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 9)}]")
    root = write_raw(tmp_path, ("---\n" + "\n".join(lines) + "\n---\nBody\n").encode())
    code, diags = lint_json(cli, root)
    first = only(diags, "yaml-alias")
    assert code == 1 and first["line"] == 3


def test_nul_byte_is_reported_where_it_is(cli, tmp_path):
    root = write_raw(tmp_path, b"---\nname: demo\ndescription: x\n---\nBo\x00dy\n")
    code, diags = lint_json(cli, root)
    d = only(diags, "file-encoding")
    assert (code, d["line"], d["column"]) == (1, 5, 3)


def test_invalid_utf8_is_reported_where_it_is(cli, tmp_path):
    root = write_raw(tmp_path, b"---\nname: demo\ndescription: caf\xe9\n---\nBody\n")
    code, diags = lint_json(cli, root)
    d = only(diags, "file-encoding")
    assert (code, d["line"], d["column"]) == (1, 3, 17)


def test_30_mb_file_is_refused_before_reading(cli, tmp_path):
    folder = tmp_path / "demo"
    folder.mkdir()
    with open(folder / "SKILL.md", "wb") as handle:
        handle.write(b"---\n")
        handle.truncate(30 * 1024 * 1024)  # sparse: costs no disk
    code, diags = lint_json(cli, tmp_path)
    d = only(diags, "file-too-large")
    assert (code, d["line"]) == (1, 1)


@pytest.mark.parametrize("data, rule, line", [
    (b"", "frontmatter-missing", 1),
    (b"   \n\n", "frontmatter-missing", 1),
    (b"# Just markdown\n", "frontmatter-missing", 1),
    (b"---\nname: demo\ndescription: x\nBody with no closing fence\n", "frontmatter-unclosed", 1),
    (b"---\n---\nBody\n", "frontmatter-missing", 2),
    (b"---\n- a list\n---\nBody\n", "frontmatter-missing", 2),
])
def test_missing_empty_and_unclosed_frontmatter(cli, tmp_path, data, rule, line):
    code, diags = lint_json(cli, write_raw(tmp_path, data))
    d = only(diags, rule)
    assert (code, d["line"]) == (1, line)


def test_duplicate_keys_point_at_the_second_key(cli, tmp_path):
    root = write_raw(tmp_path, b"---\nname: demo\ndescription: one\ndescription: two\n---\nBody\n")
    code, diags = lint_json(cli, root)
    d = only(diags, "yaml-duplicate-key")
    assert (code, d["line"], d["column"]) == (1, 4, 1)


@pytest.mark.parametrize("key_text, line", [("1: one", 4), ("true: yes", 4), ("[a, b]: list", 4), ("? {k: v}\n: map", 4)])
def test_non_string_keys_are_reported_at_the_key(cli, tmp_path, key_text, line):
    root = write_raw(tmp_path, f"---\nname: demo\ndescription: x\n{key_text}\n---\nBody\n".encode())
    code, diags = lint_json(cli, root)
    d = only(diags, "yaml-key-type")
    assert (code, d["line"]) == (1, line)


def test_wrong_value_is_reported_at_the_value(cli, tmp_path):
    write_skill(tmp_path, "demo", "name: demo\ndescription: x\nscanDepth: -1")
    code, diags = lint_json(cli, tmp_path)
    d = only(diags, "trigger-fields")
    assert (code, d["line"], d["column"]) == (1, 4, 12)


def test_too_many_items_and_must_be_empty_are_reported_at_the_key(cli, tmp_path):
    examples = "\n".join(f"  - {{situation: s{i}, resolution: r}}" for i in range(21))
    write_skill(tmp_path, "demo", f"name: demo\ndescription: x\nconfig: {{a: 1}}\nexamples:\n{examples}")
    code, diags = lint_json(cli, tmp_path)
    assert (only(diags, "config-empty")["line"], only(diags, "config-empty")["column"]) == (4, 1)
    assert (only(diags, "examples-format")["line"], only(diags, "examples-format")["column"]) == (5, 1)


def test_forbidden_and_unknown_keys_are_reported_at_the_key(cli, tmp_path):
    write_skill(tmp_path, "demo", "name: demo\ndescription: x\ntools:\n  - name: t\n    input: {a: 1}\ndesciption: typo")
    code, diags = lint_json(cli, tmp_path)
    forbidden = only(diags, "tool-reference")
    assert (forbidden["line"], forbidden["column"]) == (6, 5)
    unknown = only(diags, "unknown-field")
    assert (unknown["line"], unknown["column"]) == (7, 1)


def test_a_path_that_cannot_be_opened_exits_2(cli, tmp_path):
    outcome = cli("lint", tmp_path / "missing")
    assert outcome.code == 2 and "no such file" in outcome.stderr and "Traceback" not in outcome.stderr


@pytest.mark.parametrize("version, valid", [
    ("1.0.0", True), ("1.2.3-rc.1+build.7", True), ("1.0.0-0a", True), ("1.0.0-01", False),
    ("1.0.0-a..b", False), ("01.0.0", False), ("1.0", False), ("1.0.0+", False),
])
def test_lint_accepts_exactly_the_versions_resolve_can_load(cli, tmp_path, version, valid):
    from skillkit.platform.versions import parse_version

    write_skill(tmp_path, "demo", f"name: demo\ndescription: x\nversion: '{version}'")
    code, diags = lint_json(cli, tmp_path)
    assert (not any(d["rule"] == "version-format" for d in diags)) is valid
    assert (parse_version(version) is not None) is valid


def _split_by_lines(text: str) -> tuple[str, str, int] | str:
    """The frontmatter split as a plain list of lines gives it: the reference for split()."""
    lines = text.split("\n")
    if not text.strip():
        return "empty"
    if lines[0].rstrip(" \t") != "---":
        return "missing"
    for index in range(1, len(lines)):
        if lines[index].rstrip(" \t") == "---":
            return "".join(line + "\n" for line in lines[1:index]), "\n".join(lines[index + 1:]), index + 2
    return "unclosed"


@settings(max_examples=300)
@given(st.lists(st.sampled_from(["---", "--- ", "---\t", "name: x", "", " ", "body", "a: |", "  b"]), max_size=10)
       .map("\n".join))
def test_frontmatter_split_reads_line_by_line(text):
    from skillkit.core.frontmatter import split
    from skillkit.core.reader import SourceText

    document, findings = split(SourceText("SKILL.md", text, False))
    expected = _split_by_lines(text)
    if isinstance(expected, str):
        assert document is None and findings[0].rule == ("frontmatter-unclosed" if expected == "unclosed"
                                                          else "frontmatter-missing")
    else:
        assert (document.yaml_text, document.body, document.body_line) == expected
