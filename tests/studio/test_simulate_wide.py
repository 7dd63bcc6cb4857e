"""A book of hundreds of skills (DESIGN 4.4): the timeline fits the console, shows the skills
that are on at least once, `--explain` takes names and globs, big numbers keep the columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import write_skill

BOOK = 400


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """400 mentioned skills with long names; the chat mentions every third one's keyword."""
    root = tmp_path_factory.mktemp("book")
    for i in range(BOOK):
        name = f"entry-{i:03d}-of-a-long-lorebook-name"
        write_skill(root / "skills", name, f"name: {name}\ndescription: Entry {i}.\nwhen: mentioned\n"
                    f"triggers: [keyword{i:03d}]\nscanDepth: 1")
    messages = []
    for turn in range(40):
        said = " ".join(f"keyword{i:03d}" for i in range(turn * 3 % BOOK, BOOK, 3)[:12])
        messages += [{"role": "user", "content": f"Tell me of {said}."},
                     {"role": "assistant", "content": "So be it.", "tool_calls": [
                         {"id": f"c{turn}", "type": "function",
                          "function": {"name": "open_skill", "arguments": json.dumps({"name": "x" * 90})}}]}]
    (root / "chat.json").write_text(json.dumps(messages), encoding="utf-8")
    return root


def run(cli, book: Path, monkeypatch, width: int, *args: str):
    monkeypatch.setenv("COLUMNS", str(width))
    outcome = cli("simulate", book / "chat.json", "--skills", book / "skills", *args, cwd=book)
    assert outcome.code == 0, outcome.stderr
    return outcome.stdout.splitlines()


def on_at_least_once(cli, book: Path) -> set[str]:
    report = json.loads(cli("simulate", book / "chat.json", "--skills", book / "skills", "-f", "json").stdout)
    return {v["name"] for t in report["turns"] for v in t["skills"] if v["on"]}


@pytest.mark.parametrize("width", [80, 200])
def test_no_line_is_wider_than_the_console(cli, book, monkeypatch, width):
    for args in ((), ("--all",), ("--explain", "entry-00*")):
        lines = run(cli, book, monkeypatch, width, *args)
        assert max(len(line) for line in lines) <= width, (args, max(lines, key=len))


def test_only_skills_on_at_least_once_are_shown_and_the_rest_counted(cli, book, monkeypatch):
    shown = on_at_least_once(cli, book)
    assert 0 < len(shown) < BOOK
    text = "\n".join(run(cli, book, monkeypatch, 200))
    keyed = {word for word in text.split() if word.startswith("entry-")}
    assert keyed == shown
    assert f"{BOOK - len(shown)} linked skills are off in every turn and left out; `--all` shows every one." in text
    everything = "\n".join(run(cli, book, monkeypatch, 200, "--all"))
    assert len({word for word in everything.split() if word.startswith("entry-")}) == BOOK
    assert "left out" not in everything


def test_bands_of_numbered_columns_keep_every_mark(cli, book, monkeypatch):
    """Each band's rows hold one mark per column of its key, and the bands cover every skill shown."""
    lines = run(cli, book, monkeypatch, 80, "--all")
    heads = [i for i, line in enumerate(lines) if line.startswith("turn  kind")]
    assert len(heads) > 1
    marks = 0
    for head in heads:
        row = lines[head + 1]
        assert row.split()[:3] == ["1", "reply", "#0"]
        marks += len(row.split()) - 3
        # the units digits of the header stand right above the marks
        assert [c for c in lines[head][21:].split()] == [str(n % 10) for n in range(marks - len(row.split()) + 4,
                                                                                    marks + 1)]
    assert marks == BOOK


def test_explain_takes_several_names_and_globs(cli, book, monkeypatch):
    lines = run(cli, book, monkeypatch, 100, "--explain", "entry-01[0-2]-*", "--explain",
                "entry-399-of-a-long-lorebook-name,entry-010-of-a-long-lorebook-name")
    titles = [line.split(" (")[0] for line in lines if line.startswith("entry-")]
    assert titles == [f"entry-{i:03d}-of-a-long-lorebook-name" for i in (10, 11, 12, 399)]
    assert sum(line.startswith("turn ") for line in lines) == 4 * 40


def test_explain_an_unknown_name_suggests_the_nearest(cli, book):
    outcome = cli("simulate", book / "chat.json", "--skills", book / "skills", "--explain",
                  "entry-010-of-a-long-lorebook-nam")
    assert outcome.code == 2
    assert "(did you mean `entry-010-of-a-long-lorebook-name`?)" in outcome.stderr
    outcome = cli("simulate", book / "chat.json", "--skills", book / "skills", "--explain", "nothing-*")
    assert outcome.code == 2 and "the pattern 'nothing-*' matches no linked skill" in outcome.stderr


def test_big_numbers_keep_the_columns_aligned(cli, tmp_path, monkeypatch):
    write_skill(tmp_path / "skills", "anchor", "name: anchor\ndescription: d\nwhen: always")
    write_skill(tmp_path / "skills", "sword", "name: sword\ndescription: d\ntriggers: [sword]\nscanDepth: 1")
    messages = []
    for i in range(1200):
        messages += [{"role": "user", "content": "a sword" if i % 2 else "hi"}, {"role": "assistant", "content": "ok"}]
    (tmp_path / "chat.json").write_text(json.dumps(messages), encoding="utf-8")
    lines = run(cli, tmp_path, monkeypatch, 80)
    rows = [line for line in lines if line[:5].strip().isdigit()]
    assert len(rows) == 1200 and rows[-1].startswith("1200  reply")
    assert len({row.index("●") for row in rows}) == 1            # anchor's column never moves
    assert len({len(row) for row in rows if row.endswith("●")}) == 1


def columns(line: str) -> int:
    """Console columns, as a terminal draws them (East Asian wide characters take two)."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def test_no_line_is_wider_than_any_console_width_property():
    """Any width from 40 columns, any number and length of names (Chinese and Japanese ones too),
    calls or not, --all or not."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skillkit.core.model import Skill
    from skillkit.studio.activation import Simulation, Turn
    from skillkit.studio.scene import Scene
    from skillkit.studio.timeline import explain, timeline
    from skillkit.studio.verdicts import CallOutcome, Verdict
    from skillkit.transcripts.model import Transcript

    @settings(max_examples=60)
    @given(st.integers(40, 220), st.lists(st.text("abcdefghij-東京猫кот", min_size=1, max_size=40), min_size=0,
                                          max_size=60, unique=True),
           st.integers(1, 30), st.booleans(), st.integers(0, 3))
    def check(width, names, turns, show_all, calls):
        skills = tuple(Skill(name=n, description="d", body="b", path=f"skills/{n}/SKILL.md", folder=Path(n),
                             fields={}, when="mentioned", triggers=("x" * 30,)) for n in names)
        on = [Verdict(n, "mentioned", True, f"Mentioned: {n}. " + "word " * 30 + "東京" * 30) for n in names]
        off = [Verdict(n, "mentioned", False, "Not mentioned.") for n in names]
        made = tuple(Turn(t * 997, t * 1001 if t % 3 else None,
                          tuple(on[i] if (t + i) % 4 == 0 else off[i] for i in range(len(names))), "regenerate",
                          calls=tuple(CallOutcome("open_skill", "n" * 20 * c, True, "opens " + "it " * 20)
                                      for c in range(calls)))
                     for t in range(turns))
        sim = Simulation(skills, Scene(None, tuple(names)), Transcript("chat.json", "openai", ()), made, ())
        for line in timeline(sim, width, show_all=show_all):
            assert columns(line) <= width, line
        for line in explain(sim, list(range(min(3, len(names)))), width):
            assert columns(line) <= width, line

    check()
