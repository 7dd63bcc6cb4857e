"""skillkit's CPU time against the peers' on the repositories of the differential.

Each command runs on every checkout (`lint .` or the peer's own whole-tree command, see
_peers.py), back to back, in turns (skillkit, then each peer, then the next repository),
`--runs` times; a command's figure for a repository is its median CPU (user + system of the
process and its children). The whole set is the sum. Goal: skillkit below agnix (a Rust
linter that reads bundled files, as skillkit does). skills-ref (its Python API, SKILL.md
only), skillcheck and skillsaw are reported too. The peers are installed into a temporary
virtual environment first; one that cannot be installed is reported, never left out silently.
skillkit's own modules are compiled to bytecode first, as an installed skillkit has them.

Run: python benchmarks/bench_peers.py --repos DIR [--runs 3] [--only agnix]
DIR holds one checkout per repository, named owner+name (benchmarks/differential.md lists
them with their commits); the search tool's fetch brings them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _peers import REPOSITORIES, checkout, compile_skillkit, install_peers, measured, skillkit_argv  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repos", type=Path, required=True, help="folder of owner+name checkouts")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="peers to run, comma-separated (default: all); skillkit always runs")
    args = parser.parse_args()
    present = [(name, checkout(args.repos, name)) for name, _, _ in REPOSITORIES if checkout(args.repos, name).is_dir()]
    missing = [name for name, _, _ in REPOSITORIES if not checkout(args.repos, name).is_dir()]
    with tempfile.TemporaryDirectory(prefix="skillkit-peers-") as scratch:
        peers = install_peers(Path(scratch) / "venv", args.only.split(",") if args.only else None)
        compile_skillkit()
        commands = {"skillkit": skillkit_argv(), **{p.name: p.argv for p in peers if p.argv is not None}}
        times: dict[str, dict[str, list[float]]] = {tool: {} for tool in commands}
        for turn in range(args.runs):
            for name, folder in present:
                for tool, argv in commands.items():
                    used, _, _ = measured(argv, folder)
                    times[tool].setdefault(name, []).append(used)
            print(f"turn {turn + 1} of {args.runs} done", file=sys.stderr)
    total = {tool: sum(statistics.median(runs) for runs in per.values()) for tool, per in times.items()}
    print(f"{len(present)} repositories" + (f" ({len(missing)} not found: {', '.join(missing)})" if missing else ""))
    print(f"{'repository':40}" + "".join(f"{tool:>12}" for tool in commands))
    for name, _ in present:
        print(f"{name:40}" + "".join(f"{statistics.median(times[tool][name]):>12.2f}" for tool in commands))
    print(f"{'CPU seconds, the whole set':40}" + "".join(f"{total[tool]:>12.2f}" for tool in commands))
    for peer in peers:
        if peer.argv is None:
            print(f"{peer.name}: {peer.why}")
    if "agnix" in total:
        print(f"skillkit / agnix: {total['skillkit'] / total['agnix']:.2f} (goal < 1.00)")


if __name__ == "__main__":
    main()
