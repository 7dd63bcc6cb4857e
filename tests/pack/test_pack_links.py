"""Pack's link check: a skill's link to a file the pack leaves out is reported (it works in
the checkout, and is broken in every install of the pack), read from the same link graph."""

from __future__ import annotations

from pathlib import Path


def workspace(root: Path) -> None:
    (root / "skills" / "demo" / "references").mkdir(parents=True)
    (root / "skillkit.yaml").write_text("name: demo-pack\nversion: 1\n", encoding="utf-8")
    (root / "skills" / "demo" / "SKILL.md").write_text(
        "---\nname: demo\ndescription: A demo skill for the pack link check.\n---\n"
        "See [details](references/details.md) and [drafts](references/drafts.md).\n", encoding="utf-8")
    (root / "skills" / "demo" / "references" / "details.md").write_text("Read [drafts](drafts.md).\n", encoding="utf-8")
    (root / "skills" / "demo" / "references" / "drafts.md").write_text("# Drafts\n", encoding="utf-8")


def test_a_link_to_a_file_the_pack_leaves_out_is_reported(cli, tmp_path):
    workspace(tmp_path)
    (tmp_path / ".skillignore").write_text("drafts.md\n", encoding="utf-8")
    outcome = cli("pack", ".", "-o", "out.zip", cwd=tmp_path)
    assert outcome.code == 0, outcome.stderr
    left_out = [line for line in outcome.stderr.splitlines() if "left out of the pack" in line]
    assert [line.split(" warning ")[0] for line in left_out] == ["skills/demo/SKILL.md:5:51:",
                                                                 "skills/demo/references/details.md:1:15:"]


def test_nothing_is_said_when_every_linked_file_is_packed(cli, tmp_path):
    workspace(tmp_path)
    outcome = cli("pack", ".", "-o", "out.zip", cwd=tmp_path)
    assert outcome.code == 0 and "left out of the pack" not in outcome.stderr
