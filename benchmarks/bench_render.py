"""Render speed: a 5,000-message transcript with 200 linked skills, tokens counted exactly.

Measured against baselines in the same run, best of N:
- in process: the render core (assembly, budget, exact counts) against activation alone
  (`simulate()` over the transcript) and against counting every message once; and render's
  own activation (`activate_turn`: the rendered turn judged, the turns before walked for the
  picked skills' state only) against `simulate()`, with the same verdicts;
- one process each: `skillkit lint` of the same workspace (reading the skills, which every
  command pays), `skillkit render --tokenizer estimate`, and `skillkit render` (o200k_base).
Goal: the render core at most 0.25x activation; render's one-turn activation at most 0.6x
simulate's (here a third of the skills are picked and close when unmentioned, so their state
is judged on every turn while open; the rest cost only the rendered turn); exact counting at most 0.5 s over the estimate (loading the encoding, once per process).

Run: python benchmarks/bench_render.py [--messages 5000] [--skills 200] [--runs 5]
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
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _generate import WORDS, body, sentence  # noqa: E402

SKILLKIT = [sys.executable, "-m", "skillkit"]


def workspace(root: Path, skills: int, rng: random.Random) -> list[str]:
    names = []
    for index in range(skills):
        name = f"skill-{index:03d}"
        when = ("always", "mentioned", "picked")[index % 3] if index % 20 else "always"
        lines = [f"name: {name}", f"description: {sentence(rng, 14)}", f"when: {when}"]
        if when != "always":
            lines += [f"triggers: [{rng.choice(WORDS)}, {rng.choice(WORDS)}]", "scanDepth: 3"]
        if when == "picked":
            lines += ["closeWhenUnmentioned: true"]
        text = body(rng, rng.randint(5, 25)).replace("Step 1", "Step for {{user}}")
        (root / "skills" / name).mkdir(parents=True)
        (root / "skills" / name / "SKILL.md").write_text(f"---\n{chr(10).join(lines)}\n---\n{text}", encoding="utf-8")
        names.append(name)
    (root / "scenes").mkdir()
    (root / "scenes" / "bench.yaml").write_text(
        f"skills: [{', '.join(names)}]\nvariables: {{user: Alice, char: Bob}}\nbudget: {{context: 128000, response: 4096}}\n"
        "preset:\n  - {content: 'You are {{char}}.', slot: main}\n  - {marker: skills, role: system}\n"
        "  - {marker: history}\n", encoding="utf-8")
    return names


def transcript(path: Path, count: int, names: list[str], rng: random.Random) -> None:
    messages: list[dict] = [{"role": "system", "content": "A long benchmark chat."}]
    call = 0
    while len(messages) < count - 1:
        messages.append({"role": "user", "content": sentence(rng, rng.randint(8, 60))})
        if rng.random() < 0.05:
            call += 1
            args = json.dumps({"name": rng.choice(names)})
            messages.append({"role": "assistant", "content": "", "tool_calls": [
                {"id": f"c{call}", "type": "function", "function": {"name": "open_skill", "arguments": args}}]})
            messages.append({"role": "tool", "tool_call_id": f"c{call}", "content": "Opened."})
        messages.append({"role": "assistant", "content": sentence(rng, rng.randint(10, 80))})
    messages.append({"role": "user", "content": "And the crown?"})
    path.write_text(json.dumps(messages[:count]), encoding="utf-8")


def in_process(root: Path, chat: Path, runs: int) -> None:
    """The render core alone (assembly, budget, exact counts) against counting every message once
    (render counts history only until the budget is full)."""
    from skillkit.cli.library import read_library
    from skillkit.studio.activation_turn import activate_turn
    from skillkit.studio.render import TurnView, render_turn
    from skillkit.studio.scene_adapter import scene_for
    from skillkit.tokens import get_counter

    @dataclass(frozen=True)
    class Message:
        role: str
        text: str
        index: int

    from skillkit.studio.activation import simulate
    from skillkit.transcripts import load_transcript

    raw = json.loads(chat.read_text(encoding="utf-8"))
    messages = [Message(m["role"], m.get("content") or "", i) for i, m in enumerate(raw)]
    skills = list(read_library(root).skills)
    scene = scene_for(root / "scenes" / "bench.yaml", skills)
    loaded = load_transcript(chat, chat.name)
    activation_times, one_turn_times = [], []
    for _ in range(runs):
        start = time.perf_counter()
        every = simulate(skills, scene.scene, loaded)
        activation_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        one, _ = activate_turn(skills, scene.scene, loaded, None)
        one_turn_times.append(time.perf_counter() - start)
        if one.verdicts != every.turns[-1].verdicts:
            raise SystemExit("FAIL: render's one-turn activation differs from simulate's last turn")
    counter = get_counter("o200k_base")
    counter.count("warm up")  # the encoding's one-time load is not what is measured here
    turn = TurnView(len(messages), len(messages) - 1, tuple(s.id for s in scene.linked))
    render_times, count_times = [], []
    for _ in range(runs):
        start = time.perf_counter()
        result = render_turn(linked=scene.linked, scene=scene.view, messages=messages, turn=turn, overrides={},
                             context=None, counter=counter)
        render_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        for text in [*(m.text for m in messages), result.skills_block or ""]:
            counter.count(text)
        count_times.append(time.perf_counter() - start)
    core, floor, activation = min(render_times), min(count_times), min(activation_times)
    print(f"  in process: render core {core * 1000:.0f} ms (every linked skill on, {result.budget.used['Skills']:,} "
          f"Skills tokens, {len(result.budget.kept):,} messages kept)")
    print(f"    activation alone {activation * 1000:.0f} ms: render core / activation {core / activation:.2f} "
          f"(goal <= 0.25)")
    print(f"    counting every message {floor * 1000:.0f} ms: render core / that {core / floor:.2f}")
    one_turn = min(one_turn_times)
    print(f"  render's activation (one turn) {one_turn * 1000:.0f} ms, simulate (every turn) {activation * 1000:.0f} ms: "
          f"{one_turn / activation:.2f}x (goal <= 0.6), same verdicts")
    if one_turn > 0.6 * activation:
        raise SystemExit("FAIL: render's one-turn activation is more than 0.6x simulate's")


def best_of(runs: int, command: list[str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        times.append(time.perf_counter() - start)
        if done.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--skills", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-processes", dest="processes", action="store_false",
                        help="Only the in-process measurement (no simulate needed).")
    args = parser.parse_args()
    rng = random.Random(11)
    root = Path(tempfile.mkdtemp(prefix="skillkit-bench-render-"))
    try:
        names = workspace(root, args.skills, rng)
        chat = root / "chat.json"
        transcript(chat, args.messages, names, rng)
        scene = str(root / "scenes" / "bench.yaml")
        print(f"{args.messages:,} messages, {args.skills} skills:")
        in_process(root, chat, args.runs)
        if not args.processes:
            return
        lint = best_of(args.runs, [*SKILLKIT, "lint", "--format", "json", str(root)])
        common = [str(chat), "--scene", scene, "--skills", str(root), "--format", "json"]
        estimate = best_of(args.runs, [*SKILLKIT, "render", *common, "--tokenizer", "estimate"])
        exact = best_of(args.runs, [*SKILLKIT, "render", *common])
        print(f"  one process each, best of {args.runs}:")
        print(f"    skillkit lint      {lint:6.2f}s")
        print(f"    render (estimate)  {estimate:6.2f}s")
        print(f"    render (o200k)     {exact:6.2f}s   +{exact - estimate:.2f}s over the estimate (goal <= 0.50), "
              f"{exact / lint:.2f}x lint")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
