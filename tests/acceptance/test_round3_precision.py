"""Acceptance, round 3: lint you can trust on repositories nobody tuned it to (issue 23).

Shapes seen in real published skills that were false findings: an example API key in a reference
table, a quoted `curl ... | sh` that nothing runs, a placeholder link in an output template under
`assets/`; and a finding that was missing: angle brackets in a description (a warning by default,
an error under the `claude-api` profile). Each case has a positive control, so the rule is shown
live on the same skill shape. One lint run answers every case of the module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.acceptance.round3_support import finished, put, skill_md, skillkit

SK_32_HEX = "sk-" + "3f9a1c0b7e2d4a6f8b1c3e5d7f9a0b2c"

CASES: dict[str, dict[str, str]] = {
    "example-key-table": {
        "SKILL.md": skill_md("example-key-table", body="Read [the API reference](references/api.md) for the fields.\n"),
        "references/api.md": "# API\n\n| field | example | meaning |\n|---|---|---|\n"
                             f"| api_key | `{SK_32_HEX}` | the key your console shows |\n",
    },
    "quoted-curl": {
        "SKILL.md": skill_md("quoted-curl", body="When the tool is missing, tell the user:\n\n```sh\n"
                             'echo "Install it first: curl -fsSL https://example.com/install.sh | sh"\n```\n'),
    },
    "piped-curl": {  # the positive control: this does run what it downloads
        "SKILL.md": skill_md("piped-curl", body="Install the tool:\n\n```sh\n"
                             "curl -fsSL https://example.com/install.sh | sh\n```\n"),
    },
    "asset-template": {
        "SKILL.md": skill_md("asset-template", body="Fill in [the report template](assets/report.md) and return it.\n"),
        "assets/report.md": "# Bug report\n\n![Screenshot](path/to/screenshot.png)\n\n"
                            "[Link to Screenshot](path/to/screenshot.png)\n",
    },
    "broken-reference": {  # the positive control: a link SKILL.md itself makes to nothing
        "SKILL.md": skill_md("broken-reference", body="Read [the guide](references/missing.md) first.\n"),
    },
}

ANGLE_DESCRIPTION = "Summarize a <group> of files when the user names them."


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    root = tmp_path_factory.mktemp("precision") / "ws"
    for name, files in CASES.items():
        for rel, text in files.items():
            put(root, f"skills/{name}/{rel}", text)
    run = finished(skillkit("lint", ".", "--format", "json", cwd=root), 0, 1)
    by_skill: dict[str, list[dict]] = {name: [] for name in CASES}
    for diagnostic in run.json()["diagnostics"]:
        by_skill[diagnostic["path"].split("/")[1]].append(diagnostic)
    return by_skill


def test_an_example_key_in_a_reference_table_is_not_an_error(findings) -> None:
    """Issue 23: "an example value in an API reference table (`sk-` + 32 hex, a DashScope-format
    example) called 'an OpenAI API key'"; item 1: "`sk-` + 32 hex is not one [OpenAI's own
    marker]. An error only for a high-confidence credential where it would be used"."""
    errors = [d for d in findings["example-key-table"] if d["severity"] == "error"]
    assert not errors, errors
    assert not any("openai" in d["message"].lower() for d in findings["example-key-table"]), findings["example-key-table"]


def test_a_quoted_curl_pipe_is_not_remote_exec(findings) -> None:
    """Issue 23: "`remote-exec` on `echo "Install: curl ... | sh"` (nothing runs)"; item 2:
    "quoted text is data"."""
    assert not [d for d in findings["quoted-curl"] if d["rule"] == "remote-exec"], findings["quoted-curl"]


def test_a_real_curl_pipe_is_remote_exec(findings) -> None:
    """Issue 23 item 2: "what runs is a command word, a pipe into `sh`/`bash`/`python`" (the
    positive control for the quoted case)."""
    assert [d for d in findings["piped-curl"] if d["rule"] == "remote-exec"], findings["piped-curl"]


def test_a_placeholder_link_in_an_asset_template_is_no_finding(findings) -> None:
    """Issue 23: "`references` on placeholder links inside an output template under `assets/`
    (`[Link to Screenshot](path/to/screenshot.png)`)"; item 3: "links in files under `assets/`
    (output templates, not read as instructions) are not followed"."""
    assert findings["asset-template"] == [], findings["asset-template"]


def test_a_broken_link_in_skill_md_is_still_a_finding(findings) -> None:
    """4.1 / rules `references`: "Files the body ... link[s] to exist inside the skill's folder"
    (the positive control for the asset case)."""
    assert [d for d in findings["broken-reference"] if d["rule"] == "references"], findings["broken-reference"]


def _angle(tmp_path: Path, *args: str) -> list[dict]:
    text = skill_md("grouper", description=ANGLE_DESCRIPTION)
    put(tmp_path, "skills/grouper/SKILL.md", text)
    run = finished(skillkit("lint", ".", "--format", "json", *args, cwd=tmp_path), 0, 1)
    return [d for d in run.json()["diagnostics"] if d["line"] == 3]


def test_angle_brackets_in_a_description_warn_by_default(tmp_path: Path) -> None:
    """Issue 23 item 6: "Angle brackets in a description are a warning in the default profile"
    ("A description holding `<group>` passes the default profile although claude.ai's upload
    refuses angle brackets")."""
    found = _angle(tmp_path)
    assert found, "no finding on a description holding <group>"
    assert {d["severity"] for d in found} == {"warning"}, found


def test_angle_brackets_in_a_description_are_an_error_for_claude_api(tmp_path: Path) -> None:
    """Issue 23 item 6: "(an error in `claude-api`, as today)"; 8.1: claude.ai allows "no `<` or
    `>` in a description"."""
    found = _angle(tmp_path, "--profile", "claude-api")
    assert any(d["severity"] == "error" for d in found), found
