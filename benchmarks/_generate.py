"""Realistic generated skills for the benchmarks: all three worlds, real-sized bodies."""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ("review account activity record evidence finding table extract summary report draft plan test "
         "deploy schema query index cache token budget prompt scene weather sword kingdom crown tavern "
         "letter invoice contract policy incident customer ticket release branch commit").split()


def sentence(rng: random.Random, words: int = 12) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def body(rng: random.Random, lines: int) -> str:
    out = [f"# {sentence(rng, 4)[:-1]}", ""]
    for i in range(lines):
        if i % 15 == 0:
            out += ["", f"## Step {i // 15 + 1}", ""]
        out.append(f"- {sentence(rng)}" if i % 3 else sentence(rng, 20))
    out += ["", "See [the reference](references/REFERENCE.md) for the hard cases."]
    return "\n".join(out) + "\n"


def frontmatter(rng: random.Random, name: str, world: int) -> str:
    lines = [f"name: {name}", f"description: {sentence(rng, 18)} Use when the user asks to {rng.choice(WORDS)}."]
    if world == 0:
        lines += ["license: Apache-2.0", "metadata:", "  author: bench", f"  short-description: {sentence(rng, 4)}",
                  "allowed-tools: Read Bash(python:*)", "compatibility: Needs Python 3.11+."]
    elif world == 1:
        lines += ["when: mentioned", f"triggers: [{rng.choice(WORDS)}, {rng.choice(WORDS)}, '/\\b{rng.choice(WORDS)}s?\\b/i']",
                  f"secondaryTriggers: [{rng.choice(WORDS)}]", "matchWholeWords: true", "scanDepth: 3"]
    else:
        lines += [f"version: {rng.randint(1, 9)}", "tools:", f"  - name: tool_{rng.randint(1, 50)}", "    version: 2",
                  "examples:", f"  - situation: {sentence(rng)}", f"    resolution: {sentence(rng)}",
                  f"    reason: {sentence(rng)}", "config: {}"]
    return "\n".join(lines)


def generate(root: Path, count: int, seed: int = 7, tools: int = 50) -> list[Path]:
    """`count` skill folders under root/skills/, and `tools` tool files the platform skills
    reference (so that they resolve); returns the skill folders."""
    rng = random.Random(seed)
    folders = []
    (root / "tools").mkdir(parents=True, exist_ok=True)
    for tool in range(1, tools + 1):  # the tools the platform skills reference, so they resolve
        (root / "tools" / f"tool_{tool}.yaml").write_text(
            f"name: tool_{tool}\nversion: 2\ndescription: Benchmark tool {tool}.\n", encoding="utf-8")
    for index in range(count):
        name = f"skill-{index:05d}"
        folder = root / "skills" / name
        (folder / "references").mkdir(parents=True, exist_ok=True)
        world = index % 3
        (folder / "SKILL.md").write_text(f"---\n{frontmatter(rng, name, world)}\n---\n{body(rng, rng.randint(40, 160))}",
                                         encoding="utf-8")
        (folder / "references" / "REFERENCE.md").write_text(f"# Reference\n\n{sentence(rng, 30)}\n", encoding="utf-8")
        folders.append(folder)
    return folders
