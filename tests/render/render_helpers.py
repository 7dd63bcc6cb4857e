"""Shared helpers of the render tests: skills built in memory, messages, and golden files."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillkit.core.model import Skill

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "render"
GOLDEN = FIXTURES / "golden"


@dataclass(frozen=True)
class Msg:
    role: str
    text: str
    index: int


def messages(*pairs: tuple[str, str]) -> list[Msg]:
    return [Msg(role, text, i) for i, (role, text) in enumerate(pairs)]


def skill(name: str, body: str, when: str = "always", description: str | None = None) -> Skill:
    return Skill(name=name, description=description or f"What {name} is for.", body=body,
                 path=f"skills/{name}/SKILL.md", folder=Path("skills") / name, fields={}, when=when)


def golden(name: str, actual: str) -> None:
    """Compare with fixtures/render/golden/NAME; SKILLKIT_UPDATE_GOLDEN=1 rewrites it instead."""
    path = GOLDEN / name
    if os.environ.get("SKILLKIT_UPDATE_GOLDEN") == "1":
        path.write_text(actual, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == actual, f"differs from {path}"


def golden_json(name: str, value: Any) -> None:
    golden(name, json.dumps(value, indent=2, ensure_ascii=False) + "\n")
