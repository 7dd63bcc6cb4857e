"""The values a simulation hands out: a skill's verdict on a turn, and what a tool call did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Verdict:
    """On or off on one turn, with one plain sentence of why (the wording is for people;
    `on` is the contract)."""

    name: str
    when: str
    on: bool
    reason: str
    note: str = ""  # "closed": closed on this turn; "slow": a trigger ran too long (not in JSON)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "when": self.when, "on": self.on, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class CallOutcome:
    """One open_skill / close_skill call of a reply: accepted or refused, and what it did."""

    tool: str
    skill: str | None
    accepted: bool
    note: str

    def as_json(self) -> dict[str, Any]:
        """`{"tool", "name", "effect"}` (Contracts: turns): `name` is the skill named, None when unreadable."""
        return {"tool": self.tool, "name": self.skill, "effect": self.note}
