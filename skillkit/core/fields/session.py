"""Fields of a session file (`sessions/<name>.yaml`): the calls an agent's model made, turn by
turn, that `skillkit session` dry-runs by the platform's rules (DESIGN 4.9)."""

from __future__ import annotations

from typing import Any

from skillkit.core.fields.base import NON_BLANK, DocumentKind, Field
from skillkit.core.fields.workspace_kinds import CATALOG_ACTION

NAME = {"type": "string", "pattern": NON_BLANK}

# A call is exactly one of two shapes; the reader and lint both say so in these words.
CALL_SHAPES = "a call is `{load: SKILL}` (a skill load) or `{tool: NAME, input: {...}}` (a tool call)"
# Where a call's output came from when it was carried forward instead of produced anew: an
# earlier call of this session (its turn, from 1, and its index in that turn's calls, from 0),
# or something outside this session, named by a label.
REUSES: dict[str, Any] = {"oneOf": [
    {"type": "object", "required": ["turn", "call"], "additionalProperties": False,
     "properties": {"turn": {"type": "integer", "minimum": 1}, "call": {"type": "integer", "minimum": 0}}},
    {"type": "object", "required": ["external"], "additionalProperties": False, "properties": {"external": NAME}},
]}
# What the handler reported of a call's output, beside the call itself.
OUTPUT = {"reuses": REUSES, "supplied": {"type": "boolean"}}
# A load is invokeAction with an empty input object: `input`, when written, is `{}`.
LOAD_CALL = {"type": "object", "required": ["load"],
             "properties": {"load": NAME, "input": {"type": "object", "maxProperties": 0}, **OUTPUT},
             "additionalProperties": False}
TOOL_CALL = {"type": "object", "required": ["tool"],
             "properties": {"tool": NAME, "input": {"type": "object"}, **OUTPUT}, "additionalProperties": False}
CALL = {"oneOf": [LOAD_CALL, TOOL_CALL]}

# What a turn publishes: catalog entries (kind optional: the action is usually known already).
PUBLISH_ACTION: dict[str, Any] = {"type": "object", "properties": CATALOG_ACTION["properties"],
                                  "additionalProperties": False}

TURN = {
    "type": "object",
    "properties": {
        "publish": {"type": "object", "additionalProperties": PUBLISH_ACTION},
        "retry": {"type": "boolean"},
        "replay": {"type": "integer", "minimum": 1},
        "calls": {"type": "array", "items": CALL},
    },
    "additionalProperties": False,
}

SESSION = DocumentKind("session", "skillkit platform session", "A file `sessions/<name>.yaml` (or JSON), "
                       "dry-run by `skillkit session`.", (
    Field("agent", NAME, "The agent of the workspace whose model made the calls; `--agent` picks one when "
          "the file names none.", "session-file", world="platform"),
    Field("description", {"type": "string"}, "What the session shows.", "session-file", world="platform"),
    Field("session", {"type": "boolean"}, "Whether the turns form one session (later turns keep the tools "
          "of the skills loaded earlier); `false`: every turn is an invocation of its own.", "session-file",
          world="platform", default=True),
    Field("limits", {"type": "object", "properties": {"tool_calls": {"type": "integer", "minimum": 0}},
                     "additionalProperties": False},
          "The agent's limits per invocation: `tool_calls`, the calls its model may make (a preload does "
          "not count).", "session-file", world="platform", default={}),
    Field("turns", {"type": "array", "items": TURN},
          "The turns in order. Each holds the `calls` its model made, in order (a skill load "
          "`{load: SKILL}`, or a tool call `{tool: NAME, input: {...}}`, the tool named by its action "
          "name or the name the model sees); `publish` (catalog entries, as in `catalog.yaml`) changes "
          "the catalog before the turn; `retry: true` makes the turn a retry of the one before, whose "
          "loads roll back; `replay: N` makes it a replay of turn N, which preloads the versions turn N did. "
          "On a call, `reuses` says its output was carried forward instead of produced anew: "
          "`{turn: N, call: I}` from call I (from 0) of an earlier turn N, or `{external: LABEL}` from outside "
          "this session; `supplied: false` says the handler did not report supplying its output (declared "
          "but unreported), so it is no use of the turn.", "session-file", world="platform",
          required=True),
), open_keys=False)
