"""`skillkit simulate --format html`, opened in a real headless browser (Debian's chromium):
what a person sees is not blank, and the rows and marks the page draws are the JSON's."""

from __future__ import annotations

import json
import struct
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, require_tool

TAVERN = FIXTURES / "studio" / "tavern"
TRANSCRIPT = FIXTURES / "transcripts" / "activation.yaml"
MARK = {"on": "●", "off": "·", "closed": "✕", "slow": "!"}


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    browser = require_tool("chromium", "a headless browser opens the page: apt-get install chromium")
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    profile.mkdir()
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--window-size=1400,1000", *args],
        capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done


class Cells(HTMLParser):
    """The page's rows after its script ran: turn -> {skill: (class, title, call)}, and calls text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[int, dict[str, tuple[str, str, str | None, str | None, str]]] = {}
        self.calls: dict[int, str] = {}
        self.heads: list[str] = []
        self._turn: int | None = None
        self._cell: tuple[str, dict[str, str | None]] | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr" and a.get("data-turn"):
            self._turn = int(a["data-turn"] or 0)
            self.rows[self._turn] = {}
        elif tag == "td" and self._turn is not None and ("data-skill" in a or "calls" in (a.get("class") or "")):
            self._cell, self._text = ("skill" if "data-skill" in a else "calls", a), ""
        elif tag == "th" and "skill" in (a.get("class") or "").split():
            self.heads.append((a.get("title") or "").split(" (")[0])

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self._turn is not None:
            kind, a = self._cell
            if kind == "skill":
                state = (a.get("class") or "").split()[1]
                self.rows[self._turn][a["data-skill"] or ""] = (state, a.get("title") or "", a.get("data-call"),
                                                                a.get("data-refused"), self._text)
            else:
                self.calls[self._turn] = self._text
            self._cell = None
        elif tag == "tr":
            self._turn = None


def dom(tmp_path: Path, page: Path, fragment: str = "") -> Cells:
    done = chromium(tmp_path, "--virtual-time-budget=3000", "--dump-dom", page.as_uri() + fragment)
    cells = Cells()
    cells.feed(done.stdout.decode("utf-8"))
    return cells


def png_colours(path: Path) -> int:
    """How many distinct colours an 8-bit RGB(A) PNG holds (decoded with zlib, unfiltered here)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        header = body if kind == b"IHDR" else header
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    previous, colours = bytearray(stride), set()
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 7))  # every 7th pixel
        previous = line
    return len(colours)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    from tests.conftest import run_cli

    out = tmp_path_factory.mktemp("html") / "report.html"
    outcome = run_cli("simulate", TRANSCRIPT, "--scene", "scenes/tavern.yaml", "--format", "html", "-o", out,
                      cwd=TAVERN)
    assert (outcome.code, outcome.stdout, outcome.stderr) == (0, "", "")
    as_json = run_cli("simulate", TRANSCRIPT, "--scene", "scenes/tavern.yaml", "--format", "json", cwd=TAVERN)
    return out, json.loads(as_json.stdout)


def test_the_page_is_self_contained(report):
    text = report[0].read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "<script>" in text
    for remote in ("http://", "https://", "src=", "<link"):
        assert remote not in text


def test_rows_marks_reasons_and_calls_are_the_json(report, tmp_path):
    page, data = report
    cells = dom(tmp_path, page)
    turns = data["turns"]
    assert sorted(cells.rows) == [t["turn"] for t in turns]
    ever_on = [s["name"] for s in turns[0]["skills"] if any(v["on"] for t in turns for v in t["skills"]
                                                           if v["name"] == s["name"])]
    assert cells.heads == ever_on
    for turn in turns:
        row = cells.rows[turn["turn"]]
        assert set(row) == set(ever_on)
        called: dict[str, str] = {}
        refused: dict[str, str] = {}
        for call in turn["calls"]:
            if call["name"]:
                into = refused if call["effect"].startswith("refused") else called
                into[call["name"]] = " ".join(filter(None, [into.get(call["name"]), call["tool"]]))
        for verdict in turn["skills"]:
            if verdict["name"] not in row:
                continue
            state, title, call, no, text = row[verdict["name"]]
            assert (state == "on") == verdict["on"]
            assert text == MARK[state]
            assert title == f"turn {turn['turn']} · {verdict['name']}: {'on' if verdict['on'] else 'off'}. " \
                            f"{verdict['reason']}"
            assert (call, no) == (called.get(verdict["name"]), refused.get(verdict["name"]))
        said = "; ".join(f"{c['tool']}{' ' + c['name'] if c['name'] else ''}: {c['effect']}" for c in turn["calls"])
        assert cells.calls[turn["turn"]] == said
    # the closed-on-this-turn mark: lore on turn 3; turn 1 opens lore, and its open of weather is refused
    assert cells.rows[3]["lore"][0] == "closed"
    assert (cells.rows[1]["lore"][2], cells.rows[1]["weather"][3]) == ("open_skill", "open_skill")


def test_the_filter_box_narrows_the_columns(report, tmp_path):
    page, _ = report
    assert dom(tmp_path, page, "#filter=l*").heads == ["lore"]
    assert dom(tmp_path, page, "#filter=EA").heads == ["weather"]


def test_what_a_person_sees_is_not_blank(report, tmp_path):
    shot = tmp_path / "shot.png"
    chromium(tmp_path, f"--screenshot={shot}", report[0].as_uri())
    assert png_colours(shot) > 20


def test_a_thousand_skills_by_five_thousand_turns_draws_only_what_is_in_view(tmp_path):
    """5 million verdicts: the page carries them as changes and draws a window of rows."""
    from skillkit.core.model import Skill
    from skillkit.reporters.simulate_html import page
    from skillkit.studio.activation import Simulation, Turn
    from skillkit.studio.scene import Scene
    from skillkit.studio.verdicts import Verdict
    from skillkit.transcripts.model import Transcript

    names = [f"entry-{i:04d}" for i in range(1000)]
    skills = tuple(Skill(name=n, description="d", body="b", path=f"skills/{n}/SKILL.md", folder=Path(n), fields={},
                         when="mentioned") for n in names)
    on = [Verdict(n, "mentioned", True, f"Mentioned: {n}.") for n in names]
    off = [Verdict(n, "mentioned", False, "Not mentioned.") for n in names]
    turns = tuple(Turn(t + 1, 2 * t, tuple(on[i] if (t + i) % 97 == 0 else off[i] for i in range(1000)))
                  for t in range(5000))
    sim = Simulation(skills, Scene(None, tuple(names)), Transcript("big.json", "openai", ()), turns, ())
    out = tmp_path / "big.html"
    out.write_text(page(sim), encoding="utf-8")
    assert out.stat().st_size < 8_000_000
    cells = dom(tmp_path, out)
    assert 20 <= len(cells.rows) <= 200 and min(cells.rows) == 1
    assert 20 <= len(cells.heads) <= 200 and cells.heads[0] == "entry-0000"
    assert cells.rows[1]["entry-0000"][0] == "on" and cells.rows[2]["entry-0000"][0] == "off"
    assert cells.rows[41]["entry-0057"][0] == "on" and cells.rows[41]["entry-0056"][0] == "off"
    shot = tmp_path / "big.png"
    chromium(tmp_path, f"--screenshot={shot}", out.as_uri())
    assert png_colours(shot) > 20
