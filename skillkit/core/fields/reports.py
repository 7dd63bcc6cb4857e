"""The JSON documents commands print (`--format json`) that machines read, as JSON Schemas:
`skillkit schema` writes them beside the input schemas, and the tests hold every report the
suite makes to them. The field registry describes what skillkit reads; these, what it writes."""

from __future__ import annotations

from typing import Any

from skillkit.core.fields.base import VERSION_SCHEMA

NULLABLE_VERSION: dict[str, Any] = {"oneOf": [*VERSION_SCHEMA["oneOf"], {"type": "null"}]}
TEXT_OR_NULL = {"type": ["string", "null"]}
INDEX_OR_NULL = {"type": ["integer", "null"], "minimum": 0}


def _object(required: dict[str, Any], optional: dict[str, Any] | None = None, description: str = "",
            closed: bool = True) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "required": list(required),
                              "properties": {**required, **(optional or {})}}
    if description:
        schema = {"description": description, **schema}
    if closed:
        schema["additionalProperties"] = False
    return schema


DIAGNOSTIC = _object({"path": {"type": "string"}, "line": {"type": "integer", "minimum": 1},
                      "column": {"type": "integer", "minimum": 1}, "rule": {"type": "string"},
                      "severity": {"enum": ["error", "warning", "info"]}, "message": {"type": "string"}},
                     description="A diagnostic, shaped as lint's.")
TOOL_VERSION = _object({"name": {"type": "string"}, "version": NULLABLE_VERSION})

USE = _object(
    {"turn": {"type": ["integer", "null"], "minimum": 1}, "call": INDEX_OR_NULL,
     "kind": {"enum": ["tool", "skill"]}, "name": {"type": "string"}, "version": NULLABLE_VERSION,
     "execution": TEXT_OR_NULL, "reused": {"type": "boolean"}},
    {"preload": {"const": True}, "external": {"type": "string"}},
    description="Output supplied to the turn: the call (`call`, null for a preload) of turn `turn` that "
                "produced it, and the version of that execution. A reused use names its original producer; "
                "reused output from outside the session has `external` and nulls.")
RETURNS = _object(
    {"instructions": TEXT_OR_NULL, "examples": {"type": ["array", "null"], "items": {"type": "object"}},
     "tools": {"type": "array", "items": TOOL_VERSION}},
    description="What a load returns: exactly the instructions and examples of the version it names "
                "(`examples` is [] when there are none; both null when the workspace does not hold that "
                "version), and the tools it made available.")
LISTED = _object({"name": {"type": "string"}, "description": TEXT_OR_NULL},
                 description="A skill the model is offered to load: its name and description (null: no file says).")
CALL = _object(
    {"index": {"type": "integer", "minimum": 0}, "verdict": {"enum": ["done", "refused"]},
     "version": NULLABLE_VERSION},
    {"load": {"type": "string"}, "tool": {"type": "string"}, "execution": TEXT_OR_NULL, "returns": RETURNS,
     "reason": {"type": "string"}, "skillLoadExecutionId": TEXT_OR_NULL,
     "offered": {"type": "array", "items": {"type": "string"}},
     "reuses": {"oneOf": [_object({"turn": {"type": "integer"}, "call": {"type": "integer"}}),
                          _object({"external": {"type": "string"}})]},
     "supplied": {"const": False}},
    description="One call the model made, and its verdict.", closed=False)
PRELOAD = _object(
    {"skill": {"type": "string"}, "version": NULLABLE_VERSION, "execution": TEXT_OR_NULL,
     "event": {"const": "skill.preload"}, "verdict": {"enum": ["done", "refused"]}},
    {"returns": RETURNS, "tools": {"type": "array", "items": TOOL_VERSION}}, closed=False)
TURN = _object(
    {"turn": {"type": "integer", "minimum": 1}, "status": {"enum": ["finalized", "failed", "rolled-back"]},
     "listing": {"type": "array", "items": LISTED}, "preloads": {"type": "array", "items": PRELOAD},
     "calls": {"type": "array", "items": CALL}, "invocationTools": {"type": "array"},
     "uses": {"type": "array", "items": USE}, "warnings": {"type": "array"}},
    {"skills": {"type": "array"}, "retry": {"const": True}, "replay": {"type": "integer", "minimum": 1}},
    description="One turn: `failed` when it finalizes with reused output out of scope (its loads roll "
                "back), `rolled-back` when the turn after retries it.")
SESSION_REPORT = _object(
    {"agent": {"type": "string"}, "session": {"type": "boolean"}, "turns": {"type": "array", "items": TURN},
     "diagnostics": {"type": "array", "items": DIAGNOSTIC}})

VERDICT = _object({"name": {"type": "string"}, "on": {"type": "boolean"}, "reason": {"type": "string"}},
                  description="A linked skill's verdict on the turn, with one plain sentence of why.")
RENDER_REPORT = _object(
    {"turn": {"type": "integer", "minimum": 1}, "skillsBlock": TEXT_OR_NULL,
     "skills": {"type": "array", "items": VERDICT, "description": "Every linked skill, in the scene's order."},
     "inBlock": {"type": "array", "items": {"type": "string"}}, "messages": {"type": "array"},
     "budget": {"type": "object"}},
    closed=False)
RENDER_AGENT_REPORT = _object(
    {"agent": {"type": "string"},
     "instructions": {"type": "string", "description": "The agent's prompt, then each preloaded skill's guidance."},
     "preloads": {"type": "array", "items": _object({"skill": {"type": "string"}, "version": NULLABLE_VERSION})},
     "tools": {"type": "array", "items": TOOL_VERSION, "description": "Offered from the first model call."},
     "tokens": {"type": "integer", "minimum": 0}})

# file stem -> (title, what prints it, schema)
REPORTS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "session-report": ("skillkit session report", "`skillkit session SESSION --format json`", SESSION_REPORT),
    "render-report": ("skillkit render report", "`skillkit render --format json`", RENDER_REPORT),
    "render-agent-report": ("skillkit render --agent report", "`skillkit render --agent NAME --format json`",
                            RENDER_AGENT_REPORT),
}


def report_schema(stem: str) -> dict[str, Any]:
    title, printed_by, schema = REPORTS[stem]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://skillkit.dev/schemas/{stem}.schema.json", "title": title,
            "description": f"Generated by `skillkit schema`: what {printed_by} prints.", **schema}
