"""`skillkit rules`: every lint rule with its documentation."""

from __future__ import annotations

import enum
import json
import sys
from typing import Optional

import typer

from skillkit.cli.common import COLOR_OPTION, Color, format_option


class Format(str, enum.Enum):
    text = "text"
    json = "json"


def rules(
    rule_id: Optional[str] = typer.Argument(None, help="Show this rule's full documentation."),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help="Only the rules this profile runs."),
    format: Format = format_option(Format.text, "text for people; json (the registry) for machines"),
    as_json: bool = typer.Option(False, "--json", hidden=True, help="Deprecated: --format json."),
    profiles: bool = typer.Option(False, "--profiles", help="List the profiles instead."),
    color: Color = COLOR_OPTION,
) -> None:
    """List lint's rules: id, default severity, world and what each checks."""
    from skillkit.core.errors import UsageError
    from skillkit.core.suggest import did_you_mean
    from skillkit.rules import BY_ID, PROFILES, REGISTRY

    if profiles:
        for p in PROFILES.values():
            typer.echo(f"{p.name:<14} {p.summary}")
        return
    if rule_id is not None:
        if rule_id not in BY_ID:
            raise UsageError(f"unknown rule id {rule_id!r}{did_you_mean(rule_id, BY_ID)}; `skillkit rules` lists them")
        rule = BY_ID[rule_id]
        typer.echo(f"{rule.id} ({rule.severity}, {rule.world})\n\n{rule.doc}")
        return
    if profile is not None and profile not in PROFILES:
        raise UsageError(f"unknown profile {profile!r}{did_you_mean(profile, PROFILES)}; "
                         f"choose from {', '.join(PROFILES)}")
    chosen = [r for r in REGISTRY if profile is None or PROFILES[profile].applies(r)]
    if as_json or format is Format.json:
        typer.echo(json.dumps([{"id": r.id, "severity": str(r.severity), "world": r.world, "summary": r.summary,
                                "doc": r.doc} for r in chosen], indent=2))
        return
    from rich.table import Table
    from rich.text import Text

    from skillkit.reporters.text import console_for

    table = Table("id", "severity", "world", "summary", box=None, pad_edge=False)
    for r in chosen:  # Text, not markup: docs hold brackets like `[a]: x`
        table.add_row(Text(r.id), Text(str(r.severity)), Text(r.world), Text(r.summary))
    console_for(sys.stdout, color.flag(), soft_wrap=False).print(table)
    typer.echo("\n`skillkit rules ID` shows a rule's whole documentation.")
