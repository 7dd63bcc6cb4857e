"""`skillkit rules`: every lint rule with its documentation."""

from __future__ import annotations

from typing import Optional

import typer

from pathlib import Path

from skillkit.cli.common import COLOR_OPTION, CONFIG_OPTION, QUIET_OPTION, Color, format_option, report_option
from skillkit.reporters.formats import RULES
from skillkit.reporters.registry import choices, load


Format = choices("Format", RULES)  # text, json


def rules(
    rule_id: Optional[str] = typer.Argument(None, help="Show this rule's full documentation."),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help="Only the rules this profile runs."),
    format: Format = format_option(Format.text, "text for people; json (the registry) for machines"),
    as_json: bool = typer.Option(False, "--json", hidden=True, help="Deprecated: --format json."),
    profiles: bool = typer.Option(False, "--profiles", help="List the profiles instead."),
    output: Optional[Path] = report_option(),
    config: Optional[Path] = CONFIG_OPTION,
    color: Color = COLOR_OPTION,
    quiet: bool = QUIET_OPTION,
) -> None:
    """List lint's rules: id, default severity, world and what each checks.

    `skillkit rules ID` prints one rule's documentation, with what its fix does and how
    safe it is; a prefix (`skillkit rules name`)
    lists the rules it selects. With `--config FILE`, only the rules that settings file runs
    (its profile, `select` and `ignore`)."""
    from skillkit.cli.streams import color_for, report_to

    chosen = _chosen(rule_id, profile, config) if not profiles else []
    with report_to(output) as out:
        if profiles:
            from skillkit.rules import PROFILES

            out.writelines(f"{p.name:<14} {p.summary}\n" for p in PROFILES.values())
        elif isinstance(chosen, str):  # one rule's documentation
            out.write(chosen + "\n")
        else:
            chosen_format = Format.json if as_json else format  # type: ignore[attr-defined]
            load(RULES, chosen_format.value)(chosen, out, color_for(output, color.flag()), quiet)


def _chosen(rule_id: str | None, profile: str | None, config: Path | None) -> list | str:
    """What `rules` lists: one rule's documentation (a str), else the rules the profile, the
    settings file and a prefix or ALL select."""
    from skillkit.core.errors import UsageError
    from skillkit.core.suggest import did_you_mean
    from skillkit.rules import BY_ID, PROFILES, REGISTRY

    if rule_id is not None and rule_id in BY_ID:
        rule = BY_ID[rule_id]
        return f"{rule.id} ({rule.severity}, {rule.world}, {fix_words(rule.id)})\n\n{rule.doc}"
    if profile is not None and profile not in PROFILES:
        raise UsageError(f"unknown profile {profile!r}{did_you_mean(profile, PROFILES)}; "
                         f"choose from {', '.join(PROFILES)}")
    chosen = [r for r in REGISTRY if profile is None or PROFILES[profile].applies(r)]
    if config is not None:
        chosen = _run_by(config, profile, chosen)
    if rule_id is not None:  # a prefix, or ALL: the rules it selects (an unknown one is a usage error)
        from skillkit.core.options import expand_selectors
        from skillkit.rules import RULESET

        selected = expand_selectors(frozenset([rule_id]), RULESET) or frozenset()
        chosen = [r for r in chosen if r.id in selected]
    return chosen


def _run_by(config: Path, profile: str | None, rules: list) -> list:
    """The rules a settings file runs (under --profile when given)."""
    from skillkit.core.options import build_options
    from skillkit.rules import PROFILES, RULESET

    options = build_options([config.parent], config, profile, None, None, registry=RULESET)
    applies = PROFILES[options.resolved_profile().name].applies
    return [r for r in rules if applies(r) and r.id not in options.ignore
            and (options.select is None or r.id in options.select)]


def fix_words(rule_id: str) -> str:
    """Whether lint can fix a rule's findings, and how safely (a safe fix cannot change meaning);
    the rule's documentation says what the fix does."""
    from skillkit.rules import BY_ID

    fix = BY_ID[rule_id].fix
    if fix is None:
        return "no fix"
    return "fix: safe, --fix" if fix.safe else "fix: unsafe, --fix --unsafe-fixes"
