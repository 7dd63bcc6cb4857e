"""The names discovery sorts by, and the rule for a workspace root (ARCHITECTURE.md,
Contracts: discovery): pure, so the plain file-system view, the in-memory one a test builds
and the classifier (core/classifier.py) all apply the one rule."""

from __future__ import annotations

from typing import Callable, Collection

SKILL_FILE = "SKILL.md"
SETTINGS_FILE = "skillkit.yaml"
CATALOG_FILE = "catalog.yaml"
PYPROJECT = "pyproject.toml"
PLUGIN_MARKER = ".claude-plugin"  # Claude Code's plugin root: its hooks are checked (rules/plugins.py)
KIND_FOLDERS = {"tools": "tool", "agents": "agent", "scenes": "scene", "sessions": "session"}
YAML_SUFFIXES = (".yaml", ".yml")
DOCUMENT_ORDER = ("tool", "agent", "scene", "session", "catalog")  # as resolve reads them


def marks_root(dirs: Collection[str], files: Collection[str], tool_table: Callable[[], bool]) -> bool:
    """Whether a folder with these subfolders and other entries is a workspace root: never a
    skill folder. `tool_table` reads its pyproject.toml, asked only when that decides."""
    if SKILL_FILE in dirs or SKILL_FILE in files:
        return False  # a skill folder is never a workspace root
    return SETTINGS_FILE in files or "skills" in dirs or (PYPROJECT in files and tool_table())
