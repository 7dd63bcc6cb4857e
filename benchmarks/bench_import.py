"""`skillkit import` speed on a 1,000-entry World Info book, against reading the JSON and writing
as many SKILL.md files.

Generates a book shaped like the large real ones (titles and keys in English and Chinese,
secondary keys, regex keys, a few constant and disabled entries, a few hundred characters of
content each) in a temporary folder. Times, best of N, each a process of its own, in the same run:
- `skillkit import BOOK -d OUT` (the real command: read, convert, check, write, lint the result,
  and its report of every entry, piped: plain text);
- the baseline: a plain Python script that reads the JSON and writes one SKILL.md per entry
  (frontmatter with name, description and keys, then the content), in folders of its own.
Prints both and the ratio; the goal is the command within 3x the plain script.

Run: python benchmarks/bench_import.py [--entries 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _generate import WORDS, sentence  # noqa: E402

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


def best_of(runs: int, command: list[str], out: Path) -> tuple[float, int]:
    best, code = float("inf"), 0
    for _ in range(runs):
        shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
        code = done.returncode
        if code != 0:
            sys.exit(f"{' '.join(command)} failed ({code}): {done.stderr[-2000:]}")
    return best, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = root / "world.json"
        book(source, args.entries)
        (root / "plain.py").write_text(PLAIN, encoding="utf-8")
        plain, _ = best_of(args.runs, [sys.executable, str(root / "plain.py"), str(source), str(root / "plain")],
                           root / "plain")
        command, _ = best_of(args.runs, [*SKILLKIT, "import", str(source), "-d", str(root / "ws" / "skills")],
                             root / "ws")
        written = len(list((root / "ws" / "skills").glob("*/SKILL.md")))
        size = source.stat().st_size
    print(f"book: {args.entries:,} entries ({size / 1e6:.1f} MB), {written:,} skills written; "
          f"best of {args.runs}")
    print(f"  plain script (read JSON, write SKILL.md)  {plain * 1000:8.0f} ms")
    print(f"  skillkit import (the command)            {command * 1000:8.0f} ms")
    print(f"  import / plain: {command / plain:.2f}x   goal: within 3x  "
          f"{'met' if command <= 3 * plain else 'NOT met'}")


if __name__ == "__main__":
    main()
