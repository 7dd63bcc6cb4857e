"""The peers and the repositories of the differential (benchmarks/differential.md), shared by
bench_peers.py (time) and differential.py (findings).

The repositories are public checkouts the caller brings (`--repos DIR`, one folder per
repository named `owner+name`, each a git checkout of the commit below); nothing here
fetches them. The peers are installed from the package registries into a temporary
virtual environment, pinned as pyproject.toml's `bench` extra pins them; a peer that cannot
be installed is reported as such and left out of the comparison, never skipped silently.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

# owner/name, the commit checked, and what kind of repository it is
REPOSITORIES: tuple[tuple[str, str, str], ...] = (
    ("AzureAD/android-complete", "2e68132157fab69223b29a955f466a5e7825ef4d", "Copilot .github/skills beside a plugin"),
    ("CloudDevCrusader/riddle-rush-mono-repo", "08768c4a8892ea9bee975695968262e422107af9",
     "monorepo, Codex .agents/skills"),
    ("GovTechSG/sgds-web-component", "18a1b57b9b18a68f9a621f066b83e42c0c56ab4e",
     "monorepo: skills/, .github/skills, .claude/commands links"),
    ("RyanMacMillanSoftware/chris", "4a5af032c9a35a1781b7606433e8aac66faab6f1", "Claude Code project, skills/"),
    ("UiPath/skills", "b1206c8b6f9a15589d1d9c30116c4d006e4e9fc2", "plugin marketplace, preview/ and build fragments"),
    ("alemar11/skills", "6796ecb4b1ad17c6df7e8782a75df396f8acfc31", "Codex collection, agents/openai.yaml, plugins"),
    ("editframe/skills", "4bd227a8f3e2340b15dac177f5a14694f76fa1a9", "skills at the repository's top"),
    ("jk-kim0/skills-jk", "6e38a6750c0d5bc9ddba4d680a04e8e209fe3a8a", "Korean; .hermes/skills packs"),
    ("kouko/monkey-skills", "9b8f2b7db3454f7e571aa7df392b5da47c6ac28a", "Japanese and Chinese; plugin marketplace"),
    ("liasica/harmonyos-skills", "e0742af26779ce4a4db65a95589261207f36a5ce", "Chinese; one skill of 12,000 pages"),
    ("modelstudioai/skills", "62167f8234eeb8b37d2a704da2ec74fb36c65486", "Chinese; vendor documentation bundle"),
    ("munlucky/moon-bot", "b0a5c49b88288febb7f112a88713e3906683966f", "Korean; Claude Code .claude/skills"),
    ("oomol-lab/skills", "d4aeb090f545dacf425fd0bde7dbd44937bfa34a", "1,051 generated skills"),
    ("richfrem/agent-plugins-skills", "760756b7da15eb6cdc01cec7ccf32d79f53547f0",
     "plugin marketplace, 554 links"),
    ("terrylica/cc-skills", "265421d2dad27dc034dc395a973e4c0f1acd8762", "plugin marketplace, 44 plugins"),
)

# name -> (the pip requirement, how to run it on a checkout: argv after the venv's bin/)
PEERS: dict[str, tuple[str, list[str]]] = {
    "agnix": ("agnix==0.59.3", ["agnix", "--format", "json", "."]),
    "skillcheck": ("skillcheck==1.5.0", ["skillcheck", "--format", "json", "."]),
    "skillsaw": ("skillsaw==0.22.0", ["skillsaw", "lint", "--format", "json", "--no-progress", "."]),
    "skills-ref": ("skills-ref==0.1.1", ["python", "-c", "SKILLS_REF", "."]),
}
# skills-ref has a library, not a command for a whole tree: validate() on every folder with a SKILL.md
SKILLS_REF = """
import json, os, sys
from pathlib import Path
from skills_ref import validate
found = {}
for root, dirs, files in os.walk(sys.argv[1]):
    dirs[:] = [d for d in dirs if d != ".git"]
    if "SKILL.md" in files:
        found[os.path.relpath(root, sys.argv[1])] = validate(Path(root))
print(json.dumps(found))
"""


@dataclass
class Peer:
    name: str
    argv: list[str] | None  # None: it could not be installed
    why: str = ""


def checkout(repos: Path, repository: str) -> Path:
    return repos / repository.replace("/", "+")


def install_peers(into: Path, only: list[str] | None = None) -> list[Peer]:
    """A virtual environment in `into` with every peer it can install (or those of `only`),
    one pip run each."""
    venv.EnvBuilder(with_pip=True).create(into)
    binary = into / ("Scripts" if os.name == "nt" else "bin")
    peers = []
    for name, (requirement, argv) in PEERS.items():
        if only is not None and name not in only:
            continue
        done = subprocess.run([str(binary / "python"), "-m", "pip", "install", "-q", requirement],
                              capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
            peers.append(Peer(name, None, f"could not be installed ({requirement}): {last}"))
            continue
        command = [str(binary / argv[0]), *argv[1:]]
        peers.append(Peer(name, [c if c != "SKILLS_REF" else SKILLS_REF for c in command]))
    return peers


def compile_skillkit() -> None:
    """skillkit's modules compiled to bytecode before anything is timed, as installing it
    leaves them (pip compiles a wheel's modules at install time). An editable checkout run
    with PYTHONDONTWRITEBYTECODE set (as this machine's shells have it) never writes them
    and compiles its ~110 modules from source on every run instead: 0.12 s of CPU a run,
    a cost no installed skillkit pays. compileall leaves fresh bytecode as it is."""
    import compileall

    import skillkit

    compileall.compile_dir(str(Path(skillkit.__file__).parent), quiet=1)


def skillkit_argv() -> list[str]:
    return [sys.executable, "-m", "skillkit", "lint", "--no-cache", "--format", "json", "."]


def measured(argv: list[str], cwd: Path, timeout: float = 1800) -> tuple[float, int, bytes]:
    """(user + system CPU seconds of the command and everything it waited for, its exit
    code, its stdout): the children's resource use read before and after it ran. CPU, not
    wall: the machine is shared, and wall time says more about the neighbours."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
        out, _ = process.communicate(timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, process.returncode, out
