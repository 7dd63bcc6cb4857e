"""The text and json reports of one rendering, from the core (goldens)."""

from __future__ import annotations

import io
import json

from render_helpers import FIXTURES, golden, messages

from skillkit.agentskills.listing_budgets import client_listings
from skillkit.core.pipeline import Options, run
from skillkit.rules import RULESET
from skillkit.reporters.render_json import rendering_json
from skillkit.reporters.render_text import report
from skillkit.studio.render import SceneView, TurnView, render_turn
from skillkit.tokens import get_counter

CHAT = messages(("system", "A quiet inn."), ("user", "Evening."), ("assistant", "Sit, warm yourself."),
                ("user", "Tell me of the crown, and mind that sword."))


def rendering(context: int = 2048):
    loaded = run([FIXTURES / "workspace"], Options(RULESET))
    by_id = {s.id: s for space in loaded.workspaces for s in space.skills}
    linked = [by_id[i] for i in ("greeting", "sword", "lore", "weather")]
    scene = SceneView(variables={"user": "Alice", "char": "Bob"}, budget={"context": context, "response": 256},
                      preset=[{"content": "You are {{char}}, the innkeeper.", "slot": "main"},
                              {"marker": "trackers", "content": "Mood of the room: wary."},
                              {"marker": "skills"}, {"marker": "history"}])
    result = render_turn(linked=linked, scene=scene, messages=CHAT, turn=TurnView(2, 3, ("greeting", "sword", "lore")),
                         overrides={"mood": "gloom"}, context=None, counter=get_counter("o200k_base"))
    return result, client_listings(linked, None)


def test_the_text_report() -> None:
    result, listings = rendering()
    out = io.StringIO()
    report(result, listings, True, out, False)
    golden("report.txt", out.getvalue())
    assert "Tokens (o200k_base), context 2,048" in out.getvalue()


def test_the_text_report_when_history_gives_way() -> None:
    result, listings = rendering(context=574)
    out = io.StringIO()
    report(result, listings, False, out, False)
    golden("report-tight.txt", out.getvalue())
    assert result.budget.dropped > 0 and result.budget.over == 0


def test_the_answered_message_is_kept_over_the_context() -> None:
    result, listings = rendering(context=440)
    out = io.StringIO()
    report(result, listings, False, out, False)
    assert len(result.budget.kept) == 1 and result.budget.over > 0
    assert "Over the context by" in out.getvalue()


def test_the_json_report_holds_the_design_object() -> None:
    result, listings = rendering()
    data = rendering_json(result, listings, with_tools=True)
    assert set(data) >= {"skillsBlock", "messages", "budget"}
    assert set(data["budget"]) >= {"context", "tokenizer", "used", "history"}
    assert data["budget"]["history"] == {"kept": 3, "dropped": 0}
    assert [m["label"] for m in data["messages"]] == ["System", "Preset", "Trackers", "Skills", "History", "History",
                                                       "History"]
    assert data["messages"][3]["content"] == data["skillsBlock"]
    assert sum(data["budget"]["used"].values()) == data["budget"]["total"]
    golden("report.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
