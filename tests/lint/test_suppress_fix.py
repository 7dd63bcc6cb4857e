"""DESIGN 4.1's ruff conveniences: suppression comments, per-file-ignores, --fix / --diff,
--statistics, --show-settings, --exit-zero, -q, --stdin-filename."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillkit.core.fixes import fix_text, usable
from skillkit.core.frontmatter import parse_frontmatter
from skillkit.core.reader import SourceText
from skillkit.rules import BY_ID, RULESET
from tests.conftest import FIXTURES

FIXERS = usable(RULESET.fixes)  # what --fix makes: the safe fixes

BROKEN = FIXTURES / "lint" / "broken"


def findings(cli, cwd, *args):
    outcome = cli("lint", "--format", "json", *args, cwd=cwd)
    return outcome, [(d["line"], d["rule"]) for d in json.loads(outcome.stdout)["diagnostics"]] if outcome.stdout else []


def skill(tmp_path, text, name="Bad_Name"):
    folder = tmp_path / "skills" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return folder / "SKILL.md"


DESCRIPTION = "description: A skill whose name breaks the rules."
BASE = f"---\nname: Bad_Name\n{DESCRIPTION}\ntriggers: [a, '']\n---\nSee [x](missing.md).\nSee [y](gone.md).\n"


def test_without_suppression(cli, tmp_path):
    skill(tmp_path, BASE)
    _, found = findings(cli, tmp_path)
    assert found == [(2, "name-format"), (4, "trigger-blank"), (6, "references"), (7, "references")]


@pytest.mark.parametrize(("edit", "left"), [
    (("name: Bad_Name", "name: Bad_Name  # skillkit: ignore[name-format]"),
     [(4, "trigger-blank"), (6, "references"), (7, "references")]),
    (("triggers: [a, '']", "triggers: [a, '']  # skillkit: ignore[trigger-blank]"),
     [(2, "name-format"), (6, "references"), (7, "references")]),
    ((DESCRIPTION, DESCRIPTION + "\n# skillkit: ignore-file[references, name-format]"),
     [(5, "trigger-blank")]),
    (("See [x]", "<!-- skillkit: ignore[references] -->\nSee [x]"),
     [(2, "name-format"), (4, "trigger-blank"), (8, "references")]),
])
def test_each_form_silences_exactly_its_rule_on_its_line_or_file(cli, tmp_path, edit, left):
    skill(tmp_path, BASE.replace(*edit))
    outcome, found = findings(cli, tmp_path)
    assert found == left
    assert "unused-suppression" not in outcome.stdout


@pytest.mark.parametrize(("edit", "message"), [
    (("name: Bad_Name", "name: Bad_Name  # skillkit: ignore[trigger-blank]"), "silences nothing on line 2"),
    ((DESCRIPTION, DESCRIPTION + "\n# skillkit: ignore-file[body-blank]"), "in this file"),
    (("See [y]", "<!-- skillkit: ignore[name-format] -->\nSee [y]"), "silences nothing on line 8"),
    (("name: Bad_Name", "name: Bad_Name  # skillkit: ignore[name-fromat]"), "did you mean `name-format`?"),
])
def test_an_unused_suppression_warns(cli, tmp_path, edit, message):
    skill(tmp_path, BASE.replace(*edit))
    outcome = cli("lint", "--format", "json", cwd=tmp_path)
    unused = [d for d in json.loads(outcome.stdout)["diagnostics"] if d["rule"] == "unused-suppression"]
    assert len(unused) == 1 and message in unused[0]["message"] and unused[0]["severity"] == "warning"


def test_an_unselected_rule_is_not_reported_unused(cli, tmp_path):
    skill(tmp_path, BASE.replace("name: Bad_Name", "name: Bad_Name  # skillkit: ignore[name-format]"))
    _, found = findings(cli, tmp_path, "--select", "trigger-blank,unused-suppression")
    assert found == [(4, "trigger-blank")]


def test_per_file_ignores(cli, tmp_path):
    skill(tmp_path, BASE)
    (tmp_path / "skillkit.yaml").write_text("per-file-ignores:\n  'skills/Bad_*/SKILL.md': [name-format]\n"
                                            "  SKILL.md: [references]\n")
    _, found = findings(cli, tmp_path)
    assert found == [(4, "trigger-blank")]
    (tmp_path / "skillkit.yaml").write_text("per-file-ignores: {SKILL.md: [referencse]}\n")
    outcome = cli("lint", cwd=tmp_path)
    assert outcome.code == 2 and "referencse" in outcome.stderr


def test_fix_on_the_broken_fixture_leaves_only_findings_without_a_fix(cli, tmp_path):
    work = tmp_path / "broken"
    shutil.copytree(BROKEN, work)
    before = json.loads(cli("lint", "--format", "json", ".", cwd=work).stdout)["diagnostics"]
    assert any(d["rule"] in FIXERS for d in before)
    first = cli("lint", "--fix", "--format", "json", ".", cwd=work)
    left = json.loads(first.stdout)["diagnostics"]
    assert left and not any(d["rule"] in FIXERS for d in left)
    assert left == [d for d in before if d["rule"] not in FIXERS]
    assert first.code == 1 and "Fixed 1 finding." in first.stderr
    second = cli("lint", "--fix", ".", cwd=work)
    assert "Fixed 0 findings." in second.stderr
    assert cli("lint", "--diff", ".", cwd=work).stdout == ""


def test_diff_prints_and_writes_nothing(cli, tmp_path):
    file = skill(tmp_path, "\ufeff---\r\nname: a\r\ndescription: d\r\ntriggers:\r\n  - x\r\n  - ''\r\n---\r\nB\r\n", "a")
    before = file.read_bytes()
    outcome = cli("lint", "--diff", cwd=tmp_path)
    assert outcome.code == 1 and "-  - ''" in outcome.stdout and file.read_bytes() == before
    assert cli("lint", "--fix", cwd=tmp_path).code == 0
    assert file.read_bytes() == b"---\r\nname: a\r\ndescription: d\r\ntriggers:\r\n  - x\r\n---\r\nB\r\n"  # CRLF kept


@pytest.mark.parametrize(("before", "after"), [
    ("allowed-tools: [Read, Grep]  # tools\n", 'allowed-tools: "Read Grep"  # tools\n'),
    ("allowed-tools:\n  - Read\n  - Bash(git:*)\n", 'allowed-tools: "Read Bash(git:*)"\n'),
    ("allowed-tools: [Read, Bash(git status)]\n", None),
])
def test_allowed_tools_list_fix(cli, tmp_path, before, after):
    file = skill(tmp_path, f"---\nname: a\ndescription: d\n{before}---\nB\n", "a")
    cli("lint", "--fix", "--profile", "agent-skills", cwd=tmp_path)
    assert file.read_text() == f"---\nname: a\ndescription: d\n{after or before}---\nB\n"


def test_every_fixable_rule_documents_its_fix(cli):
    for rule, fix in RULESET.fixes.items():
        assert ("Fix (`skillkit lint --fix`)" if fix.safe else "Fix (`skillkit lint --fix --unsafe-fixes`; unsafe)") \
            in BY_ID[rule].doc
        shown = cli("rules", rule).stdout
        assert "Fix (" in shown and ("fix: safe, --fix" if fix.safe else "fix: unsafe,") in shown.splitlines()[0]


item = st.sampled_from(["a", "''", '""', "' '", "b c", "x  # note", '"q"', "'it''s'"])
triggers = st.one_of(
    st.lists(item, max_size=5).map(lambda xs: "triggers: [" + ", ".join(x.split("  #")[0] for x in xs) + "]\n"),
    st.lists(item, min_size=1, max_size=5).map(lambda xs: "triggers:\n" + "".join(f"  - {x}\n" for x in xs)),
)
tools = st.one_of(st.just(""), st.lists(st.sampled_from(["Read", "Grep", "Bash(git:*)", "'W'"]), min_size=1,
                                        max_size=3).map(lambda xs: "allowed-tools: [" + ", ".join(xs) + "]\n"))


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bom=st.booleans(), crlf=st.booleans(), triggers=triggers, tools=tools)
def test_fix_twice_changes_nothing_the_second_time_and_keeps_parsing(bom, crlf, triggers, tools):
    from skillkit.rules.agent_skills import allowed_tools_list
    from skillkit.rules.studio import blank_trigger
    from skillkit.core.documents import SkillDoc
    from skillkit.core.diagnostics import Diagnostic, Severity
    from skillkit.rules.base import RuleContext
    from skillkit.rules import PROFILES

    text = f"---\nname: a\ndescription: d\n{triggers}{tools}---\nBody\n"
    raw = ("\ufeff" if bom else "") + (text.replace("\n", "\r\n") if crlf else text)

    def diagnostics(raw_text: str) -> tuple[list[Diagnostic], bool]:
        plain = raw_text.removeprefix("\ufeff").replace("\r\n", "\n")
        split, parsed, found = parse_frontmatter(SourceText("a/SKILL.md", plain, raw_text.startswith("\ufeff")))
        if parsed is None or not parsed.ok:
            return [], False
        out = [Diagnostic("a/SKILL.md", 1, 1, "byte-order-mark", Severity.WARNING, "bom")] \
            if raw_text.startswith("\ufeff") else []
        from pathlib import Path
        doc = SkillDoc("a/SKILL.md", Path("a/SKILL.md"), split, parsed)
        context = RuleContext(PROFILES["default"], {})
        for rule_id, check in (("trigger-blank", blank_trigger), ("allowed-tools-list", allowed_tools_list)):
            out += [Diagnostic(h.path, h.line, h.column, rule_id, Severity.WARNING, h.message)
                    for h in check.check(doc, context)]
        return out, True

    found, parsed_before = diagnostics(raw)
    once = raw
    for _ in range(10):  # as lint --fix loops
        step, fixed = fix_text(once, "a/SKILL.md", diagnostics(once)[0], FIXERS)
        if not fixed:
            break
        once = step
    again, fixed_again = fix_text(once, "a/SKILL.md", diagnostics(once)[0], FIXERS)
    assert again == once and fixed_again == 0
    if parsed_before:
        assert diagnostics(once)[1], (raw, once)
    assert ("\r\n" in once) == ("\r\n" in raw)


def test_statistics_show_settings_exit_zero_quiet(cli, tmp_path):
    work = tmp_path / "broken"
    shutil.copytree(BROKEN, work)
    stats = cli("lint", "--statistics", ".", cwd=work)
    assert stats.code == 1 and stats.stdout.splitlines()[0].startswith("2\tdescription-multiline")
    assert "[*]" in next(line for line in stats.stdout.splitlines() if "trigger-blank" in line)
    as_json = json.loads(cli("lint", "--statistics", "--format", "json", ".", cwd=work).stdout)
    assert any(row["code"] == "trigger-blank" and row["count"] == 1 and row["fixable"] for row in as_json)
    (work / "skillkit.yaml").write_text("profile: studio\nstrict: true\n")
    shown = cli("lint", "--show-settings", ".", cwd=work)
    assert shown.code == 0 and "profile           = studio" in shown.stdout and "skillkit.yaml" in shown.stdout
    assert cli("lint", "--exit-zero", ".", cwd=work).code == 0
    quiet = cli("lint", "-q", ".", cwd=work)
    assert quiet.code == 1 and "Found" not in quiet.stdout and quiet.stdout.count("\n") == 7


def test_stdin_filename(cli, tmp_path):
    file = skill(tmp_path, "---\nname: a\ndescription: Does a thing for stdin.\n---\nB\n", "a")
    outcome = cli("lint", "--stdin-filename", str(file), "--format", "json", cwd=tmp_path,
                  stdin="---\nname: A\ndescription: Does a thing for stdin.\n---\nB\n")
    report = json.loads(outcome.stdout)
    assert outcome.code == 1 and {(d["path"], d["rule"]) for d in report["diagnostics"]} == {
        ("skills/a/SKILL.md", "name-format"), ("skills/a/SKILL.md", "name-folder")}
    assert file.read_text() == "---\nname: a\ndescription: Does a thing for stdin.\n---\nB\n"  # the file itself is not read, nor changed
    unsaved = cli("lint", "--stdin-filename", "skills/new/SKILL.md", cwd=tmp_path,
                  stdin="---\nname: new\ndescription: Does a thing for stdin.\ntriggers: ['']\n---\nB\n")
    assert unsaved.code == 0 and unsaved.stdout.startswith("skills/new/SKILL.md:4:")


def test_a_workspace_file_line_is_silenced_too(cli, workspace_copy):
    scene = workspace_copy / "scenes" / "tavern.yaml"
    scene.write_text(scene.read_text().replace("skills: [greeting, weather, sword, lore]",
                                               "skills: [greeting, weather, sword, lore, nowhere]"))
    _, found = findings(cli, workspace_copy)
    assert ("scene-links" in {rule for _, rule in found})
    scene.write_text(scene.read_text().replace("lore, nowhere]", "lore, nowhere]  # skillkit: ignore[scene-links]"))
    outcome, found = findings(cli, workspace_copy)
    assert found == [] and outcome.code == 0


def test_stdin_filename_with_fix_and_diff(cli, tmp_path):
    file = skill(tmp_path, "---\nname: a\ndescription: Does a thing for stdin.\n---\nB\n", "a")
    given = "---\nname: a\ndescription: Does a thing for stdin.\ntriggers: [x, '']\n---\nB\n"
    fixed = cli("lint", "--stdin-filename", str(file), "--fix", cwd=tmp_path, stdin=given)
    assert fixed.code == 0 and fixed.stdout == given.replace("[x, '']", "[x]")
    assert "All checks passed" in fixed.stderr and file.read_text() == "---\nname: a\ndescription: Does a thing for stdin.\n---\nB\n"
    diff = cli("lint", "--stdin-filename", "skills/a/SKILL.md", "--diff", cwd=tmp_path, stdin=given)
    assert diff.code == 1 and "--- a/skills/a/SKILL.md" in diff.stdout and "+triggers: [x]" in diff.stdout
    unsaved = cli("lint", "--stdin-filename", "skills/b/SKILL.md", "--fix", cwd=tmp_path,
                  stdin=given.replace("name: a", "name: b"))
    assert unsaved.code == 0 and "triggers: [x]\n" in unsaved.stdout and not (tmp_path / "skills" / "b").exists()
