"""The README's "Clients and `pack --target`" examples, run as written: each `$ skillkit ...`
line through the real CLI (a `$ cat FILE` line reads the file), its standard output compared
with the lines under it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import REPO

SECTION = "## Clients and `pack --target`"


def examples() -> list[tuple[str, str]]:
    """(command, output) for each `$ ` line of the section's console blocks."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", 1)]
    found: list[tuple[str, str]] = []
    for block in section.split("```console\n")[1:]:
        lines = block[:block.index("```")].splitlines()
        for line in lines:
            if line.startswith("$ "):
                found.append((line[2:], ""))
            else:
                command, output = found[-1]
                found[-1] = (command, output + line + "\n")
    return found


def test_the_section_has_its_examples() -> None:
    assert [command.split()[:2] for command, _ in examples()] == [["skillkit", "pack"], ["cat", "dist/codex/.agents"
                                                                  "/skills/deploy/agents/openai.yaml"],
                                                                 ["skillkit", "lint"]]


def test_the_examples_print_what_the_readme_says(tmp_path: Path) -> None:
    """Through the README's own runner (tests/console.py), so the section reads as a terminal
    shows it: standard output and error interleaved, as tests/test_readme.py holds every block."""
    from tests import console

    shutil.copytree(REPO / "fixtures" / "pack" / "intents", tmp_path / "fixtures" / "pack" / "intents")
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.index(SECTION)
    end = text.index("\n## ", section + 1)
    for block in console.blocks(text):
        if section < len("\n".join(text.splitlines()[:block.line])) < end:
            for outcome in console.run_block(block, tmp_path):
                assert outcome.ok, (outcome.step.command, outcome.actual)
