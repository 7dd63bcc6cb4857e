"""The skill-listing budgets that clients apply silently: which skills a model would see in
full, shortened, without a description, or not at all.

Each client's budget is declared with the client (`skillkit/clients/<id>.py`, its `listing`:
the share of the context window, the fallback, the entry format); this module holds the two
ways of fitting a listing into it, and lists every client whose budget is declared:

- drop-descriptions (Claude Code): each description is cut at its cap; the listing gets its
  share of the context window (4 characters a token: 8,000 characters for 1% of a
  200,000-token window, also its fallback); past that, descriptions are dropped (names stay),
  least-used skills first. Usage is unknown here, so skillkit drops from the end of the
  listing. Its exact entry format is not public; an entry is counted as `- name: description`
  and a newline.
- round-robin (Codex, codex-rs/core-skills/src/render.rs): its share of the context window in
  approximate tokens (UTF-8 bytes / 4, rounded up) when the window is known, else the
  fallback in characters; entries are `- name: description (file: path)` in name order. When
  the full lines do not fit, description characters are handed out one at a time round-robin;
  when even the lines without descriptions do not fit, every description goes and the skills
  that still do not fit are left out. (Codex may also shorten paths with root aliases;
  skillkit does not, so it errs on the tight side.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from skillkit.clients import BY_ID, REGISTRY
from skillkit.clients.base import Client, ListingBudget
from skillkit.core.model import Skill

CODEX_SKILLS_HOME = BY_ID["codex"].listing.skills_home


@dataclass(frozen=True)
class Shortened:
    name: str
    kept: int       # description characters left
    of: int         # description characters written


@dataclass(frozen=True)
class ClientListing:
    client: str
    limit: int
    unit: str                                  # "characters" or "tokens"
    basis: str                                 # how the limit was found, in words
    used: int                                  # what the listing costs after fitting
    wanted: int                                # what the full listing would cost
    shortened: tuple[Shortened, ...] = ()
    without_description: tuple[str, ...] = ()  # listed by name only
    left_out: tuple[str, ...] = ()             # not listed at all

    @property
    def fits(self) -> bool:
        return not (self.shortened or self.without_description or self.left_out)


def _description(skill: Skill) -> str:
    return " ".join(skill.description.split())  # clients fold a description into one line


def _entry(budget: ListingBudget, name: str, description: str | None, path: str = "") -> str:
    """One listing line; `description` None: the line without one."""
    template = budget.bare_entry if description is None else budget.entry
    return template.format(name=name, description=description, path=path)


def drop_descriptions(skills: Sequence[Skill], context: int | None, client: Client) -> ClientListing:
    """Claude Code's way: cut each description at the cap, then drop descriptions from the end."""
    budget = client.listing
    cap = budget.description_cap
    if context is None:
        limit = budget.fallback_chars
        basis = (f"about {budget.context_percent}% of a 200,000-token context, its {limit:,}-character fallback")
    else:
        limit = context * budget.context_percent * budget.chars_per_token // 100
        basis = f"about {budget.context_percent}% of a {context:,}-token context"
    shortened, entries = [], []
    for skill in skills:
        text = _description(skill)
        if cap is not None and len(text) > cap:
            shortened.append(Shortened(skill.name, cap, len(text)))
            text = text[:cap]
        entries.append((skill.name, len(_entry(budget, skill.name, text)) + 1, len(_entry(budget, skill.name, None)) + 1))
    wanted = sum(len(_entry(budget, s.name, _description(s))) + 1 for s in skills)
    used = sum(full for _, full, _ in entries)
    bare: list[str] = []
    for name, full, minimum in reversed(entries):
        if used <= limit:
            break
        used -= full - minimum
        bare.append(name)
    gone = set(bare)
    return ClientListing(client.title, limit, "characters", basis, used, wanted,
                         tuple(s for s in shortened if s.name not in gone),
                         tuple(n for n, _, _ in entries if n in gone))


def claude_code(skills: Sequence[Skill], context: int | None) -> ClientListing:
    return drop_descriptions(skills, context, BY_ID["claude-code"])


@dataclass
class _CodexLine:
    name: str
    description: str
    path: str
    tokens: bool
    budget: ListingBudget
    extra: list[int] = field(default_factory=list)

    def cost(self, chars: int, size: int) -> int:
        per = self.budget.chars_per_token
        return (size + per - 1) // per if self.tokens else chars

    def line(self, description: str) -> str:
        return _entry(self.budget, self.name, description or None, self.path)

    def full(self) -> int:
        text = self.line(self.description) + "\n"
        return self.cost(len(text), len(text.encode()))

    def minimum(self) -> int:
        text = self.line("") + "\n"
        return self.cost(len(text), len(text.encode()))

    def extra_costs(self) -> list[int]:
        """What each description length adds to the bare line, as render.rs computes it."""
        base = self.line("")
        chars, size = len(base) + 1, len(base.encode()) + 1
        floor = self.cost(chars, size)
        costs, prefix_chars, prefix_bytes = [0], 0, 0
        for ch in self.description:
            prefix_chars += 1
            prefix_bytes += len(ch.encode())
            costs.append(self.cost(chars + prefix_chars + 1, size + prefix_bytes + 1) - floor)
        return costs


def _bare_lines(lines: list[_CodexLine], limit: int) -> tuple[int, list[str], list[str]]:
    """Even the lines without descriptions do not all fit: which do, in order, and what they cost."""
    used, kept, left = 0, [], []
    for line in lines:
        if used + line.minimum() <= limit:
            used += line.minimum()
            kept.append(line.name)
        else:
            left.append(line.name)
    return used, kept, left


def _hand_out(lines: list[_CodexLine], room: int) -> tuple[list[int], int]:
    """Description characters given to each line, one at a time round-robin (short descriptions
    drop out early), and the room left."""
    costs = [line.extra_costs() for line in lines]
    given, spent, remaining = [0] * len(lines), [0] * len(lines), room
    changed = True
    while changed:
        changed = False
        for i, line in enumerate(lines):
            if given[i] >= len(line.description):
                continue
            delta = costs[i][given[i] + 1] - spent[i]
            if delta <= remaining:
                given[i] += 1
                spent[i] = costs[i][given[i]]
                remaining -= delta
                changed = True
    return given, remaining


def round_robin(skills: Sequence[Skill], context: int | None, client: Client) -> ClientListing:
    """Codex's way (render.rs): full lines if they fit, else description characters round-robin,
    else bare lines, leaving out the skills that still do not fit."""
    budget = client.listing
    tokens = context is not None and context > 0
    if tokens:
        limit = max(context * budget.context_percent // 100, 1)  # type: ignore[operator]
        basis = f"{budget.context_percent}% of a {context:,}-token context"
    else:
        limit, basis = budget.fallback_chars, "its fallback when the context size is unknown"
    unit = "tokens" if tokens else "characters"
    # The path Codex shows is where the skill is installed, not where this checkout keeps it:
    # count the default install location, so the verdict does not depend on the folder we run in.
    lines = [_CodexLine(s.name, s.description.strip(), f"{budget.skills_home}/{s.id}/SKILL.md", tokens, budget)
             for s in sorted(skills, key=lambda s: (s.name, s.id))]
    wanted = sum(line.full() for line in lines)
    if wanted <= limit:
        return ClientListing(client.title, limit, unit, basis, wanted, wanted)
    floor = sum(line.minimum() for line in lines)
    if floor > limit:
        used, kept, left = _bare_lines(lines, limit)
        return ClientListing(client.title, limit, unit, basis, used, wanted,
                             without_description=tuple(l.name for l in lines if l.name in kept and l.description),
                             left_out=tuple(left))
    given, remaining = _hand_out(lines, limit - floor)
    shortened = tuple(Shortened(l.name, g, len(l.description)) for l, g in zip(lines, given)
                      if 0 < g < len(l.description))
    bare = tuple(l.name for l, g in zip(lines, given) if g == 0 and l.description)
    return ClientListing(client.title, limit, unit, basis, limit - remaining, wanted, shortened, bare)


def codex(skills: Sequence[Skill], context: int | None) -> ClientListing:
    return round_robin(skills, context, BY_ID["codex"])


STRATEGIES = {"drop-descriptions": drop_descriptions, "round-robin": round_robin}


def client_listings(skills: Sequence[Skill], context: int | None) -> list[ClientListing]:
    """The listing as every client with a declared budget fits it, in registry order."""
    return [STRATEGIES[c.listing.strategy](skills, context, c) for c in REGISTRY if c.listing.strategy in STRATEGIES]
