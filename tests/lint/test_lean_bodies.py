"""lint leaves each skill's body in its file once the per-skill rules have read it (workers
send back the rest: core/stored_body.lean). A workspace rule that reads bodies (the studio's
macros and budgets) reads them from the files again, and must report exactly what it reports
on bodies kept in memory; a SKILL.md that changed since it was read is checked afresh."""

from __future__ import annotations

import json
import os
import pickle
import time
from pathlib import Path

import pytest

from skillkit.core import check as seam
from skillkit.core import checkers, stored_body
from skillkit.core.documents import load_skill_doc, without_yaml_text
from skillkit.core.stored_body import LeanSplit, StaleBody, lean


def _aged(*files: Path) -> None:
    """Files written a minute ago: one written just now keeps its body (stored_body.RACY_NS)."""
    for file in files:
        os.utime(file, ns=(time.time_ns() - 60 * 10**9,) * 2)


def _studio(root: Path, count: int) -> None:
    """Studio skills a scene links, with macros the scene answers and some it does not."""
    names = [f"card-{index:02d}" for index in range(count)]
    for index, name in enumerate(names):
        folder = root / "skills" / name
        folder.mkdir(parents=True)
        macro = "{{mood}}" if index % 5 == 0 else "{{user}}"
        (folder / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: A studio card the lean-body test links.\nwhen: always\n---\n"
            f"Greet {macro} warmly.\n" + "More words.\n" * index, encoding="utf-8")
        _aged(folder / "SKILL.md")
    (root / "scenes" / "linked.yaml").write_text(
        f"skills: [{', '.join(names)}]\nvariables: {{user: Ann, char: Bob}}\n", encoding="utf-8")
    with open(root / "skillkit.yaml", "a", encoding="utf-8") as settings:
        settings.write("budgets: {skillsBlock: 100}\n")


def _lint(cli, root: Path) -> tuple[int, list[dict[str, object]]]:
    outcome = cli("lint", "--no-cache", "--format", "json", ".", cwd=root)
    assert "Traceback" not in outcome.stderr and outcome.code in (0, 1), outcome.stderr
    return outcome.code, json.loads(outcome.stdout)["diagnostics"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_rules_that_read_bodies_report_the_same_from_the_files(cli, workspace_copy: Path, monkeypatch, jobs) -> None:
    _studio(workspace_copy, 30)
    monkeypatch.setenv("SKILLKIT_JOBS", jobs)
    reads: list[Path] = []
    read = stored_body._read_stamped_body
    monkeypatch.setattr(stored_body, "_read_stamped_body", lambda file, stamp: reads.append(file) or read(file, stamp))
    lean_run = _lint(cli, workspace_copy)
    with monkeypatch.context() as patch:
        patch.setattr(checkers, "lean", without_yaml_text)  # the body kept in memory
        kept_run = _lint(cli, workspace_copy)
    assert lean_run == kept_run
    rules = {d["rule"] for d in lean_run[1]}
    assert {"macro-unanswered", "skills-block-budget"} <= rules, rules
    assert reads if jobs == "1" else True  # (a worker's reads are in its own process)


def test_a_skill_md_changed_after_it_was_read_is_checked_afresh(cli, workspace_copy: Path, monkeypatch) -> None:
    _studio(workspace_copy, 3)
    monkeypatch.setenv("SKILLKIT_JOBS", "1")
    target = workspace_copy / "skills" / "card-01" / "SKILL.md"
    check = seam.check
    rewritten: list[bool] = []

    def then_edited(files, *args, **kwargs):
        checked = check(files, *args, **kwargs)
        if not rewritten and any(f.file.samefile(target) for f in files):  # an editor saves it after it was read, once
            target.write_text(target.read_text(encoding="utf-8").replace("{{user}}", "{{weather}}") + "x\n",
                              encoding="utf-8")
            rewritten.append(True)
        return checked

    monkeypatch.setattr(seam, "check", then_edited)
    code, found = _lint(cli, workspace_copy)
    assert rewritten
    monkeypatch.setattr(seam, "check", check)
    assert (code, found) == _lint(cli, workspace_copy)  # what the file says now, throughout
    assert any(d["rule"] == "macro-unanswered" and "weather" in str(d["message"]) for d in found)


def test_a_lean_document_travels_with_where_its_body_is_and_reads_it_back(tmp_path: Path) -> None:
    file = tmp_path / "SKILL.md"
    file.write_text("---\nname: a\ndescription: A skill.\n---\n# Body\n\nThe body.\n", encoding="utf-8")
    doc, _ = load_skill_doc(file, "SKILL.md")
    assert doc is not None and not isinstance(lean(doc).split, LeanSplit)  # written just now: kept
    _aged(file)
    doc, _ = load_skill_doc(file, "SKILL.md")
    assert doc is not None and doc.stamp is not None
    sent = pickle.loads(pickle.dumps(lean(doc)))
    assert isinstance(sent.split, LeanSplit) and "The body" not in pickle.dumps(lean(doc)).decode("latin-1")
    assert sent.body == doc.body and sent.split.body_line == doc.split.body_line
    again = pickle.loads(pickle.dumps(lean(doc)))
    file.write_text(file.read_text(encoding="utf-8") + "More.\n", encoding="utf-8")
    with pytest.raises(StaleBody):
        _ = again.body
    file.unlink()
    with pytest.raises(StaleBody):
        _ = pickle.loads(pickle.dumps(lean(doc))).body
