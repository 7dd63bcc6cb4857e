"""Simulate speed: 2,000 replies x 200 skills x 5 triggers each (plain, whole-word and regex mixed).

Measured against a baseline in the same run: the straightforward matcher
(skillkit.triggers.reference: every turn, every skill, every trigger over the scan window, as
lorebook engines do; plain triggers tested on each message of the window, regex triggers on
the joined scan text), in process, on the same skills and the same transcript. Timed beside
it: the activation in process (best of N), and the real command a user runs, as a subprocess
on files written to disk (`python -m skillkit simulate chat.json --skills DIR --format json`,
and the text timeline), start-up, reading the skills and writing the report included.

Figures are CPU seconds, best of N (the command's own and its worker processes'), so that
other work on a shared machine does not move them; the command's wall time is printed beside.

Checks (the script fails if one does not hold):
- the command's verdicts (its JSON) equal the straightforward matcher's, every turn, every skill,
  and so do the in-process activation's;
- the command with --format json is at least 5x faster than the straightforward matcher at
  scan depth 2, and the text timeline at least as fast as the JSON;
- the activation at scan depth 20 costs at most 1.5x what it costs at scan depth 2, and so
  does the command;
- with --growth: the command on 20,000 messages costs at most 11x what it costs on 2,000
  (200 skills), also timed with 1,000 skills.

Run: python benchmarks/bench_simulate.py [--replies 2000] [--skills 200] [--runs 3] [--full] [--growth]
(--full also times the straightforward matcher at depth 20, which takes minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import string
import subprocess
import sys
import tempfile
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
GOAL_GROWTH = 11.0   # 20,000 messages against 2,000


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
    """CPU seconds of the activation in process, best of `runs`."""
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.process_time()
        result = simulate(found, default_scene(found), chat, matcher=matcher)
        best = min(best, time.process_time() - start)
    assert result is not None
    return best, result


def same(a: Simulation, b: Simulation, label: str) -> None:
    if a.turns != b.turns:
        raise SystemExit(f"FAIL: verdicts differ from the straightforward matcher's ({label})")


def write_skills(root: Path, found: list[Skill]) -> Path:
    """Each skill as skills/<name>/SKILL.md (values written as JSON, which is YAML); returns skills/."""
    for skill in found:
        fields = {"name": skill.name, "description": "A benchmark skill.", "when": skill.when,
                  "triggers": list(skill.triggers), "secondaryTriggers": list(skill.secondary_triggers),
                  "selectiveLogic": skill.selective_logic, "caseSensitive": skill.case_sensitive,
                  "matchWholeWords": skill.match_whole_words, "scanDepth": skill.scan_depth}
        if skill.when == "picked":
            fields["closeWhenUnmentioned"] = skill.close_when_unmentioned
        if not skill.secondary_triggers:
            del fields["secondaryTriggers"], fields["selectiveLogic"]
        if skill.when == "always":
            fields = {k: fields[k] for k in ("name", "description", "when")}
        folder = root / "skills" / skill.name
        folder.mkdir(parents=True, exist_ok=True)
        front = "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in fields.items())
        (folder / "SKILL.md").write_text(f"---\n{front}\n---\n{skill.body}\n", encoding="utf-8")
    return root / "skills"


def write_chat(path: Path, chat: Transcript) -> Path:
    """The transcript as OpenAI-style JSON messages."""
    messages = []
    for m in chat.messages:
        item: dict = {"role": m.role, "content": m.text}
        if m.tool_calls:
            item["tool_calls"] = [{"id": f"c{m.index}", "type": "function",
                                   "function": {"name": c.name, "arguments": c.arguments}} for c in m.tool_calls]
        messages.append(item)
    path.write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")
    return path


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command(chat: Path, skills_dir: Path, fmt: str, runs: int, keep: bool = False) -> tuple[float, float, bytes]:
    """The real command as a user runs it: (CPU seconds, wall seconds), each the best of `runs`
    (its worker processes' CPU included), and its standard output when `keep`."""
    args = [sys.executable, "-m", "skillkit", "simulate", str(chat), "--skills", str(skills_dir), "--format", fmt]
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    best, wall, out = float("inf"), float("inf"), b""
    for _ in range(runs):
        start, cpu = time.perf_counter(), children_cpu()
        done = subprocess.run(args, stdout=subprocess.PIPE if keep else subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env=env, check=False)
        wall = min(wall, time.perf_counter() - start)
        best = min(best, children_cpu() - cpu)
        if done.returncode != 0:
            raise SystemExit(f"FAIL: the command exited {done.returncode}: {done.stderr.decode()[-500:]}")
        out = done.stdout or b""
    return best, wall, out


def same_as_json(report: bytes, ref: Simulation, label: str) -> None:
    turns = json.loads(report)["turns"]
    got = [[(v["name"], v["on"], v["reason"]) for v in t["skills"]] for t in turns]
    want = [[(v.name, v.on, v.reason) for v in t.verdicts] for t in ref.turns]
    if got != want or [t["answering"] for t in turns] != [t.answering for t in ref.turns]:
        raise SystemExit(f"FAIL: the command's verdicts differ from the straightforward matcher's ({label})")


def growth(rng: random.Random, common: list[str], keywords: list[str], runs: int, work: Path) -> bool:
    """The command on 2k, 10k and 20k messages, with 200 and 1,000 skills."""
    ok = True
    print(f"  growth (the command, CPU seconds, best of {runs}):")
    for count in (200, 1000):
        found = at_depth(skills(count, keywords, rng), 2)
        skills_dir = write_skills(work / f"growth-{count}", found)
        base: dict[str, float] = {}
        for messages in (2000, 10000, 20000):
            chat = write_chat(work / f"growth-{count}-{messages}.json",
                              transcript(messages // 2, common, keywords, found, rng))
            row = []
            for fmt in ("json", "text"):
                seconds, wall, _ = command(chat, skills_dir, fmt, runs)
                base.setdefault(fmt, seconds)
                row.append(f"{fmt} {seconds:6.2f}s ({seconds / base[fmt]:4.1f}x; wall {wall:6.2f}s)")
                if count == 200 and messages == 20000 and seconds / base[fmt] > GOAL_GROWTH:
                    ok = False
            print(f"    {count:>5} skills, {messages:>6,} messages   " + "   ".join(row))
    print(f"    20,000 / 2,000 messages at 200 skills: goal <= {GOAL_GROWTH:g}x")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=2000)
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="Also time the straightforward matcher at depth 20.")
    parser.add_argument("--growth", action="store_true", help="Also time the command on 2k/10k/20k messages, "
                        "200 and 1,000 skills.")
    args = parser.parse_args()
    rng = random.Random(20)
    common, keywords = vocabulary(rng)
    found = skills(args.skills, keywords, rng)
    chat = transcript(args.replies, common, keywords, found, rng)
    triggers = sum(len(s.triggers) + len(s.secondary_triggers) for s in found)
    print(f"{args.replies:,} replies ({len(chat.messages):,} messages), {len(found)} skills, {triggers:,} triggers; "
          "CPU seconds (the machine's cores are shared: wall time moves with the load)")

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

    with tempfile.TemporaryDirectory(prefix="bench-simulate-") as temp:
        work = Path(temp)
        chat_file = write_chat(work / "chat.json", chat)
        dir2 = write_skills(work / "depth2", at_depth(found, 2))
        dir20 = write_skills(work / "depth20", at_depth(found, 20))
        json2, json2_wall, report = command(chat_file, dir2, "json", args.runs, keep=True)
        same_as_json(report, ref2, "command, depth 2")
        text2, text2_wall, _ = command(chat_file, dir2, "text", args.runs)
        json20, json20_wall, _ = command(chat_file, dir20, "json", args.runs)
        grew = growth(rng, common, keywords, args.runs, work) if args.growth else True

    on2 = sum(v.on for t in sim2.turns for v in t.verdicts)
    on20 = sum(v.on for t in sim20.turns for v in t.verdicts)
    print(f"  skillkit, depth 2     {fast2:7.3f}s   ({on2:,} verdicts on)")
    print(f"  skillkit, depth 20    {fast20:7.3f}s   ({on20:,} verdicts on)")
    print(f"  straightforward, d 2  {naive2:7.3f}s")
    if args.full:
        print(f"  straightforward, d 20 {naive20:7.3f}s")
    print(f"  command --format json, depth 2   {json2:7.3f}s   (wall {json2_wall:.3f}s)")
    print(f"  command --format text, depth 2   {text2:7.3f}s   (wall {text2_wall:.3f}s)")
    print(f"  command --format json, depth 20  {json20:7.3f}s   (wall {json20_wall:.3f}s)")
    speedup, depth_ratio = naive2 / fast2, fast20 / fast2
    command_speedup, command_depth = naive2 / json2, json20 / json2
    print(f"  same verdicts (in process and the command's JSON): yes")
    print(f"  activation: speed-up at depth 2 {speedup:.1f}x (goal >= {GOAL_SPEEDUP:g}x); "
          f"depth 20 / depth 2 {depth_ratio:.2f} (goal <= {GOAL_DEPTH_RATIO:g})")
    print(f"  command: json speed-up at depth 2 {command_speedup:.1f}x (goal >= {GOAL_SPEEDUP:g}x); "
          f"text / json {text2 / json2:.2f} (goal <= 1); depth 20 / depth 2 {command_depth:.2f} "
          f"(goal <= {GOAL_DEPTH_RATIO:g})")
    failed = (speedup < GOAL_SPEEDUP or depth_ratio > GOAL_DEPTH_RATIO or command_speedup < GOAL_SPEEDUP
              or text2 > json2 or command_depth > GOAL_DEPTH_RATIO or not grew)
    if failed:
        print("FAIL: a goal is not met")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
