"""Settings from `skillkit.yaml`, or `[tool.skillkit]` in pyproject.toml, found upwards from a
path (as ruff finds its config): the first path given, then each workspace found under the
paths applies its own nearest settings (core/lint.py). Command-line options override them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillkit.core.errors import ConfigError
from skillkit.core.paths import display as shown_path
from skillkit.core.paths import folders_up_to_repo_top
from skillkit.core.reader import read_text
from skillkit.core.validate import schema_diagnostics
from skillkit.core.workspace import SETTINGS_FILE
from skillkit.core.yamlparse import ParsedYaml, parse_yaml


@dataclass(frozen=True)
class Settings:
    source: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def _check(parsed: ParsedYaml, display: str) -> dict[str, Any]:
    problems = parsed.diagnostics + (schema_diagnostics("settings", parsed, display) if parsed.ok else [])
    if problems:
        first = min(problems)
        raise ConfigError(first.message, first.path, first.line, first.column)
    return parsed.data or {}


def load_settings_file(path: Path) -> Settings:
    display = shown_path(path)  # relative to the working folder, as every diagnostic path is
    if path.name == "pyproject.toml":
        import tomllib

        try:
            table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("skillkit", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot read: {exc}", display) from exc
        parsed = ParsedYaml(data=table)
        return Settings(path, _check(parsed, display))
    source, findings = read_text(path, display)
    if source is None:
        raise ConfigError(findings[0].message, display, findings[0].line, findings[0].column)
    parsed = parse_yaml(source.text, display)
    if parsed.ok and parsed.data is not None and not isinstance(parsed.data, dict):
        raise ConfigError("settings must be a YAML mapping", display, 1, 1)
    return Settings(path, _check(parsed, display))


def _has_tool_table(pyproject: Path) -> bool:
    try:
        return "[tool.skillkit]" in pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False


def find_settings(start: Path) -> Settings:
    """The nearest settings at or above `start`; stops at the repository's top (`.git`)."""
    for candidate in folders_up_to_repo_top(start):
        if (candidate / SETTINGS_FILE).is_file():
            return load_settings_file(candidate / SETTINGS_FILE)
        if (candidate / "pyproject.toml").is_file() and _has_tool_table(candidate / "pyproject.toml"):
            return load_settings_file(candidate / "pyproject.toml")
    return Settings()
