"""skillkit's YAML transcript form (transcripts/yaml_form.py reads it) as a document kind, so
`skillkit schema` generates `transcript.schema.json` for editors from the same registry."""

from __future__ import annotations

from typing import Any

from skillkit.core.fields.base import DocumentKind, Field

# transcripts/model.py's ROLES and EVENTS (a test holds them equal; core does not import it).
ROLES = ("system", "user", "assistant", "tool")
EVENTS = ("continue", "swipe", "regenerate")
TEXT: dict[str, Any] = {"type": ["string", "number", "null"], "description": "The message's text (null: none)."}
CALL: dict[str, Any] = {"oneOf": [
    {"type": "object", "description": "Long form: the tool's name and its arguments as the model sent them.",
     "properties": {"tool": {"type": "string"}, "arguments": {}}, "required": ["tool"], "additionalProperties": False},
    {"type": "object", "description": "Shorthand: `open_skill: lore` (a string is the `name` argument), or "
     "`TOOL: {arguments}`.", "minProperties": 1, "maxProperties": 1, "not": {"required": ["tool"]}},
]}
COMMON: dict[str, Any] = {
    "name": {"type": "string", "description": "The speaker's name (never scanned)."},
    "calls": {"type": "array", "items": CALL, "description": "Tool calls a reply makes (assistant, continue, "
              "swipe, regenerate)."},
    "hidden": {"type": "boolean", "description": "In the chat but not sent: not scanned, not answered."},
}
PART: dict[str, Any] = {"type": ["object", "string"], "description": "A content part, as in OpenAI messages "
                        "(its text parts are joined by a newline)."}
MESSAGE: dict[str, Any] = {"oneOf": [
    *({"type": "object", "required": [kind], "properties": {kind: TEXT, **COMMON}, "additionalProperties": False,
       "description": f"`{kind}: TEXT`"} for kind in ROLES + EVENTS),
    {"type": "object", "required": ["role"], "additionalProperties": False,
     "description": "Long form, as an OpenAI message: `role:` and `content:`.",
     "properties": {"role": {"enum": list(ROLES)}, "content": {"oneOf": [TEXT, {"type": "array", "items": PART}]},
                    **COMMON}},
]}

TRANSCRIPT = DocumentKind("transcript", "skillkit YAML transcript",
                          "skillkit's own transcript form for `simulate` and `render` (a list of messages "
                          "alone is read as `messages` too). Each message holds exactly one of `system`, "
                          "`user`, `assistant`, `tool` or the events `continue` (appended to the last reply), "
                          "`swipe` and `regenerate` (replace it); a `continue`, `swipe` or `regenerate` comes "
                          "right after a reply.", (
    Field("messages", {"type": "array", "items": MESSAGE, "maxItems": 200_000},
          "The chat, in order: `- user: Hello`, `- assistant: Hi.` (with `calls:`), `- tool: result`.", "",
          required=True),
    Field("description", {"type": "string"}, "What the transcript is for (never scanned).", ""),
), open_keys=False)
