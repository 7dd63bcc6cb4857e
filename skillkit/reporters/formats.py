"""Every command's output formats: one registry per command, in the order `--help` lists them.

Adding a format is a reporter module and one line here (lint's registry holds one entry a
line, so the line is the whole edit); the command's `--format` choices, its help and its
dispatch follow (tests/cli/test_formats.py holds each command to its registry).
Each command calls its reporters with one signature, said above its registry."""

from __future__ import annotations

from skillkit.reporters.registry import Reporter

_R = "skillkit.reporters."

# report(result: pipeline.Result, out, color: bool | None)
LINT = (
    Reporter("text", _R + "text", False),
    Reporter("json", _R + "json", True),
    Reporter("sarif", _R + "sarif", True),
    Reporter("github", _R + "github", True),
)

# report(sim: Simulation, out, view: SimulateView)
SIMULATE = (Reporter("text", _R + "simulate_text", False), Reporter("json", _R + "simulate_json", True),
            Reporter("html", _R + "simulate_html", True))

# report(rendering, listings, tools: bool, out, color, explained: list[int] | None); the
# agent-skills-xml listing is printed before any turn is rendered: listing(linked, context, out, quiet)
RENDER = (Reporter("text", _R + "render_text", False), Reporter("json", _R + "render_json", True),
          Reporter("agent-skills-xml", _R + "render_xml", True, "listing"))

# render --agent, the platform's side: report(found: AgentInstructions, tokens, tokenizer: str,
# session: str | None, out, color)
RENDER_AGENT = (Reporter("text", _R + "render_text", False, "agent_report"),
                Reporter("json", _R + "render_agent_json", True))

# report(report: SessionReport, out, color, quiet)
SESSION = (Reporter("text", _R + "session_text", False, "report_text"), Reporter("json", _R + "session_json", True))

# report(resolution, lock: dict, out, color, quiet)
RESOLVE = (Reporter("text", _R + "resolve_text", False, "report_text"), Reporter("json", _R + "resolve_json", True))

# report(result: ImportReport, out, color)
IMPORT = (Reporter("text", _R + "import_text", False), Reporter("json", _R + "import_json", True))

# report(rules: list[Rule], out, color, quiet)
RULES = (Reporter("text", _R + "rules_text", False), Reporter("json", _R + "rules_json", True))

# pack's three results, each a function of the module by that name: packed(result, out, color),
# exported(results, out, color), placed(results, out, color)
PACK = (Reporter("text", _R + "pack_text", False, "packed"), Reporter("json", _R + "pack_json", True, "packed"))

# verified(result: Verified, out, color, quiet)
VERIFY = (Reporter("text", _R + "pack_text", False, "verified"), Reporter("json", _R + "pack_json", True, "verified"))

BY_COMMAND: dict[str, tuple[Reporter, ...]] = {
    "lint": LINT, "simulate": SIMULATE, "render": RENDER, "session": SESSION, "resolve": RESOLVE,
    "import": IMPORT, "rules": RULES, "pack": PACK, "verify": VERIFY,
}
