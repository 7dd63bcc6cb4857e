"""Deeper fuzzing than the test suite's: the same targets (tests/fuzz/strategies.py), each for its
share of N minutes, with random seeds and as many examples as fit.

    python benchmarks/fuzz_long.py --minutes 10 [--only "pack zip"]

Prints each target's examples run; exits 1 at the first failure, with hypothesis's minimal
failing example (reproduce it by name: `--only NAME --seed SEED`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from tests.fuzz.strategies import TARGETS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--only", help="run only the target of this name")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    targets = [t for t in TARGETS if args.only in (None, t.name)]
    if not targets:
        parser.error(f"no target {args.only!r}; targets: {', '.join(t.name for t in TARGETS)}")
    share = args.minutes * 60 / len(targets)
    for target in targets:
        ends = time.monotonic() + share
        runs = 0
        while time.monotonic() < ends:
            run_seed = args.seed if args.seed is not None else random.randrange(2**32)
            batch = settings(max_examples=200, deadline=None, database=None,
                             suppress_health_check=list(HealthCheck))
            try:
                seed(run_seed)(batch(given(target.strategy)(target.check)))()
            except Exception:
                print(f"FAIL {target.name} (--only {target.name!r} --seed {run_seed})", flush=True)
                raise
            runs += 200
        print(f"ok   {target.name}: {runs:,} examples in {share:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
