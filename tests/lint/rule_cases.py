"""One small workspace per lint rule that makes the rule fire: the registry test runs each
through the real CLI and compares with a golden file. A new rule needs a case here."""

from __future__ import annotations

SKILL = "---\n{fm}\n---\n{body}"


def skill(name: str, fm: str, body: str = "Do the thing.\n") -> dict[str, str | bytes]:
    return {f"skills/{name}/SKILL.md": SKILL.format(fm=fm.strip(), body=body)}


def ok(name: str, extra: str = "", body: str = "Do the thing.\n") -> dict[str, str | bytes]:
    return skill(name, f"name: {name}\ndescription: A skill for tests.\n{extra}", body)


# rule id -> (files, extra CLI arguments)
CASES: dict[str, tuple[dict[str, str | bytes], list[str]]] = {
    "file-too-large": ({"skills/big/SKILL.md": b"---\nname: big\n" + b"#" * (1024 * 1024 + 1)}, []),
    "file-encoding": ({"skills/nul/SKILL.md": b"---\nname: nul\n\x00\n---\n",
                       "skills/latin1/SKILL.md": b"---\nname: latin1\ndescription: caf\xe9\n---\n"}, []),
    "byte-order-mark": ({"skills/bom/SKILL.md": "\ufeff---\nname: bom\ndescription: With a BOM.\n---\nBody.\n"}, []),
    "frontmatter-missing": ({"skills/empty/SKILL.md": "", "skills/plain/SKILL.md": "# Title\n",
                             "skills/blank/SKILL.md": "---\n---\nBody\n"}, []),
    "frontmatter-unclosed": ({"skills/open/SKILL.md": "---\nname: open\ndescription: never closed\n"}, []),
    "yaml-syntax": ({**skill("syntax", "name: syntax\ndescription: [a, b"),
                     **skill("docs", "name: docs\ndescription: x\n...\n--- !!map\na: 1")}, []),
    "yaml-alias": (skill("alias", "name: &n alias\ndescription: *n"), []),
    "yaml-duplicate-key": (skill("dup", "name: dup\ndescription: one\ndescription: two"), []),
    "yaml-key-type": (skill("keys", "name: keys\ndescription: x\n1: one\nnull: none"), []),
    "name-format": ({**skill("Upper", "name: Upper\ndescription: x"), **skill("a--b", "name: a--b\ndescription: x"),
                     **skill("no-name", "description: x"), **skill("num", "name: 12\ndescription: x")}, []),
    "description-format": ({**skill("blank", "name: blank\ndescription: '   '"),
                            **skill("long", "name: long\ndescription: " + "x" * 1025),
                            **skill("none", "name: none")}, []),
    "trigger-fields": (ok("fields", "when: sometimes\ntriggers: sword\nscanDepth: -1\ncaseSensitive: 'yes'"), []),
    "version-format": ({**ok("zero", "version: 0"), **ok("float", "version: 1.2"), **ok("text", "version: one")}, []),
    "tool-reference": (ok("tools", "tools:\n  - name: t\n    approval: always\n  - version: 2"), []),
    "examples-format": (ok("ex", "examples:\n  - situation: ''\n    resolution: r\n  - situation: s\n"
                                 "    resolution: r\n    source: {actionId: a, sessionId: ''}"), []),
    "config-empty": (ok("cfg", "config: {retries: 3}"), []),
    "agent-skills-fields": (ok("spec", "compatibility: " + "c" * 501 + "\nmetadata: {a: 1, b: [x], updated: 2026-03-05}\nlicense: [MIT]"), []),
    "tool-file": ({"tools/bad.yaml": "version: 2\nmodelName: ''\n"}, []),
    "agent-file": ({"agents/bad.yaml": "name: bad\nskills: [summarize]\ntools:\n  - {version: 2}\n"}, []),
    "scene-file": ({"scenes/bad.yaml": "skills: weather\ntoolAccess: maybe\nbudget: {context: 0}\n"}, []),
    "catalog-file": ({"catalog.yaml": "actions:\n  a: {kind: skill, state: gone}\n  b: {versions: [0]}\n"}, []),
    "name-folder": (skill("folder", "name: other\ndescription: x"), []),
    "name-unique": ({**skill("one", "name: same\ndescription: x"), **skill("two", "name: same\ndescription: y")},
                    ["--ignore", "name-folder"]),
    "name-reserved": (ok("claude-helper"), ["--profile", "claude-api"]),
    "client-ignored-key": ({**ok("studio-keys", "when: always\nlicense: MIT\ndisable-model-invocation: true"),
                            "skillkit.yaml": "targets: [codex, opencode]\n"}, []),
    "client-limit": ({**skill("claude-notes", "name: claude-notes\ndescription: Turns a -> b, for <tests>."),
                      **ok("plain")}, ["--target", "claude-api"]),
    "xml-tags": ({**skill("tags", "name: tags\ndescription: Use <b>bold</b> moves"),
                  **skill("arrow", "name: arrow\ndescription: Turns a -> b")},
                 ["--profile", "claude-api"]),
    "trigger-blank": (ok("blank-trigger", "when: mentioned\ntriggers: [sword, '  ']"), []),
    "trigger-regex": ({**ok("regex", "when: mentioned\ntriggers: ['/(?i)sword/', '/(a+)+$/', '/x*/', '/ok/i']"),
                       **ok("flags", "when: mentioned\ntriggers: ['/storm(s/x', '/x/q', '/x/gg', /usr/bin]")}, []),
    "trigger-list-item": (ok("dash", "when: mentioned\ntriggers:\n  - weather\n    - rain\n  - t-shirt"), []),
    "triggers-unused": ({**ok("always-on", "when: always\ntriggers: [x]"),
                         **ok("gate-only", "when: mentioned\nsecondaryTriggers: [x]"),
                         **ok("close", "when: mentioned\ntriggers: [x]\ncloseWhenUnmentioned: true\nscanDepth: 0")}, []),
    "unused-fields": (ok("lore", "when: mentioned\ntriggers: [x]\nfrequency: 2\nprobability: 50"), []),
    "unused-suppression": (ok("hushed", "when: mentioned\ntriggers: [x]  # skillkit: ignore[trigger-blnak]"), []),
    "example-size": (ok("big-example", "examples:\n  - situation: s\n    resolution: '" + "r" * 4100 + "'"), []),
    "body-length": (ok("long-body", "version: 1", body="x" * 65_537), []),
    "body-blank": ({**ok("empty-body", body="\n  \n"), **ok("empty-platform", "version: 2", body="")}, []),
    "version-kind": ({**ok("int-version", "version: 2"), **ok("semver", "version: 1.2.0")}, []),
    "description-multiline": (skill("multi", "name: multi\ndescription: |\n  line one\n  line two"), []),
    "unknown-field": ({**skill("unknown", "name: unknown\ndesciption: A typo."), **ok("studio-key", "when: always"),
                       **ok("other", "colour: blue"), **ok("both", "Name: both\nagents: [claude-code, codex]")},
                      ["--profile", "agent-skills"]),
    "allowed-tools-list": (ok("tool-list", "allowed-tools: [Read, Bash]"), []),
    "claude-code-fields": (ok("cc", "effort: extreme\ndisable-model-invocation: 'yes'\nhooks: [x]\npaths: 3"), []),
    "codex-agent-file": ({**ok("codex"), "skills/codex/agents/openai.yaml":
                          "interface:\n  display_name: 7\n  brand_color: blue\npolicy:\n"
                          "  allow_implicit_invocation: 'no'\ndependencies:\n  tools:\n    - {type: mcp}\n"}, []),
    "body-size": (ok("huge", body="line\n" * 501 + "word " * 20_000), []),
    "references": ({**ok("refs", body="See [missing](docs/missing.md), [outside](../x.md), [chain](ref/a.md).\n"
                                       "`[in code](nope.md)`\n```\n[fenced](nope.md)\n```\n[web](https://x.dev/a.md)\n"),
                    "skills/refs/ref/a.md": "Go on to [b](b.md).\n", "skills/refs/ref/b.md": "End.\n",
                    "x.md": "outside\n"}, []),
    "scene-links": ({**ok("weather"), "scenes/tavern.yaml": "skills: [weather, sword, weather]\n"}, []),
    # The platform's reference rules (skillkit/rules/references.py; more in tests/platform/).
    "skill-ref-missing": ({"agents/a.yaml": "name: a\nskills:\n  - {name: nope}\n"}, []),
    "skill-ref-duplicate": ({**ok("s"), "agents/a.yaml": "name: a\nskills:\n  - {name: s}\n  - {name: s}\n"}, []),
    "skill-ref-state": ({"catalog.yaml": "actions:\n  old: {kind: skill, state: disabled, versions: [1]}\n",
                         "agents/a.yaml": "name: a\nskills:\n  - {name: old}\n"}, []),
    "skill-ref-kind": ({"tools/t.yaml": "name: t\n", "agents/a.yaml": "name: a\nskills:\n  - {name: t}\n"}, []),
    "skill-ref-version": ({**ok("s", "version: 1"), "agents/a.yaml": "name: a\nskills:\n  - {name: s, version: 2}\n"},
                          []),
    "skill-ref-tool-name": ({**ok("s"), "tools/t.yaml": "name: t\nmodelName: s\n",
                             "agents/a.yaml": "name: a\ntools:\n  - {name: t}\nskills:\n  - {name: s}\n"}, []),
    "handler-kind": ({**ok("s"), "agents/a.yaml": "name: a\nhandler: http\nskills:\n  - {name: s}\n"}, []),
    "tool-ref-missing": ({"agents/a.yaml": "name: a\ntools:\n  - {name: nope}\n"}, []),
    "tool-ref-state": ({"catalog.yaml": "actions:\n  t: {kind: tool, state: deleted, versions: [1]}\n",
                        "agents/a.yaml": "name: a\ntools:\n  - {name: t}\n"}, []),
    "tool-ref-kind": ({**ok("s"), "agents/a.yaml": "name: a\ntools:\n  - {name: s}\n"}, []),
    "tool-ref-version": ({"tools/t.yaml": "name: t\n", **ok("s", "tools:\n  - {name: t, version: 3}")}, []),
    "tool-ref-duplicate": ({"tools/t.yaml": "name: t\n",
                            "agents/a.yaml": "name: a\ntools:\n  - {name: t}\n  - {name: t}\n"}, []),
    "tool-pin-conflict": ({"tools/t.yaml": "name: t\nversion: 2\n",
                           "catalog.yaml": "actions:\n  t: {kind: tool, versions: [1]}\n",
                           **ok("one", "tools:\n  - {name: t, version: 1}"),
                           **ok("two", "tools:\n  - {name: t, version: 2}"),
                           "agents/a.yaml": "name: a\nskills:\n  - {name: one}\n  - {name: two}\n"}, []),
    "tool-unfit": ({"tools/t.yaml": "name: t\nmodelName: s\n", **ok("s", "tools:\n  - {name: t}"),
                    "agents/a.yaml": "name: a\nskills:\n  - {name: s}\n"}, []),
    "ref-unknown": ({"catalog.yaml": "actions:\n  s: {kind: skill, versions: [1]}\n", **ok("s", "version: 2"),
                     "agents/a.yaml": "name: a\nskills:\n  - {name: s, version: 1}\n"}, []),
    "action-conflict": ({**ok("s"), "tools/s.yaml": "name: s\n"}, []),
    "skill-budget": ({"skillkit.yaml": "budgets: {skill: 5}\n",
                      **ok("wordy", body="One two three four five six seven eight nine ten.\n")}, []),
    "skills-block-budget": ({"skillkit.yaml": "budgets: {skillsBlock: 5}\n", **ok("always-on", "when: always"),
                             "scenes/s.yaml": "skills: [always-on]\n"}, []),
    "scene-budget": ({"scenes/tiny.yaml": "budget: {context: 1000, response: 4000}\n",
                      "scenes/default.yaml": "budget: {response: 8192}\n",
                      "scenes/small.yaml": "budget: {context: 256}\n",
                      "scenes/fine.yaml": "budget: {context: 8192, response: 1024}\n"}, []),
    "macro-unanswered": ({**ok("hello", "when: always", body="Hi {{user}}, I am {{char}}.\n"),
                          "scenes/s.yaml": "skills: [hello]\nvariables: {user: Ann}\npreset: [{content: '{{mood}}'}]\n"},
                         []),
    "preset-slots": ({"scenes/s.yaml": "preset:\n  cards:\n    - {content: a, slot: main}\n    - {include: p}\n"
                                       "    - {skill: gone}\n  parts:\n    p:\n      - {content: b, slot: main}\n"}, []),
    # A folder named SKILL.md found on a walk; the healthy skill beside it is still checked.
    "file-unreadable": ({"skills/odd/SKILL.md/notes.txt": "x", **ok("fine")}, []),
    "skill-nested": ({**ok("outer"), **ok("outer/inner")}, []),
    "session-file": ({"agents/a.yaml": "name: a\n",
                      "sessions/s.yaml": "agent: a\nturns:\n  - calls:\n      - {load: s, tool: t}\n"}, []),
    "session-agent": ({"agents/a.yaml": "name: agent-one\n", "sessions/s.yaml": "agent: agent-on\nturns: []\n"}, []),
    "session-calls": ({"tools/t.yaml": "name: t\n", **ok("s", "tools:\n  - {name: t}"),
                       "agents/a.yaml": "name: a\nskills:\n  - {name: s}\n",
                       "sessions/s.yaml": "agent: a\nturns:\n  - calls:\n      - {tool: t}\n      - {load: x}\n"
                                          "      - {tool: u}\n"}, []),
}

# Rules no file can make fire, with the test that covers them instead.
NO_FILE_CASE = {
    "schema": "tests/lint/test_rules.py::test_schema_fallback_rule_is_registered",
}


def fixture(rule: str) -> dict[str, str | bytes]:
    """The files of fixtures/lint/content/RULE/ (skills of their own, true negatives beside
    the findings), as a case: the golden file then lists exactly what fires on them."""
    from pathlib import Path

    top = Path(__file__).parents[2] / "fixtures" / "lint" / "content" / rule
    return {p.relative_to(top).as_posix(): p.read_bytes() for p in sorted(top.rglob("*")) if p.is_file()}


CASES.update({
    "fence-unclosed": (fixture("fence-unclosed"), []),
    "invisible-unicode": (fixture("invisible-unicode"), []),
    "secret-leak": (fixture("secret-leak"), []),
    "remote-exec": (fixture("remote-exec"), []),
    "orphan-file": (fixture("orphan-file"), []),
    "description-short": (fixture("description-short"), ["--profile", "agent-skills"]),
})
