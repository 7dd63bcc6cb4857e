"""`render --agent NAME --format json`: the agent's instructions, tools and token count."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from skillkit.platform.agent_prompt import AgentInstructions


def report(found: AgentInstructions, tokens: int, tokenizer: str, session: str | None, out: TextIO,
           color: bool | None = None) -> None:
    json.dump(found.as_json(tokens), out, indent=2, ensure_ascii=False)
    out.write("\n")
