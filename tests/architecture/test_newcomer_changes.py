"""The four changes a newcomer makes most, each made in a copy of the checkout exactly as its
recipe in ARCHITECTURE.md says (Recipes: a rule, an output format for lint, a transcript format,
a client), then driven through the real CLI run from the copy (`python -m skillkit`, the copy
first on PYTHONPATH).

Each change is made a step at a time, and after each step the tests its recipe names are run
from the copy's own suite: the test named for a step that is still missing fails, and once every
step is done they all pass. `TOUCHED_*` records the files each change touched, and the copy is
compared with the checkout to hold that to what changed: the goal is one new module and one
registry entry (with its import where the registry imports its members), beside the change's own
test and its golden or fixture; generated files are rewritten by `skillkit schema`, not by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.architecture import newcomer_changes as new
from tests.architecture.newcomer_support import (Touched, assert_touched, checkout, copy_tests, edit, failed,
                                                 skillkit, write)
from tests.conftest import REPO

RULES_TESTS = "tests/lint/test_rules.py"
ARTIFACTS = "tests/packaging/test_artifacts.py::test_committed_schema_dir_matches_the_registry"

TOUCHED_RULE = Touched(new_modules=(new.RULE_MODULE,), registry="skillkit/rules/__init__.py", registry_lines=2,
                       tests=("tests/lint/rule_cases.py",), data=(f"tests/lint/golden/{new.RULE_ID}.json",),
                       generated=("schemas/rules.md",))
TOUCHED_FORMAT = Touched(new_modules=(new.FORMAT_MODULE,), registry="skillkit/reporters/formats.py", registry_lines=1,
                         tests=("tests/lint/test_reporters.py",), data=("fixtures/lint/broken/expected.tsv",))
TOUCHED_TRANSCRIPT = Touched(new_modules=(new.TRANSCRIPT_MODULE,), registry="skillkit/transcripts/formats.py",
                             registry_lines=2, tests=(new.TRANSCRIPT_TEST,), data=(new.TRANSCRIPT_FIXTURE,))
TOUCHED_CLIENT = Touched(new_modules=(new.CLIENT_MODULE,), registry="skillkit/clients/__init__.py", registry_lines=2,
                         tests=("tests/clients/test_registry.py",), data=(),
                         generated=("schemas/rules.md", "schemas/settings.schema.json"))


RECIPES = {"A rule": TOUCHED_RULE, "An output format for lint": TOUCHED_FORMAT,
           "A transcript format": TOUCHED_TRANSCRIPT, "A client": TOUCHED_CLIENT}


def _files_touched_said(recipe: str) -> str:
    """The "Files touched:" sentence of one of ARCHITECTURE.md's recipes, on one line."""
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = " ".join(text.split(f"\n### {recipe}\n", 1)[1].split("\n#", 1)[0].split())
    return re.split(r"\.(?: |$)", section.split("Files touched: ", 1)[1], maxsplit=1)[0]


def test_each_recipe_lists_the_files_its_change_touched():
    """What a recipe tells the newcomer is what its change below measured: the new module, golden,
    fixture and test file are named by kind there, the files that exist already by path."""
    for recipe, touched in RECIPES.items():
        said = _files_touched_said(recipe)
        named = [touched.registry.removeprefix("skillkit/"), *(f for f in touched.tests if (REPO / f).exists()),
                 *touched.generated]
        assert said.startswith("the new module") and [f for f in named if f"`{f}`" not in said] == [], (recipe, said)


def project(tmp_path: Path, files: dict[str, str]) -> Path:
    """A repository (its top marked by `.git`) holding `files`."""
    top = tmp_path / "project"
    (top / ".git").mkdir(parents=True)
    for relative, text in files.items():
        (top / relative).parent.mkdir(parents=True, exist_ok=True)
        (top / relative).write_text(text, encoding="utf-8")
    return top


def skill_md(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\nDo the thing.\n"


# -- a rule -----------------------------------------------------------------------------------

def _rule_without_case_or_docstring(copy: Path) -> None:
    write(copy, new.RULE_MODULE, new.RULE_TEXT.replace("    " + new.RULE_DOC, ""))
    edit(copy, TOUCHED_RULE.registry, "from skillkit.rules.profiles import PROFILES\n",
         "from skillkit.rules import description_placeholder\nfrom skillkit.rules.profiles import PROFILES\n")
    edit(copy, TOUCHED_RULE.registry, "    *clients.RULES,\n", "    *clients.RULES,\n    *description_placeholder.RULES,\n")


def _rule_safety_tests(copy: Path, **update: bool) -> dict[str, str]:
    return copy_tests(copy, RULES_TESTS, ARTIFACTS, k=f"{new.RULE_ID} or every_rule_has or committed", **update)


@pytest.mark.slow  # runs the copy's own suite 3-4 times: ~12 s of CPU each
def test_a_new_rule_is_one_module_and_one_registry_entry(tmp_path):
    copy = checkout(tmp_path)
    top = project(tmp_path, {"skills/todo/SKILL.md": skill_md("todo", "TODO say when to use this skill"),
                             "skills/done/SKILL.md": skill_md("done", "Write release notes from the git log.")})
    assert skillkit(copy, "lint", "--select", new.RULE_ID, ".", cwd=top).returncode == 2  # no such rule yet

    _rule_without_case_or_docstring(copy)  # steps 1 (without its docstring) and 2
    assert failed(_rule_safety_tests(copy)) == {
        f"{RULES_TESTS}::test_every_rule_has_a_case_and_every_case_a_rule",
        f"{RULES_TESTS}::test_rule_is_documented[{new.RULE_ID}]",
        f"{ARTIFACTS}[rules.md]"}

    write(copy, new.RULE_MODULE, new.RULE_TEXT)  # step 1 whole, and step 3's case without its golden
    with (copy / "tests/lint/rule_cases.py").open("a", encoding="utf-8") as cases:
        cases.write("\n" + new.RULE_CASE)
    assert failed(_rule_safety_tests(copy)) == {f"{RULES_TESTS}::test_rule_fires_on_its_case[{new.RULE_ID}]",
                                               f"{ARTIFACTS}[rules.md]"}

    assert skillkit(copy, "schema", cwd=copy).returncode == 0  # step 4, then step 3's golden as the recipe writes it
    assert failed(_rule_safety_tests(copy, update=True)) == set()
    golden = json.loads((copy / TOUCHED_RULE.data[0]).read_text(encoding="utf-8"))
    assert golden == [{"path": "skills/todo/SKILL.md", "line": 3, "column": 14, "rule": new.RULE_ID,
                       "severity": "warning", "message": "the description still says TODO"}]
    assert_touched(copy, TOUCHED_RULE)

    linted = skillkit(copy, "lint", "--select", new.RULE_ID, ".", cwd=top / "skills")
    assert linted.returncode == 0, linted.stderr  # a warning
    assert linted.stdout.splitlines()[0] == ("todo/SKILL.md:3:14: warning description-placeholder "
                                             "the description still says TODO")
    listed = json.loads(skillkit(copy, "rules", "--json", cwd=top).stdout)
    assert [r["id"] for r in listed][-1] == new.RULE_ID  # its place in the registry is its place here
    shown = skillkit(copy, "rules", new.RULE_ID, cwd=top)
    assert shown.returncode == 0 and "A description that still holds a placeholder" in shown.stdout
    assert f"## {new.RULE_ID}" in (copy / "schemas/rules.md").read_text(encoding="utf-8")


# -- an output format for lint ----------------------------------------------------------------

FORMAT_TESTS = ("tests/cli/test_formats.py", "tests/lint/test_format_goldens.py",
                "tests/lint/test_reporters.py::test_format_matches_golden")
# lint's entries of the format tests (the one machine format subprocess kept is the new one's)
FORMAT_K = f"(lint and not machine_formats) or rich or golden or (machine_formats and {new.FORMAT})"


@pytest.mark.slow  # runs the copy's own suite 3-4 times: ~12 s of CPU each
def test_a_new_lint_format_is_one_module_and_one_registry_line(tmp_path):
    copy = checkout(tmp_path)
    broken = copy / "fixtures/lint/broken"
    assert skillkit(copy, "lint", "--format", new.FORMAT, ".", cwd=broken).returncode == 2  # no such format yet

    edit(copy, TOUCHED_FORMAT.registry, '    Reporter("github", _R + "github", True),\n',
         f'    Reporter("github", _R + "github", True),\n    Reporter("{new.FORMAT}", _R + "{new.FORMAT}", True),\n')
    outcomes = copy_tests(copy, *FORMAT_TESTS, k=FORMAT_K)  # step 2 without step 1: no module
    assert "tests/cli/test_formats.py::test_every_registered_reporter_imports_and_has_its_functions[lint]" in failed(outcomes)

    write(copy, new.FORMAT_MODULE, new.FORMAT_TEXT_WITH_RICH)  # a machine format through Rich
    assert failed(copy_tests(copy, *FORMAT_TESTS, k=FORMAT_K)) == {
        "tests/cli/test_formats.py::test_a_machine_reporter_never_imports_rich",
        "tests/lint/test_format_goldens.py::test_every_lint_format_has_a_golden_suffix"}

    write(copy, new.FORMAT_MODULE, new.FORMAT_TEXT)  # step 1 as the recipe says, then step 3's SUFFIX
    edit(copy, "tests/lint/test_reporters.py", '"github": "github"}', f'"github": "github", "{new.FORMAT}": "{new.FORMAT}"}}')
    assert failed(copy_tests(copy, *FORMAT_TESTS, k=FORMAT_K)) == {
        f"tests/lint/test_reporters.py::test_format_matches_golden[{new.FORMAT}]"}

    assert failed(copy_tests(copy, *FORMAT_TESTS, k=FORMAT_K, update=True)) == set()  # step 3's golden
    assert_touched(copy, TOUCHED_FORMAT)

    rows = [line.split("\t") for line in (broken / "expected.tsv").read_text(encoding="utf-8").splitlines()]
    # lint's json shows paths from the working folder, the tsv (as github and sarif) from the top
    diagnostics = json.loads(skillkit(copy, "lint", "--format", "json", ".", cwd=broken).stdout)["diagnostics"]
    assert rows == [["fixtures/lint/broken/" + d["path"], str(d["line"]), str(d["column"]), d["severity"], d["rule"], d["message"]]
                    for d in diagnostics]
    helped = skillkit(copy, "lint", "--help", cwd=broken).stdout
    assert "<text|json|sarif|github|tsv>" in helped
    assert "tsv" in helped[helped.index("Output format:"):][:400]  # the choices' help is built from LINT


# -- a transcript format ----------------------------------------------------------------------

TRANSCRIPT_TESTS = ("tests/transcripts/test_transcript_formats.py", "tests/transcripts/test_detect.py",
                    new.TRANSCRIPT_TEST)


def _simulate(copy: Path, transcript: Path):
    workspace = copy / "fixtures/workspace"
    return skillkit(copy, "simulate", str(transcript), "--skills", str(workspace),
                    "--scene", str(workspace / "scenes/tavern.yaml"), "--format", "json", cwd=copy)


@pytest.mark.slow  # runs the copy's own suite 3-4 times: ~12 s of CPU each
def test_a_new_transcript_format_is_one_module_and_one_registry_entry(tmp_path):
    copy = checkout(tmp_path)
    chat = tmp_path / "chat.yaml"  # the content decides, never the name
    chat.write_text(new.TRANSCRIPT_FIXTURE_TEXT, encoding="utf-8")

    write(copy, new.TRANSCRIPT_MODULE, new.TRANSCRIPT_TEXT)  # step 1 without step 2
    assert failed(copy_tests(copy, TRANSCRIPT_TESTS[0])) == {
        f"{TRANSCRIPT_TESTS[0]}::test_every_format_module_is_registered_once"}
    assert _simulate(copy, chat).returncode == 2  # read as the YAML form, which it is not

    edit(copy, TOUCHED_TRANSCRIPT.registry, "import skillkit.transcripts.yaml_form as yaml_form\n",
         "import skillkit.transcripts.yaml_form as yaml_form\nimport skillkit.transcripts.chatlog as chatlog\n")
    edit(copy, TOUCHED_TRANSCRIPT.registry, "    _format(yaml_form),", "    _format(chatlog),\n    _format(yaml_form),")
    assert failed(copy_tests(copy, TRANSCRIPT_TESTS[0])) == {  # step 2 without step 3's fixture
        f"{TRANSCRIPT_TESTS[0]}::test_each_format_has_a_fixture_that_detects_as_it"}

    write(copy, new.TRANSCRIPT_FIXTURE, new.TRANSCRIPT_FIXTURE_TEXT)  # step 3
    write(copy, new.TRANSCRIPT_TEST, new.TRANSCRIPT_TEST_TEXT)
    write(copy, new.TRANSCRIPT_MODULE, new.TRANSCRIPT_TEXT_GREEDY)  # a sniff that claims every file
    assert {f"{TRANSCRIPT_TESTS[1]}::test_fixtures_are_detected_by_content[openai.json-openai]",
            f"{TRANSCRIPT_TESTS[1]}::test_fixtures_are_detected_by_content[tavern.jsonl-sillytavern]"} <= failed(
        copy_tests(copy, TRANSCRIPT_TESTS[1], k="detected_by_content"))
    write(copy, new.TRANSCRIPT_MODULE, new.TRANSCRIPT_TEXT)
    outcomes = copy_tests(copy, *TRANSCRIPT_TESTS)
    assert failed(outcomes) == set() and f"{new.TRANSCRIPT_TEST}::test_a_line_that_is_no_message_names_its_line" in outcomes
    assert_touched(copy, TOUCHED_TRANSCRIPT)

    simulated = _simulate(copy, chat)
    assert simulated.returncode == 0, simulated.stderr
    turns = json.loads(simulated.stdout)["turns"]
    assert [t["answering"] for t in turns] == [1, 3]  # the two replies, each answering the user before it
    weather = [next(s for s in t["skills"] if s["name"] == "weather") for t in turns]
    assert [(s["on"], s["reason"]) for s in weather] == [(False, "Not mentioned."), (True, "Mentioned: storm.")]


# -- a client ---------------------------------------------------------------------------------

CLIENT_TESTS = ("tests/clients/test_registry.py", "tests/clients/test_declarations.py::test_every_client_declares_every_field",
                ARTIFACTS)


def _show_files(copy: Path, top: Path) -> str:
    return skillkit(copy, "lint", "--show-files", ".", cwd=top).stdout


@pytest.mark.slow  # runs the copy's own suite 3-4 times: ~12 s of CPU each
def test_a_new_client_is_one_module_and_one_registry_entry(tmp_path):
    copy = checkout(tmp_path)
    folder = new.CLIENT_FOLDER
    top = project(tmp_path, {f"{folder}/one/SKILL.md": skill_md("same", "Say hello when the user greets you."),
                             f"{folder}/two/SKILL.md": skill_md("same", "Say goodbye when the user leaves.")})
    assert "no client loads it" in _show_files(copy, top)

    write(copy, new.CLIENT_MODULE, new.CLIENT_TEXT.replace(new.CLIENT_ALLOWED_TOOLS, ""))  # a field left out
    assert failed(copy_tests(copy, *CLIENT_TESTS)) == {
        "tests/clients/test_registry.py::test_every_client_module_is_listed_and_every_listed_client_has_its_module"}

    edit(copy, TOUCHED_CLIENT.registry, "from skillkit.clients.base import Client\n",
         "from skillkit.clients import acme_agent\nfrom skillkit.clients.base import Client\n")
    edit(copy, TOUCHED_CLIENT.registry, "    goose.CLIENT,\n", "    goose.CLIENT,\n    acme_agent.CLIENT,\n")
    assert failed(copy_tests(copy, *CLIENT_TESTS)) == {  # step 2 without CONTRACT_IDS, step 3 not run
        "tests/clients/test_registry.py::test_the_registry_holds_exactly_the_contracts_ids_in_order",
        f"tests/clients/test_declarations.py::test_every_client_declares_every_field[{new.CLIENT_ID}]",
        f"{ARTIFACTS}[rules.md]", f"{ARTIFACTS}[settings.schema.json]"}

    write(copy, new.CLIENT_MODULE, new.CLIENT_TEXT)  # step 1 whole, step 2's CONTRACT_IDS, step 3
    edit(copy, "tests/clients/test_registry.py", '"goose",\n                "agent-skills")',
         f'"goose",\n                "{new.CLIENT_ID}", "agent-skills")')
    assert skillkit(copy, "schema", cwd=copy).returncode == 0
    assert failed(copy_tests(copy, *CLIENT_TESTS)) == set()
    assert_touched(copy, TOUCHED_CLIENT)

    _the_client_is_everywhere_the_registry_is_read(copy, top)


def _the_client_is_everywhere_the_registry_is_read(copy: Path, top: Path) -> None:
    assert "no client loads it" not in _show_files(copy, top)  # discovery: its folder is a client's
    unique = skillkit(copy, "lint", "--select", "name-unique", ".", cwd=top)
    assert unique.returncode == 1 and f"{new.CLIENT_FOLDER}/one/SKILL.md:2:7: error name-unique" in unique.stdout
    profiles = skillkit(copy, "rules", "--profiles", cwd=top).stdout
    assert any(line.startswith(new.CLIENT_ID + " ") for line in profiles.splitlines())
    profiled = skillkit(copy, "lint", "--profile", new.CLIENT_ID, "--ignore", "name-unique,name-folder", ".", cwd=top)
    assert profiled.returncode == 0, profiled.stdout + profiled.stderr
    solo = project(top.parent / "solo", {"skills/hello/SKILL.md": skill_md("hello", "Say hello when the user greets you.")})
    packed = skillkit(copy, "pack", ".", "--target", new.CLIENT_ID, "-o", "out", cwd=solo)
    assert packed.returncode == 0, packed.stderr
    assert (solo / "out" / new.CLIENT_FOLDER / "hello" / "SKILL.md").is_file()  # where the client loads it
