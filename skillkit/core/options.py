"""The pipeline's options: command line over settings over profile defaults."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from skillkit.core.diagnostics import Severity
from skillkit.core.errors import ConfigError, UsageError
from skillkit.core.paths import display
from skillkit.core.settings import Settings, find_settings, load_settings_file
from skillkit.core.suggest import did_you_mean
from skillkit.core.workspace import DEFAULT_EXCLUDES
from skillkit.core.rulebase import Profile, Registry


@dataclass(frozen=True)
class Options:
    registry: Registry  # the rules and profiles to run (skillkit.rules.RULESET): handed in, never imported
    profile: str = "default"
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    severity: dict[str, Severity] = field(default_factory=dict)
    excludes: tuple[str, ...] = DEFAULT_EXCLUDES
    patterns: tuple[str, ...] = ()  # the settings' `exclude`, gitignore syntax
    respect_gitignore: bool = True  # the settings' `respect-gitignore`
    settings: dict[str, object] = field(default_factory=dict)
    strict: bool = False  # the settings' `strict`: warnings fail
    settings_source: Path | None = None
    # The command line's (profile, select, ignore, targets) when each workspace applies its own
    # settings file under them; None: these options hold everywhere (an explicit --config, or a
    # library call).
    asked: tuple[str | None, frozenset[str] | None, frozenset[str] | None, tuple[str, ...] | None] | None = None

    def resolved_profile(self) -> Profile:
        profiles = self.registry.profiles
        if self.profile not in profiles:
            raise UsageError(f"unknown profile {self.profile!r}{did_you_mean(self.profile, profiles)}; "
                             f"choose from {', '.join(profiles)}")
        return profiles[self.profile]

    def check_rule_ids(self) -> None:
        by_id = self.registry.by_id
        for rule_id in sorted((self.select or frozenset()) | self.ignore | set(self.severity)):
            if rule_id not in by_id:
                raise UsageError(f"unknown rule id {rule_id!r}{did_you_mean(rule_id, by_id)}; "
                                 "`skillkit rules` lists them")


def load_settings(paths: Sequence[Path | str], config: Path | None) -> Settings:
    if config is not None:
        if not config.is_file():
            raise ConfigError("no such settings file", str(config))
        return load_settings_file(config)
    return find_settings(Path(paths[0]) if paths else Path("."))


def _check_named_ids(settings: Settings, registry: Registry) -> None:
    """A profile or rule id the settings file names must exist; the error names that file (the
    command line's own ids are checked by the pipeline, as usage errors)."""
    if settings.source is None:
        return
    named = Options(registry, profile=settings.get("profile", "default"),
                    select=frozenset(settings.get("select") or ()), ignore=frozenset(settings.get("ignore", [])),
                    severity={rule: Severity.INFO for rule in settings.get("severity", {})
                              | {r: "" for rules in settings.get("per-file-ignores", {}).values() for r in rules}})
    try:
        named.resolved_profile()
        named.check_rule_ids()
    except UsageError as exc:
        raise ConfigError(str(exc), display(settings.source)) from exc


def options_from(settings: Settings, profile: str | None, select: frozenset[str] | None,
                 ignore: frozenset[str] | None, registry: Registry, per_workspace: bool = False,
                 targets: tuple[str, ...] | None = None) -> Options:
    """The pipeline's options from one settings file under the command line's choices.
    `per_workspace`: each workspace under the paths reads its own settings (no --config given).
    `targets`: the command line's client ids, over the settings' `targets` (rules read them
    from the settings, so the cache, keyed by the settings, tells the two runs apart)."""
    _check_named_ids(settings, registry)
    values = settings.values if targets is None else {**settings.values, "targets": list(targets)}
    chosen_select = select if select is not None else (
        frozenset(settings.get("select")) if settings.get("select") is not None else None)
    return Options(
        registry,
        profile=profile or settings.get("profile", "default"),
        select=chosen_select,
        ignore=(ignore or frozenset()) | frozenset(settings.get("ignore", [])),
        severity={rule: Severity.parse(word) for rule, word in settings.get("severity", {}).items()},
        excludes=DEFAULT_EXCLUDES,
        patterns=tuple(settings.get("exclude", [])),
        respect_gitignore=bool(settings.get("respect-gitignore", True)),
        settings=values,
        strict=bool(settings.get("strict", False)),
        settings_source=settings.source,
        asked=(profile, select, ignore, targets) if per_workspace else None,
    )


def options_for_root(root: Path, options: Options) -> Options:
    """The options for a workspace found under the paths: the settings nearest to it (none at
    all, it may be) when they are not the ones `options` came from, under the same command line."""
    if options.asked is None:
        return options
    settings = find_settings(root)
    if settings.source == options.settings_source:
        return options
    profile, select, ignore, targets = options.asked
    return options_from(settings, profile, select, ignore, options.registry, per_workspace=True, targets=targets)


def build_options(paths: Sequence[Path | str], config: Path | None, profile: str | None,
                  select: frozenset[str] | None, ignore: frozenset[str] | None, *, registry: Registry,
                  targets: tuple[str, ...] | None = None) -> Options:
    """The pipeline's options from flags and the nearest settings (each workspace found under
    the paths then applies its own, unless --config names one)."""
    return options_from(load_settings(paths, config), profile, select, ignore, registry,
                        per_workspace=config is None, targets=targets)
