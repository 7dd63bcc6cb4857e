"""Lint speed, measured against baselines in the same run.

1. 2,000 generated skills: one `skillkit lint` process against the reference validator
   (skills-ref 0.1.1, `validate()` over every folder in one process). Goal: at most 1/3 of its time.
2. One file, as pre-commit runs it: `skillkit lint FILE` against the bare import floor
   `python -c "import yaml, jsonschema, typer"`. Goal: at most 1.3 times the floor.

Run: python benchmarks/bench_lint.py [--skills 2000] [--runs 15]
Needs the bench extra for part 1: pip install -e '.[bench]'.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _generate import generate  # noqa: E402

SKILLKIT = [sys.executable, "-m", "skillkit"]
# As installed: Python may write and reuse bytecode caches. Some shells (coding sandboxes)
# set PYTHONDONTWRITEBYTECODE, which makes every run recompile skillkit from source (~45 ms)
# while the floor's packages keep the caches pip wrote: not what a user's machine does.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(command: list[str], cwd: Path | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def best_of(runs: int, command: list[str], cwd: Path | None = None) -> float:
    return min(wall(command, cwd) for _ in range(runs))


def many_skills(root: Path, count: int, runs: int) -> None:
    folders = generate(root, count)
    listing = root / "folders.txt"
    listing.write_text("\n".join(map(str, folders)))
    reference = [sys.executable, "-c",
                 "import sys; from pathlib import Path; from skills_ref.validator import validate\n"
                 f"[validate(Path(p)) for p in open({str(listing)!r}).read().split()]"]
    try:
        import skills_ref  # noqa: F401
    except ImportError:
        print("skills-ref is not installed (pip install -e '.[bench]'): part 1 skipped")
        return
    wall([*SKILLKIT, "lint", "--format", "json", str(root)])  # warm the OS file cache for both
    ours = best_of(runs, [*SKILLKIT, "lint", "--format", "json", str(root)])
    theirs = best_of(runs, reference)
    print(f"{count:,} skills: skillkit lint {ours:.2f}s, skills-ref validate {theirs:.2f}s, "
          f"ratio {ours / theirs:.2f} (goal <= 0.33)")


def one_file(root: Path, runs: int) -> None:
    # A repository with a skills/ folder holding this one skill (world 0: an Agent Skills skill,
    # which references no tool), linted by name as pre-commit runs the hook.
    target = generate(root / "one", 1, tools=0)[0] / "SKILL.md"
    floor_cmd = [sys.executable, "-c", "import yaml, jsonschema, typer"]
    lint_cmd = [*SKILLKIT, "lint", str(target)]
    wall(lint_cmd)  # warm: the first run writes the bytecode caches, as any first run does
    floors, lints = [], []
    for _ in range(runs):  # interleaved, so machine noise hits both alike
        floors.append(wall(floor_cmd))
        lints.append(wall(lint_cmd))
    floor, ours = statistics.median(floors), statistics.median(lints)
    print(f"one file: skillkit lint {ours * 1000:.0f} ms, import floor {floor * 1000:.0f} ms, "
          f"ratio {ours / floor:.2f} (goal <= 1.30)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="skillkit-bench-"))
    try:
        one_file(root, args.runs)
        many_skills(root / "many", args.skills, max(3, args.runs // 5))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
