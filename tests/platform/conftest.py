"""Helpers for the platform tests: run `skillkit resolve --format json` on a fixture workspace
under fixtures/platform/ (from the repository root, so paths read `fixtures/platform/...`),
with the lock written to a temporary file so the fixtures stay as committed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.conftest import FIXTURES, REPO

PLATFORM = FIXTURES / "platform"


@dataclass
class Resolved:
    code: int
    data: dict[str, Any]
    stderr: str

    def agent(self, name: str) -> dict[str, Any]:
        return next(a for a in self.data["agents"] if a["name"] == name)

    def skill(self, agent: str, name: str) -> dict[str, Any]:
        return next(s for s in self.agent(agent)["skills"] if s["name"] == name)

    def tools(self, agent: str) -> list[tuple[str, Any, str]]:
        """The effective tool set as (name, version, from), in order."""
        return [(t["name"], t["version"], t["from"]) for t in self.agent(agent)["tools"]]

    def found(self, rule: str) -> list[tuple[str, int, str]]:
        """(file name, line, message) of each diagnostic of `rule`."""
        return [(Path(d["path"]).name, d["line"], d["message"]) for d in self.data["diagnostics"] if d["rule"] == rule]

    def rules(self) -> set[str]:
        return {d["rule"] for d in self.data["diagnostics"]}


@pytest.fixture
def resolve(cli: Callable[..., Any], tmp_path: Path) -> Callable[..., Resolved]:
    """`resolve("merging")` -> Resolved, for fixtures/platform/merging; a Path resolves that folder."""

    def run(workspace: str | Path, *args: str) -> Resolved:
        target = workspace if isinstance(workspace, Path) else PLATFORM / workspace
        shown = target.relative_to(REPO) if target.is_relative_to(REPO) else target
        outcome = cli("resolve", shown, "--format", "json", "--lock", tmp_path / "test.lock", *args, cwd=REPO)
        assert "Traceback" not in outcome.stderr, outcome.stderr
        return Resolved(outcome.code, json.loads(outcome.stdout) if outcome.stdout else {}, outcome.stderr)

    return run
