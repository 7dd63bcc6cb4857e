"""`skillkit resolve` speed against `skillkit lint` of the same workspace, in one script.

Generates a platform workspace in a temporary folder: 1,000 agents, 2,000 skills and 500 tools,
with a catalog publishing earlier versions, each skill listing tools (some pinned), each agent
listing tools and skills (some pinned, some preloaded). Times, best of N runs each:
- `skillkit lint DIR` (reads, validates and runs every rule, the reference rules included);
- `skillkit resolve DIR` (the same pipeline, then resolution, the tree, and the lock);
- `resolve_workspace()` alone, in this process, on the already-loaded workspace.
Prints the resolve/lint ratio: resolve adds little to the pipeline lint already pays.

Run: python benchmarks/bench_resolve.py [--agents 1000] [--skills 2000] [--tools 500] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKILLKIT = [sys.executable, "-m", "skillkit"]


def generate(root: Path, agents: int, skills: int, tools: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    tool_names = [f"tool_{i:04d}" for i in range(tools)]
    skill_names = [f"skill-{i:04d}" for i in range(skills)]
    (root / "tools").mkdir(parents=True)
    for name in tool_names:  # file version 3; the catalog publishes 1 and 2 with their model names
        (root / "tools" / f"{name}.yaml").write_text(f"name: {name}\nversion: 3\ndescription: Tool {name}.\n")
    for name in skill_names:
        folder = root / "skills" / name
        folder.mkdir(parents=True)
        refs = "".join(f"  - {{name: {t}{', version: 2' if rng.random() < 0.2 else ''}}}\n"
                       for t in rng.sample(tool_names, 3))
        folder.joinpath("SKILL.md").write_text(
            f"---\nname: {name}\ndescription: Skill {name} for the benchmark.\nversion: 2\ntools:\n{refs}---\n"
            f"Follow the procedure of {name} step by step.\n")
    catalog = ["actions:"]
    catalog += [f"  {t}: {{kind: tool, state: enabled, versions: {{1: {{modelName: {t}}}, 2: {{modelName: {t}}}}}}}"
                for t in tool_names]
    catalog += [f"  {s}: {{kind: skill, state: enabled, versions: {{1: {{tools: []}}}}}}" for s in skill_names]
    (root / "catalog.yaml").write_text("\n".join(catalog) + "\n")
    (root / "agents").mkdir()
    for i in range(agents):
        own = "".join(f"  - {{name: {t}, version: {rng.choice([1, 2, 3])}}}\n" for t in rng.sample(tool_names, 2))
        chosen = rng.sample(skill_names, 6)
        listed = "".join(f"  - {{name: {s}{', version: 1' if j % 3 == 2 else ''}"
                         f"{', preload: true' if j == 0 else ''}}}\n" for j, s in enumerate(chosen))
        (root / "agents" / f"agent-{i:04d}.yaml").write_text(
            f"name: agent-{i:04d}\nhandler: agent\ntools:\n{own}skills:\n{listed}")


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def best_of(runs: int, command: list[str]) -> float:
    return min(wall(command) for _ in range(runs))


def in_process(root: Path, runs: int) -> tuple[float, int, int]:
    from skillkit.core.pipeline import Options
    from skillkit.platform.loading import load_workspace
    from skillkit.platform.resolve import resolve_workspace
    from skillkit.rules import RULESET

    workspace, refused = load_workspace(root, Options(RULESET))
    assert not refused, refused[:3]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        resolution = resolve_workspace(workspace)
        best = min(best, time.perf_counter() - start)
    return best, len(resolution.agents), len(resolution.diagnostics)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=1000)
    parser.add_argument("--skills", type=int, default=2000)
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillkit-bench-resolve-") as temp:
        root = Path(temp) / "workspace"
        generate(root, args.agents, args.skills, args.tools)
        files = args.agents + args.skills + args.tools + 1
        lint = best_of(args.runs, [*SKILLKIT, "lint", "--format", "json", str(root)])
        resolve = best_of(args.runs, [*SKILLKIT, "resolve", "--format", "json", "--lock", str(root / "bench.lock"),
                                      str(root)])
        core, agents, diagnostics = in_process(root, args.runs)
        print(f"workspace: {args.agents:,} agents, {args.skills:,} skills, {args.tools:,} tools ({files:,} files)")
        print(f"skillkit lint    {lint:.2f}s")
        print(f"skillkit resolve {resolve:.2f}s  (ratio resolve/lint {resolve / lint:.2f})")
        print(f"resolve_workspace() alone {core * 1000:.0f} ms for {agents:,} agents "
              f"({diagnostics:,} diagnostics; {core / lint:.1%} of lint)")


if __name__ == "__main__":
    main()
