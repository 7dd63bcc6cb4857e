"""Simulate speed: 2,000 replies x 200 skills x 5 triggers each (plain, whole-word and regex mixed).

Measured in process, best of N, against a baseline in the same run: the straightforward
matcher (skillkit.triggers.reference: every turn, every skill, every trigger over the scan
window, as lorebook engines do; plain triggers tested on each message of the window, regex
triggers on the joined scan text), on the same skills and the same transcript.

Checks (the script fails if one does not hold):
- skillkit's verdicts equal the straightforward matcher's, every turn, every skill;
- skillkit is at least 5x faster than the straightforward matcher at scan depth 2;
- skillkit at scan depth 20 costs at most 1.5x what it costs at scan depth 2.

Run: python benchmarks/bench_simulate.py [--replies 2000] [--skills 200] [--runs 3] [--full]
(--full also times the straightforward matcher at depth 20, which takes minutes).
"""

from __future__ import annotations

import argparse
import json
import random
import string
import sys
import time
from dataclasses import replace
from pathlib import Path

from skillkit.core.model import Skill
from skillkit.studio.activation import Simulation, simulate
from skillkit.studio.scene import default_scene
from skillkit.transcripts.model import Message, ToolCall, Transcript
from skillkit.triggers.matcher import Matcher
from skillkit.triggers.reference import ReferenceMatcher

GOAL_SPEEDUP = 5.0
GOAL_DEPTH_RATIO = 1.5


def vocabulary(rng: random.Random) -> tuple[list[str], list[str]]:
    """Common words that trigger nothing, and keywords the triggers are made of."""
    def word(low: int, high: int) -> str:
        return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(low, high)))
    common = [word(2, 8) for _ in range(3000)] + ["кот", "über", "naïve", "東京"]
    keywords = sorted({word(5, 10) for _ in range(1200)})
    return common, keywords


def skills(count: int, keywords: list[str], rng: random.Random) -> list[Skill]:
    out = []
    for index in range(count):
        k = rng.sample(keywords, 6)
        triggers = [k[0], k[1].capitalize(), f"{k[2]} {k[3][:4]}"]
        # Regexes as lorebook authors write them; one skill in forty has one that must see the
        # joined scan text (it can span two messages), the rest are judged message by message.
        triggers.append(f"/\\b{k[4]}(s|es)?\\b/i" if index % 2 else f"/{k[4][:3]}[a-z]{{1,3}}{k[4][-2:]}/")
        triggers.append(f"/{k[5]}[\\s\\S]{{0,40}}{k[0]}/i" if index % 40 == 0 else f"/\\b{k[5]}\\b/")
        when = "always" if index % 25 == 0 else ("picked" if index % 10 == 3 else "mentioned")
        out.append(Skill(
            name=f"skill-{index:03d}", description="d", body="b", path=f"skills/skill-{index:03d}/SKILL.md",
            folder=Path(f"skill-{index:03d}"), fields={}, when=when, triggers=tuple(triggers),
            secondary_triggers=(rng.choice(keywords),) if index % 5 == 0 else (),
            selective_logic=("andAny", "notAny", "notAll", "andAll")[index % 4],
            case_sensitive=index % 7 == 0, match_whole_words=index % 2 == 0, scan_depth=2,
            close_when_unmentioned=when == "picked"))
    return out


def transcript(replies: int, common: list[str], keywords: list[str], found: list[Skill],
               rng: random.Random) -> Transcript:
    picked = [s.name for s in found if s.when == "picked"]

    def text() -> str:
        words = [rng.choice(common) for _ in range(rng.randint(15, 40))]
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
            words[rng.randrange(len(words))] = rng.choice(keywords)
        return " ".join(words).capitalize() + "."

    messages: list[Message] = []
    for _ in range(replies):
        messages.append(Message(len(messages), "user", text()))
        calls = ()
        if rng.random() < 0.05:
            args = json.dumps({"name": rng.choice(picked)})
            calls = (ToolCall(rng.choice(("open_skill", "open_skill", "close_skill")), args),)
        messages.append(Message(len(messages), "assistant", text(), tool_calls=calls))
    return Transcript("bench", "openai", tuple(messages))


def at_depth(found: list[Skill], depth: int) -> list[Skill]:
    return [replace(s, scan_depth=depth) for s in found]


def timed(found: list[Skill], chat: Transcript, matcher: type, runs: int) -> tuple[float, Simulation]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = simulate(found, default_scene(found), chat, matcher=matcher)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def same(a: Simulation, b: Simulation, label: str) -> None:
    if a.turns != b.turns:
        raise SystemExit(f"FAIL: verdicts differ from the straightforward matcher's ({label})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=2000)
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="Also time the straightforward matcher at depth 20.")
    args = parser.parse_args()
    rng = random.Random(20)
    common, keywords = vocabulary(rng)
    found = skills(args.skills, keywords, rng)
    chat = transcript(args.replies, common, keywords, found, rng)
    triggers = sum(len(s.triggers) + len(s.secondary_triggers) for s in found)
    print(f"{args.replies:,} replies ({len(chat.messages):,} messages), {len(found)} skills, {triggers:,} triggers")

    timed(at_depth(found, 2), chat, Matcher, 1)  # compile the regexes once (cached), as any run would
    fast2, sim2 = timed(at_depth(found, 2), chat, Matcher, args.runs)
    fast20, sim20 = timed(at_depth(found, 20), chat, Matcher, args.runs)
    naive2, ref2 = timed(at_depth(found, 2), chat, ReferenceMatcher, 1)
    same(sim2, ref2, "depth 2")
    if args.full:
        naive20, ref20 = timed(at_depth(found, 20), chat, ReferenceMatcher, 1)
        same(sim20, ref20, "depth 20")
    else:  # the verdicts at depth 20 still checked, on the first tenth of the transcript
        head = Transcript("bench", "openai", chat.messages[: max(2, len(chat.messages) // 10)])
        same(simulate(at_depth(found, 20), default_scene(found), head),
             simulate(at_depth(found, 20), default_scene(found), head, matcher=ReferenceMatcher), "depth 20, head")

    on2 = sum(v.on for t in sim2.turns for v in t.verdicts)
    on20 = sum(v.on for t in sim20.turns for v in t.verdicts)
    print(f"  skillkit, depth 2     {fast2:7.3f}s   ({on2:,} verdicts on)")
    print(f"  skillkit, depth 20    {fast20:7.3f}s   ({on20:,} verdicts on)")
    print(f"  straightforward, d 2  {naive2:7.3f}s")
    if args.full:
        print(f"  straightforward, d 20 {naive20:7.3f}s")
    speedup, depth_ratio = naive2 / fast2, fast20 / fast2
    print(f"  same verdicts: yes; speed-up at depth 2: {speedup:.1f}x (goal >= {GOAL_SPEEDUP:g}x); "
          f"depth 20 / depth 2: {depth_ratio:.2f} (goal <= {GOAL_DEPTH_RATIO:g})")
    failed = speedup < GOAL_SPEEDUP or depth_ratio > GOAL_DEPTH_RATIO
    if failed:
        print("FAIL: a goal is not met")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
