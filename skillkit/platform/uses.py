"""A turn's uses (the seed's "Output uses"): the tool answers and skill guidance its handler
reported supplying to the invocation, each naming the committed call or load that produced the
output and the version of that execution.

- A done tool call produces its answer (execution `t<turn>-c<index>`); a load produces its
  guidance once per execution (a repeated load, and a load that returns the turn's preload,
  return an output already listed), and each preload is the turn's own skill use.
- A call the session file marks `reuses` was answered with output carried forward: its use is
  marked reused and names the original producer (a reuse of a reuse names the first).
- Never a use: a refused call, a rolled-back load (of a turn that failed or was retried), and a
  call marked `supplied: false` (declared, but not reported as supplied).
- A session turn may reuse only output produced in earlier turns of the session (without a
  session: the agent's own earlier invocations, which the session file's earlier turns are);
  a turn that finalizes with any other reused output fails with `reuse_out_of_scope`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from skillkit.platform.session_file import Call, Reuse

Event = dict
OUT_OF_SCOPE = "reuse_out_of_scope"


@dataclass(frozen=True, slots=True)
class Stray:
    """A use of reused output from outside the turn's scope: where, and why."""

    call: int
    why: str


@dataclass
class Ledger:
    """The committed outputs of the session so far, by (turn, call index), for reuse: each is
    the use of its original producer. `gone` says why a call's output cannot be reused."""

    in_session: bool
    produced: dict[tuple[int, int], Event] = field(default_factory=dict)
    gone: dict[tuple[int, int], str] = field(default_factory=dict)

    def origin(self, reuse: Reuse, number: int, call: tuple[str, str]) -> tuple[Event | None, Event, str]:
        """(the original producer's use, or None; the use of the reused output, marked reused;
        why it is out of scope, "" when it is not)."""
        if reuse.external is not None:
            scope = "session" if self.in_session else "agent's invocations"
            return None, _stand_in(None, None, call) | {"external": reuse.external}, \
                f"it comes from outside this {scope} ({reuse.external!r})"
        key = (reuse.turn, reuse.call)
        found = self.produced.get(key)  # type: ignore[arg-type]
        use = {**found, "reused": True} if found is not None else _stand_in(reuse.turn, reuse.call, call)
        if reuse.turn >= number:  # type: ignore[operator]
            return None, use, f"turn {reuse.turn} is {'this' if reuse.turn == number else 'a later'} turn, not an " \
                              f"earlier one"
        if found is None:
            return None, use, f"call {reuse.call} of turn {reuse.turn} " \
                              f"{self.gone.get(key, 'produced no output')}"  # type: ignore[arg-type]
        return found, use, ""

    def roll_back(self, number: int, uses: list[Event]) -> list[Event]:
        """Turn `number`'s loads rolled back: their guidance can no longer be reused, and is
        no use of the turn. Returns the turn's uses without them."""
        for key, use in list(self.produced.items()):
            if key[0] == number and use["kind"] == "skill" and use["turn"] == number and not use.get("reused"):
                del self.produced[key]
                self.gone[key] = f"is a load that rolled back with turn {number}"
        return [u for u in uses if not (u["kind"] == "skill" and u["turn"] == number and not u["reused"])]


def _stand_in(turn: int | None, index: int | None, call: tuple[str, str]) -> Event:
    """The use of reused output whose producer the session does not hold: `call` is the
    reusing call's (kind, action name)."""
    return {"turn": turn, "call": index, "kind": call[0], "name": call[1], "version": None, "execution": None,
            "reused": True}


def turn_uses(ledger: Ledger, number: int, calls: Sequence[Call], preloads: Sequence[Event],
              events: Sequence[Event]) -> tuple[list[Event], list[Stray]]:
    """Turn `number`'s uses, and the reuses out of its scope; records what its calls produced."""
    uses: list[Event] = []
    listed: set[object] = set()        # the outputs already listed: one use per output
    by_execution: dict[str, Event] = {}
    strays: list[Stray] = []
    for preload in preloads:
        if preload["verdict"] == "done":
            use = {"turn": number, "call": None, "kind": "skill", "name": preload["skill"],
                   "version": preload["version"], "execution": preload["execution"], "reused": False,
                   "preload": True}
            by_execution[use["execution"]] = use
            uses.append(use)
            listed.add(use["execution"])
    for index, (call, event) in enumerate(zip(calls, events)):
        if event["verdict"] != "done":
            ledger.gone[(number, index)] = "was refused"
            continue
        if "tool" in event:
            own: Event = {"turn": number, "call": index, "kind": "tool", "name": event["tool"],
                          "version": event["version"], "execution": f"t{number}-c{index}", "reused": False}
        else:  # a repeated load, or one that returns the turn's preload, returns an output listed already
            own = by_execution.get(event["execution"]) or {
                "turn": number, "call": index, "kind": "skill", "name": event["load"], "version": event["version"],
                "execution": event["execution"], "reused": False}
            by_execution[own["execution"]] = own
        if call.reuses is None:
            ledger.produced[(number, index)] = own
            use, key = own, own["execution"]
        else:
            origin, use, why = ledger.origin(call.reuses, number, (own["kind"], own["name"]))
            if origin is not None:
                ledger.produced[(number, index)] = origin  # a reuse of this call names the first producer
            if why and call.supplied:
                strays.append(Stray(index, why))
            key = ("reused", use["execution"]) if use["execution"] is not None else ("stray", index)
        if call.supplied and key not in listed:
            listed.add(key)
            uses.append(use)
    return uses, strays
