"""Lint's options: command line over settings over profile defaults."""

from __future__ import annotations

from pathlib import Path

from skillkit.core.diagnostics import Severity
from skillkit.core.errors import ConfigError, UsageError
from skillkit.core.paths import display
from skillkit.core.pipeline import Options
from skillkit.core.settings import Settings, find_settings, load_settings_file
from skillkit.core.workspace import DEFAULT_EXCLUDES


def load_settings(paths: list[Path], config: Path | None) -> Settings:
    if config is not None:
        if not config.is_file():
            raise ConfigError("no such settings file", str(config))
        return load_settings_file(config)
    return find_settings(paths[0] if paths else Path("."))


def _check_named_ids(settings: Settings) -> None:
    """A profile or rule id the settings file names must exist; the error names that file (the
    command line's own ids are checked by the pipeline, as usage errors)."""
    if settings.source is None:
        return
    named = Options(profile=settings.get("profile", "default"),
                    select=frozenset(settings.get("select") or ()), ignore=frozenset(settings.get("ignore", [])),
                    severity={rule: Severity.INFO for rule in settings.get("severity", {})})
    try:
        named.resolved_profile()
        named.check_rule_ids()
    except UsageError as exc:
        raise ConfigError(str(exc), display(settings.source)) from exc


def build_options(paths: list[Path], config: Path | None, profile: str | None,
                  select: frozenset[str] | None, ignore: frozenset[str] | None) -> tuple[Options, bool]:
    """The pipeline's options and whether warnings fail, from flags and the nearest settings."""
    settings = load_settings(paths, config)
    _check_named_ids(settings)
    chosen_select = select if select is not None else (
        frozenset(settings.get("select")) if settings.get("select") is not None else None)
    options = Options(
        profile=profile or settings.get("profile", "default"),
        select=chosen_select,
        ignore=(ignore or frozenset()) | frozenset(settings.get("ignore", [])),
        severity={rule: Severity.parse(word) for rule, word in settings.get("severity", {}).items()},
        excludes=DEFAULT_EXCLUDES,
        patterns=tuple(settings.get("exclude", [])),
        settings=settings.values,
    )
    return options, bool(settings.get("strict", False))
