"""Codex's per-skill `agents/openai.yaml`: how the skill shows in Codex's lists, when Codex may
load it on its own, and the tools it needs (the format openai/skills' skill-creator documents
in references/openai_yaml.md, and Codex's skills docs for `policy`).

Open at every level: the file is Codex's to extend ("other product-specific config can also
live in agents/"), so only the documented keys' types are checked."""

from __future__ import annotations

from skillkit.core.fields.base import NON_BLANK, DocumentKind, Field

RULE = "codex-agent-file"
_TEXT = {"type": "string"}

INTERFACE = {
    "type": "object",
    "properties": {
        "display_name": {**_TEXT, "description": "The title Codex's skill lists and chips show."},
        "short_description": {**_TEXT, "description": "A short blurb for quick scanning (25-64 characters)."},
        "icon_small": {**_TEXT, "description": "A small icon, relative to the skill's folder (`./assets/...`)."},
        "icon_large": {**_TEXT, "description": "A larger logo, relative to the skill's folder."},
        "brand_color": {"type": "string", "pattern": r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$",
                        "x-expected": "a hex colour such as `#3B82F6`",
                        "description": "A hex colour for accents such as badges: `#3B82F6`."},
        "default_prompt": {**_TEXT, "description": "The prompt inserted when the user invokes the skill."},
    },
}
POLICY = {
    "type": "object",
    "properties": {
        "allow_implicit_invocation": {"type": "boolean",
                                      "description": "`false`: Codex uses the skill only when the user names it."},
    },
}
DEPENDENCY = {
    "type": "object",
    "required": ["type", "value"],
    "properties": {
        "type": {"type": "string", "pattern": NON_BLANK, "description": "The dependency's kind (`mcp`)."},
        "value": {"type": "string", "pattern": NON_BLANK, "description": "The tool or server's identifier."},
        "description": _TEXT,
        "transport": {**_TEXT, "description": "How to connect when `type` is `mcp` (`streamable_http`)."},
        "url": {**_TEXT, "description": "The MCP server's URL."},
    },
}

CODEX_AGENT = DocumentKind(
    "codex-agent", "Codex skill settings (agents/openai.yaml)",
    "A skill's own `agents/openai.yaml` (beside its SKILL.md), read by Codex; not a platform agent.", (
        Field("interface", INTERFACE, "How the skill shows in Codex: its name, blurb, icons, colour and "
              "default prompt.", RULE, world="codex"),
        Field("policy", POLICY, "When Codex may use the skill: `allow_implicit_invocation`.", RULE, world="codex"),
        Field("dependencies", {"type": "object", "properties": {"tools": {"type": "array", "items": DEPENDENCY}}},
              "Tools the skill needs, such as an MCP server: `tools: [{type, value, description?, transport?, "
              "url?}]`.", RULE, world="codex"),
    ))
