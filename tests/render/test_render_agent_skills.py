"""Agent Skills views: the XML listing byte for byte as skills-ref 0.1.1 prints it, and the
listing budgets clients apply silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from render_helpers import FIXTURES, GOLDEN, REPO, skill

from skillkit.agentskills.budgets import claude_code, codex
from skillkit.agentskills.listing import available_skills_xml
from skillkit.core.pipeline import Options, run
from skillkit.rules import RULESET


def loaded(root: Path) -> list:
    result = run([root], Options(RULESET))
    return sorted((s for space in result.workspaces for s in space.skills), key=lambda s: s.name)


@pytest.mark.parametrize("root, name", [(FIXTURES / "agent-skills", "fixture"), (REPO / "fixtures" / "corpus", "corpus")])
def test_the_listing_is_what_skills_ref_prints(root: Path, name: str) -> None:
    ours = available_skills_xml(loaded(root)).replace(str(root.resolve()), "{ROOT}")
    assert ours == (GOLDEN / f"{name}.agent-skills.xml").read_text(encoding="utf-8")


def test_an_empty_listing_is_what_skills_ref_prints() -> None:
    assert available_skills_xml([]) == (GOLDEN / "empty.agent-skills.xml").read_text(encoding="utf-8")


def test_the_corpus_golden_holds_every_valid_corpus_skill() -> None:
    assert (GOLDEN / "corpus.agent-skills.xml").read_text(encoding="utf-8").count("<skill>") == 14


def long(name: str, size: int) -> object:
    return skill(name, "body", when="picked", description="d" * size)


def test_claude_code_cuts_descriptions_at_1536_characters() -> None:
    listing = claude_code([long("big", 2000), long("small", 10)], None)
    assert listing.limit == 8000 and listing.unit == "characters"
    assert [(s.name, s.kept, s.of) for s in listing.shortened] == [("big", 1536, 2000)]
    assert listing.without_description == () and not listing.fits


def test_claude_code_drops_descriptions_from_the_end_past_1_percent() -> None:
    skills = [long(f"s{i:02d}", 1000) for i in range(12)]
    listing = claude_code(skills, 200_000)
    assert listing.limit == 8000
    assert listing.used <= 8000
    assert listing.without_description == ("s07", "s08", "s09", "s10", "s11")  # 5 x 1,002 saved


def test_codex_fits_the_fallback_budget_in_characters() -> None:
    listing = codex([long("a", 100)], None)
    assert listing.fits and listing.unit == "characters" and listing.limit == 8000


def test_codex_hands_out_description_characters_round_robin() -> None:
    # codex render.rs: budgeted_rendering_redistributes_unused_description_budget
    short, longer = skill("short-skill", "b", description="x"), skill("long-skill", "b", description="abcdefghi")
    base = codex([short, longer], None)
    floor = sum(len(line) for line in (f"- short-skill: (file: {p})\n" for p in [_path(short)])) + \
        len(f"- long-skill: (file: {_path(longer)})\n")
    squeezed = _codex_with_limit([short, longer], floor + 11)
    assert base.fits
    assert [(s.name, s.kept) for s in squeezed.shortened] == [("long-skill", 8)]
    assert squeezed.without_description == ()


def test_codex_leaves_out_skills_when_even_bare_lines_do_not_fit() -> None:
    skills = [long(f"s{i:03d}", 50) for i in range(300)]
    listing = codex(skills, 10_000)  # 2% of 10,000 tokens: 200 tokens
    assert listing.unit == "tokens" and listing.limit == 200
    assert listing.left_out and len(listing.left_out) + len(listing.without_description) == 300
    assert listing.used <= 200


def _path(s: object) -> str:
    from skillkit.agentskills.budgets import CODEX_SKILLS_HOME

    return f"{CODEX_SKILLS_HOME}/{s.id}/SKILL.md"  # type: ignore[attr-defined]


def _codex_with_limit(skills: list, limit: int):
    from dataclasses import replace

    from skillkit.agentskills import budgets
    from skillkit.clients import BY_ID

    codex = BY_ID["codex"]  # the same client with a smaller fallback budget
    return budgets.round_robin(skills, None, replace(codex, listing=replace(codex.listing, fallback_chars=limit)))
