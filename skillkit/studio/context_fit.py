"""What fits in one turn's context window (the scene's token `budget`): what is reserved, and
how much history fits.

The context holds the fixed messages (leading system messages, preset cards, the trackers' and
storyboards' stand-ins, the Skills block and skill cards, the tools' definitions) and the
response reserve; history fills what is left, newest first, and stops at the first message that
does not fit (history stays contiguous). The Skills block is reserved as the library trackers'
block is: history gives way to it and it is never dropped. The message being answered, and
anything after it, is always kept, even when that overruns the context (the overrun is shown).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from skillkit.studio.assembly import PromptMessage
from skillkit.tokens import TokenCounter

DEFAULT_CONTEXT = 8192
DEFAULT_RESPONSE = 512


@dataclass(frozen=True)
class BudgetLimits:
    context: int = DEFAULT_CONTEXT
    response: int = DEFAULT_RESPONSE

    @classmethod
    def of(cls, scene_budget: Mapping[str, object] | None, context: int | None) -> BudgetLimits:
        """The scene's `budget`, with `--context` over its context size."""
        budget = scene_budget or {}
        chosen = context if context is not None else budget.get("context", DEFAULT_CONTEXT)
        response = budget.get("response", DEFAULT_RESPONSE)
        return cls(int(chosen), int(response))  # type: ignore[call-overload]


@dataclass(frozen=True)
class Budget:
    context: int
    response: int
    tokenizer: str
    used: dict[str, int]               # tokens by label, in prompt order ("Skills", "History", ...)
    kept: tuple[PromptMessage, ...]    # the history that fits, oldest first
    dropped: int                       # history messages that gave way
    counts: tuple[int, ...] = ()       # tokens of each message of the prompt, in order

    @property
    def total(self) -> int:
        return sum(self.used.values())

    @property
    def available(self) -> int:
        return max(self.context - self.response, 0)

    @property
    def free(self) -> int:
        return max(self.available - self.total, 0)

    @property
    def over(self) -> int:
        return max(self.total - self.available, 0)


def _add(used: dict[str, int], label: str, tokens: int) -> None:
    used[label] = used.get(label, 0) + tokens


def _fixed_tokens(message: PromptMessage, counter: TokenCounter, used: dict[str, int]) -> int:
    """Tokens of one fixed message, each part under its own label; what joining the parts adds
    or saves (BPE merges across a seam) is booked to the message's own label, so the parts add
    up to the message exactly."""
    total = counter.count(message.content)
    parts = message.fixed_parts()
    if len(parts) == 1:
        _add(used, parts[0].label, total)
        return total
    counted = 0
    for part in parts:
        tokens = counter.count(part.text)
        counted += tokens
        _add(used, part.label, tokens)
    _add(used, message.label, total - counted)
    return total


def fit(*, before: Sequence[PromptMessage], history: Sequence[PromptMessage], after: Sequence[PromptMessage],
        must_keep_from: int | None, limits: BudgetLimits, counter: TokenCounter,
        extra: Mapping[str, int] | None = None) -> Budget:
    """Fit `history` (oldest first) between the fixed messages. `must_keep_from` is the position in
    `history` of the message being answered (it and everything after it are always kept); None
    when the turn answers nothing. `extra` are fixed costs outside the messages (the tools)."""
    used: dict[str, int] = {}
    head = [_fixed_tokens(m, counter, used) for m in before]
    used["History"] = 0
    tail = [_fixed_tokens(m, counter, used) for m in after]
    fixed_total = sum(head) + sum(tail)
    for label, tokens in (extra or {}).items():
        _add(used, label, tokens)
        fixed_total += tokens
    start = len(history) if must_keep_from is None else max(0, min(must_keep_from, len(history)))
    kept_counts = [counter.count(m.content) for m in history[start:]]
    spent = fixed_total + sum(kept_counts)
    room = limits.context - limits.response
    first_kept = start
    older: list[int] = []
    for position in range(start - 1, -1, -1):
        tokens = counter.count(history[position].content)
        if spent + tokens > room:
            break  # history stays contiguous: an older message never jumps a gap
        spent += tokens
        older.append(tokens)
        first_kept = position
    used["History"] = spent - fixed_total
    if not history:
        del used["History"]
    counts = (*head, *reversed(older), *kept_counts, *tail)
    return Budget(limits.context, limits.response, counter.name, used, tuple(history[first_kept:]), first_kept,
                  counts)
