"""The README's "Clients and `pack --target`" examples, run as written: each `$ skillkit ...`
line through the real CLI (a `$ cat FILE` line reads the file), its standard output compared
with the lines under it."""

from __future__ import annotations

import shlex
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


def test_the_examples_print_what_the_readme_says(cli, tmp_path: Path) -> None:
    shutil.copytree(REPO / "fixtures" / "pack" / "intents", tmp_path / "fixtures" / "pack" / "intents")
    for command, expected in examples():
        words = shlex.split(command)
        if words[0] == "cat":
            assert (tmp_path / words[1]).read_text(encoding="utf-8") == expected, command
            continue
        outcome = cli(*words[1:], cwd=tmp_path)
        assert outcome.code == 0, (command, outcome.stderr)
        assert outcome.stdout == expected, command
