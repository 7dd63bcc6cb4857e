"""`skillkit session` speed on a long session, against `skillkit resolve` of the same workspace.

Generates a platform workspace in a temporary folder: one agent with 100 skills (3 preloaded,
a fifth pinned) and 5 tools of its own, 60 tools, each skill listing 3 of them (some pinned),
and a session file of 1,000 turns x 50 calls (JSON: a machine-written session; loads of the
agent's skills, calls to its tools and to the tools loads make available, some before their
load, and a `publish` every 100 turns that moves "latest"). Times, best of N runs each (wall and CPU time):
- `skillkit session SESSION --workspace DIR --format json` (the real command, a subprocess);
- `skillkit resolve DIR --format json` (the baseline: the same pipeline and resolution);
- `run_session()` alone, in this process, on the already-loaded workspace.
Prints each time and the ratios; the target is the whole command under a second.

Run: python benchmarks/bench_session.py [--turns 1000] [--calls 50] [--skills 100] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SKILLKIT = [sys.executable, "-m", "skillkit"]
TOOLS = 60
OWN = 5


def generate(root: Path, skills: int, seed: int = 11) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    tools = [f"tool_{i:03d}" for i in range(TOOLS)]
    names = [f"skill-{i:03d}" for i in range(skills)]
    (root / "tools").mkdir(parents=True)
    for name in tools:  # file version 2; the catalog publishes 1
        (root / "tools" / f"{name}.yaml").write_text(f"name: {name}\nversion: 2\n")
    for name in names:
        refs = "".join(f"  - {{name: {t}{', version: 2' if rng.random() < 0.1 else ''}}}\n"
                       for t in rng.sample(tools[OWN:], 3))
        folder = root / "skills" / name
        folder.mkdir(parents=True)
        folder.joinpath("SKILL.md").write_text(f"---\nname: {name}\ndescription: Skill {name}.\nversion: 1\n"
                                               f"tools:\n{refs}---\nFollow {name} step by step.\n")
    catalog = ["actions:"] + [f"  {t}: {{kind: tool, versions: {{1: {{modelName: {t}}}}}}}" for t in tools]
    (root / "catalog.yaml").write_text("\n".join(catalog) + "\n")
    own = "".join(f"  - {{name: {t}}}\n" for t in tools[:OWN])
    listed = "".join(f"  - {{name: {s}{', preload: true' if i < 3 else ''}{', version: 1' if i % 5 == 4 else ''}}}\n"
                     for i, s in enumerate(names))
    (root / "agents").mkdir()
    (root / "agents" / "worker.yaml").write_text(f"name: worker\nhandler: agent\ntools:\n{own}skills:\n{listed}")
    return names, tools


def session_file(path: Path, names: list[str], tools: list[str], turns: int, calls: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    body = []
    for number in range(turns):
        turn: dict[str, object] = {"calls": [{"load": rng.choice(names)} if rng.random() < 0.2 else
                                             {"tool": rng.choice(tools), "input": {"n": i}} for i in range(calls)]}
        if number and number % 100 == 0:  # a new version of some skills: "latest" moves
            turn["publish"] = {s: {"versions": [1 + number // 100]} for s in rng.sample(names, 5)}
        body.append(turn)
    path.write_text(json.dumps({"agent": "worker", "turns": body}))


def wall(command: list[str]) -> tuple[float, float, int]:
    """Wall time, CPU time (user + system: what the run itself cost, less what waiting for a
    busy machine's cores adds), and the exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, done.returncode


def best_of(runs: int, command: list[str]) -> tuple[float, float, int]:
    results = [wall(command) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results), results[0][2]


def in_process(root: Path, session: Path, runs: int) -> tuple[float, int, int]:
    from skillkit.core.options import build_options
    from skillkit.platform.inputs import from_loaded
    from skillkit.platform.loading import load_workspace
    from skillkit.platform.session import run_session
    from skillkit.platform.session_file import read_session
    from skillkit.rules import RULESET

    workspace, refused = load_workspace(root, build_options([root], None, None, None, None, registry=RULESET))
    assert not refused, refused[:3]
    sources = from_loaded(workspace)
    spec = read_session(session, session.name)
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        report = run_session(sources, sources.agents[0], spec)
        best = min(best, time.perf_counter() - start)
    events = sum(len(t["calls"]) for t in report.turns)
    refused_calls = sum(1 for t in report.turns for c in t["calls"] if c["verdict"] == "refused")
    return best, events, refused_calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--skills", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "workspace"
        names, tools = generate(root, args.skills)
        session = Path(tmp) / "session.json"
        session_file(session, names, tools, args.turns, args.calls)
        size = session.stat().st_size
        run, run_cpu, code = best_of(args.runs, [*SKILLKIT, "session", str(session), "--workspace", str(root),
                                                 "--format", "json"])
        resolve, resolve_cpu, _ = best_of(args.runs, [*SKILLKIT, "resolve", str(root), "--format", "json",
                                                      "--lock", str(Path(tmp) / "bench.lock")])
        alone, events, refused = in_process(root, session, args.runs)
    print(f"workspace: 1 agent, {args.skills} skills, {TOOLS} tools; session: {args.turns:,} turns x {args.calls} calls "
          f"({events:,} calls, {refused:,} refused, exit {code}; {size / 1e6:.1f} MB of JSON); best of {args.runs}")
    print(f"  skillkit session (the command)  {run * 1000:8.0f} ms wall, {run_cpu * 1000:5.0f} ms CPU   "
          f"{'under' if run < 1 else 'OVER'} a second")
    print(f"  skillkit resolve (the baseline) {resolve * 1000:8.0f} ms wall, {resolve_cpu * 1000:5.0f} ms CPU")
    print(f"  run_session() alone             {alone * 1000:8.0f} ms   {alone / events * 1e6:.1f} us per call")
    print(f"  session / resolve: {run / resolve:.2f}x;  the session's own work: {(run - resolve) * 1000:.0f} ms "
          f"({(run - resolve) / run:.0%} of the command)")


if __name__ == "__main__":
    main()
