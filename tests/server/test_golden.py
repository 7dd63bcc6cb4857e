"""For every golden lint case (tests/lint/rule_cases.py, whose findings tests/lint/golden/ holds),
the diagnostics the real server publishes over stdio equal `skillkit lint --format json` on the
same files, each range ending where SARIF's region does. The case's command-line options are
written to its skillkit.yaml, so lint and the server read them alike (the settings apply)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types

from tests.conftest import run_cli
from tests.lint.rule_cases import CASES
from tests.lint.test_rules import build
from tests.server import lsp_helpers as lsp

pytestmark = pytest.mark.asyncio


@pytest_lsp.fixture(config=lsp.SERVER)
async def client(lsp_client: pytest_lsp.LanguageClient):
    yield
    await lsp_client.shutdown_session()


def settings_text(rule: str, args: list[str]) -> str:
    """The case's options as settings: `--select RULE --profile P --ignore R`."""
    lines = [f"select: [{rule}]"]
    for flag, key in (("--profile", "profile"), ("--ignore", "ignore")):
        if flag in args:
            value = args[args.index(flag) + 1]
            lines.append(f"{key}: {value}" if key == "profile" else f"{key}: [{value}]")
    return "\n".join(lines) + "\n"


def make_cases(top: Path) -> dict[str, Path]:
    folders = {}
    for rule, (files, args) in CASES.items():
        folder = top / rule
        (folder / "skills").mkdir(parents=True)
        build(folder, files)
        settings = folder / "skillkit.yaml"
        before = settings.read_text(encoding="utf-8") if settings.exists() else ""
        settings.write_text(before + settings_text(rule, args), encoding="utf-8")
        folders[rule] = folder
    return folders


def lint_json(folder: Path) -> list[dict[str, object]]:
    outcome = run_cli("lint", "--format", "json", ".", cwd=folder)
    assert "Traceback" not in outcome.stderr
    return json.loads(outcome.stdout)["diagnostics"]


def lint_regions(folder: Path) -> dict[tuple[str, int, int, str], tuple[int, int]]:
    """(path, line, column, rule) -> SARIF's end (line, column)."""
    outcome = run_cli("lint", "--format", "sarif", ".", cwd=folder)
    out = {}
    for result in json.loads(outcome.stdout)["runs"][0]["results"]:
        where = result["locations"][0]["physicalLocation"]
        region = where["region"]
        out[(where["artifactLocation"]["uri"], region["startLine"], region["startColumn"], result["ruleId"])] = (
            region.get("endLine", region["startLine"]), region.get("endColumn", region["startColumn"]))
    return out


def code_points(text: str, line: int, character: int) -> int:
    """An LSP UTF-16 character on a 0-based line of `text` as lint's 1-based code-point column."""
    lines = text.split("\n")
    row = lines[line] if line < len(lines) else ""
    column = len(row.encode("utf-16-le")[:2 * character].decode("utf-16-le", errors="ignore"))
    return column + 1 - (1 if line == 0 and row.startswith("\ufeff") else 0)


def text_files(folder: Path) -> dict[Path, str]:
    """The case's files an editor can open: those that are UTF-8 text (a Latin-1 file is not)."""
    out = {}
    for file in sorted(folder.rglob("*")):
        if file.is_file() and file.name != "skillkit.yaml":
            try:
                out[file] = file.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue
    return out


def as_lint(folder: Path, file: Path, text: str, found: list[types.Diagnostic]) -> list[dict[str, object]]:
    shown = file.relative_to(folder).as_posix()
    out = []
    for d in found:
        out.append({"path": shown, "line": d.range.start.line + 1,
                    "column": code_points(text, d.range.start.line, d.range.start.character),
                    "rule": d.code, "severity": {1: "error", 2: "warning", 3: "info"}[int(d.severity)],
                    "message": d.message,
                    "end": (d.range.end.line + 1, code_points(text, d.range.end.line, d.range.end.character))})
    return out


def key(d: dict[str, object]) -> str:
    return json.dumps({k: v for k, v in d.items() if k != "end"}, sort_keys=True)


async def test_published_diagnostics_equal_lint_for_every_golden_case(client, tmp_path):
    folders = make_cases(tmp_path)
    await lsp.start(client, list(folders.values()))
    opened: dict[str, dict[Path, str]] = {}
    for rule, folder in folders.items():
        opened[rule] = text_files(folder)
        for file, text in opened[rule].items():
            lsp.open_file(client, file, text)
    everything = [file for files in opened.values() for file in files]
    published = await lsp.published(client, everything, timeout=120)
    problems = []
    for rule, folder in folders.items():
        want = lint_json(folder)
        regions = lint_regions(folder)
        readable = {f.relative_to(folder).as_posix() for f in opened[rule]}
        got = [d for file, text in opened[rule].items() for d in as_lint(folder, file, text, published[file])]
        expected = sorted((d for d in want if d["path"] in readable), key=key)
        if sorted(map(key, got)) != sorted(map(key, expected)):
            problems.append(f"{rule}: lint {sorted(map(key, expected))} server {sorted(map(key, got))}")
            continue
        for d in got:
            end = regions.get((d["path"], d["line"], d["column"], d["rule"]))
            if end is not None and end != (d["line"], d["column"]) and d["end"] != end:
                problems.append(f"{rule}: {d['path']}:{d['line']}:{d['column']} ends at {d['end']}, SARIF at {end}")
    assert not problems, "\n".join(problems)
    assert sum(len(d) for d in published.values()) > 100  # the cases fire: this compares findings, not silence


async def test_pulled_workspace_diagnostics_equal_lint_for_every_golden_case(client, tmp_path):
    """Pulled for the whole workspace (files no editor could open as text included: Latin-1,
    a NUL byte), nothing opened: the files on disk, as lint reads them."""
    folders = make_cases(tmp_path)
    await lsp.start(client, list(folders.values()), pull=True)
    report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
    by_file = {lsp.path(item.uri): item.items for item in report.items}
    problems = []
    for rule, folder in folders.items():
        want = sorted(map(key, lint_json(folder)))
        got = []
        for file, found in by_file.items():
            if file.is_relative_to(folder):
                text = file.read_bytes().decode("utf-8", errors="replace") if file.is_file() else ""
                got.extend(as_lint(folder, file, text, list(found)))
        if sorted(map(key, got)) != want:
            problems.append(f"{rule}: lint {want} server {sorted(map(key, got))}")
    assert not problems, "\n".join(problems)
