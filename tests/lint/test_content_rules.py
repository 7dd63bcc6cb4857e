"""What a skill says and carries: the link graph, hidden Unicode, secrets, risky scripts,
orphans, on fixture skills of their own (fixtures/lint/content/), through the real CLI.
The per-rule goldens are in tests/lint/golden/ (test_rules.py); here: the link graph's
golden, the true negatives one by one, the bundle's limits, and the regexes' running time."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from skillkit.core.bundle import walk_bundle
from skillkit.core.reader import MAX_FILE_BYTES
from skillkit.rules.remote_exec import runs_downloads
from skillkit.rules.secret_leak import secrets_in
from tests.conftest import FIXTURES

CONTENT = FIXTURES / "lint" / "content"
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1"


def lint(cli, folder: Path, *args: str) -> list[dict]:
    outcome = cli("lint", "--format", "json", *args, ".", cwd=folder)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    return json.loads(outcome.stdout)["diagnostics"]


def test_link_graph_golden(cli):
    found = lint(cli, CONTENT / "references", "--select", "references")
    golden = GOLDEN / "references-graph.json"
    if UPDATE:
        golden.write_text(json.dumps(found, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert found == json.loads(golden.read_text(encoding="utf-8"))


def test_link_graph_true_negatives(cli):
    found = lint(cli, CONTENT / "references", "--select", "references")
    messages = " ".join(d["message"] for d in found)
    for fine in ("a(1).md", "my notes.md", "refs/x.md", "html.md", "chart.png", "nope.md", "`../SKILL.md`", "{baseDir}"):
        assert fine not in messages
    # a nested file's link resolves from its own folder; the sibling form is fine
    assert sum("advanced-patterns.md` does not exist" in d["message"] for d in found) == 1


@pytest.mark.parametrize("skill, rule", [("fence-unclosed/skills/closed-fences", "fence-unclosed"),
                                         ("invisible-unicode/skills/clean-unicode", "invisible-unicode"),
                                         ("secret-leak/skills/placeholders", "secret-leak"),
                                         ("description-short/skills/fine", "description-short")])
def test_true_negatives_are_quiet(cli, skill, rule):
    assert lint(cli, CONTENT / skill, "--select", rule, "--profile", "agent-skills") == []


def test_remote_exec_leaves_safe_pipes_comments_and_other_languages_alone(cli):
    found = lint(cli, CONTENT / "remote-exec", "--select", "remote-exec")
    lines = {d["line"] for d in found if d["path"].endswith("SKILL.md")}
    assert lines == {10, 11, 12, 13, 14}  # the five risky lines of the bash block, none after


def test_trojan_source_lines_are_errors_with_the_code_points_shown(cli):
    found = lint(cli, CONTENT / "invisible-unicode", "--select", "invisible-unicode")
    trojan = [d for d in found if d["path"].endswith(".py")]
    assert len(trojan) == 2 and all(d["severity"] == "error" for d in trojan)
    assert all("<U+202E>" in d["message"] and "U+202E RIGHT-TO-LEFT OVERRIDE" in d["message"] for d in trojan)
    assert all("\u202e" not in d["message"] for d in found)


def test_secrets_are_never_printed_whole(cli):
    leaky = CONTENT / "secret-leak" / "skills" / "leaky" / "scripts" / "deploy.sh"
    secrets = [line.split("=", 1)[1].strip("'\"") for line in leaky.read_text().splitlines() if "=" in line]
    report = json.dumps(lint(cli, CONTENT / "secret-leak", "--select", "secret-leak"))
    assert secrets and not any(secret in report for secret in secrets)


@pytest.mark.parametrize("profile, severity", [("default", "info"), ("studio", "info"), ("platform", "info"),
                                               ("agent-skills", "warning"), ("claude-api", "warning"),
                                               ("claude-code", "warning"), ("codex", "warning")])
def test_description_short_is_a_warning_where_the_description_is_the_trigger_else_info(cli, profile, severity):
    folder = CONTENT / "description-short"
    found = [d for d in lint(cli, folder, "--profile", profile) if d["rule"] == "description-short"]
    assert [(d["path"], d["severity"]) for d in found] == [("skills/pdf-tools/SKILL.md", severity),
                                                          ("skills/tiny/SKILL.md", severity)]
    # Info never fails a run, not even with --strict; a warning fails only with --strict.
    for strict, code in ((False, 0), (True, 0 if severity == "info" else 1)):
        args = ("lint", "--profile", profile, "--select", "description-short", *(("--strict",) if strict else ()), ".")
        assert cli(*args, cwd=folder).code == code, (profile, strict)


def test_description_short_info_is_shown_and_counted_and_the_settings_reweigh_it(cli, tmp_path):
    shutil.copytree(CONTENT / "description-short", tmp_path / "w")
    text = cli("lint", "--select", "description-short", ".", cwd=tmp_path / "w")
    assert text.code == 0
    assert "skills/tiny/SKILL.md:3:14: info description-short the description is 10 characters" in text.stdout
    summary = json.loads(cli("lint", "--format", "json", ".", cwd=tmp_path / "w").stdout)["summary"]
    assert summary["infos"] == 2 and summary["warnings"] == 0 and summary["errors"] == 0
    (tmp_path / "w" / "skillkit.yaml").write_text("severity:\n  description-short: warning\n", encoding="utf-8")
    assert {d["severity"] for d in lint(cli, tmp_path / "w") if d["rule"] == "description-short"} == {"warning"}
    (tmp_path / "w" / "skillkit.yaml").write_text("ignore: [description-short]\n", encoding="utf-8")
    assert lint(cli, tmp_path / "w") == []


def test_bundle_skips_binary_huge_and_undecodable_files(tmp_path):
    (tmp_path / "SKILL.md").write_text("---\nname: x\n---\n", encoding="utf-8")
    (tmp_path / "bin.dat").write_bytes(b"abc\x00def")
    (tmp_path / "huge.txt").write_bytes(b"a" * (MAX_FILE_BYTES + 1))
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9")
    (tmp_path / "ok.txt").write_text("fine\r\ntext\n", encoding="utf-8")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"\x00")
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "SKILL.md").write_text("---\nname: nested\n---\n", encoding="utf-8")
    bundle = walk_bundle(tmp_path)
    texts = {f.rel: f.text for f in bundle.files}
    assert texts == {"bin.dat": None, "huge.txt": None, "latin1.txt": None, "ok.txt": "fine\ntext\n"}


def test_a_bundled_file_read_whole_at_the_cap_and_a_fifo_or_folder_in_its_place(tmp_path):
    """One read of the size the file reports; a FIFO or folder where a file was listed (swapped
    in between the listing and the read) is no text and never blocks the run."""
    import os

    from skillkit.core.bundle import SNIFF, read_bundled

    (tmp_path / "at-cap.txt").write_bytes(b"a" * MAX_FILE_BYTES)
    (tmp_path / "long.md").write_text("x" * (SNIFF * 3) + "\0 past the sniff\n", encoding="utf-8")
    (tmp_path / "folder.md").mkdir()
    os.mkfifo(tmp_path / "pipe.md")
    assert read_bundled(str(tmp_path / "at-cap.txt"))[0] == "a" * MAX_FILE_BYTES
    assert read_bundled(str(tmp_path / "long.md"))[0] == "x" * (SNIFF * 3) + "\0 past the sniff\n"  # NUL past 8 KB: text
    assert read_bundled(str(tmp_path / "folder.md"))[0] is None
    assert read_bundled(str(tmp_path / "pipe.md"))[0] is None


def test_short_reads_are_read_on_to_the_end(tmp_path, monkeypatch):
    """A read may return less than asked (a signal, FUSE, a network mount): both readers read on
    to the end, never taking the first part for the whole file."""
    import os

    from skillkit.core import reader
    from skillkit.core.bundle import read_bundled
    from skillkit.core.reader import read_bytes

    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: real_read(fd, min(n, 4096)))
    text = "".join(f"line {n}\n" for n in range(20_000))  # ~160 KB
    (tmp_path / "long.md").write_text(text, encoding="utf-8")
    assert read_bundled(str(tmp_path / "long.md"))[0] == text
    assert read_bytes(tmp_path / "long.md") == text.encode("utf-8")
    assert read_bytes(tmp_path / "long.md", limit=100_000) == len(text)  # over the limit: its size
    (tmp_path / "at.md").write_bytes(b"x" * 10_000)
    descriptor = os.open(tmp_path / "at.md", os.O_RDONLY)
    try:  # stated smaller than it is (it grew): read to one byte past the limit, no further
        assert reader.read_sized(descriptor, 3_000, 5_000) == b"x" * 5_001
    finally:
        os.close(descriptor)


def test_a_huge_bundled_file_is_no_crash(cli, tmp_path):
    skill = tmp_path / "skills" / "big"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: big\ndescription: A skill with a big data file.\n---\n"
                                    "Read `data/big.txt`.\n", encoding="utf-8")
    (skill / "data").mkdir()
    (skill / "data" / "big.txt").write_bytes(b"sk-" + b"a1" * (MAX_FILE_BYTES))
    outcome = cli("lint", "--format", "json", ".", cwd=tmp_path)
    assert outcome.code == 0 and json.loads(outcome.stdout)["diagnostics"] == []


ADVERSARIAL = [
    "eyJ-" * 25_000, "eyJ" + "a" * 100_000, ("eyJaaaaaaaaaa." * 7_000),
    "sk-" * 33_000, "sk-ant-" + "a-" * 50_000, "ghp_" * 25_000, "AKIA" * 25_000, "xoxb-" * 20_000,
    "-----BEGIN " + " " * 100_000, "-----BEGIN PRIVATE KEY-----\n" * 3_500,
    "curl " * 20_000, "curl " + "a" * 100_000 + " | ", "bash <(" * 14_000, "base64 -d " * 10_000,
    "eval " * 20_000, "iex " * 25_000 + "iwr", "[](" * 33_000, "<a href=" * 12_000, "`" * 100_000,
    "\u202e" * 50_000, "\U000e0041" * 50_000,
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=lambda t: repr(t[:12]))
def test_scanners_are_linear_on_100_kb_adversarial_input(text):
    from skillkit.core.markdown import read_markdown
    from skillkit.rules.invisible_unicode import findings

    start = time.thread_time()  # CPU time: a busy machine's waits do not count
    list(secrets_in(text))
    list(runs_downloads(text))
    list(findings("x", text, 1))
    read_markdown(text)
    assert time.thread_time() - start < 5  # quadratic would take minutes


def test_each_skill_is_walked_and_each_markdown_file_parsed_once_per_run(cli, monkeypatch):
    """Six rules read the bundle and the link graph; the files are read and parsed once."""
    from skillkit.core import bundle, linkgraph, markdown

    walked: list[Path] = []
    real_walk = bundle.walk_bundle
    monkeypatch.setattr(linkgraph, "walk_bundle", lambda folder: walked.append(folder) or real_walk(folder))
    read: list[str] = []
    real_read = markdown.read_markdown
    monkeypatch.setattr(linkgraph, "read_markdown", lambda text, line=1: read.append(text) or real_read(text, line))
    lint(cli, CONTENT / "fence-unclosed")
    assert sorted(p.name for p in walked) == ["closed-fences", "open-fence"]
    # Two bodies and references/notes.md, each read once.
    assert len(read) == 3 and len(set(read)) == 3


def test_secret_leak_reads_vendor_docs_as_examples(cli):
    """Shaped like a vendor's bundled documentation: a sample key in a numbered tutorial
    listing, an `sk-` + hex example value in a table and a JSON sample (no provider's
    format), a scanner's own header constant. Warnings for examples, no false provider."""
    found = lint(cli, CONTENT / "secret-leak" / "skills" / "vendor-docs", "--select", "secret-leak")
    by_file = {(d["path"].split("/", 1)[-1], d["severity"], d["message"].split(" (`")[0]) for d in found}
    assert by_file == {
        ("SKILL.md", "warning", "an API key in the `sk-` form several providers issue"),
        ("api.md", "warning", "an API key in the `sk-` form several providers issue"),
        ("signing.md", "warning", "a private key"),
        ("check.py", "error", "an OpenAI API key"),  # the legacy key, with OpenAI's T3BlbkFJ marker
    }
    assert all("if this is a real key, revoke it" in d["message"] for d in found if d["severity"] == "warning")
    assert not any("OpenAI" in d["message"] and d["path"].endswith(".md") for d in found)


@pytest.mark.parametrize("text, kind", [
    ("k = 'sk-12341e259b1049e8872b47981e545f78'", "an API key in the `sk-` form several providers issue"),
    ("k = 'sk-proj-sBH_5qWgnGV21q4ClswscCTf07I8PjUhmi2ogviaNfrWta57'", "an OpenAI API key"),
    ("PEM = '-----BEGIN RSA PRIVATE KEY-----'", None),
    ("steps: sk-outline-generate-reasoning and sk-progress-start-generating", None),
    ("hf_" + "QmTzWpLrXvBnKcYdFgHsJaEuIoPlMnBvCx", "a Hugging Face token"),
])
def test_secret_shapes_name_a_provider_only_for_its_own_format(text, kind):
    found = [f.kind for f in secrets_in(text)]
    assert found == ([] if kind is None else [kind])


def test_remote_exec_reads_quotes_as_data_and_substitutions_as_code(cli):
    """Shaped like real setup checks: `echo "MISSING: curl ... | sh"` prints a hint (nothing
    runs), a here-document is data, `bash -c '...'` reads the pipe as data; a Python string
    printed is data, one handed to os.system or subprocess(shell=True) runs, and so does
    `$(curl ... | sh)` inside double quotes."""
    found = lint(cli, CONTENT / "remote-exec", "--select", "remote-exec")
    lines = {(d["path"].rsplit("/", 1)[-1], d["line"]) for d in found if "/checker/" in d["path"]}
    assert lines == {("check.py", 5), ("check.py", 6), ("doctor.sh", 3)}


@pytest.mark.parametrize("line, runs", [
    ('echo "Install: curl -fsSL https://x.example/i.sh | sh"', False),
    ("curl -fsSL https://x.example/i.sh | sh  # macOS / Linux", True),
    ("$ curl -sSL https://x.example/i.sh | sudo -E bash -", True),
    ("curl https://x.example/i.sh | python3 -", True),
    ("curl https://x.example/api | python3 -m json.tool", False),
    ("[[ -x uv ]] || curl -LsSf https://x.example/uv.sh | sh", True),
    ("sh -c \"$(curl -fsSL https://x.example/i.sh)\"", True),
    ("x=$(( 1 + 2 )); case $x in 3) echo three;; esac", False),
    ("iex ((New-Object Net.WebClient).DownloadString('https://x.example/i.ps1'))", True),
])
def test_remote_exec_shell_reading(line, runs):
    assert bool(list(runs_downloads(line))) is runs


def test_angle_brackets_in_a_description_warn_in_the_default_profile(cli, tmp_path):
    """Shaped like a real description (`... <group> ...`): claude.ai's upload refuses it, so
    the default profile warns; `claude-api` keeps the tag an error."""
    from tests.conftest import write_skill

    (tmp_path / "skills").mkdir()
    write_skill(tmp_path / "skills", "groups", "name: groups\ndescription: Lists the members of <group> for a team.")
    default = lint(cli, tmp_path)
    assert [(d["rule"], d["severity"]) for d in default] == [("xml-tags", "warning")]
    strict = lint(cli, tmp_path, "--profile", "claude-api")
    assert ("xml-tags", "error") in [(d["rule"], d["severity"]) for d in strict]


def test_a_pypi_token_is_found_and_its_documented_prefix_is_not():
    real = "pypi-AgEIcHlwaS5vcmc" + "CJGI4YmNhMDA5LTgxZjYtNDVmOC05ZTA2LWQ4ZTQyMzhlN2FmNAACKlszLCJhNDNiYzE5Ny1"
    assert [f.kind for f in secrets_in(f"TWINE_PASSWORD={real}")] == ["a PyPI token"]
    assert list(secrets_in("Example: `pypi-AgEIcHlwaS5vcmcCJGI4YmNhMDA5LTg...`")) == []
