"""Run one skillkit command under a time and memory guard.

In a subprocess (`measured`) when the peak RSS must be the command's own: the child runs the real
entry point and reports its CPU seconds and peak RSS (`resource`, in its own process) on a pipe.
CPU time rather than wall time, so a busy machine does not fail a bound the code keeps. Peak
RSS is the child's VmHWM where Linux has it: `resource`'s ru_maxrss survives exec, so a child
forked from a big pytest process would report pytest's peak.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAX_SECONDS = 2.0
MAX_RSS_MB = 200

_CHILD = r"""
import json, os, resource, sys, time
sys.argv = ["skillkit", *sys.argv[2:]]
from skillkit.cli.app import main
start = resource.getrusage(resource.RUSAGE_SELF)
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else 0
end = resource.getrusage(resource.RUSAGE_SELF)
rss_mb = end.ru_maxrss / 1024
try:  # ru_maxrss keeps the forking parent's (pytest's) peak across exec; VmHWM is this image's own
    with open("/proc/self/status") as status:
        rss_mb = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:")) / 1024
except (OSError, StopIteration):
    pass
report = {"code": code, "cpu": (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime),
          "rss_mb": rss_mb}
with open(REPORT, "w") as handle:
    json.dump(report, handle)
"""


@dataclass
class Measured:
    code: int
    stdout: str
    stderr: str
    cpu: float       # seconds the command itself took (imports excluded)
    rss_mb: float    # the child's peak resident set

    def check(self, codes: tuple[int, ...] = (1, 2)) -> "Measured":
        """The crafted-case contract: a finding or a clear refusal, no traceback, bounded."""
        assert self.code in codes, (self.code, self.stdout[-2000:], self.stderr[-2000:])
        assert "Traceback" not in self.stderr and "internal error" not in self.stderr, self.stderr[-2000:]
        assert self.cpu < MAX_SECONDS, f"{self.cpu:.2f} s of CPU"
        assert self.rss_mb < MAX_RSS_MB, f"{self.rss_mb:.0f} MB peak RSS"
        return self


def measured(*args: str | os.PathLike[str], cwd: Path, timeout: float = 60) -> Measured:
    """`skillkit ARGS` in a fresh interpreter; its own CPU time and peak RSS."""
    handle, name = tempfile.mkstemp(suffix=".json")
    os.close(handle)
    report = Path(name)
    report.write_text("")
    code = _CHILD.replace("REPORT", repr(str(report)))
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code, "skillkit", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout, errors="replace")
    text = report.read_text()
    data = json.loads(text) if text else {"code": done.returncode, "cpu": 0.0, "rss_mb": 0.0}
    report.unlink(missing_ok=True)
    return Measured(data["code"], done.stdout, done.stderr, data["cpu"], data["rss_mb"])


# Issue 22's bar for every reproduction: an exit of 0, 1 or 2 with a message, within WALL_SECONDS
# and under BOUND_RSS_MB of peak resident memory, the child's address space capped at AS_CAP_MB
# so a regression cannot take the machine with it.
WALL_SECONDS = 10.0
BOUND_RSS_MB = 300
AS_CAP_MB = 2048
KILL_SECONDS = 6 * WALL_SECONDS  # wall time: generous, as a loaded machine runs slowly

_CAPPED = r"""
import resource
_cap = CAP_MB * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (_cap, _cap))
"""


@dataclass
class Bounded(Measured):
    wall: float = 0.0

    def within(self, codes: tuple[int, ...] = (0, 1, 2)) -> "Bounded":
        assert self.code in codes, (self.code, self.stdout[-2000:], self.stderr[-2000:])
        assert "Traceback" not in self.stderr and "internal error" not in self.stderr, self.stderr[-2000:]
        assert (self.stdout + self.stderr).strip(), "no message at all"
        # CPU seconds: on a machine shared by many runs wall time measures the others' load;
        # a hang, which takes no CPU, is caught by the wall-clock kill in `bounded`.
        assert self.cpu < WALL_SECONDS, f"{self.cpu:.1f} s of CPU ({self.wall:.1f} s wall)"
        assert self.rss_mb < BOUND_RSS_MB, f"{self.rss_mb:.0f} MB peak RSS"
        return self


def bounded(*args: str | os.PathLike[str], cwd: Path, stdin: Path | None = None,
            cap_mb: int = AS_CAP_MB, env: dict[str, str] | None = None) -> Bounded:
    """`skillkit ARGS` in a fresh interpreter whose address space is capped at `cap_mb`, killed
    past KILL_SECONDS of wall time (a hang fails the test, never the suite); its exit code, output,
    wall time and peak RSS. `stdin`: a file given as standard input."""
    import time

    handle, name = tempfile.mkstemp(suffix=".json")
    os.close(handle)
    report = Path(name)
    report.write_text("")
    code = _CAPPED.replace("CAP_MB", str(cap_mb)) + _CHILD.replace("REPORT", repr(str(report)))
    environment = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONPATH": str(REPO), **(env or {})}
    started = time.monotonic()
    source = open(stdin, "rb") if stdin is not None else subprocess.DEVNULL
    try:
        done = subprocess.run([sys.executable, "-c", code, "skillkit", *map(str, args)], cwd=cwd, env=environment,
                              capture_output=True, text=True, timeout=KILL_SECONDS, errors="replace",
                              stdin=source)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"skillkit {' '.join(map(str, args))} ran past {KILL_SECONDS:g} s") from exc
    finally:
        if stdin is not None:
            source.close()  # type: ignore[union-attr]
    wall = time.monotonic() - started
    text = report.read_text()
    data = json.loads(text) if text else {"code": done.returncode, "cpu": 0.0, "rss_mb": 0.0}
    report.unlink(missing_ok=True)
    return Bounded(data["code"], done.stdout, done.stderr, data["cpu"], data["rss_mb"], wall)
