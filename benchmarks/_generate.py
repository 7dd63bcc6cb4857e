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


def _prose(rng: random.Random, lines: int, links: list[str]) -> list[str]:
    """Markdown as published skills write it: headings, paragraphs, lists, a table, code fences,
    and links to the given files spread through it."""
    out: list[str] = []
    pending = list(links)
    i = 0
    while i < lines:
        shape = rng.random()
        if i % 40 == 0:
            out += ["", f"## {sentence(rng, 4)[:-1]}", ""]
            i += 3
        elif shape < 0.08:
            out += ["```python", *(f"    {rng.choice(WORDS)}_{n} = run({rng.choice(WORDS)!r})" for n in range(6)), "```"]
            i += 8
        elif shape < 0.12:
            out += ["| field | meaning |", "|---|---|", *(f"| `{rng.choice(WORDS)}` | {sentence(rng, 6)} |"
                                                     for _ in range(4))]
            i += 6
        elif pending and shape < 0.30:
            target = pending.pop()
            out.append(f"- For {rng.choice(WORDS)}, read [{target.rsplit('/', 1)[-1]}]({target}) first.")
            i += 1
        else:
            out.append(f"- {sentence(rng)}" if shape < 0.65 else sentence(rng, 24))
            i += 1
    out += [f"- See [{t.rsplit('/', 1)[-1]}]({t})." for t in pending]
    return out


def generate_collection(root: Path, count: int, seed: int = 11) -> list[Path]:
    """`count` Agent Skills shaped like the published collections: bodies of 50 to 1,200 lines,
    0 to 30 reference files each (linked from the body, some linking each other), scripts, a
    `metadata` block, and a third of them under a hidden `.claude/skills/` folder. Every skill
    is valid. Returns the skill folders."""
    rng = random.Random(seed)
    (root / ".git").mkdir(parents=True, exist_ok=True)  # the repository's top, as in a checkout
    folders = []
    for index in range(count):
        name = f"skill-{index:05d}"
        folder = root / (".claude/skills" if index % 3 == 2 else "skills") / name
        (folder / "references").mkdir(parents=True, exist_ok=True)
        references = [f"references/{rng.choice(WORDS)}-{n}.md" for n in range(min(30, int(rng.expovariate(1 / 6))))]
        for n, ref in enumerate(references):
            onward = [f"{Path(references[n + 1]).name}"] if n + 1 < len(references) and rng.random() < 0.2 else []
            text = [f"# {sentence(rng, 3)[:-1]}", "", *_prose(rng, rng.randint(20, 300), onward)]
            (folder / ref).write_text("\n".join(text) + "\n", encoding="utf-8")
        if rng.random() < 0.4:
            (folder / "scripts").mkdir()
            (folder / "scripts" / "run.py").write_text(
                "import sys\n\n\ndef main() -> int:\n    print(sys.argv)\n    return 0\n", encoding="utf-8")
            references.append("scripts/run.py")
        lines = min(1200, 50 + int(rng.expovariate(1 / 220)))
        frontmatter_text = "\n".join([
            f"name: {name}",
            f"description: {sentence(rng, 22)} Use when the user asks to {rng.choice(WORDS)} a {rng.choice(WORDS)}.",
            "license: MIT", "metadata:", "  author: bench", '  version: "1.2.0"',
            f"  tags: {rng.choice(WORDS)}, {rng.choice(WORDS)}"])
        body_lines = [f"# {sentence(rng, 4)[:-1]}", "", *_prose(rng, lines, references)]
        (folder / "SKILL.md").write_text(f"---\n{frontmatter_text}\n---\n\n" + "\n".join(body_lines) + "\n",
                                         encoding="utf-8")
        folders.append(folder)
    return folders
