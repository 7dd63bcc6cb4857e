"""The pipeline's options: command line over settings over profile defaults."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

import msgspec

from skillkit.core.diagnostics import Severity
from skillkit.core.errors import ConfigError, UsageError
from skillkit.core.paths import display
from skillkit.core.settings import Settings, find_settings, load_settings_file
from skillkit.core.suggest import did_you_mean
from skillkit.core.workspace import DEFAULT_EXCLUDES
from skillkit.core.rulebase import Profile, Registry


class Options(msgspec.Struct, frozen=True):
    registry: Registry  # the rules and profiles to run (skillkit.rules.RULESET): handed in, never imported
    profile: str = "default"
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    severity: dict[str, Severity] = msgspec.field(default_factory=dict)
    excludes: tuple[str, ...] = DEFAULT_EXCLUDES
    patterns: tuple[str, ...] = ()  # the settings' `exclude`, gitignore syntax
    respect_gitignore: bool = True  # the settings' `respect-gitignore`
    settings: dict[str, object] = msgspec.field(default_factory=dict)
    strict: bool = False  # the settings' `strict`: warnings fail
    settings_source: Path | None = None
    # The command line's (profile, select, ignore, extend-select, targets) when each workspace
    # applies its own settings file under them; None: these options hold everywhere (an explicit
    # --config, or a library call).
    asked: tuple[str | None, frozenset[str] | None, frozenset[str] | None, frozenset[str] | None,
                 tuple[str, ...] | None] | None = None

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


ALL = "ALL"  # the selector of every rule, as ruff's


def expand_selectors(selectors: frozenset[str] | None, registry: Registry) -> frozenset[str] | None:
    """Rule ids from selectors as ruff reads them: `ALL`, a rule id, or a prefix that ends where
    an id's word does (`name` selects `name-format`, `name-folder`, ...; `skill-ref` every
    `skill-ref-*`). UsageError, with a did-you-mean, for a selector that selects nothing."""
    if selectors is None:
        return None
    by_id = registry.by_id
    chosen: set[str] = set()
    for selector in sorted(selectors):
        if selector == ALL:
            chosen.update(by_id)
            continue
        found = {rule_id for rule_id in by_id if rule_id == selector or rule_id.startswith(selector + "-")}
        if not found:
            words = sorted({*by_id, *(i.rsplit("-", n)[0] for i in by_id for n in range(1, i.count("-") + 1))})
            raise UsageError(f"unknown rule id {selector!r}{did_you_mean(selector, words)}; `skillkit rules` "
                             f"lists them (`{ALL}` selects every rule, a prefix such as `name` every `name-*` rule)")
        chosen.update(found)
    return frozenset(chosen)


def _expanded(selectors: Any, registry: Registry, source: Path | None) -> frozenset[str] | None:
    """The settings' selectors expanded; an unknown one is the settings file's error (exit 2)."""
    try:
        return expand_selectors(frozenset(selectors) if selectors is not None else None, registry)
    except UsageError as exc:
        raise ConfigError(str(exc), display(source) if source is not None else "settings") from exc


def load_settings(paths: Sequence[Path | str], config: Path | None) -> Settings:
    if config is not None:
        if not os.path.lexists(config):
            raise ConfigError("no such settings file", str(config))
        return load_settings_file(config)  # a folder, FIFO or device: refused by the reader, saying which
    return find_settings(Path(paths[0]) if paths else Path("."))


def _check_named_ids(settings: Settings, registry: Registry) -> None:
    """A profile or rule id the settings file names must exist; the error names that file (the
    command line's own ids are checked by the pipeline, as usage errors)."""
    if settings.source is None:
        return
    named = Options(registry, profile=settings.get("profile", "default"),
                    select=_expanded(settings.get("select") or (), registry, settings.source),
                    ignore=_expanded(settings.get("ignore", []), registry, settings.source) or frozenset(),
                    severity={rule: Severity.INFO for rule in settings.get("severity", {})
                              | {r: "" for rules in settings.get("per-file-ignores", {}).values() for r in rules}})
    try:
        named.resolved_profile()
        named.check_rule_ids()
    except UsageError as exc:
        raise ConfigError(str(exc), display(settings.source)) from exc


def options_from(settings: Settings, profile: str | None, select: frozenset[str] | None,
                 ignore: frozenset[str] | None, extend_select: frozenset[str] | None, registry: Registry,
                 per_workspace: bool = False, targets: tuple[str, ...] | None = None) -> Options:
    """The pipeline's options from one settings file under the command line's choices, as ruff
    layers them: `--select` replaces the settings' `select`, `--extend-select` adds to it (with
    no `select` anywhere every rule of the profile runs already), and `--ignore` adds to the
    settings' `ignore`. Selectors are expanded (`ALL`, prefixes) into rule ids here.
    `per_workspace`: each workspace under the paths reads its own settings (no --config given).
    `targets`: the command line's client ids, over the settings' `targets` (rules read them
    from the settings, so the cache, keyed by the settings, tells the two runs apart)."""
    _check_named_ids(settings, registry)
    values = settings.values if targets is None else {**settings.values, "targets": list(targets)}
    select, ignore = expand_selectors(select, registry), expand_selectors(ignore, registry)
    extend_select = expand_selectors(extend_select, registry)
    chosen_select = select if select is not None else _expanded(settings.get("select"), registry, settings.source)
    if chosen_select is not None and extend_select:
        chosen_select |= extend_select
    return Options(
        registry,
        profile=profile or settings.get("profile", "default"),
        select=chosen_select,
        ignore=(ignore or frozenset()) | (_expanded(settings.get("ignore", []), registry, settings.source)
                                          or frozenset()),
        severity={rule: Severity.parse(word) for rule, word in settings.get("severity", {}).items()},
        excludes=DEFAULT_EXCLUDES,
        patterns=tuple(settings.get("exclude", [])),
        respect_gitignore=bool(settings.get("respect-gitignore", True)),
        settings=values,
        strict=bool(settings.get("strict", False)),
        settings_source=settings.source,
        asked=(profile, select, ignore, extend_select, targets) if per_workspace else None,
    )


def options_for_root(root: Path, options: Options) -> Options:
    """The options for a workspace found under the paths: the settings nearest to it (none at
    all, it may be) when they are not the ones `options` came from, under the same command line."""
    if options.asked is None:
        return options
    settings = find_settings(root)
    if settings.source == options.settings_source:
        return options
    profile, select, ignore, extend_select, targets = options.asked
    return options_from(settings, profile, select, ignore, extend_select, options.registry, per_workspace=True,
                        targets=targets)


def build_options(paths: Sequence[Path | str], config: Path | None, profile: str | None,
                  select: frozenset[str] | None, ignore: frozenset[str] | None, *, registry: Registry,
                  extend_select: frozenset[str] | None = None, targets: tuple[str, ...] | None = None) -> Options:
    """The pipeline's options from flags and the nearest settings (each workspace found under
    the paths then applies its own, unless --config names one)."""
    return options_from(load_settings(paths, config), profile, select, ignore, extend_select, registry,
                        per_workspace=config is None, targets=targets)
