"""`skillkit simulate --format html`, opened in a real headless browser (Debian's chromium,
driven over the DevTools protocol by tests/studio/browser.py): what a person sees, asserted on
the rendered page (elements present and visible, boxes laid out without overlap, what a click
opens), never by pixel comparison, which flakes across fonts and versions."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import FIXTURES, require_tool
from tests.studio.browser import Browser

TAVERN = FIXTURES / "studio" / "tavern"
TRANSCRIPT = FIXTURES / "transcripts" / "activation.yaml"
WORDS = FIXTURES / "transcripts" / "tavern.jsonl"
WORKSPACE = FIXTURES / "workspace"
MARK = {"on": "●", "off": "·", "closed": "✕", "slow": "!"}


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    executable = require_tool("chromium", "a headless browser opens the page: apt-get install chromium")
    opened = Browser(executable, tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield opened
    finally:
        opened.close()


def write_report(folder: Path, *args: Any, cwd: Path | None = None) -> tuple[Path, dict]:
    from tests.conftest import run_cli

    out = folder / "report.html"
    outcome = run_cli("simulate", *args, "--format", "html", "-o", out, cwd=cwd)
    assert (outcome.code, outcome.stdout) == (0, ""), outcome.stderr
    as_json = run_cli("simulate", *args, "--format", "json", cwd=cwd)
    return out, json.loads(as_json.stdout)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The open/close tour: calls, refusals, closes."""
    return write_report(tmp_path_factory.mktemp("html"), TRANSCRIPT, "--scene", "scenes/tavern.yaml", cwd=TAVERN)


@pytest.fixture(scope="module")
def mentions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The README's tavern: a `mentioned` skill that a trigger switches on."""
    return write_report(tmp_path_factory.mktemp("html"), WORDS, "--skills", WORKSPACE, "--scene",
                        WORKSPACE / "scenes" / "tavern.yaml")


def show(browser: Browser, page: Path, fragment: str = "") -> None:
    """Load the page afresh (by way of a blank one: a new fragment alone would not reload it)."""
    browser.open("about:blank")
    browser.open(page.as_uri() + fragment)


ROWS = """[...document.querySelectorAll('tr[data-turn]')].map(tr => [+tr.dataset.turn,
  [...tr.querySelectorAll('td.c')].map(td => [td.dataset.skill, td.className.split(' ')[1], td.title,
   td.dataset.call || null, td.dataset.refused || null, td.textContent]),
  tr.querySelector('td.calls').textContent])"""
HEADS = "[...document.querySelectorAll('th.skill')].map(th => th.textContent)"


def box(browser: Browser, selector: str) -> dict[str, float] | None:
    """The element's box in the viewport, and whether a person can see it."""
    return browser.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;
      const r = e.getBoundingClientRect(), s = getComputedStyle(e);
      return {{left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
               visible: r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
                        && +s.opacity > 0}}; }})()""")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and \
        a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def test_the_page_is_self_contained(report):
    text = report[0].read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "<script>" in text
    for remote in ("http://", "https://", "src=", "<link"):
        assert remote not in text


def test_rows_marks_reasons_and_calls_are_the_json(browser, report):
    page, data = report
    show(browser, page)
    turns = data["turns"]
    rows = {turn: (cells, said) for turn, cells, said in browser.evaluate(ROWS)}
    assert sorted(rows) == [t["turn"] for t in turns]
    ever_on = [s["name"] for s in turns[0]["skills"] if any(v["on"] for t in turns for v in t["skills"]
                                                           if v["name"] == s["name"])]
    assert browser.evaluate(HEADS) == ever_on
    for turn in turns:
        cells, said = rows[turn["turn"]]
        by_name = {c[0]: c for c in cells}
        assert list(by_name) == ever_on
        called: dict[str, str] = {}
        refused: dict[str, str] = {}
        for call in turn["calls"]:
            if call["name"]:
                into = refused if call["effect"].startswith("refused") else called
                into[call["name"]] = " ".join(filter(None, [into.get(call["name"]), call["tool"]]))
        for verdict in turn["skills"]:
            if verdict["name"] not in by_name:
                continue
            _, state, title, call, no, text = by_name[verdict["name"]]
            assert (state == "on") == verdict["on"] and text == MARK[state]
            assert title == f"turn {turn['turn']} · {verdict['name']}: {'on' if verdict['on'] else 'off'}. " \
                            f"{verdict['reason']}"
            assert (call, no) == (called.get(verdict["name"]), refused.get(verdict["name"]))
        assert said == "; ".join(f"{c['tool']}{' ' + c['name'] if c['name'] else ''}: {c['effect']}"
                                 for c in turn["calls"])
    lore = {turn: dict((c[0], c) for c in cells)["lore"] for turn, (cells, _) in rows.items()}
    assert lore[3][1] == "closed" and lore[1][3] == "open_skill"


def test_the_scene_and_the_transcript_are_named(browser, report, mentions):
    show(browser, report[0])
    shown = TRANSCRIPT.as_posix()  # outside the working folder: as given
    assert browser.evaluate("document.getElementById('transcript').textContent") == shown
    assert browser.evaluate("document.getElementById('scene').textContent") == "scenes/tavern.yaml"
    assert browser.evaluate("document.title") == f"skillkit simulate: {shown} · scenes/tavern.yaml"
    facts = browser.evaluate("document.getElementById('facts').textContent")
    assert facts == "18 messages (yaml), 10 turns, 6 linked skills"


def test_a_mark_opens_the_scanned_messages_what_matched_and_why(browser, mentions):
    page, data = mentions
    show(browser, page)
    browser.click_on('tr[data-turn="3"] td.c[data-skill="weather"]')
    card = "#detail .card"
    assert box(browser, card)["visible"]
    assert browser.evaluate(f"document.querySelector('{card} .head b').textContent") == "Turn 3 · weather"
    reason = next(v["reason"] for v in data["turns"][2]["skills"] if v["name"] == "weather")
    assert browser.evaluate(f"document.querySelector('{card} .reason').textContent") == reason == "Mentioned: storm."
    assert "Matched: storm (plain trigger" in browser.evaluate(f"document.querySelector('{card} .matched').textContent")
    marked = browser.evaluate(f"[...document.querySelectorAll('{card} mark')].map(m => [m.textContent, m.title])")
    assert marked == [["storm", "storm"]]
    assert box(browser, f"{card} mark")["visible"]
    messages = browser.evaluate(f"[...document.querySelectorAll('{card} li')].map(li => li.textContent)")
    assert messages[0].startswith("#6 system · System · the message answered") and "A storm rolls in" in messages[0]
    assert browser.evaluate("document.querySelector('td.c.chosen').dataset.skill") == "weather"


def test_a_skill_heading_opens_its_triggers_and_settings(browser, mentions):
    show(browser, mentions[0])
    browser.click_on('th.skill[data-index="1"]')
    text = browser.evaluate("document.querySelector('#detail .card').innerText")
    assert text.startswith("weather") and "triggers" in text and "storm" in text and "scanDepth" in text
    assert browser.evaluate("document.querySelector('#detail .card').dataset.kind") == "skill"


def test_a_turn_number_opens_its_window_and_calls(browser, report):
    show(browser, report[0])
    browser.click_on('tr[data-turn="1"] td.t')
    text = browser.evaluate("document.querySelector('#detail .card').innerText")
    assert text.startswith("Turn 1 (reply), answering message #1") and "Tell me of the old kingdom." in text
    assert "open_skill lore: opens lore from the next reply" in text


def test_details_can_be_pinned_and_copied(browser, mentions):
    show(browser, mentions[0])
    browser.click_on('tr[data-turn="3"] td.c[data-skill="weather"]')
    browser.click_on("#detail .card .pin")
    browser.click_on('tr[data-turn="1"] td.c[data-skill="greeting"]')
    pinned = browser.evaluate("[...document.querySelectorAll('#pins .card .head b')].map(b => b.textContent)")
    assert pinned == ["Turn 3 · weather"]
    assert browser.evaluate("document.querySelector('#detail .card .head b').textContent") == "Turn 1 · greeting"
    assert not overlap(box(browser, "#pins .card"), box(browser, "#detail .card"))
    browser.click_on("#pins .card .copy")
    copied = browser.evaluate("document.querySelector('#pins .card').dataset.copied")
    assert copied.startswith("Turn 3 · weather") and "Mentioned: storm." in copied and "Pin" not in copied
    said = browser.evaluate("new Promise(done => setTimeout(() => "
                            "done(document.querySelector('#pins .card .copy').textContent), 1500))")
    assert said in ("Copied", "Select and copy")  # the clipboard took it, or the person is told to copy by hand
    browser.click_on("#pins .card .pin")  # unpin
    assert browser.evaluate("document.querySelectorAll('#pins .card').length") == 0


def test_the_filters_narrow_skills_and_turns(browser, report, mentions):
    show(browser, report[0], "#filter=l*")
    assert browser.evaluate(HEADS) == ["lore"]
    show(browser, report[0], "#filter=EA")
    assert browser.evaluate(HEADS) == ["weather"]
    show(browser, report[0], "#turns=2-4,9")
    assert [row[0] for row in browser.evaluate(ROWS)] == [2, 3, 4, 9]
    show(browser, mentions[0], "#turns=storm")  # turns whose scanned messages hold the text
    assert [row[0] for row in browser.evaluate(ROWS)] == [3, 4]
    assert "of 4 turns" in browser.evaluate("document.getElementById('count').textContent")


def test_nothing_overlaps_and_everything_shown_is_visible(browser, mentions):
    show(browser, mentions[0])
    browser.click_on('tr[data-turn="3"] td.c[data-skill="weather"]')
    parts = {name: box(browser, selector) for name, selector in
             (("header", "header"), ("grid", "#grid"), ("side", "#side"), ("card", "#detail .card"),
              ("filter", "#filter"), ("turns", "#turns"), ("table", "#grid table"))}
    assert all(part["visible"] for part in parts.values()), parts
    for a, b in (("header", "grid"), ("header", "side"), ("grid", "side"), ("filter", "turns")):
        assert not overlap(parts[a], parts[b]), (a, b, parts[a], parts[b])
    width = browser.evaluate("window.innerWidth")
    assert parts["side"]["right"] <= width + 0.5 and parts["card"]["right"] <= parts["side"]["right"] + 0.5
    heads = browser.evaluate("[...document.querySelectorAll('th.skill')].map(th => { const r = th.getBoundingClientRect();"
                             " return [r.left, r.right]; })")
    assert all(left >= prev_right - 0.5 for (_, prev_right), (left, _) in zip(heads, heads[1:]))  # side by side


def png_colours(data: bytes) -> int:
    """How many distinct colours an 8-bit RGB(A) PNG holds (decoded with zlib, every 7th pixel)."""
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
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 7))
        previous = line
    return len(colours)


def test_what_a_person_sees_is_not_blank(browser, report):
    show(browser, report[0])
    shot = base64.b64decode(browser.command("Page.captureScreenshot", {"format": "png"})["data"])
    assert png_colours(shot) > 20


def test_a_thousand_skills_by_five_thousand_turns_draws_only_what_is_in_view(browser, tmp_path):
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
    show(browser, out)
    rows = {turn: dict((c[0], c) for c in cells) for turn, cells, _ in browser.evaluate(ROWS)}
    heads = browser.evaluate(HEADS)
    assert 20 <= len(rows) <= 200 and min(rows) == 1
    assert 20 <= len(heads) <= 200 and heads[0] == "entry-0000"
    assert rows[1]["entry-0000"][1] == "on" and rows[2]["entry-0000"][1] == "off"
    # Scrolled to turn 41 and skill 57, the page draws that corner: and only about as much again.
    browser.evaluate("new Promise(done => { document.getElementById('grid').scrollTo(50 * 22, 35 * 22); "
                     "requestAnimationFrame(() => requestAnimationFrame(done)); })")  # the scroll's redraw done
    rows = {turn: dict((c[0], c) for c in cells) for turn, cells, _ in browser.evaluate(ROWS)}
    assert 1 not in rows and 20 <= len(rows) <= 200 and len(browser.evaluate(HEADS)) <= 200
    assert rows[41]["entry-0057"][1] == "on" and rows[41]["entry-0056"][1] == "off"
    browser.click_on('tr[data-turn="41"] td.c[data-skill="entry-0057"]')
    reason = "(document.querySelector('#detail .reason') || {}).textContent"
    assert browser.wait_for(reason) == "Mentioned: entry-0057."
    assert browser.evaluate("document.getElementById('scene').textContent").startswith("none: every skill found")
