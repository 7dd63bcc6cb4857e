"""Acceptance cases for `skillkit lint`, `skillkit schema`, `skillkit rules` and the shared core.

Written from the contracts in DESIGN.md (sections 2, 3, 4.1-4.3, 5 and 7) before reading the code:
command names, options, JSON shapes, exit codes and semantics. Every case drives the real CLI,
in-process through the `cli` fixture or as `python -m skillkit` in a subprocess where the case
needs a real process (terminals, non-UTF-8 file names, FIFOs, exit codes of the interpreter).

Rule ids come from `skillkit rules` (the documented, stable ids); positions are computed from the
file text the case writes, never typed by hand.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, WORKSPACE, Outcome

ANSI = re.compile(r"\x1b\[")
DIAGNOSTIC_KEYS = {"path", "line", "column", "rule", "severity", "message"}
SEVERITIES = {"error", "warning", "info"}
MIB = 1024 * 1024


# ---------------------------------------------------------------------------------------------
# helpers


def skill_text(frontmatter: str, body: str = "Do the thing.\n") -> str:
    return f"---\n{frontmatter.strip(chr(10))}\n---\n{body}"


def put(root: Path, folder: str, text: str | bytes) -> Path:
    """Write `root/skills/<folder>/SKILL.md` verbatim (text as UTF-8, LF kept as written)."""
    path = root / "skills" / folder / "SKILL.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def fm(name: str, extra: str = "", description: str = "Does a thing for a user.") -> str:
    lines = [f"name: {name}", f"description: {description}"]
    if extra:
        lines.append(extra.strip("\n"))
    return "\n".join(lines)


def at(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the nth occurrence of `needle` in `text` (columns in characters)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    before = text[:index]
    line = before.count("\n") + 1
    column = index - (before.rfind("\n") + 1) + 1
    return line, column


@dataclass
class Lint:
    outcome: Outcome
    data: dict[str, Any]

    @property
    def code(self) -> int:
        return self.outcome.code

    @property
    def diagnostics(self) -> list[dict[str, Any]]:
        return self.data["diagnostics"]

    def of(self, rule: str | None = None, severity: str | None = None) -> list[dict[str, Any]]:
        return [
            d
            for d in self.diagnostics
            if (rule is None or d["rule"] == rule) and (severity is None or d["severity"] == severity)
        ]

    @property
    def rules(self) -> set[str]:
        return {d["rule"] for d in self.diagnostics}

    def one(self, rule: str) -> dict[str, Any]:
        found = self.of(rule)
        assert len(found) == 1, (rule, self.diagnostics)
        return found[0]

    def where(self, rule: str) -> set[tuple[int, int]]:
        return {(d["line"], d["column"]) for d in self.of(rule)}


def no_traceback(outcome: Outcome | subprocess.CompletedProcess[Any]) -> None:
    out = outcome.stdout if isinstance(outcome.stdout, str) else outcome.stdout.decode("utf-8", "replace")
    err = outcome.stderr if isinstance(outcome.stderr, str) else outcome.stderr.decode("utf-8", "replace")
    assert "Traceback" not in out + err, out + err
    assert "internal error" not in err, err


@pytest.fixture
def lint(cli):
    """`lint(root, *args, paths=(".",))` -> Lint, run in `root` with --format json."""

    def run(root: Path, *args: str, paths: tuple[str, ...] = (".",), cwd: Path | None = None) -> Lint:
        outcome = cli("lint", *paths, "--format", "json", *args, cwd=cwd or root)
        no_traceback(outcome)
        assert outcome.code in (0, 1), (outcome.code, outcome.stdout, outcome.stderr)
        data = json.loads(outcome.stdout)
        return Lint(outcome, data)

    return run


def subprocess_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    for key in ("NO_COLOR", "FORCE_COLOR", "GITHUB_ACTIONS", "CLICOLOR_FORCE"):
        env.pop(key, None)
    env.update({"COLUMNS": "100", "PYTHONPATH": str(REPO)})
    env.update(extra)
    return env


def run_module(*args: str | os.PathLike[str] | bytes, cwd: Path, timeout: float = 120, **env: str):
    """`python -m skillkit ARGS` in a real process; bytes output (file names may not be UTF-8)."""
    try:
        return subprocess.run(
            [sys.executable, "-m", "skillkit", *args],
            cwd=cwd,
            env=subprocess_env(**env),
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:  # a hang is a failure, not a slow pass
        pytest.fail(f"skillkit {args} did not finish: {exc}")


def run_on_terminal(*args: str, cwd: Path, **env: str) -> tuple[int, str]:
    """Run `python -m skillkit ARGS` with stdout and stderr on a pseudo-terminal."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "skillkit", *args],
        cwd=cwd,
        env=subprocess_env(TERM="xterm-256color", COLUMNS="200", **env),
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
    )
    os.close(slave)
    chunks: list[bytes] = []
    while True:
        ready, _, _ = select.select([master], [], [], 120)
        if not ready:
            process.kill()
            pytest.fail("no output from skillkit on a terminal")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return process.wait(timeout=120), b"".join(chunks).decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------------
# 3.1 name


def test_name_of_64_characters_is_fine(tmp_path, lint):
    name = "a" * 64
    put(tmp_path, name, skill_text(fm(name)))
    result = lint(tmp_path)
    assert result.code == 0, result.diagnostics
    assert "name-format" not in result.rules


def test_name_of_65_characters_is_an_error_at_the_value(tmp_path, lint):
    name = "a" * 65
    text = skill_text(fm(name))
    put(tmp_path, name, text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.one("name-format")["severity"] == "error"
    assert result.where("name-format") == {at(text, name)}


@pytest.mark.parametrize("name", ["abc", "a-b-1", "0", "a1b2-c3", "x" * 63 + "1"])
def test_valid_names(tmp_path, lint, name):
    put(tmp_path, name, skill_text(fm(f"'{name}'")))
    result = lint(tmp_path)
    assert "name-format" not in result.rules
    assert result.code == 0, result.diagnostics


@pytest.mark.parametrize(
    "name", ["Abc", "a_b", "-ab", "ab-", "a--b", "a.b", "caf\u00e9", "a b", "ab\u0131", "ABC"]
)
def test_invalid_names_are_errors_at_the_value(tmp_path, lint, name):
    quoted = json.dumps(name, ensure_ascii=False)
    text = skill_text(fm(quoted))
    put(tmp_path, name, text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.one("name-format")["severity"] == "error"
    assert result.where("name-format") == {at(text, quoted)}


@pytest.mark.parametrize("value", ['""', "123", "[a]", "null", "true"])
def test_name_that_is_not_a_non_empty_string_is_an_error(tmp_path, lint, value):
    text = skill_text(fm(value))
    put(tmp_path, "folder", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert errors
    assert at(text, value) in {(d["line"], d["column"]) for d in errors}, errors


@pytest.mark.parametrize("style", ["|", ">", '"c\\n"'])
def test_name_with_a_line_break_is_a_format_error(tmp_path, lint, style):
    # `$` in the schema's pattern is JavaScript's (end of text), not Python's (before a final newline)
    value = f"{style}\n  c" if style in ("|", ">") else style
    text = skill_text(f"name: {value}\ndescription: d")
    put(tmp_path, "c", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("name-format") == {at(text, style)}


def test_semantic_version_with_a_line_break_is_an_error(tmp_path, lint):
    text = skill_text(fm("a", "version: |\n  1.2.0"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.where("version-format") == {at(text, "|")}


def test_missing_name_is_an_error(tmp_path, lint):
    put(tmp_path, "folder", skill_text("description: Does a thing."))
    result = lint(tmp_path)
    assert result.code == 1
    assert "name-format" in result.rules


def test_name_must_equal_the_folder(tmp_path, lint):
    text = skill_text(fm("other"))
    put(tmp_path, "folder", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("name-folder") == {at(text, "other")}
    assert result.one("name-folder")["severity"] == "error"


def test_two_skills_of_one_name_in_a_workspace(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a")))
    # both in one skills/ collection (one client loads both: DESIGN 8.2's scope of name-unique)
    (tmp_path / "skills" / "more" / "a").mkdir(parents=True)
    (tmp_path / "skills" / "more" / "a" / "SKILL.md").write_text(skill_text(fm("a")), encoding="utf-8")
    result = lint(tmp_path)
    assert result.code == 1
    assert "name-unique" in result.rules


# ---------------------------------------------------------------------------------------------
# 3.1 description


@pytest.mark.parametrize("char", ["d", "\u00e9", "\u732b"])
def test_description_of_1024_characters_is_fine(tmp_path, lint, char):
    put(tmp_path, "a", skill_text(fm("a", description=char * 1024)))
    result = lint(tmp_path)
    assert "description-format" not in result.rules
    assert result.code == 0, result.diagnostics


@pytest.mark.parametrize("char", ["d", "\u00e9"])
def test_description_of_1025_characters_is_an_error_at_the_value(tmp_path, lint, char):
    text = skill_text(fm("a", description=char * 1025))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("description-format") == {at(text, char * 1025)}


@pytest.mark.parametrize("value", ['""', "'   '", "12", "[a, b]", "{a: b}"])
def test_description_must_be_a_non_blank_string(tmp_path, lint, value):
    text = skill_text(fm("a", description=value))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert at(text, value) in {(d["line"], d["column"]) for d in errors}, errors


def test_missing_description_is_an_error(tmp_path, lint):
    put(tmp_path, "a", skill_text("name: a"))
    result = lint(tmp_path)
    assert result.code == 1
    assert "description-format" in result.rules


def test_multi_line_description_is_a_warning(tmp_path, lint):
    text = skill_text("name: a\ndescription: |\n  First line.\n  Second line.")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    assert result.one("description-multiline")["severity"] == "warning"
    assert lint(tmp_path, "--strict").code == 1


@pytest.mark.parametrize("style", [">", ">-", "|-\n  One line only.", "|\n  One line only.", "'one\n\n  two'"])
def test_description_that_reads_as_one_line_is_not_multiline(tmp_path, lint, style):
    if "\n" in style:
        text = skill_text(f"name: a\ndescription: {style}")
        expect_warning = "two" in style  # a quoted scalar with a blank line holds a real newline
    else:
        text = skill_text(f"name: a\ndescription: {style}\n  Folded over\n  two source lines.")
        expect_warning = False
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert ("description-multiline" in result.rules) == expect_warning, result.diagnostics
    assert result.of(severity="error") == []


# ---------------------------------------------------------------------------------------------
# 3.1 studio fields


@pytest.mark.parametrize("value", ["always", "mentioned", "picked"])
def test_when_values(tmp_path, lint, value):
    put(tmp_path, "a", skill_text(fm("a", f"when: {value}\ntriggers: [sword]")))
    result = lint(tmp_path)
    assert result.of(severity="error") == []


@pytest.mark.parametrize("value", ["sometimes", "Always", "1", "true", "[always]", "''"])
def test_when_outside_its_enum_is_an_error_at_the_value(tmp_path, lint, value):
    text = skill_text(fm("a", f"when: {value}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, value, text.count(value) - 1)}, errors


GOOD_STUDIO = [
    "triggers: [sword, /bla+de/i]",
    "triggers: []",
    "secondaryTriggers: [fight]",
    "triggerLogic: any",
    "triggerLogic: all",
    "selectiveLogic: andAny",
    "selectiveLogic: notAll",
    "selectiveLogic: notAny",
    "selectiveLogic: andAll",
    "caseSensitive: true",
    "matchWholeWords: false",
    "scanDepth: 0",
    "scanDepth: 2",
    "scanDepth: 1000000000000000000000000",
    "closeWhenUnmentioned: true",
]


@pytest.mark.parametrize("line", GOOD_STUDIO)
def test_studio_fields_accept_their_types(tmp_path, lint, line):
    extra = line if "riggers" in line else f"triggers: [x]\n{line}"
    put(tmp_path, "a", skill_text(fm("a", extra)))
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


BAD_STUDIO = [
    ("triggers: sword", "sword"),
    ("triggers: [sword, 1]", "1"),
    ("triggers: [sword, [a]]", "[a]"),
    ("triggers: [sword, null]", "null"),
    ("secondaryTriggers: {a: b}", "{a: b}"),
    ("secondaryTriggers: [ok, 2.5]", "2.5"),
    ("triggerLogic: some", "some"),
    ("triggerLogic: ALL", "ALL"),
    ("selectiveLogic: orAny", "orAny"),
    ("caseSensitive: 'true'", "'true'"),
    ("caseSensitive: 1", "1"),
    ("matchWholeWords: 'no'", "'no'"),
    ("closeWhenUnmentioned: 0", "0"),
    ("scanDepth: -1", "-1"),
    ("scanDepth: 1.5", "1.5"),
    ("scanDepth: '2'", "'2'"),
    ("scanDepth: true", "true"),
    ("scanDepth: .inf", ".inf"),
    # YAML tells 2 from 2.0: a float where the field is an integer is a type error, never rounded
    ("scanDepth: 2.0", "2.0"),
]


@pytest.mark.parametrize(("line", "value"), BAD_STUDIO)
def test_studio_fields_reject_wrong_values_at_the_value(tmp_path, lint, line, value):
    text = skill_text(fm("a", line))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    line_no = text.split("\n").index(line) + 1
    column = line.index(value, line.index(":") + 1) + 1
    assert {(d["line"], d["column"]) for d in errors} == {(line_no, column)}, errors


def test_frequency_and_probability_are_info_that_never_fails(tmp_path, lint):
    text = skill_text(fm("a", "frequency: 10\nprobability: 50"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    infos = result.of("unused-fields")
    assert {d["severity"] for d in infos} == {"info"}
    assert {d["line"] for d in infos} == {at(text, "frequency")[0], at(text, "probability")[0]}
    assert result.code == 0
    strict = lint(tmp_path, "--strict")
    assert strict.code == 0
    assert strict.data["summary"]["errors"] == 0 and strict.data["summary"]["warnings"] == 0


def test_frequency_must_be_a_number(tmp_path, lint):
    text = skill_text(fm("a", "frequency: often"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert at(text, "often") in {(d["line"], d["column"]) for d in result.of(severity="error")}


@pytest.mark.parametrize("when", ["always", "mentioned"])
def test_close_when_unmentioned_outside_picked_is_a_warning(tmp_path, lint, when):
    text = skill_text(fm("a", f"when: {when}\ntriggers: [x]\ncloseWhenUnmentioned: true"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    found = [d for d in result.diagnostics if d["line"] == at(text, "closeWhenUnmentioned")[0]]
    assert [d["severity"] for d in found] == ["warning"], result.diagnostics


def test_close_when_unmentioned_without_triggers_is_a_warning(tmp_path, lint):
    # "a skill with no triggers or a scan depth of 0 stays open": the close rule cannot act
    text = skill_text(fm("a", "closeWhenUnmentioned: true"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    assert [(d["line"], d["severity"]) for d in result.diagnostics] == [(at(text, "closeWhenUnmentioned")[0], "warning")]


@pytest.mark.parametrize("when", ["when: picked\n", ""])
def test_close_when_unmentioned_on_picked_is_fine(tmp_path, lint, when):
    put(tmp_path, "a", skill_text(fm("a", f"{when}triggers: [x]\ncloseWhenUnmentioned: true")))
    result = lint(tmp_path)
    assert result.diagnostics == []
    assert result.code == 0


@pytest.mark.parametrize("pattern", ["/(a+)+b/", "/(\\w*)*x/", "/(?:ab+)*c/i"])
def test_catastrophic_regex_triggers_are_warnings(tmp_path, lint, pattern):
    put(tmp_path, "a", skill_text(fm("a", f"when: mentioned\ntriggers: ['{pattern}']")))
    result = lint(tmp_path)
    assert result.code == 0
    assert result.one("trigger-regex")["severity"] == "warning"


@pytest.mark.parametrize("pattern", ["/[/", "/a{2,1}/", "/(?<n>a)\\k<m>/"])
def test_regex_triggers_javascript_would_not_compile_are_warnings(tmp_path, lint, pattern):
    put(tmp_path, "a", skill_text(fm("a", f"when: mentioned\ntriggers: ['{pattern}']")))
    result = lint(tmp_path)
    assert result.code == 0
    assert "trigger-regex" in result.rules


@pytest.mark.parametrize("pattern", ["/(?<=ab+)c/", "/\\p{L}+/u", "/(?<w>sw)ord/i", "/ba(na)+/"])
def test_good_regex_triggers_are_quiet(tmp_path, lint, pattern):
    put(tmp_path, "a", skill_text(fm("a", f"when: mentioned\ntriggers: ['{pattern}']")))
    result = lint(tmp_path)
    assert result.diagnostics == []


def test_blank_trigger_is_a_warning(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "when: mentioned\ntriggers: [sword, '  ']")))
    result = lint(tmp_path)
    assert result.code == 0
    assert result.one("trigger-blank")["severity"] == "warning"


# ---------------------------------------------------------------------------------------------
# 3.1 platform fields


@pytest.mark.parametrize("value", ["1", "2", "1000000", "'1.2.0'", "'0.1.0'", "1.2.0", "'1.2.0-rc.1'", "'1.2.0+build.5'"])
def test_good_versions(tmp_path, lint, value):
    put(tmp_path, "a", skill_text(fm("a", f"version: {value}")))
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


@pytest.mark.parametrize(
    "value", ["0", "-1", "1.5", "2.0", "'1.2'", "'v1.2.0'", "'01.2.0'", "true", "abc", "[1]", "''", "'1'", "'1.2.0 '"]
)
def test_bad_versions_are_errors_at_the_value(tmp_path, lint, value):
    text = skill_text(fm("a", f"version: {value}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("version-format") == {at(text, value, text.count(value) - 1)}, result.diagnostics


def test_one_kind_of_version_per_workspace(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "version: 2")))
    put(tmp_path, "b", skill_text(fm("b", "version: '1.0.0'")))
    result = lint(tmp_path)
    assert result.code == 1
    assert result.of("version-kind", "error")


def test_a_broken_version_is_no_kind(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "version: 2")))
    put(tmp_path, "b", skill_text(fm("b", "version: 'one'")))
    put(tmp_path, "c", skill_text(fm("c", "version: '1.0'")))
    result = lint(tmp_path)
    assert result.rules == {"version-format"}, result.diagnostics


def test_one_kind_of_version_is_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "version: 2")))
    put(tmp_path, "b", skill_text(fm("b", "version: 7")))
    put(tmp_path, "c", skill_text(fm("c")))
    result = lint(tmp_path)
    assert "version-kind" not in result.rules
    assert result.code == 0


def tool_file(root: Path, name: str = "get_activity", version: int = 1) -> None:
    (root / "tools").mkdir(exist_ok=True)
    (root / "tools" / f"{name}.yaml").write_text(f"name: {name}\nversion: {version}\n", encoding="utf-8")


def test_skill_tools_reference(tmp_path, lint):
    tool_file(tmp_path)
    tool_file(tmp_path, "send_mail", 2)
    put(tmp_path, "a", skill_text(fm("a", "tools:\n  - name: get_activity\n    version: 1\n  - {name: send_mail}")))
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


@pytest.mark.parametrize("key", ["input", "approval"])
def test_skill_tool_with_input_or_approval_is_an_error_at_the_key(tmp_path, lint, key):
    tool_file(tmp_path)
    text = skill_text(fm("a", f"tools:\n  - name: get_activity\n    {key}: {{x: 1}}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, f"{key}:")}, errors


@pytest.mark.parametrize("value", ["get_activity", "[get_activity]", "[{version: 1}]", "[{name: 3}]"])
def test_skill_tools_of_the_wrong_shape(tmp_path, lint, value):
    tool_file(tmp_path)
    put(tmp_path, "a", skill_text(fm("a", f"tools: {value}")))
    result = lint(tmp_path)
    assert result.code == 1


def example(situation: str = "A page failed.", resolution: str = "Mark it.") -> str:
    return f"  - situation: {json.dumps(situation, ensure_ascii=False)}\n    resolution: {json.dumps(resolution, ensure_ascii=False)}"


def test_twenty_examples_are_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "examples:\n" + "\n".join(example() for _ in range(20)))))
    result = lint(tmp_path)
    assert result.diagnostics == []


def test_twenty_one_examples_are_an_error_at_the_key(tmp_path, lint):
    text = skill_text(fm("a", "examples:\n" + "\n".join(example() for _ in range(21))))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, "examples:")}, errors


def compact_bytes(entry: dict[str, Any]) -> int:
    return len(json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def sized_example(size: int) -> tuple[str, dict[str, str]]:
    """An example whose compact UTF-8 JSON is exactly `size` bytes, written with 2-byte characters."""
    entry = {"situation": "", "resolution": "r"}
    overhead = compact_bytes(entry)
    entry["situation"] = "\u00e9" * ((size - overhead) // 2) + "s" * ((size - overhead) % 2)
    assert compact_bytes(entry) == size
    return example(entry["situation"], "r"), entry


def test_example_of_4_kib_is_fine(tmp_path, lint):
    line, _ = sized_example(4096)
    put(tmp_path, "a", skill_text(fm("a", "examples:\n" + line)))
    result = lint(tmp_path)
    assert result.diagnostics == []


def test_example_over_4_kib_is_an_error(tmp_path, lint):
    line, _ = sized_example(4097)
    text = skill_text(fm("a", "examples:\n" + line))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.one("example-size")["severity"] == "error"
    assert result.one("example-size")["line"] in {at(text, "examples:")[0], at(text, "- situation")[0]}


@pytest.mark.parametrize(
    ("entry", "bad"),
    [
        ("  - situation: ''\n    resolution: r", "''"),
        ("  - situation: s\n    resolution: ''", "''"),
        ("  - situation: s\n    resolution: r\n    source: {actionId: x, sessionId: ''}", "''"),
        ("  - situation: 5\n    resolution: r", "5"),
    ],
)
def test_example_empty_values_are_errors_at_the_value(tmp_path, lint, entry, bad):
    text = skill_text(fm("a", "examples:\n" + entry))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, bad)}, errors


@pytest.mark.parametrize(
    "entry",
    ["  - resolution: r", "  - situation: s", "  - situation: s\n    resolution: r\n    source: {actionId: x}", "  - just text"],
)
def test_example_missing_parts_are_errors(tmp_path, lint, entry):
    put(tmp_path, "a", skill_text(fm("a", "examples:\n" + entry)))
    assert lint(tmp_path).code == 1


@pytest.mark.parametrize(
    ("entries", "key"),
    [
        ("examples:\n  - situation: s\n    resolution: r\n    reasn: typo", "reasn"),
        ("examples:\n  - situation: s\n    resolution: r\n    source: {actionId: x, sessionId: y, turn: 3}", "turn"),
        ("tools:\n  - name: get_activity\n    versoin: 2", "versoin"),
    ],
)
def test_unknown_keys_in_platform_objects_are_errors_at_the_key(tmp_path, lint, entries, key):
    tool_file(tmp_path)
    text = skill_text(fm("a", entries))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, key)}, errors


def test_example_with_reason_and_source_is_fine(tmp_path, lint):
    entry = "  - situation: s\n    resolution: r\n    reason: why\n    source: {actionId: x, sessionId: sess-1}"
    put(tmp_path, "a", skill_text(fm("a", "examples:\n" + entry)))
    assert lint(tmp_path).diagnostics == []


def test_empty_config_is_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "config: {}")))
    assert lint(tmp_path).diagnostics == []


@pytest.mark.parametrize("value", ["{a: 1}", "\n  a: 1\n  b: 2"])
def test_config_that_is_not_empty_is_an_error_at_the_key(tmp_path, lint, value):
    text = skill_text(fm("a", f"config: {value}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, "config:")}, errors


def test_config_that_is_not_a_mapping_is_an_error(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "config: [a]")))
    assert lint(tmp_path).code == 1


@pytest.mark.parametrize("char", ["x", "\u00e9"])
def test_platform_body_of_65536_characters_is_fine(tmp_path, lint, char):
    put(tmp_path, "a", skill_text(fm("a"), char * 65536))
    result = lint(tmp_path, "--profile", "platform")
    assert "body-length" not in result.rules
    assert result.code == 0, result.diagnostics


@pytest.mark.parametrize("char", ["x", "\u00e9"])
def test_platform_body_over_65536_characters_is_an_error(tmp_path, lint, char):
    put(tmp_path, "a", skill_text(fm("a"), char * 65537))
    result = lint(tmp_path, "--profile", "platform")
    assert result.code == 1
    assert result.one("body-length")["severity"] == "error"


def test_body_length_applies_under_the_default_profile_to_a_platform_skill(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "version: 2"), "x" * 65537))
    result = lint(tmp_path)
    assert result.one("body-length")["severity"] == "error"


@pytest.mark.parametrize("body", ["", "\n", "   \n\t\n"])
def test_platform_body_must_not_be_blank(tmp_path, lint, body):
    put(tmp_path, "a", skill_text(fm("a"), body))
    result = lint(tmp_path, "--profile", "platform")
    assert result.code == 1, result.diagnostics
    assert result.of(severity="error")


@pytest.mark.parametrize("body", ["", "\n\n"])
def test_blank_body_is_at_least_a_warning_elsewhere(tmp_path, lint, body):
    put(tmp_path, "a", skill_text(fm("a"), body))
    result = lint(tmp_path)
    assert result.of("body-blank")


# ---------------------------------------------------------------------------------------------
# 3.1 Agent Skills fields


def test_compatibility_of_500_characters_is_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "compatibility: " + "c" * 500)))
    assert lint(tmp_path).diagnostics == []


@pytest.mark.parametrize("value", ["c" * 501, "''", "5", "[a]"])
def test_compatibility_out_of_range_is_an_error_at_the_value(tmp_path, lint, value):
    text = skill_text(fm("a", "compatibility: " + value))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert {(d["line"], d["column"]) for d in result.of(severity="error")} == {at(text, value, text.count(value) - 1)}


def test_metadata_string_to_string_is_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "metadata:\n  author: me\n  version: '1.0'")))
    assert lint(tmp_path).diagnostics == []


@pytest.mark.parametrize("value", ["[a]", "{b: c}", "null"])
def test_metadata_values_must_be_strings_at_the_value(tmp_path, lint, value):
    text = skill_text(fm("a", f"metadata:\n  author: me\n  key: {value}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    column = len("  key: ") + 1
    assert {(d["line"], d["column"]) for d in result.of(severity="error")} == {(at(text, "key:")[0], column)}


@pytest.mark.parametrize("value, quoted", [("1", '"1"'), ("1.10", '"1.10"'), ("true", '"true"'),
                                           ("2026-03-05", '"2026-03-05"')])
def test_metadata_values_yaml_typed_are_a_warning_with_the_quoted_fix(tmp_path, lint, value, quoted):
    """DESIGN 3.1: the reference validator reads them as strings; the fix spells the value as written."""
    text = skill_text(fm("a", f"metadata:\n  author: me\n  key: {value}"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    found = result.one("agent-skills-fields")
    assert found["severity"] == "warning" and f"key: {quoted}" in found["message"]
    assert (found["line"], found["column"]) == (at(text, "key:")[0], len("  key: ") + 1)


def test_metadata_must_be_a_mapping(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "metadata: text")))
    assert lint(tmp_path).code == 1


def test_license_must_be_a_string(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "license: 5")))
    assert lint(tmp_path).code == 1
    put(tmp_path, "a", skill_text(fm("a", "license: Apache-2.0. See LICENSE.txt")))
    assert lint(tmp_path).diagnostics == []


def test_allowed_tools_string_is_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "allowed-tools: Read Grep Bash(git:*)")))
    assert lint(tmp_path).diagnostics == []


def test_allowed_tools_list_is_a_portability_warning(tmp_path, lint):
    text = skill_text(fm("a", "allowed-tools: [Read, Grep]"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    assert result.one("allowed-tools-list")["severity"] == "warning"
    assert result.one("allowed-tools-list")["line"] == at(text, "allowed-tools")[0]
    assert lint(tmp_path, "--profile", "claude-code").diagnostics == []


@pytest.mark.parametrize("value", ["5", "{a: b}", "[1, 2]"])
def test_allowed_tools_of_another_type_is_an_error(tmp_path, lint, value):
    put(tmp_path, "a", skill_text(fm("a", f"allowed-tools: {value}")))
    assert lint(tmp_path).code == 1


def test_body_of_500_lines_is_quiet_and_501_warns(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a"), "Step.\n" * 500))
    assert "body-size" not in lint(tmp_path).rules
    put(tmp_path, "a", skill_text(fm("a"), "Step.\n" * 501))
    result = lint(tmp_path)
    assert result.one("body-size")["severity"] == "warning"
    assert result.code == 0
    assert lint(tmp_path, "--strict").code == 1


def test_body_over_about_5000_tokens_warns(tmp_path, lint):
    words = " ".join(f"w{n} alpha beta, gamma; delta." for n in range(2000))
    lines = "\n".join(words[i : i + 300] for i in range(0, len(words), 300))
    assert lines.count("\n") < 400
    put(tmp_path, "a", skill_text(fm("a"), lines + "\n"))
    result = lint(tmp_path)
    assert result.one("body-size")["severity"] == "warning"
    put(tmp_path, "a", skill_text(fm("a"), "A short body of a few words.\n" * 100))
    assert "body-size" not in lint(tmp_path).rules


def test_unknown_key_is_a_warning_at_the_key(tmp_path, lint):
    text = skill_text(fm("a", "colour: blue"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 0
    assert result.one("unknown-field")["severity"] == "warning"
    assert result.where("unknown-field") == {at(text, "colour")}


# ---------------------------------------------------------------------------------------------
# 3.2 parsing


def test_byte_order_mark_is_accepted_with_a_warning(tmp_path, lint):
    put(tmp_path, "a", b"\xef\xbb\xbf" + skill_text(fm("a")).encode())
    result = lint(tmp_path)
    assert result.code == 0
    mark = result.one("byte-order-mark")
    assert (mark["severity"], mark["line"], mark["column"]) == ("warning", 1, 1)
    assert result.rules == {"byte-order-mark"}


def test_byte_order_mark_keeps_positions(tmp_path, lint):
    text = skill_text(fm("a", "when: sometimes"))
    put(tmp_path, "a", b"\xef\xbb\xbf" + text.encode())
    result = lint(tmp_path)
    assert result.where("trigger-fields") == {at(text, "sometimes")}


def test_crlf_line_endings(tmp_path, lint):
    text = skill_text(fm("a", "when: mentioned\ntriggers:\n  - sword\ndescription2: x"), "Line one.\nLine two.\n")
    put(tmp_path, "a", text.replace("\n", "\r\n"))
    result = lint(tmp_path)
    assert result.rules == {"unknown-field"}, result.diagnostics
    assert result.where("unknown-field") == {at(text, "description2")}


def test_crlf_positions_of_a_wrong_value(tmp_path, lint):
    text = skill_text(fm("a", "when: sometimes"))
    put(tmp_path, "a", text.replace("\n", "\r\n"))
    result = lint(tmp_path)
    assert result.where("trigger-fields") == {at(text, "sometimes")}


def test_crlf_description_of_one_line_is_not_multiline(tmp_path, lint):
    text = skill_text("name: a\ndescription: >-\n  Folded over\n  two lines.")
    put(tmp_path, "a", text.replace("\n", "\r\n"))
    assert lint(tmp_path).diagnostics == []


@pytest.mark.parametrize(
    "description",
    ["a --- b", "'---'", "\"x\n  ---\n  y\"", "|-\n  text\n  ---\n  more", ">-\n  ---\n  folded"],
)
def test_three_dashes_inside_values(tmp_path, lint, description):
    put(tmp_path, "a", skill_text(f"name: a\ndescription: {description}", "Body.\n\n---\n\nMore body.\n"))
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


def test_closing_fence_is_a_whole_line(tmp_path, lint):
    # `---` at the end of a value, or followed by more on its line, is not the fence
    put(tmp_path, "a", "---\nname: a\ndescription: A description that ends with ---\nlicense: MIT---\n---\nBody\n---x\n---\n")
    assert lint(tmp_path).diagnostics == []


def test_closing_fence_at_end_of_file_without_newline(tmp_path, lint):
    put(tmp_path, "a", "---\nname: a\ndescription: Does a thing.\n---")
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


def test_folded_literal_and_flow_values(tmp_path, lint):
    frontmatter = (
        "name: a\n"
        "description: >-\n  A folded\n  description of a skill.\n"
        "compatibility: |-\n  Needs git.\n"
        "when: mentioned\n"
        "triggers: [sword, 'blade', \"hilt\"]\n"
        "secondaryTriggers:\n  - fight\n  - duel\n"
        "metadata: {author: me, team: core}"
    )
    put(tmp_path, "a", skill_text(frontmatter))
    assert lint(tmp_path).diagnostics == []


def test_yaml_syntax_error_has_file_line_and_column(tmp_path, lint, cli):
    text = skill_text("name: a\ndescription: b\nfoo: bar: baz")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    line, column = at(text, ": baz")
    assert result.where("yaml-syntax") == {(line, column)}
    assert result.one("yaml-syntax")["path"] == "skills/a/SKILL.md"
    plain = cli("lint", ".", cwd=tmp_path)
    assert f"skills/a/SKILL.md:{line}:{column}" in plain.stdout


def test_yaml_syntax_error_in_a_flow_list(tmp_path, lint):
    text = skill_text("name: a\ndescription: b\ntriggers: [a, b\nwhen: always")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    (line, _), = result.where("yaml-syntax")
    assert at(text, "triggers")[0] <= line <= at(text, "when")[0] + 1


@pytest.mark.parametrize(
    ("key_line", "key"),
    [("1: x", "1"), ("true: x", "true"), ("~: x", "~"), ("1.5: x", "1.5"), ("[a]: x", "[a]"), ("{a: 1}: x", "{a: 1}"), ("? [a, b]\n: x", "? [a, b]"), ("2024-01-01: x", "2024-01-01")],
)
def test_non_string_keys_are_diagnostics_at_the_key(tmp_path, lint, key_line, key):
    text = skill_text(fm("a", key_line))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    found = result.of("yaml-key-type")
    assert len(found) == 1 and found[0]["severity"] == "error"
    line, column = at(text, key)
    assert found[0]["line"] == line
    assert found[0]["column"] in {column, column + 2 if key.startswith("?") else column}


def test_non_string_key_inside_metadata(tmp_path, lint):
    text = skill_text(fm("a", "metadata:\n  1: one"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.where("yaml-key-type") == {at(text, "1: one")}


def test_duplicate_key_is_a_diagnostic_at_the_second_key(tmp_path, lint):
    text = skill_text("name: a\ndescription: b\nname: a")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("yaml-duplicate-key") == {at(text, "name", 1)}


def test_duplicate_key_nested(tmp_path, lint):
    text = skill_text(fm("a", "metadata:\n  k: one\n  k: two"))
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("yaml-duplicate-key") == {at(text, "k: two")}


def test_alias_is_a_diagnostic_at_the_alias(tmp_path, lint):
    text = skill_text("name: a\ndescription: &d Does a thing.\ncompatibility: *d")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert result.where("yaml-alias") == {at(text, "*d")}


def test_merge_key_alias_is_a_diagnostic(tmp_path, lint):
    text = skill_text("name: a\ndescription: b\nmetadata: &m {x: y}\nconfig:\n  <<: *m")
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    assert "yaml-alias" in result.rules


def test_billion_laughs_is_refused_quickly(tmp_path, lint):
    lines = ["name: a", "description: b", 'l0: &l0 "lol"']
    for n in range(1, 30):
        lines.append(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 10) + "]")
    put(tmp_path, "a", skill_text("\n".join(lines)))
    result = lint(tmp_path)
    assert result.code == 1
    assert "yaml-alias" in result.rules


def test_file_of_exactly_1_mib_is_read(tmp_path, lint):
    head = skill_text(fm("a"), "")
    body = ("Step.\n" * (MIB // 6 + 1))[: MIB - len(head.encode())]
    path = put(tmp_path, "a", head + body)
    assert path.stat().st_size == MIB
    result = lint(tmp_path)
    assert "file-too-large" not in result.rules


def test_file_over_1_mib_is_refused_before_parsing(tmp_path, lint):
    head = skill_text("name: a\ndescription: b\nfoo: bar: baz", "")
    body = "x" * (MIB + 1 - len(head.encode()))
    path = put(tmp_path, "a", head + body)
    assert path.stat().st_size == MIB + 1
    result = lint(tmp_path)
    assert result.code == 1
    assert result.rules == {"file-too-large"}
    found = result.one("file-too-large")
    assert (found["severity"], found["line"], found["column"]) == ("error", 1, 1)


def test_thirty_megabyte_file_is_refused(tmp_path, lint):
    path = put(tmp_path, "a", skill_text(fm("a"), ""))
    with path.open("ab") as handle:
        handle.write(b"x" * (30 * 1000 * 1000))
    result = lint(tmp_path)
    assert result.code == 1
    assert result.rules == {"file-too-large"}


@pytest.mark.parametrize(
    ("raw", "line"),
    [
        (b"---\nname: a\ndescription: caf\xe9\n---\nBody\n", 3),
        (b"---\nname: a\ndescription: b\n---\nBody\n\nmore \x00 here\n", 7),
        (b"---\nname: a\ndescription: b\n---\n\xff\xfe\n", 5),
    ],
)
def test_bad_bytes_are_a_finding_with_their_line(tmp_path, lint, raw, line):
    put(tmp_path, "a", raw)
    result = lint(tmp_path)
    assert result.code == 1
    found = result.one("file-encoding")
    assert found["line"] == line and found["severity"] == "error"


@pytest.mark.parametrize(
    "frontmatter",
    [
        "name: a\ndescription: !!python/object/apply:os.system ['touch pwned']",
        "name: a\ndescription: !!python/name:os.system ''",
        "name: a\ndescription: !!python/object:collections.OrderedDict {}",
        "name: a\ndescription: !custom tagged",
        "name: a\ndescription: !!binary aGVsbG8=",
        "name: a\ndescription: 2024-01-01",
        "name: a\ndescription: b\nversion: 2024-01-01 10:00:00",
        "name: a\ndescription: b\nmetadata: !!set {x, y}",
    ],
)
def test_tags_and_typed_values_are_findings_never_code(tmp_path, lint, frontmatter):
    put(tmp_path, "a", skill_text(frontmatter))
    result = lint(tmp_path)
    assert result.code == 1
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(
    "frontmatter",
    [
        "name: a\ndescription: b\ntriggers: " + "[" * 20000 + "]" * 20000,
        "name: a\ndescription: b\nmetadata: " + "{a: " * 5000 + "b" + "}" * 5000,
        "name: a\ndescription: b\nconfig:\n" + "".join("  " * (n + 1) + f"k{n}:\n" for n in range(3000)) + "  " * 3001 + "v",
    ],
)
def test_deeply_nested_yaml_is_a_finding(tmp_path, lint, frontmatter):
    put(tmp_path, "a", skill_text(frontmatter))
    assert lint(tmp_path).code == 1


@pytest.mark.parametrize(
    "line",
    ["scanDepth: " + "9" * 5000, "version: " + "9" * 5000, "version: 1e999999", "frequency: " + "1" * 6000, "scanDepth: .nan", "scanDepth: 0x" + "f" * 5000],
)
def test_huge_numbers_never_crash(tmp_path, lint, line):
    put(tmp_path, "a", skill_text(fm("a", line)))
    lint(tmp_path)


def test_huge_but_valid_numbers_are_fine(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "scanDepth: " + "9" * 4000 + "\nfrequency: 1.0e+300")))
    result = lint(tmp_path)
    assert result.of(severity="error") == [], result.diagnostics


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "---\n---\n",
        "---\n",
        "---\nname: a\ndescription: b\n",
        "no frontmatter\n",
        "---\n- a\n- b\n---\nBody\n",
        "---\njust text\n---\nBody\n",
        "---\nnull\n---\n",
        " ---\nname: a\ndescription: b\n---\n",
        "---\nname: a\n\tdescription: b\n---\n",
    ],
)
def test_files_that_are_not_skills_are_findings(tmp_path, lint, text):
    put(tmp_path, "a", text)
    result = lint(tmp_path)
    assert result.code == 1
    for d in result.diagnostics:
        assert d["line"] >= 1 and d["column"] >= 1


def test_unclosed_frontmatter(tmp_path, lint):
    put(tmp_path, "a", "---\nname: a\ndescription: b\n")
    result = lint(tmp_path)
    assert result.code == 1
    assert "frontmatter-unclosed" in result.rules


# ---------------------------------------------------------------------------------------------
# exit codes and paths


def test_example_workspace_is_clean(cli):
    outcome = cli("lint", WORKSPACE)
    assert outcome.code == 0, outcome.stdout + outcome.stderr


def test_default_path_is_the_current_folder(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    assert cli("lint", cwd=tmp_path).code == 1
    assert cli("lint", cwd=tmp_path / "skills" / "a").code == 1


def test_skill_file_and_folder_paths(tmp_path, cli):
    path = put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    assert cli("lint", path, cwd=tmp_path).code == 1
    assert cli("lint", path.parent, cwd=tmp_path).code == 1
    put(tmp_path, "b", skill_text(fm("b")))
    assert cli("lint", "skills/b", cwd=tmp_path).code == 0


def test_missing_path_is_exit_2_in_one_line(tmp_path, cli):
    outcome = cli("lint", "does-not-exist", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 2
    assert "does-not-exist" in outcome.stderr
    assert outcome.stdout == ""


def test_missing_path_is_exit_2_even_beside_good_paths(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a")))
    outcome = cli("lint", "skills/a", "nope", cwd=tmp_path)
    assert outcome.code == 2


def test_dangling_symlink_named_skill_md_given_as_a_path(tmp_path, cli):
    folder = tmp_path / "skills" / "a"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").symlink_to(tmp_path / "gone.md")
    outcome = cli("lint", "skills/a/SKILL.md", "--format", "json", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 2
    assert "SKILL.md" in outcome.stderr


def test_dangling_symlink_named_skill_md_found_in_a_folder(tmp_path, cli):
    put(tmp_path, "good", skill_text(fm("good")))
    folder = tmp_path / "skills" / "a"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").symlink_to(tmp_path / "gone.md")
    outcome = cli("lint", ".", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code in (1, 2)
    assert "skills/a/SKILL.md" in outcome.stdout + outcome.stderr


def test_skill_md_linked_to_a_device(tmp_path):
    folder = tmp_path / "skills" / "a"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").symlink_to("/dev/zero")
    done = run_module("lint", ".", cwd=tmp_path, timeout=60)
    no_traceback(done)
    assert done.returncode in (1, 2), done


def test_linked_skill_folder_is_checked_and_links_are_not_walked(tmp_path, lint):
    shared = tmp_path / "elsewhere" / "a"
    shared.mkdir(parents=True)
    (shared / "SKILL.md").write_text(skill_text(fm("a", "when: sometimes")), encoding="utf-8")
    ws = tmp_path / "ws"
    (ws / "skills").mkdir(parents=True)
    (ws / "skills" / "a").symlink_to(shared)
    (ws / "skills" / "disk").symlink_to("/")
    (ws / "skills" / "loop").symlink_to(ws / "skills")
    result = lint(ws)
    assert result.rules == {"trigger-fields"}
    assert result.code == 1


def test_directory_named_skill_md(tmp_path, cli):
    (tmp_path / "skills" / "a" / "SKILL.md").mkdir(parents=True)
    put(tmp_path, "good", skill_text(fm("good")))
    for args in (["."], ["skills/a"], ["skills/a/SKILL.md"]):
        outcome = cli("lint", *args, cwd=tmp_path)
        no_traceback(outcome)
        assert outcome.code in (0, 1, 2), outcome


@pytest.mark.parametrize("target", [".", "skills/a", "skills/a/SKILL.md"])
def test_fifo_named_skill_md_never_hangs(tmp_path, target):
    folder = tmp_path / "skills" / "a"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "SKILL.md")
    done = run_module("lint", target, cwd=tmp_path, timeout=60)
    no_traceback(done)
    assert done.returncode in (1, 2), done


@pytest.mark.parametrize("encoding", [None, "utf-8", "ascii", "latin-1"])
def test_file_names_that_are_not_utf8(tmp_path, encoding):
    root = os.fsencode(tmp_path)
    folder = os.path.join(root, b"skills", b"caf\xe9")
    os.makedirs(folder)
    with open(os.path.join(folder, b"SKILL.md"), "wb") as handle:
        handle.write(skill_text(fm("cafe", description="Caf\u00e9 \u732b \u2014 d.")).encode())
    env = {"PYTHONIOENCODING": encoding} if encoding else {}
    for fmt in ("text", "json", "sarif", "github"):
        done = run_module("lint", ".", "--format", fmt, cwd=tmp_path, **env)
        no_traceback(done)
        assert done.returncode == 1, (fmt, done)
        text = done.stdout.decode(encoding or "utf-8")  # output is valid text in the stream's encoding
        assert "caf" in text
        if fmt in ("json", "sarif"):
            json.loads(text)


def test_bad_options_are_exit_2(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a")))
    for args in (
        ["--format", "xml"],
        ["--profile", "nope"],
        ["--color", "sometimes"],
        ["--no-such-option"],
        ["--select", "no-such-rule"],
        ["--ignore", "no-such-rule"],
    ):
        outcome = cli("lint", ".", *args, cwd=tmp_path)
        no_traceback(outcome)
        assert outcome.code == 2, (args, outcome)
        assert outcome.stdout == ""


def test_info_never_fails_warnings_fail_only_when_strict(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "frequency: 1")))
    assert lint(tmp_path).code == 0
    assert lint(tmp_path, "--strict").code == 0
    put(tmp_path, "b", skill_text(fm("b", "colour: red")))
    assert lint(tmp_path).code == 0
    assert lint(tmp_path, "--strict").code == 1
    assert lint(tmp_path, "--strict", "--no-strict").code == 0


def test_python_dash_m_is_the_same_command(tmp_path):
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    done = run_module("lint", ".", "--format", "json", cwd=tmp_path)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert data["diagnostics"][0]["rule"] == "trigger-fields"
    assert run_module("--version", cwd=tmp_path).returncode == 0
    assert run_module("lint", str(WORKSPACE), cwd=tmp_path).returncode == 0


def test_exit_2_from_python_dash_m(tmp_path):
    done = run_module("lint", "nowhere", cwd=tmp_path)
    assert done.returncode == 2
    no_traceback(done)


# ---------------------------------------------------------------------------------------------
# --format json


def test_json_shape_exactly(tmp_path, lint):
    text = skill_text(fm("a", "when: sometimes\ncolour: red\nfrequency: 2"))
    put(tmp_path, "a", text)
    put(tmp_path, "b", skill_text(fm("b")))
    result = lint(tmp_path)
    data = result.data
    assert set(data) == {"diagnostics", "summary"}
    assert set(data["summary"]) == {"files", "errors", "warnings", "infos"}
    assert data["summary"] == {"files": 2, "errors": 1, "warnings": 1, "infos": 1}
    for d in data["diagnostics"]:
        assert set(d) == DIAGNOSTIC_KEYS
        assert isinstance(d["line"], int) and d["line"] >= 1
        assert isinstance(d["column"], int) and d["column"] >= 1
        assert d["severity"] in SEVERITIES
        assert d["path"] == "skills/a/SKILL.md"
        assert isinstance(d["message"], str) and d["message"]
    by_rule = {d["rule"]: d for d in data["diagnostics"]}
    assert (by_rule["trigger-fields"]["line"], by_rule["trigger-fields"]["column"]) == at(text, "sometimes")
    assert by_rule["trigger-fields"]["severity"] == "error"
    assert by_rule["unknown-field"]["severity"] == "warning"
    assert by_rule["unused-fields"]["severity"] == "info"
    assert result.outcome.stdout.count("\n") <= 1 or json.loads(result.outcome.stdout) == data


def test_json_diagnostics_are_sorted(tmp_path, lint):
    put(tmp_path, "b", skill_text(fm("b", "when: x\nscanDepth: -1")))
    put(tmp_path, "a", skill_text(fm("a", "colour: red\nwhen: y")))
    result = lint(tmp_path)
    keys = [(d["path"], d["line"], d["column"]) for d in result.diagnostics]
    assert keys == sorted(keys)


def test_json_clean_run(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a")))
    result = lint(tmp_path)
    assert result.data == {"diagnostics": [], "summary": {"files": 1, "errors": 0, "warnings": 0, "infos": 0}}


def test_json_paths_are_relative_to_the_working_folder(tmp_path, lint):
    put(tmp_path / "ws", "a", skill_text(fm("a", "when: x")))
    result = lint(tmp_path, paths=("ws",))
    assert result.diagnostics[0]["path"] == "ws/skills/a/SKILL.md"


@pytest.mark.parametrize(
    ("paths", "files", "warnings"),
    [
        ((".", "skills", "skills/a"), 3, 2),
        (("skills/a/SKILL.md", "skills/a/SKILL.md"), 1, 1),
        (("skills/a", "."), 3, 2),
        (("loose", "loose/x", "loose/x/SKILL.md"), 1, 1),
    ],
)
def test_overlapping_paths_read_each_file_once(tmp_path, lint, paths, files, warnings):
    put(tmp_path, "a", skill_text(fm("a", "colour: red")))
    put(tmp_path, "b", skill_text(fm("b")))
    (tmp_path / "loose" / "x").mkdir(parents=True)
    (tmp_path / "loose" / "x" / "SKILL.md").write_text(skill_text(fm("x", "colour: red")), encoding="utf-8")
    result = lint(tmp_path, paths=paths)
    assert result.data["summary"] == {"files": files, "errors": 0, "warnings": warnings, "infos": 0}


def test_json_to_an_output_file(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a", "when: x")))
    outcome = cli("lint", ".", "--format", "json", "-o", "report.json", cwd=tmp_path)
    assert outcome.code == 1
    assert outcome.stdout.strip() == ""
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert data["summary"]["errors"] == 1


@pytest.mark.parametrize("target", [".", "/"])
def test_output_file_that_cannot_be_written_is_exit_2(tmp_path, cli, target):
    put(tmp_path, "a", skill_text(fm("a")))
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    for output in (target, "a-file/report.json"):
        outcome = cli("lint", ".", "--format", "json", "-o", output, cwd=tmp_path)
        no_traceback(outcome)
        assert outcome.code == 2, outcome


def test_json_and_color_always_never_mix(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a", "when: x")))
    outcome = cli("lint", ".", "--format", "json", "--color", "always", cwd=tmp_path)
    assert not ANSI.search(outcome.stdout)
    json.loads(outcome.stdout)


def test_workspace_files_are_linted_and_counted(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a")))
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "bot.yaml").write_text("name: bot\nhandler: agent\nskills:\n  - {name: missing-skill}\n", encoding="utf-8")
    result = lint(tmp_path)
    assert result.code == 1
    assert result.data["summary"]["files"] == 2
    assert result.of("skill-ref-missing")[0]["path"] == "agents/bot.yaml"


# ---------------------------------------------------------------------------------------------
# --format sarif


def test_sarif_2_1_0_structure(tmp_path, cli):
    text = skill_text(fm("a", "when: sometimes\ncolour: red\nfrequency: 1"))
    put(tmp_path, "a", text)
    outcome = cli("lint", ".", "--format", "sarif", cwd=tmp_path)
    assert outcome.code == 1
    log = json.loads(outcome.stdout)
    assert log["version"] == "2.1.0"
    assert "sarif" in log["$schema"] and "2.1.0" in log["$schema"]
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "skillkit"
    rule_ids = [rule["id"] for rule in driver.get("rules", [])]
    assert len(rule_ids) == len(set(rule_ids))
    levels = {}
    for result in run["results"]:
        assert result["ruleId"] in rule_ids
        if "ruleIndex" in result:
            assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in {"error", "warning", "note"}
        assert result["message"]["text"]
        (location,) = result["locations"]
        physical = location["physicalLocation"]
        assert physical["artifactLocation"]["uri"] == "skills/a/SKILL.md"
        region = physical["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        levels[result["ruleId"]] = (result["level"], region["startLine"], region["startColumn"])
    assert levels["trigger-fields"] == ("error", *at(text, "sometimes"))
    assert levels["unknown-field"][0] == "warning"
    assert levels["unused-fields"][0] == "note"
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] if "shortDescription" in rule else True


def test_sarif_uris_are_uris(tmp_path, cli):
    put(tmp_path, "my skill#1", skill_text(fm("x")))
    outside = tmp_path / "outside"
    put(outside, "y z", skill_text(fm("y")))
    work = tmp_path / "work"
    work.mkdir()
    log = json.loads(cli("lint", str(tmp_path / "skills"), str(outside), "--format", "sarif", cwd=tmp_path).stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert "skills/my%20skill%231/SKILL.md" in uris, uris
    log = json.loads(cli("lint", str(outside), "--format", "sarif", cwd=work).stdout)
    (location,) = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
    assert location["uri"] == (outside / "skills" / "y z" / "SKILL.md").as_uri()
    assert "uriBaseId" not in location


def test_sarif_validates_against_the_spec_essentials(tmp_path, cli):
    jsonschema = pytest.importorskip("jsonschema")
    put(tmp_path, "a", skill_text(fm("a", "when: x")))
    log = json.loads(cli("lint", ".", "--format", "sarif", cwd=tmp_path).stdout)
    # The parts of the SARIF 2.1.0 schema that GitHub code scanning enforces.
    essentials = {
        "type": "object",
        "required": ["version", "runs"],
        "properties": {
            "version": {"const": "2.1.0"},
            "runs": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["tool"],
                    "properties": {
                        "tool": {
                            "type": "object",
                            "required": ["driver"],
                            "properties": {"driver": {"type": "object", "required": ["name"]}},
                        },
                        "results": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "required": ["message"],
                                "properties": {
                                    "level": {"enum": ["none", "note", "warning", "error"]},
                                    "message": {"type": "object", "anyOf": [{"required": ["text"]}, {"required": ["id"]}]},
                                    "locations": {"type": "array"},
                                },
                            },
                        },
                    },
                },
            },
        },
    }
    jsonschema.validate(log, essentials)


def test_sarif_clean_run_has_empty_results(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a")))
    outcome = cli("lint", ".", "--format", "sarif", cwd=tmp_path)
    assert outcome.code == 0
    assert json.loads(outcome.stdout)["runs"][0]["results"] == []


# ---------------------------------------------------------------------------------------------
# --format github


GITHUB_LINE = re.compile(r"^::(error|warning|notice) (?P<props>[^:]*)::(?P<message>.*)$")


def github_props(line: str) -> dict[str, str]:
    match = GITHUB_LINE.match(line)
    assert match, line
    return dict(part.split("=", 1) for part in match["props"].split(","))


def test_github_workflow_commands(tmp_path, cli):
    text = skill_text(fm("a", "when: sometimes\ncolour: red\nfrequency: 1"))
    put(tmp_path, "a", text)
    outcome = cli("lint", ".", "--format", "github", cwd=tmp_path)
    assert outcome.code == 1
    lines = [line for line in outcome.stdout.splitlines() if line]
    assert len(lines) == 3
    kinds = {}
    for line in lines:
        props = github_props(line)
        assert props["file"] == "skills/a/SKILL.md"
        kinds[line.split(" ", 1)[0]] = (int(props["line"]), int(props["col"]))
    assert kinds["::error"] == at(text, "sometimes")
    assert set(kinds) == {"::error", "::warning", "::notice"}


def test_github_escapes_data_and_properties(tmp_path, cli):
    folder = "x%,y:z"
    text = "---\nname: a\ndescription: b\nfoo: bar: baz\n---\n"
    put(tmp_path, folder, text)
    put(tmp_path, "c", skill_text(fm("c", "description2: |\n  multi\n  line")))
    outcome = cli("lint", ".", "--format", "github", cwd=tmp_path)
    no_traceback(outcome)
    lines = outcome.stdout.splitlines()
    assert lines and all(line.startswith("::") for line in lines), outcome.stdout
    files = {github_props(line)["file"] for line in lines}
    assert "skills/x%25%2Cy%3Az/SKILL.md" in files, files
    for line in lines:
        message = GITHUB_LINE.match(line)["message"]
        assert "\r" not in message
        # a bare % would be read as the start of an escape
        assert re.search(r"%(?!25|0A|0D)", message) is None, message


# ---------------------------------------------------------------------------------------------
# text output and colour


def test_text_output_keeps_path_line_column_on_one_line(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    name = "a-rather-long-skill-name-that-will-not-fit"
    text = skill_text(fm(name, "when: sometimes"))
    put(tmp_path, name, text)
    outcome = cli("lint", ".", cwd=tmp_path)
    line, column = at(text, "sometimes")
    assert f"skills/{name}/SKILL.md:{line}:{column}" in outcome.stdout
    assert "trigger-fields" in outcome.stdout


def test_no_color_is_honoured_on_a_terminal(tmp_path):
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    code, coloured = run_on_terminal("lint", ".", cwd=tmp_path)
    assert code == 1
    assert ANSI.search(coloured), coloured
    code, plain = run_on_terminal("lint", ".", cwd=tmp_path, NO_COLOR="1")
    assert code == 1
    assert not ANSI.search(plain), plain
    code, never = run_on_terminal("lint", ".", "--color", "never", cwd=tmp_path)
    assert not ANSI.search(never)


def test_color_always_when_piped_even_with_no_color(tmp_path):
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    piped = run_module("lint", ".", cwd=tmp_path)
    assert not ANSI.search(piped.stdout.decode())
    forced = run_module("lint", ".", "--color", "always", cwd=tmp_path)
    assert ANSI.search(forced.stdout.decode())
    forced_over_env = run_module("lint", ".", "--color", "always", cwd=tmp_path, NO_COLOR="1")
    assert ANSI.search(forced_over_env.stdout.decode())


def test_no_progress_bar_when_piped(tmp_path):
    for n in range(120):
        put(tmp_path, f"s{n}", skill_text(fm(f"s{n}")))
    done = run_module("lint", ".", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr == b""
    assert "120" in done.stdout.decode()  # the summary counts every file; nothing else on stderr


@pytest.mark.parametrize("fmt", ["json", "sarif", "github"])
def test_machine_formats_never_colour_on_a_terminal(tmp_path, fmt):
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes")))
    code, output = run_on_terminal("lint", ".", "--format", fmt, "--color", "always", cwd=tmp_path)
    assert code == 1
    assert not ANSI.search(output), output


# ---------------------------------------------------------------------------------------------
# --select / --ignore and settings


def noisy(root: Path) -> None:
    put(root, "a", skill_text("name: a\ndescription: |\n  Does two things\n  on two lines\ncolour: red\nwhen: sometimes"))


def test_select_and_ignore(tmp_path, lint):
    noisy(tmp_path)
    assert lint(tmp_path).rules == {"description-multiline", "unknown-field", "trigger-fields"}
    assert lint(tmp_path, "--select", "unknown-field").rules == {"unknown-field"}
    assert lint(tmp_path, "--select", "unknown-field").code == 0
    assert lint(tmp_path, "--select", "unknown-field,trigger-fields").rules == {"unknown-field", "trigger-fields"}
    assert lint(tmp_path, "--select", "unknown-field", "--select", "trigger-fields").rules == {"unknown-field", "trigger-fields"}
    assert lint(tmp_path, "--ignore", "trigger-fields").rules == {"description-multiline", "unknown-field"}
    assert lint(tmp_path, "--ignore", "trigger-fields").code == 0
    assert lint(tmp_path, "--ignore", "trigger-fields,unknown-field", "--ignore", "description-multiline").diagnostics == []


def test_empty_select_is_a_usage_error(tmp_path, cli):
    noisy(tmp_path)
    for value in ("", ",", " , "):
        outcome = cli("lint", ".", "--select", value, cwd=tmp_path)
        no_traceback(outcome)
        assert outcome.code == 2, (value, outcome)


def test_settings_in_skillkit_yaml(tmp_path, lint):
    noisy(tmp_path)
    (tmp_path / "skillkit.yaml").write_text("ignore: [trigger-fields, unknown-field]\n", encoding="utf-8")
    result = lint(tmp_path)
    assert result.rules == {"description-multiline"}
    assert result.code == 0
    (tmp_path / "skillkit.yaml").write_text("ignore: [trigger-fields]\nstrict: true\n", encoding="utf-8")
    assert lint(tmp_path).code == 1
    (tmp_path / "skillkit.yaml").write_text("select: [unknown-field]\n", encoding="utf-8")
    assert lint(tmp_path).rules == {"unknown-field"}
    (tmp_path / "skillkit.yaml").write_text("severity: {unknown-field: error}\nignore: [trigger-fields]\n", encoding="utf-8")
    result = lint(tmp_path)
    assert result.one("unknown-field")["severity"] == "error"
    assert result.code == 1


def test_settings_found_from_another_working_folder(tmp_path, lint):
    root = tmp_path / "ws"
    noisy(root)
    (root / "skillkit.yaml").write_text("ignore: [trigger-fields, unknown-field, description-multiline]\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert lint(tmp_path, paths=(str(root),), cwd=elsewhere).diagnostics == []
    assert lint(tmp_path, paths=(str(root / "skills" / "a"),), cwd=elsewhere).diagnostics == []
    assert lint(root, paths=("skills/a/SKILL.md",)).diagnostics == []


def test_settings_in_pyproject(tmp_path, lint):
    noisy(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.skillkit]\nignore = ["trigger-fields", "unknown-field"]\n', encoding="utf-8"
    )
    assert lint(tmp_path).rules == {"description-multiline"}


def test_pyproject_without_a_skillkit_table_changes_nothing(tmp_path, lint):
    noisy(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert lint(tmp_path).rules == {"description-multiline", "unknown-field", "trigger-fields"}


def test_explicit_config_file(tmp_path, lint):
    noisy(tmp_path)
    (tmp_path / "other.yaml").write_text("ignore: [trigger-fields]\n", encoding="utf-8")
    assert lint(tmp_path, "--config", "other.yaml").rules == {"description-multiline", "unknown-field"}


def monorepo(root: Path) -> None:
    """Two workspaces under one repository top; only w2 has settings (claude-api, strict)."""
    (root / ".git").mkdir()
    for space in ("w1", "w2"):
        put(root / space, "claude-x", skill_text(fm("claude-x", "colour: red")))
    (root / "w2" / "skillkit.yaml").write_text("profile: claude-api\nstrict: true\n", encoding="utf-8")


@pytest.mark.parametrize("paths", [(".",), ("w1", "w2"), ("w2", "w1"), ("w2/skills/claude-x/SKILL.md", "w1/skills/claude-x/SKILL.md")])
def test_each_workspace_reads_its_own_settings(tmp_path, lint, paths):
    monorepo(tmp_path)
    result = lint(tmp_path, paths=paths)
    by_file = {(d["path"].split("/")[0], d["rule"], d["severity"]) for d in result.diagnostics}
    # claude-api: other keys are errors there
    assert by_file == {("w1", "unknown-field", "warning"), ("w2", "unknown-field", "error"), ("w2", "name-reserved", "error")}
    assert result.code == 1


def test_strict_of_one_workspace_fails_only_its_warnings(tmp_path, lint):
    monorepo(tmp_path)
    (tmp_path / "w2" / "skillkit.yaml").write_text("strict: true\n", encoding="utf-8")
    assert lint(tmp_path, paths=("w1", "w2")).code == 1  # w2's warning fails
    (tmp_path / "w2" / "skillkit.yaml").write_text("strict: false\n", encoding="utf-8")
    (tmp_path / "w1" / "skillkit.yaml").write_text("strict: false\n", encoding="utf-8")
    assert lint(tmp_path).code == 0
    assert lint(tmp_path, "--strict").code == 1
    (tmp_path / "w2" / "skillkit.yaml").write_text("strict: true\n", encoding="utf-8")
    assert lint(tmp_path, "--no-strict").code == 0


def test_command_line_and_config_hold_for_every_workspace(tmp_path, lint):
    monorepo(tmp_path)
    assert "name-reserved" not in lint(tmp_path, "--profile", "default").rules
    (tmp_path / "api.yaml").write_text("profile: claude-api\n", encoding="utf-8")
    result = lint(tmp_path, "--config", "api.yaml")
    assert {d["path"].split("/")[0] for d in result.of("name-reserved")} == {"w1", "w2"}


def test_command_line_profile_wins_over_settings(tmp_path, lint):
    put(tmp_path, "claude-helper", skill_text(fm("claude-helper")))
    (tmp_path / "skillkit.yaml").write_text("profile: claude-api\n", encoding="utf-8")
    assert "name-reserved" in lint(tmp_path).rules
    assert lint(tmp_path, "--profile", "default").diagnostics == []


@pytest.mark.parametrize("settings", ["strict: maybe\n", "profile: nope\n", "budgets: {skill: -3}\n", "ignore: [no-such-rule]\n", "- a\n", "foo: [\n"])
def test_broken_settings_are_reported_not_crashed(tmp_path, cli, settings):
    put(tmp_path, "a", skill_text(fm("a")))
    (tmp_path / "skillkit.yaml").write_text(settings, encoding="utf-8")
    outcome = cli("lint", ".", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code in (1, 2)
    assert "skillkit.yaml" in outcome.stdout + outcome.stderr


def test_missing_config_file_is_exit_2(tmp_path, cli):
    put(tmp_path, "a", skill_text(fm("a")))
    outcome = cli("lint", ".", "--config", "nope.yaml", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 2


# ---------------------------------------------------------------------------------------------
# profiles


def test_agent_skills_profile_makes_other_keys_errors(tmp_path, lint):
    text = skill_text(fm("a", "when: always\nlicense: MIT"))
    put(tmp_path, "a", text)
    assert lint(tmp_path).code == 0
    result = lint(tmp_path, "--profile", "agent-skills")
    assert result.code == 1
    errors = result.of(severity="error")
    assert {(d["line"], d["column"]) for d in errors} == {at(text, "when")}


def test_agent_skills_profile_warns_on_allowed_tools_list(tmp_path, lint):
    put(tmp_path, "a", skill_text(fm("a", "allowed-tools: [Read, Grep]")))
    result = lint(tmp_path, "--profile", "agent-skills")
    assert result.rules == {"allowed-tools-list"}
    assert result.code == 0


@pytest.mark.parametrize("name", ["claude-helper", "my-anthropic-tools", "claude"])
def test_claude_api_reserved_words(tmp_path, lint, name):
    text = skill_text(fm(name))
    put(tmp_path, name, text)
    assert lint(tmp_path).diagnostics == []
    result = lint(tmp_path, "--profile", "claude-api")
    assert result.code == 1
    assert result.where("name-reserved") == {at(text, name)}


@pytest.mark.parametrize("description", ["Use <b>bold</b> text.", "Wraps <example> blocks.", "'Reads <instructions/> tags.'"])
def test_claude_api_xml_tags(tmp_path, lint, description):
    text = skill_text(fm("a", description=description))
    put(tmp_path, "a", text)
    default = lint(tmp_path)  # claude.ai's upload refuses angle brackets: a warning wherever the spec applies
    assert default.code == 0 and default.of("xml-tags", "warning") and not default.of("xml-tags", "error")
    result = lint(tmp_path, "--profile", "claude-api")
    assert result.code == 1
    assert result.of("xml-tags", "error")


def test_claude_code_extra_keys(tmp_path, lint):
    extra = (
        "allowed-tools: [Read, Grep]\n"
        "model: sonnet\n"
        "disable-model-invocation: true\n"
        "argument-hint: '[file]'\n"
        "user-invocable: false"
    )
    put(tmp_path, "a", skill_text(fm("a", extra)))
    assert lint(tmp_path, "--profile", "claude-code").diagnostics == []
    assert lint(tmp_path, "--profile", "agent-skills").code == 1


@pytest.mark.parametrize("profile", ["default", "studio", "platform", "agent-skills", "claude-api", "claude-code", "codex"])
def test_fields_of_a_world_the_profile_does_not_check_never_crash(tmp_path, lint, profile):
    frontmatter = "triggers:\nwhen: x\nscanDepth: deep\nversion: [1]\ntools: 5\nexamples: {}\nmetadata: 3\nconfig: ~"
    put(tmp_path, "a", skill_text(fm("a", frontmatter)))
    result = lint(tmp_path, "--profile", profile)
    assert result.code == 1


def test_silenced_rules_never_crash_any_command(tmp_path, cli):
    put(tmp_path, "a", skill_text("name: 5\ndescription: [d]\nwhen: x\ntriggers: 7\ntools: 5\nscanDepth: -3"))
    (tmp_path / "skillkit.yaml").write_text(
        "ignore: [name-format, description-format, trigger-fields, tool-reference, name-folder]\n", encoding="utf-8")
    (tmp_path / "chat.json").write_text('[{"role": "user", "content": "hi"}]', encoding="utf-8")
    for args in (["lint", "."], ["simulate", "chat.json", "--skills", "skills"], ["render", "chat.json", "--skills", "skills"]):
        outcome = cli(*args, cwd=tmp_path)
        no_traceback(outcome)
        assert outcome.code in (0, 1), (args, outcome)


def test_default_profile_checks_each_present_field_by_its_world(tmp_path, lint):
    tool_file(tmp_path)
    put(tmp_path, "a", skill_text(fm("a", "when: sometimes\nversion: 0\ncompatibility: ''")))
    assert lint(tmp_path).rules >= {"trigger-fields", "version-format", "agent-skills-fields"}
    studio = lint(tmp_path, "--profile", "studio")
    assert "trigger-fields" in studio.rules and "version-format" not in studio.rules


# ---------------------------------------------------------------------------------------------
# skillkit rules


def test_rules_lists_every_id_lint_can_emit(cli):
    listed = json.loads(cli("rules", "--json").stdout)
    assert all({"id", "severity", "world"} <= set(rule) for rule in listed)
    ids = {rule["id"] for rule in listed}
    assert len(ids) == len(listed)
    assert all(rule["severity"] in SEVERITIES for rule in listed)
    for rule_id in sorted(ids):
        outcome = cli("rules", rule_id)
        assert outcome.code == 0
        assert rule_id in outcome.stdout


def test_rules_unknown_id_is_exit_2(cli):
    outcome = cli("rules", "no-such-rule")
    no_traceback(outcome)
    assert outcome.code == 2


def test_rules_per_profile(cli):
    claude = cli("rules", "--profile", "claude-api").stdout
    studio = cli("rules", "--profile", "studio").stdout
    assert "name-reserved" in claude and "name-reserved" not in studio
    assert cli("rules", "--profile", "nope").code == 2


def test_every_rule_named_by_the_field_reference_exists(cli):
    ids = {rule["id"] for rule in json.loads(cli("rules", "--json").stdout)}
    reference = (REPO / "schemas" / "fields.skill.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\| `([a-z0-9-]+)` \|\n", reference))
    assert named and named <= ids, named - ids


def test_every_rule_is_documented_in_rules_md(cli):
    ids = {rule["id"] for rule in json.loads(cli("rules", "--json").stdout)}
    rules_md = (REPO / "schemas" / "rules.md").read_text(encoding="utf-8")
    assert all(rule_id in rules_md for rule_id in ids)


# ---------------------------------------------------------------------------------------------
# skillkit schema


def test_committed_schemas_match_the_code(cli):
    outcome = cli("schema", "--check", cwd=REPO)
    assert outcome.code == 0, outcome.stdout + outcome.stderr


def test_schema_check_exits_1_on_drift(tmp_path, cli):
    assert cli("schema", "--dir", str(tmp_path), cwd=tmp_path).code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert {"skill.schema.json", "fields.skill.md"} <= set(written)
    assert cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path).code == 0
    target = tmp_path / "skill.schema.json"
    target.write_text(target.read_text(encoding="utf-8").replace("1024", "1025"), encoding="utf-8")
    drift = cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path)
    assert drift.code == 1
    assert "skill.schema.json" in drift.stdout + drift.stderr
    assert "1025" in target.read_text(encoding="utf-8"), "--check must write nothing"
    (tmp_path / "fields.skill.md").unlink()
    missing = cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path)
    assert missing.code == 1
    assert "fields.skill.md" in missing.stdout + missing.stderr


def test_schema_check_flags_a_schema_the_registry_no_longer_makes(tmp_path, cli):
    assert cli("schema", "--dir", str(tmp_path), cwd=tmp_path).code == 0
    (tmp_path / "own.schema.json").write_text("{}\n", encoding="utf-8")  # not ours: left alone
    assert cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path).code == 0
    generated = (tmp_path / "tool.schema.json").read_text(encoding="utf-8")
    (tmp_path / "gone.schema.json").write_text(generated, encoding="utf-8")
    outcome = cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path)
    assert outcome.code == 1
    assert "gone.schema.json" in outcome.stdout + outcome.stderr
    assert "own.schema.json" not in outcome.stdout + outcome.stderr


def test_schema_check_with_bad_bytes_in_a_committed_file(tmp_path, cli):
    assert cli("schema", "--dir", str(tmp_path), cwd=tmp_path).code == 0
    (tmp_path / "skill.schema.json").write_bytes(b"\xff\xfe{}")
    outcome = cli("schema", "--check", "--dir", str(tmp_path), cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 1


def test_schema_into_a_path_that_is_a_file(tmp_path, cli):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    outcome = cli("schema", "--dir", "a-file", cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 2


def test_schema_check_on_an_empty_folder(tmp_path, cli):
    outcome = cli("schema", "--check", "--dir", str(tmp_path / "none"), cwd=tmp_path)
    no_traceback(outcome)
    assert outcome.code == 1


def test_generated_skill_schema_carries_the_field_table(cli):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "schemas" / "skill.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    props = schema["properties"]
    for field in [
        "name", "description", "when", "triggers", "secondaryTriggers", "triggerLogic", "selectiveLogic",
        "caseSensitive", "matchWholeWords", "scanDepth", "frequency", "probability", "closeWhenUnmentioned",
        "version", "tools", "examples", "config", "license", "compatibility", "metadata", "allowed-tools",
    ]:
        assert field in props, field
    assert props["name"]["maxLength"] == 64
    assert props["description"]["maxLength"] == 1024
    assert props["when"]["enum"] == ["always", "mentioned", "picked"]
    assert props["when"]["default"] == "picked"
    assert props["scanDepth"]["minimum"] == 0 and props["scanDepth"]["default"] == 2
    assert props["examples"]["maxItems"] == 20
    assert props["compatibility"]["maxLength"] == 500
    assert set(schema["required"]) == {"name", "description"}
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors({"name": "a", "description": "b"}))
    assert list(validator.iter_errors({"name": "A", "description": "b"}))
    assert list(validator.iter_errors({"name": "a", "description": "b", "config": {"x": 1}}))

