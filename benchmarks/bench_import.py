"""`skillkit import` speed on a 1,000-entry World Info book, against reading the JSON and writing
as many SKILL.md files.

Generates a book shaped like the large real ones (titles and keys in English and Chinese,
secondary keys, regex keys, a few constant and disabled entries, a few hundred characters of
content each) in a temporary folder. Times, best of N, each a process of its own, in the same run:
- `skillkit import BOOK -d OUT` (the real command: read, convert, check, write, lint the result,
  and its report of every entry, piped: plain text);
- the baseline: a plain Python script that reads the JSON and writes one SKILL.md per entry
  (frontmatter with name, description and keys, then the content), in folders of its own.
The two are run turn about (a change in the machine's load falls on both alike), and skillkit's
modules are compiled to bytecode first, as an installed skillkit has them (benchmarks/_peers.py).
Prints both, wall and CPU, and the ratios; the goal is the command within 3x the plain script.

Run: python benchmarks/bench_import.py [--entries 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _generate import WORDS, sentence  # noqa: E402
from _peers import compile_skillkit  # noqa: E402

SKILLKIT = [sys.executable, "-m", "skillkit"]
HAN = "王国剑龙城堡酒馆骑士魔法森林河流山脉商人公主战争和平秘密宝藏"

# The baseline: what any importer must do at least (a process of its own, as the command is).
PLAIN = r'''
import json, os, sys
book = json.load(open(sys.argv[1], encoding="utf-8"))
out = sys.argv[2]
for uid, entry in book["entries"].items():
    folder = os.path.join(out, f"entry-{uid}")
    os.makedirs(folder, exist_ok=True)
    keys = ", ".join(json.dumps(k, ensure_ascii=False) for k in entry.get("key", []))
    text = (f"---\nname: entry-{uid}\ndescription: {json.dumps(entry.get('comment') or 'entry', ensure_ascii=False)}\n"
            f"triggers: [{keys}]\n---\n{entry.get('content', '')}\n")
    with open(os.path.join(folder, "SKILL.md"), "w", encoding="utf-8") as f:
        f.write(text)
'''


def han(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(HAN) for _ in range(size))


def entry(rng: random.Random, uid: int) -> dict:
    chinese = uid % 2 == 0
    title = han(rng, rng.randint(2, 5)) if chinese else " ".join(rng.choice(WORDS) for _ in range(2)).title()
    keys = [han(rng, rng.randint(2, 4)) if chinese else rng.choice(WORDS) for _ in range(rng.randint(1, 4))]
    if uid % 17 == 0:
        keys.append(f"/\\b{rng.choice(WORDS)}s?\\b/i")
    content = "\n".join(han(rng, 60) if chinese else sentence(rng, 20) for _ in range(rng.randint(2, 6)))
    return {"uid": uid, "key": keys, "keysecondary": [rng.choice(WORDS)] if uid % 5 == 0 else [],
            "comment": title, "content": content, "constant": uid % 50 == 0, "selective": uid % 5 == 0,
            "selectiveLogic": uid % 4, "order": 100, "position": uid % 5, "disable": uid % 97 == 0,
            "excludeRecursion": False, "probability": 100, "useProbability": True, "depth": 4,
            "group": "", "scanDepth": None, "caseSensitive": None, "matchWholeWords": None, "displayIndex": uid}


def book(path: Path, entries: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    path.write_text(json.dumps({"entries": {str(i): entry(rng, i) for i in range(entries)}}, ensure_ascii=False),
                    encoding="utf-8")


def once(command: list[str], out: Path) -> tuple[float, float]:
    """One run: its wall time and its CPU time (user + system, the rusage of waited-for
    children grows by exactly this child's)."""
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode(errors='replace')[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(runs: int, plain: tuple[list[str], Path], command: tuple[list[str], Path]) -> dict[str, tuple[float, float]]:
    """Best wall and best CPU of each, the two run turn about so that a change in the
    machine's load falls on both alike."""
    best = {"plain": (float("inf"), float("inf")), "command": (float("inf"), float("inf"))}
    for _ in range(runs):
        for name, (argv, out) in (("plain", plain), ("command", command)):
            wall, cpu = once(argv, out)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    compile_skillkit()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = root / "world.json"
        book(source, args.entries)
        (root / "plain.py").write_text(PLAIN, encoding="utf-8")
        best = interleaved(args.runs, ([sys.executable, str(root / "plain.py"), str(source), str(root / "plain")],
                                       root / "plain"),
                           ([*SKILLKIT, "import", str(source), "-d", str(root / "ws" / "skills")], root / "ws"))
        written = len(list((root / "ws" / "skills").glob("*/SKILL.md")))
        size = source.stat().st_size
    (plain, plain_cpu), (command, command_cpu) = best["plain"], best["command"]
    print(f"book: {args.entries:,} entries ({size / 1e6:.1f} MB), {written:,} skills written; "
          f"best of {args.runs}, run turn about; load {os.getloadavg()[0]:.1f}")
    print(f"  plain script (read JSON, write SKILL.md)  {plain * 1000:8.0f} ms   CPU {plain_cpu * 1000:6.0f} ms")
    print(f"  skillkit import (the command)            {command * 1000:8.0f} ms   CPU {command_cpu * 1000:6.0f} ms")
    print(f"  import / plain: {command / plain:.2f}x (CPU {command_cpu / plain_cpu:.2f}x)   goal: within 3x  "
          f"{'met' if command <= 3 * plain else 'NOT met'}")


if __name__ == "__main__":
    main()
