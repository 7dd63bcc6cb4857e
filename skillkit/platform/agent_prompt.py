"""An agent's assembled instructions at the start of a turn (seed 003, "Preloaded skills"):
"Its guidance follows the agent's prompt in the agent's instructions", and "the tools it lists
are offered from the turn's first model call".

The instructions are the agent's `prompt`, then, for each preloaded skill in the order of
`skills`, its guidance: a `## <skill>` heading over its instructions and, when it has examples,
an `Examples:` list (situation, resolution, reason). Parts are stripped and joined by a blank
line. A preload that failed, or whose version's instructions the workspace does not hold, adds
nothing and says why. The tools are those offered at the turn's first model call: the agent's
own, then the ones its preloads (and, in a session, earlier turns' loads) made available.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skillkit.platform.invocation import Invocation


@dataclass(frozen=True)
class AgentInstructions:
    agent: str
    turn: int
    instructions: str
    preloads: tuple[tuple[str, object], ...]      # (skill, version) of each preload whose guidance is in
    tools: tuple[tuple[str, object, str], ...]    # (name, version, from) offered from the first model call
    notes: tuple[str, ...]                        # why a preload adds nothing
    failed: bool = False                          # a preload failed (the turn's load fails)

    def as_json(self, tokens: int) -> dict[str, Any]:
        return {"agent": self.agent, "instructions": self.instructions,
                "preloads": [{"skill": s, "version": v} for s, v in self.preloads],
                "tools": [{"name": n, "version": v} for n, v, _ in self.tools], "tokens": tokens}


def example_lines(example: Mapping[str, Any]) -> list[str]:
    lines = [f"- Situation: {str(example.get('situation', '')).strip()}",
             f"  Resolution: {str(example.get('resolution', '')).strip()}"]
    if example.get("reason"):
        lines.append(f"  Reason: {str(example['reason']).strip()}")
    return lines


def guidance_text(skill: str, instructions: str, examples: Sequence[Mapping[str, Any]]) -> str:
    """One preloaded skill's part of the agent's instructions."""
    text = f"## {skill}\n{instructions.strip()}"
    if examples:
        text += "\n\nExamples:\n" + "\n".join(line for e in examples for line in example_lines(e))
    return text


def assemble(agent: str, prompt: str, number: int, invocation: Invocation) -> AgentInstructions:
    """The instructions and tools of `invocation` once it has started (its preloads loaded)."""
    parts = [prompt.strip()] if prompt.strip() else []
    preloads: list[tuple[str, object]] = []
    notes: list[str] = []
    for preload in invocation.preloads:
        name, version = preload["skill"], preload["version"]
        returns = preload.get("returns")
        if preload["verdict"] != "done":
            notes.append(f"the preload of skill {name!r} fails: {preload['reason']}")
        elif returns is None or returns["instructions"] is None:
            notes.append(f"preloaded skill {name!r} version {version}: the workspace does not hold that version's "
                         f"instructions (only its file's version), so its guidance is left out")
        else:
            parts.append(guidance_text(name, returns["instructions"], returns["examples"]))
            preloads.append((name, version))
    tools = tuple((e.name, e.version.raw, e.source) for e in invocation.merge.effective()) \
        if invocation.calls_tools else ()
    failed = any(p["verdict"] != "done" for p in invocation.preloads)
    return AgentInstructions(agent, number, "\n\n".join(parts), tuple(preloads), tools, tuple(notes), failed)
