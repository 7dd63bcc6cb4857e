"""Settings from `skillkit.yaml`, or `[tool.skillkit]` in pyproject.toml, found upwards from a
path (as ruff finds its config): the first path given, then each workspace found under the
paths applies its own nearest settings (core/lint.py). Command-line options override them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec

from skillkit.core.errors import ConfigError
from skillkit.core.paths import display as shown_path
from skillkit.core.paths import folders_up_to_repo_top
from skillkit.core.reader import read_text
from skillkit.core.validate import schema_diagnostics
from skillkit.core.workspace import SETTINGS_FILE
from skillkit.core.yamlparse import ParsedYaml, parse_yaml


class Settings(msgspec.Struct, frozen=True):
    source: Path | None = None
    values: dict[str, Any] = msgspec.field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def _check(parsed: ParsedYaml, display: str) -> dict[str, Any]:
    # What the reader could not read comes first: a schema error about the same value says less.
    problems = parsed.diagnostics or (schema_diagnostics("settings", parsed, display) if parsed.ok else [])
    if problems:
        first = min(problems)
        raise ConfigError(_settings_words(first.message, parsed), first.path, first.line, first.column)
    return parsed.data or {}


def _settings_words(message: str, parsed: ParsedYaml) -> str:
    """A schema message said as settings are: an unknown key gets the known key it is closest
    to (`ignor` -> `ignore`), and the top of the file is "the settings", not a frontmatter."""
    import json

    from skillkit.core.fields import KINDS
    from skillkit.core.resources import data_dir
    from skillkit.core.suggest import did_you_mean

    if message.startswith("unknown key") and "did you mean" not in message:
        # The first unknown key named; its known siblings are the candidates.
        name = message.split("`")[1]
        owner = message.rsplit(" in `", 1)[-1].rstrip("`")
        # The generated schema (its rule options filled in by the registry) is the one that validates.
        schema: Any = json.loads((data_dir("schemas") / KINDS["settings"].schema_id()).read_text(encoding="utf-8"))
        for part in () if owner == "the frontmatter" else owner.split("."):
            schema = schema.get("properties", {}).get(part, {}) if isinstance(schema, dict) else {}
        known = list(schema.get("properties", {})) if isinstance(schema, dict) else []
        message += did_you_mean(name, known)
    return message.replace("in `the frontmatter`", "in the settings")


def load_settings_file(path: Path) -> Settings:
    display = shown_path(path)  # relative to the working folder, as every diagnostic path is
    source, findings = read_text(path, display)  # capped (1 MiB) before reading, and read once
    if source is None:
        raise ConfigError(findings[0].message, display, findings[0].line, findings[0].column)
    if path.name == "pyproject.toml":
        parsed = pyproject_table(source.text, display)
        return Settings(path, _check(parsed, display)) if parsed is not None else Settings()
    parsed = parse_yaml(source.text, display)
    if parsed.ok and parsed.data is not None and not isinstance(parsed.data, dict):
        raise ConfigError("settings must be a YAML mapping", display, 1, 1)
    return Settings(path, _check(parsed, display))


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def pyproject_table(text: str, display: str) -> ParsedYaml | None:
    """`[tool.skillkit]` of a pyproject.toml as data with the position of every key (however the
    tables are written: `[tool.skillkit.severity]` alone counts), or None when it has none."""
    import tomllib

    from skillkit.core.tomlkeys import key_positions

    if "skillkit" not in text:  # no table of ours: not worth a parse
        return None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = _TOML_AT.search(str(exc))
        line, column = (int(at[1]), int(at[2])) if at else (1, 1)
        raise ConfigError(f"invalid TOML: {_TOML_AT.sub('', str(exc)).strip()}", display, line, column) from exc
    except RecursionError as exc:  # tomllib recurses per nested array or inline table
        line = next((n for n, t in enumerate(text.splitlines(), 1) if "skillkit" in t), 1)
        raise ConfigError("invalid TOML: arrays or tables nested too deeply to read", display, line, 1) from exc
    tool = document.get("tool")
    if not isinstance(tool, dict) or "skillkit" not in tool:
        return None
    keys, values = key_positions(text)
    prefix = ("tool", "skillkit")
    table = tool["skillkit"]
    if not isinstance(table, dict):
        at = keys.get(prefix, (1, 1))
        raise ConfigError("`tool.skillkit` must be a table", display, *at)
    return ParsedYaml(data=table, positions={p[2:]: at for p, at in values.items() if p[:2] == prefix},
                      key_positions={p[2:]: at for p, at in keys.items() if p[:2] == prefix})


def find_settings(start: Path) -> Settings:
    """The nearest settings at or above `start`; stops at the repository's top (`.git`)."""
    for candidate in folders_up_to_repo_top(start):
        if (candidate / SETTINGS_FILE).is_file():
            return load_settings_file(candidate / SETTINGS_FILE)
        if (candidate / "pyproject.toml").is_file():
            settings = load_settings_file(candidate / "pyproject.toml")
            if settings.source is not None:  # a pyproject without [tool.skillkit] is passed over
                return settings
    return Settings()
