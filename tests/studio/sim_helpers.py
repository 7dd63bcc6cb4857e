"""Simulate a fixture transcript against a fixture workspace, through the public API."""

from __future__ import annotations

from skillkit.core.pipeline import Options, run
from skillkit.rules import RULESET
from skillkit.studio.activation import Simulation, simulate
from skillkit.studio.scene import default_scene, load_scene
from skillkit.transcripts import load_transcript
from tests.conftest import FIXTURES


def simulation(workspace: str, transcript: str, scene: str | None = None, **kwargs) -> Simulation:
    root = FIXTURES / "studio" / workspace
    skills = [s for w in run([root / "skills"], Options(RULESET)).workspaces for s in w.skills]
    chosen = load_scene(root / "scenes" / scene) if scene else default_scene(skills)
    return simulate(skills, chosen, load_transcript(FIXTURES / "transcripts" / transcript), **kwargs)


def grid(sim: Simulation) -> dict[str, str]:
    """Skill name -> one character per turn: 1 on, 0 off."""
    return {s.name: "".join("1" if t.verdicts[i].on else "0" for t in sim.turns) for i, s in enumerate(sim.skills)}


def reasons(sim: Simulation, name: str) -> list[str]:
    index = [s.name for s in sim.skills].index(name)
    return [t.verdicts[index].reason for t in sim.turns]
