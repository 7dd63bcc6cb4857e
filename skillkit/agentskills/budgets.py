"""The skill-listing budgets that clients apply silently: which skills a model would see in
full, shortened, without a description, or not at all.

- Claude Code: each description is cut at 1,536 characters; the listing gets about 1% of the
  context window (4 characters a token: 8,000 characters for a 200,000-token window, also its
  fallback); past that, descriptions are dropped (names stay), least-used skills first. Usage is
  unknown here, so skillkit drops from the end of the listing. Its exact entry format is not
  public; an entry is counted as `- name: description` and a newline.
- Codex (codex-rs/core-skills/src/render.rs): 2% of the context window in approximate tokens
  (UTF-8 bytes / 4, rounded up) when the window is known, else 8,000 characters; entries are
  `- name: description (file: path)` in name order. When the full lines do not fit, description
  characters are handed out one at a time round-robin; when even the lines without descriptions
  do not fit, every description goes and the skills that still do not fit are left out. (Codex
  may also shorten paths with root aliases; skillkit does not, so it errs on the tight side.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from skillkit.core.model import Skill

CLAUDE_CODE_DESCRIPTION_CAP = 1536
CLAUDE_CODE_FRACTION = 0.01
CHARS_PER_TOKEN = 4
FALLBACK_CHARS = 8000
CODEX_PERCENT = 2


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


def claude_code(skills: Sequence[Skill], context: int | None) -> ClientListing:
    if context is None:
        limit, basis = FALLBACK_CHARS, "about 1% of a 200,000-token context, its 8,000-character fallback"
    else:
        limit = int(context * CLAUDE_CODE_FRACTION * CHARS_PER_TOKEN)
        basis = f"about 1% of a {context:,}-token context"
    shortened, entries = [], []
    for skill in skills:
        text = _description(skill)
        if len(text) > CLAUDE_CODE_DESCRIPTION_CAP:
            shortened.append(Shortened(skill.name, CLAUDE_CODE_DESCRIPTION_CAP, len(text)))
            text = text[:CLAUDE_CODE_DESCRIPTION_CAP]
        entries.append((skill.name, len(f"- {skill.name}: {text}\n"), len(f"- {skill.name}\n")))
    wanted = sum(len(f"- {s.name}: {_description(s)}\n") for s in skills)
    used = sum(full for _, full, _ in entries)
    bare: list[str] = []
    for name, full, minimum in reversed(entries):
        if used <= limit:
            break
        used -= full - minimum
        bare.append(name)
    gone = set(bare)
    return ClientListing("Claude Code", limit, "characters", basis, used, wanted,
                         tuple(s for s in shortened if s.name not in gone),
                         tuple(n for n, _, _ in entries if n in gone))


@dataclass
class _CodexLine:
    name: str
    description: str
    path: str
    tokens: bool
    extra: list[int] = field(default_factory=list)

    def cost(self, chars: int, size: int) -> int:
        return (size + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN if self.tokens else chars

    def line(self, description: str) -> str:
        return f"- {self.name}: {description} (file: {self.path})" if description else f"- {self.name}: (file: {self.path})"

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


CODEX_SKILLS_HOME = "~/.codex/skills"


def codex(skills: Sequence[Skill], context: int | None) -> ClientListing:
    tokens = context is not None and context > 0
    if tokens:
        limit, basis = max(context * CODEX_PERCENT // 100, 1), f"2% of a {context:,}-token context"  # type: ignore[operator]
    else:
        limit, basis = FALLBACK_CHARS, "its fallback when the context size is unknown"
    unit = "tokens" if tokens else "characters"
    # The path Codex shows is where the skill is installed, not where this checkout keeps it:
    # count the default install location, so the verdict does not depend on the folder we run in.
    lines = [_CodexLine(s.name, s.description.strip(), f"{CODEX_SKILLS_HOME}/{s.id}/SKILL.md", tokens)
             for s in sorted(skills, key=lambda s: (s.name, s.id))]
    wanted = sum(line.full() for line in lines)
    if wanted <= limit:
        return ClientListing("Codex", limit, unit, basis, wanted, wanted)
    floor = sum(line.minimum() for line in lines)
    if floor > limit:
        used, kept, left = 0, [], []
        for line in lines:
            if used + line.minimum() <= limit:
                used += line.minimum()
                kept.append(line.name)
            else:
                left.append(line.name)
        return ClientListing("Codex", limit, unit, basis, used, wanted,
                             without_description=tuple(l.name for l in lines if l.name in kept and l.description),
                             left_out=tuple(left))
    costs = [line.extra_costs() for line in lines]
    given, spent, remaining = [0] * len(lines), [0] * len(lines), limit - floor
    changed = True
    while changed:  # one character at a time, round-robin: short descriptions drop out early
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
    shortened = tuple(Shortened(l.name, g, len(l.description)) for l, g in zip(lines, given)
                      if 0 < g < len(l.description))
    bare = tuple(l.name for l, g in zip(lines, given) if g == 0 and l.description)
    return ClientListing("Codex", limit, unit, basis, limit - remaining, wanted, shortened, bare)


def client_listings(skills: Sequence[Skill], context: int | None) -> list[ClientListing]:
    return [claude_code(skills, context), codex(skills, context)]
