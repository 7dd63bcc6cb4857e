"""`skillkit import`: lorebook entries (World Info, character cards) -> skill folders."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from typing import Optional

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option, output_option
from skillkit.reporters.formats import IMPORT
from skillkit.reporters.registry import choices, reporter


Format = choices("Format", IMPORT)  # text, json


def import_(
    file: Path = typer.Argument(..., help="A SillyTavern World Info JSON file, or a Character Card V2/V3 "
                                "with a lorebook: JSON, or PNG with the card in its `chara`/`ccv3` chunk; `-`: "
                                "standard input."),
    output: Optional[Path] = output_option("Folder the skill folders go into (default: skills/, in the --config "
                                           "file's workspace when given)", False, None, "--dir", "-d"),
    force: bool = typer.Option(False, "--force", help="Overwrite the SKILL.md of skill folders that already exist."),
    format: Format = format_option(Format.text, "text for people; json for machines"),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """Turn a lorebook's entries into skill folders (`when: mentioned`, keys as triggers) and
    report what each kept and what a skill cannot carry (position, order, recursion, groups, ...).

    Constant entries become `when: always`; disabled and empty entries are skipped and listed.
    Fields are read as SillyTavern reads them: a card book's own `scan_depth` and an entry's
    top-level `case_sensitive` are ignored, an entry without `selective` has no secondary keys,
    a card entry without `enabled` is disabled. Names are titles (else first keys)
    transliterated to ASCII. A card also gets `scenes/<card>.yaml` (beside a `skills/` output
    folder, else inside it) linking its skills with `char` and `user` set.
    Everything is written to a staging folder and linted first, so a failure writes nothing.

    Exit 0 when imported, 2 when the file cannot be used (not JSON, a PNG without a card, a card
    without a lorebook) or a skill folder already exists (use --force).

    Examples: `skillkit import world.json`, `skillkit import card.png -o skills/ --format json`.
    """
    from skillkit.authoring.importers import MAX_IMPORT_BYTES
    from skillkit.authoring.importing import import_file
    from skillkit.cli.common import workspace_of
    from skillkit.cli.streams import readable

    top = workspace_of(config)  # read even beside -o: a named settings file that cannot be read stops the run
    into = output if output is not None else top / "skills"
    with readable(file, MAX_IMPORT_BYTES) as source:
        result = import_file(source, into, force)
    chosen = reporter(IMPORT, format.value)
    if chosen.machine or not quiet:  # --quiet drops the report for people only
        chosen.load()(result, sys.stdout, color.flag())
    raise typer.Exit(0)
