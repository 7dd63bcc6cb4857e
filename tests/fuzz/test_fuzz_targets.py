"""Every reader and every fuzzed command, fed mutated fixtures (tests/fuzz/strategies.py), under a
time and memory guard. Few examples each, so the whole fuzz suite stays within the normal test
run's time; `python benchmarks/fuzz_long.py --minutes N` runs the same targets for longer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.strategies import TARGETS, Target

FAST = settings(max_examples=25, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_fuzzed_input_ends_in_a_value_a_finding_or_a_clear_refusal(target: Target) -> None:
    FAST(given(target.strategy)(target.check))()
