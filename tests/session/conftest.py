"""Helpers for the session tests: small workspaces of their own, written to a temporary folder,
and `skillkit session --format json` run on them through the real CLI."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest


def skill(name: str, version: int = 1, tools: str = "", preamble: str = "") -> dict[str, str]:
    """`skills/<name>/SKILL.md`; `tools` is YAML flow, e.g. `[{name: t, version: 2}]`."""
    listed = f"tools: {tools}\n" if tools else ""
    return {f"skills/{name}/SKILL.md": f"---\nname: {name}\ndescription: The {name} skill.\nversion: {version}\n"
                                       f"{listed}{preamble}---\nDo the {name} thing.\n"}


def tool(name: str, version: int = 1, model: str = "") -> dict[str, str]:
    return {f"tools/{name}.yaml": f"name: {name}\nversion: {version}\n" + (f"modelName: {model}\n" if model else "")}


def agent(name: str = "a", tools: str = "[]", skills: str = "[]", handler: str = "agent") -> dict[str, str]:
    return {f"agents/{name}.yaml": f"name: {name}\nhandler: {handler}\ntools: {tools}\nskills: {skills}\n"}


@dataclass
class Ran:
    code: int
    data: dict[str, Any]
    stdout: str
    stderr: str

    def turn(self, number: int) -> dict[str, Any]:
        return self.data["turns"][number - 1]

    def call(self, turn: int, index: int) -> dict[str, Any]:
        return self.turn(turn)["calls"][index]

    def verdicts(self, turn: int) -> list[str]:
        return [c["verdict"] for c in self.turn(turn)["calls"]]

    def tools(self, turn: int) -> list[tuple[str, Any, str]]:
        return [(t["name"], t["version"], t["from"]) for t in self.turn(turn)["invocationTools"]]


Files = dict[str, str]


@pytest.fixture
def session(cli: Callable[..., Any], tmp_path: Path) -> Callable[..., Ran]:
    """`session(files, "turns: ...")` writes the workspace and `sessions/s.yaml`, runs
    `skillkit session sessions/s.yaml --format json` in it and returns the parsed report."""

    def run(files: Files, text: str, *args: str, name: str = "s.yaml", fmt: str = "json") -> Ran:
        root = tmp_path / "ws"
        (root / "skills").mkdir(parents=True, exist_ok=True)  # a workspace root, with or without skills
        for relative, content in {**files, f"sessions/{name}": text}.items():
            target = root / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
        outcome = cli("session", f"sessions/{name}", "--format", fmt, *args, cwd=root)
        assert "Traceback" not in outcome.stderr, outcome.stderr
        data = json.loads(outcome.stdout) if fmt == "json" and outcome.stdout.startswith("{") else {}
        return Ran(outcome.code, data, outcome.stdout, outcome.stderr)

    return run
