"""The budget: history gives way, newest first; the Skills block and the answered message stay."""

from __future__ import annotations

from render_helpers import golden_json, messages, skill

from skillkit.studio.render import SceneView, TurnView, render_turn, reply_starts
from skillkit.studio.context_fit import BudgetLimits
from skillkit.tokens import TokenCounter, get_counter

WORDS = TokenCounter("words", True, lambda: lambda text: len(text.split()))
SKILLS = [skill("sword", "one two three four five"), skill("lore", "six seven", when="picked")]


def chat(n: int) -> list:
    """A system message, then n user/assistant pairs of ten words each, ending on a user message."""
    pairs = [("system", "sys tem")]
    for i in range(n):
        pairs += [("user", " ".join(["u"] * 10)), ("assistant", " ".join(["a"] * 10))]
    return messages(*pairs, ("user", "last question here"))


LAST = -1


def render(history: list, context: int, on: tuple[str, ...] = ("sword",), answering: int | None = LAST,
           number: int | None = None, **scene: object):
    answering = len(history) - 1 if answering == LAST else answering
    number = number or len(reply_starts(history)) + 1
    view = SceneView(variables={}, budget={"context": context, "response": 10}, tool_access=False, **scene)
    return render_turn(linked=SKILLS, scene=view, messages=history, turn=TurnView(number, answering, on),
                       overrides={}, context=None, counter=WORDS)


def test_everything_fits_in_a_large_context() -> None:
    result = render(chat(3), 1000)
    assert result.budget.used == {"System": 2, "Skills": 9, "History": 63}
    assert (len(result.budget.kept), result.budget.dropped) == (7, 0)
    assert result.budget.free == 1000 - 10 - 74


def test_history_gives_way_newest_first_and_the_skills_block_stays() -> None:
    # 2 (system) + 9 (Skills) + 3 (the answered message) + 10 reserve = 24; room for two more messages.
    result = render(chat(3), 24 + 20)
    assert result.budget.used["Skills"] == 9
    assert [m.index for m in result.budget.kept] == [5, 6, 7]
    assert result.budget.dropped == 4
    assert [m.label for m in result.messages] == ["System", "Skills", "History", "History", "History"]


def test_history_stays_contiguous() -> None:
    history = messages(("user", "a " * 50), ("assistant", "b"), ("user", "c c c"))
    result = render(history, 9 + 3 + 10 + 1 + 5)  # room for "b" but not the 50-word message before it
    assert [m.index for m in result.budget.kept] == [1, 2]


def test_the_answered_message_is_kept_even_over_the_context() -> None:
    history = messages(("user", "word " * 100))
    result = render(history, 50)
    assert [m.index for m in result.budget.kept] == [0]
    assert result.budget.over == 9 + 100 - (50 - 10)
    assert result.skills_block is not None


def test_a_turn_in_the_middle_renders_the_history_before_its_reply() -> None:
    history = chat(3)  # replies start at 2, 4, 6
    result = render(history, 1000, answering=3, number=2)
    assert [m.index for m in result.budget.kept] == [1, 2, 3]
    assert not result.next_reply


def test_without_an_answered_message_everything_may_give_way() -> None:
    history = messages(("assistant", "hello there"))
    result = render(history, 9 + 10 + 1, answering=None, number=2)
    assert result.budget.kept == () and result.budget.dropped == 1


def test_replies_follow_design_4_4() -> None:
    history = messages(("user", "q"), ("assistant", ""), ("tool", "r"), ("assistant", "a"), ("assistant", "b"),
                       ("user", "q2"), ("assistant", "c"), ("tool", "r2"))
    assert reply_starts(history) == [1, 4, 6]


def test_limits_come_from_the_scene_then_context_option() -> None:
    assert BudgetLimits.of(None, None) == BudgetLimits(8192, 512)
    assert BudgetLimits.of({"context": 4096}, None) == BudgetLimits(4096, 512)
    assert BudgetLimits.of({"context": 4096, "response": 100}, 2000) == BudgetLimits(2000, 100)


def test_tools_are_a_fixed_cost_when_a_picked_skill_can_open() -> None:
    view = SceneView(tool_access=True)
    result = render_turn(linked=SKILLS, scene=view, messages=[], turn=TurnView(1, None, ()), overrides={},
                         context=None, counter=WORDS)
    assert result.budget.used["Tools"] > 0 and [t["function"]["name"] for t in result.tools] == ["open_skill",
                                                                                                  "close_skill"]


def test_budget_golden_with_exact_counts() -> None:
    result = render_turn(linked=SKILLS, scene=SceneView(variables={}, budget={"context": 120, "response": 40},
                                                        tool_access=False),
                         messages=chat(4), turn=TurnView(5, 8, ("sword", "lore")), overrides={}, context=None,
                         counter=get_counter("o200k_base"))
    budget = result.budget
    golden_json("budget-history-gives-way.json", {
        "budget": {"context": budget.context, "response": budget.response, "tokenizer": budget.tokenizer,
                   "used": budget.used, "free": budget.free, "over": budget.over,
                   "history": {"kept": len(budget.kept), "dropped": budget.dropped}},
        "messages": [{"role": m.role, "label": m.label, "index": m.index, "tokens": t}
                     for m, t in zip(result.messages, budget.counts)]})
    assert budget.dropped > 0 and budget.used["Skills"] > 0
    assert sum(budget.counts) == budget.total
