"""Lint speed, measured against baselines in the same run.

1. 2,000 generated skills: one `skillkit lint` process against the reference validator
   (skills-ref 0.1.1, `validate()` over every folder in one process). Goal: at most 1/3 of its time.
2. One file, as pre-commit runs it: `skillkit lint FILE` against the bare import floor
   `python -c "import yaml, jsonschema, typer"`. Goal: at most 1.3 times the floor.
3. A corpus shaped like the published collections (bodies of 50 to 1,200 lines, 0 to 30
   reference files per skill, a third under `.claude/skills/`, `metadata` blocks), in one run:
   - the first run (no cache) against skills-ref over the same folders: goal at most 1/3;
   - the first run with the cache on (lint's default, as CI runs it when it keeps no cache),
     its cache emptied before each run: no goal of its own, shown beside --no-cache;
   - `SKILLKIT_JOBS` unset against `SKILLKIT_JOBS=1`: goal never slower (ratio <= 1.0);
   - the 2,000 SKILL.md files named on the command line (as pre-commit names them) against
     the folder walk: goal as fast (ratio <= 1.0);
   - a cached re-run with one SKILL.md changed against linting that one skill alone: goal at
     most 3 times.
4. One skill's size: a skill with 800 bundled Markdown reference files against the same skill
   with 80 (each about 3 KB of prose, lists, a code block, a table, naming three other files
   by name, half of the files named by none; SKILL.md links a tenth), `skillkit lint` of the skill folder as the
   command, CPU time of the child (user + sys). Goal: linear, 800 files at most 12 times 80.

Run: python benchmarks/bench_lint.py [--skills 2000] [--runs 15] [--only collection|bundle]
(`--only rerun`: part 3's cached re-run alone, without its slow first-run comparisons.)
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
from typing import Callable

sys.path.insert(0, str(Path(__file__).parent))
from _generate import generate, generate_collection  # noqa: E402

SKILLKIT = [sys.executable, "-m", "skillkit"]
# As installed: Python may write and reuse bytecode caches. Some shells (coding sandboxes)
# set PYTHONDONTWRITEBYTECODE, which makes every run recompile skillkit from source (~45 ms)
# while the floor's packages keep the caches pip wrote: not what a user's machine does.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env={**ENV, **(env or {})}, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def best_of(runs: int, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> float:
    return min(wall(command, cwd, env) for _ in range(runs))


def settled(folders: list[Path]) -> list[Path]:
    """`folders` once what was just written is on disk: the kernel writes dirty pages back some
    30 s after they were written, which fell in the middle of the first timed pair (its first
    command was 5-20% slower than the same command a minute later)."""
    if hasattr(os, "sync"):
        os.sync()
    return folders


def in_turn(turn: int, first: Callable[[], float], second: Callable[[], float]) -> tuple[float, float]:
    """Both times, `first` run first on even turns and second on odd ones: on this machine the
    first of two back-to-back runs was 5-15% slower (measured: named files against the walk
    read 1.06-1.20 run first, 0.94-1.06 run second), which a fixed order charged to one side."""
    if turn % 2:
        later = second()
        return first(), later
    earlier = first()
    return earlier, second()


def turns(runs: int, first: Callable[[], float], second: Callable[[], float]) -> tuple[list[float], list[float]]:
    """`runs` times of each of two timed runs, alternately, so machine noise hits both alike,
    each first by turns (in_turn)."""
    a, b = [], []
    for turn in range(runs):
        x, y = in_turn(turn, first, second)
        a.append(x)
        b.append(y)
    return a, b


def paired(runs: int, first: list[str], second: list[str], env_first: dict[str, str] | None = None,
           env_second: dict[str, str] | None = None) -> tuple[float, float]:
    """Best-of times of two commands run by turns."""
    a, b = turns(runs, lambda: wall(first, env=env_first), lambda: wall(second, env=env_second))
    return min(a), min(b)


def collection(root: Path, count: int, runs: int, rerun_only: bool = False) -> None:
    folders = settled(generate_collection(root, count))
    if rerun_only:
        wall([*SKILLKIT, "lint", "--format", "json", str(root)])  # warm the OS file cache
        cached_rerun(root, folders, runs)
        return
    listing = root.parent / "collection-folders.txt"
    listing.write_text("\n".join(map(str, folders)))
    try:
        import skills_ref  # noqa: F401
    except ImportError:
        print("skills-ref is not installed (pip install -e '.[bench]'): part 3 skipped")
        return
    reference = [sys.executable, "-c",
                 "import sys; from pathlib import Path; from skills_ref.validator import validate\n"
                 f"[validate(Path(p)) for p in open({str(listing)!r}).read().split()]"]
    walk = [*SKILLKIT, "lint", "--no-cache", "--format", "json", str(root)]
    wall(walk)  # warm the OS file cache for every command below
    ours, theirs = paired(runs, walk, reference)
    print(f"collection of {count:,} skills: skillkit lint {ours:.2f}s (first run, no cache), "
          f"skills-ref validate {theirs:.2f}s, ratio {ours / theirs:.2f} (goal <= 0.33)")
    cached = [*SKILLKIT, "lint", "--format", "json", str(root)]

    def cold() -> float:  # lint as people first run it: the cache on, and empty (not timed: the emptying)
        for top in (root, *root.iterdir()):
            shutil.rmtree(top / ".skillkit_cache", ignore_errors=True)
        return wall(cached)

    first, bare = turns(runs, cold, lambda: wall(walk))
    print(f"  first run with the cache on (lint's default; empty) {min(first):.2f}s, --no-cache {min(bare):.2f}s, "
          f"{min(first) / theirs:.2f} of skills-ref (the goal above is for --no-cache)")
    default, single = paired(runs, walk, walk, env_second={"SKILLKIT_JOBS": "1"})
    print(f"  SKILLKIT_JOBS unset {default:.2f}s, SKILLKIT_JOBS=1 {single:.2f}s, "
          f"ratio {default / single:.2f} (goal <= 1.00)")
    named = [*SKILLKIT, "lint", "--no-cache", "--format", "json", *(str(f / "SKILL.md") for f in folders)]
    by_name, by_walk = paired(runs, named, walk)
    print(f"  {count:,} SKILL.md files named {by_name:.2f}s, the folder walk {by_walk:.2f}s, "
          f"ratio {by_name / by_walk:.2f} (goal <= 1.00)")
    cached_rerun(root, folders, runs)


def cached_rerun(root: Path, folders: list[Path], runs: int) -> None:
    """A cached re-run of the whole collection with one SKILL.md changed, against linting that
    one skill alone (no cache): the goal is at most 3 times."""
    count = len(folders)
    edited = folders[count // 2] / "SKILL.md"
    alone = root.parent / "alone" / "skills" / edited.parent.name
    shutil.copytree(edited.parent, alone)
    one_alone = [*SKILLKIT, "lint", "--no-cache", "--format", "json", str(alone.parent.parent)]
    cached = [*SKILLKIT, "lint", "--format", "json", str(root)]
    wall(cached)  # fill the cache
    original = edited.read_text(encoding="utf-8")
    rerun, single_file = [], []
    for n in range(runs):
        edited.write_text(original + f"\nEdit {n}.\n", encoding="utf-8")  # a real change every time
        again, alone_took = in_turn(n, lambda: wall(cached), lambda: wall(one_alone))
        rerun.append(again)
        single_file.append(alone_took)
    edited.write_text(original, encoding="utf-8")
    print(f"  cached re-run with one SKILL.md changed {min(rerun) * 1000:.0f} ms, that skill alone "
          f"{min(single_file) * 1000:.0f} ms, ratio {min(rerun) / min(single_file):.2f} (goal <= 3.00)")


def many_skills(root: Path, count: int, runs: int) -> None:
    folders = settled(generate(root, count))
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
    # --no-cache: every run reads and checks everything, as skills-ref does (a cached re-run is part 3's)
    command = [*SKILLKIT, "lint", "--no-cache", "--format", "json", str(root)]
    wall(command)  # warm the OS file cache for both
    ours = best_of(runs, command)
    theirs = best_of(runs, reference)
    print(f"{count:,} skills: skillkit lint {ours:.2f}s, skills-ref validate {theirs:.2f}s, "
          f"ratio {ours / theirs:.2f} (goal <= 0.33)")


def one_file(root: Path, runs: int) -> None:
    # A repository with a skills/ folder holding this one skill (world 0: an Agent Skills skill,
    # which references no tool), linted by name as pre-commit runs the hook.
    target = settled(generate(root / "one", 1, tools=0))[0] / "SKILL.md"
    floor_cmd = [sys.executable, "-c", "import yaml, jsonschema, typer"]
    lint_cmd = [*SKILLKIT, "lint", str(target)]
    wall(lint_cmd)  # warm: the first run writes the bytecode caches, as any first run does
    floors, lints = turns(runs, lambda: wall(floor_cmd), lambda: wall(lint_cmd))
    floor, ours = statistics.median(floors), statistics.median(lints)
    print(f"one file: skillkit lint {ours * 1000:.0f} ms, import floor {floor * 1000:.0f} ms, "
          f"ratio {ours / floor:.2f} (goal <= 1.30)")


def cpu(command: list[str], cwd: Path | None = None) -> float:
    """User + system CPU seconds of the command and its children (a loaded machine's wall
    time says more about the neighbours than about the command)."""
    process = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


REFERENCE = """# Topic {index}: working with part {index}

This page explains how part {index} behaves when the input is large, when it is empty, and
when it arrives in pieces. Read it before changing the defaults; {a} and {b} cover the
neighbouring parts, and {c} lists the errors they share.

- Start with the smallest input that shows the problem.
- Keep the settings of part {index} next to the data they describe.
- Write down what changed between two runs before comparing their results.

| setting | default | meaning |
|---------|---------|---------|
| size-{index} | 64 | how many items one pass reads |
| mode-{index} | fast | `fast` skips the checks `safe` makes |

```bash
tool run --part {index} --size 64 input.json > out-{index}.json
```

When the output differs from the expected one, compare it line by line; the first line
that differs usually names the setting to look at. Part {index} never writes outside its
own folder, and a run that stops half-way leaves the previous output in place.
"""


def bundle_skill(root: Path, files: int) -> Path:
    """One skill carrying `files` reference files shaped like a real bundle (see part 4)."""
    folder = root / f"bundle-{files}" / "skills" / "big"
    (folder / "references").mkdir(parents=True)
    names = [f"topic-{i:04d}.md" for i in range(files)]
    for i, name in enumerate(names):
        # names the even-numbered pages only: the odd ones are orphans, searched for in vain
        a, b, c = (names[(i + step) // 2 * 2 % files] for step in (2, 8, 32))
        (folder / "references" / name).write_text(REFERENCE.format(index=i, a=a, b=b, c=c), encoding="utf-8")
    links = "\n".join(f"- [{n}](references/{n})" for n in names[::10])
    (folder / "SKILL.md").write_text("---\nname: big\ndescription: Works with every part of the tool when asked "
                                     f"about its settings.\n---\n# Big\n\nStart from these pages:\n\n{links}\n",
                                     encoding="utf-8")
    return settled([folder])[0]


def bundle_scaling(root: Path, runs: int) -> None:
    small, large = bundle_skill(root, 80), bundle_skill(root, 800)
    commands = [[*SKILLKIT, "lint", "--no-cache", "--exit-zero", str(folder)] for folder in (small, large)]
    cpu(commands[0])  # warm: bytecode caches
    smalls, larges = turns(runs, lambda: cpu(commands[0]), lambda: cpu(commands[1]))
    low, high = statistics.median(smalls), statistics.median(larges)
    print(f"one skill of 800 bundled files: {high:.2f}s CPU, of 80: {low:.2f}s CPU, "
          f"ratio {high / low:.1f} (goal <= 12; linear is 10 plus the fixed start-up)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", choices=("one", "many", "collection", "rerun", "bundle"), help="Run one part only.")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="skillkit-bench-"))
    try:
        if args.only in (None, "one"):
            one_file(root, args.runs)
        if args.only in (None, "many"):
            many_skills(root / "many", args.skills, max(3, args.runs // 5))
        if args.only in (None, "bundle"):
            bundle_scaling(root, max(3, args.runs // 3))
        if args.only in (None, "collection", "rerun"):
            # an even number of pairs: each command runs first as often as second (see in_turn)
            collection(root / "collection", args.skills, max(4, args.runs // 10 * 2), rerun_only=args.only == "rerun")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
