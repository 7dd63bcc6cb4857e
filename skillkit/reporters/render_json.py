"""`skillkit render --format json`: the assembled prompt of one turn as one object (no Rich)."""

from __future__ import annotations

import json
from typing import Any, Sequence, TextIO

from skillkit.agentskills.listing_budgets import ClientListing
from skillkit.studio.assembly import PromptMessage
from skillkit.studio.render import Rendering


def message_json(message: PromptMessage) -> dict[str, Any]:
    out: dict[str, Any] = {"role": message.role, "label": message.label, "content": message.content}
    if message.index is not None:
        out["index"] = message.index
    if message.slot is not None:
        out["slot"] = message.slot
    return out


def listing_json(listing: ClientListing) -> dict[str, Any]:
    return {"client": listing.client, "limit": listing.limit, "unit": listing.unit, "basis": listing.basis,
            "used": listing.used, "wanted": listing.wanted, "fits": listing.fits,
            "shortened": [{"name": s.name, "kept": s.kept, "of": s.of} for s in listing.shortened],
            "withoutDescription": list(listing.without_description), "leftOut": list(listing.left_out)}


def rendering_json(rendering: Rendering, listings: Sequence[ClientListing], with_tools: bool) -> dict[str, Any]:
    budget = rendering.budget
    out: dict[str, Any] = {
        "turn": rendering.turn.number,
        "nextReply": rendering.next_reply,
        "answering": rendering.turn.answering,
        "skillsBlock": rendering.skills_block,
        "placement": rendering.assembly.placement,
        "inBlock": list(rendering.assembly.in_block),
        # every linked skill's verdict, in the scene's order, with its one sentence of why
        "skills": [{"name": v.name, "on": v.on, "reason": v.reason} for v in rendering.turn.verdicts],
        "inCards": list(rendering.assembly.in_cards),
        "messages": [message_json(m) for m in rendering.messages],
        "budget": {"context": budget.context, "response": budget.response, "tokenizer": budget.tokenizer,
                   "used": budget.used, "total": budget.total, "free": budget.free, "over": budget.over,
                   "history": {"kept": len(budget.kept), "dropped": budget.dropped}},
        "tools": list(rendering.tools),
        "agentSkills": [listing_json(listing) for listing in listings],
    }
    if with_tools:
        out["openSkill"] = dict(rendering.open_answers)
    return out


def report(rendering: Rendering, listings: Sequence[ClientListing], with_tools: bool, out: TextIO,
           color: bool | None = None, explained: Sequence[int] | None = None) -> None:
    """The rendering as JSON (never coloured; every verdict is in it, so `explained` changes nothing)."""
    json.dump(rendering_json(rendering, listings, with_tools), out, indent=2, ensure_ascii=False)
    out.write("\n")
