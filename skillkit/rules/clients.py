"""The clients a workspace ships to (its `targets`): the keys they ignore and the limits they
enforce beyond the open spec's. Both rules read the client declarations (skillkit/clients/)
and say nothing until targets are set (`targets: [claude-code, codex]` in skillkit.yaml, or
`--target` on `lint`), so a workspace that names none sees no change."""

from __future__ import annotations

from typing import Iterable

from skillkit.clients import BY_ID, REGISTRY
from skillkit.clients.agent_skills import SPEC_LIMITS
from skillkit.clients.base import INTENTS, Client
from skillkit.core.diagnostics import Severity
from skillkit.core.documents import SkillDoc
from skillkit.rules.base import Hit, RuleContext, skill_rule


def targets(ctx: RuleContext) -> list[Client]:
    """The target clients the settings (or `--target`) name, in the order given."""
    named = ctx.settings.get("targets") or []
    return [BY_ID[i] for i in dict.fromkeys(named) if isinstance(i, str) and i in BY_ID]  # type: ignore[arg-type]


def _translation(key: str, client: Client) -> str:
    """What `pack --target` does with `key` for `client` when `key` spells an intent the client
    spells its own way, in words; else ""."""
    for intent in INTENTS:
        theirs = client.spelling(intent)
        if not theirs.supported:
            continue
        for other in REGISTRY:
            spelling = other.spelling(intent)
            if spelling.place == "frontmatter" and spelling.key == key and spelling != theirs:
                return f"{client.title} spells it {theirs.describe()}"
    return ""


@skill_rule("client-ignored-key", Severity.INFO)
def client_ignored_key(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A frontmatter key that one of the workspace's target clients does not read.

    Set the clients a workspace ships to with `targets` in skillkit.yaml (or `[tool.skillkit]`),
    `targets: [claude-code, codex]`, or with `--target ID` on `lint` (repeatable). Each key a
    target client ignores is reported once, at the key, naming every target that ignores it,
    and where a client spells the same intent its own way, that spelling (`pack --target`
    writes it so). Info, never failing a run: a key one client ignores may be what another
    reads. Without targets, nothing is reported. The keys each client reads are declared with
    it (`skillkit/clients/<id>.py`, from the client's documentation)."""
    chosen = targets(ctx)
    if not chosen:
        return
    for key in doc.data:
        if not isinstance(key, str):
            continue
        ignoring = [c for c in chosen if not c.reads(key)]
        if not ignoring:
            continue
        notes = [note for c in ignoring if (note := _translation(key, c))]
        said = f" ({'; '.join(notes)})" if notes else ""
        names = ", ".join(c.title for c in ignoring)
        yield Hit(doc.path, *doc.at_key(key), f"`{key}` is ignored by {names}{said}")


def _limit_problems(doc: SkillDoc, client: Client) -> Iterable[tuple[str, str]]:
    """(key, what is wrong) for each limit of `client` beyond the spec's that the skill breaks."""
    limits = client.limits
    name, description = doc.data.get("name"), doc.data.get("description")
    if isinstance(name, str):
        cap = limits.name_chars
        if cap is not None and cap < (SPEC_LIMITS.name_chars or 0) and len(name) > cap:
            yield "name", f"`name` has {len(name)} characters; at most {cap} for {client.title}"
        for word in limits.reserved_words:
            if word in name:
                yield "name", f"`name` holds {word!r}, a word reserved by {client.title}"
    if isinstance(description, str):
        cap = limits.description_chars
        if cap is not None and cap < (SPEC_LIMITS.description_chars or 0) and len(description) > cap:
            yield ("description", f"`description` has {len(description)} characters; at most {cap} for "
                                  f"{client.title}")
        forbidden = [c for c in limits.description_forbids if c in description]
        if forbidden:
            shown = " or ".join(f"`{c}`" for c in forbidden)
            yield "description", f"`description` holds {shown}, refused by {client.title}"


@skill_rule("client-limit", Severity.ERROR)
def client_limit(doc: SkillDoc, ctx: RuleContext) -> Iterable[Hit]:
    """A skill breaks a limit of a target client beyond the open spec's own.

    The spec's own limits are `name-format`'s and `description-format`'s.
    With `targets: [claude-api]` (or `--target claude-api`): a name holding a word claude.ai
    and the Claude API reserve ("anthropic", "claude"), a description holding `<` or `>`
    (claude.ai's upload refuses both). An error: the client refuses the skill. `pack --target
    ID` checks the same limits for its target, and also the upload's file count and size
    (claude.ai: at most 200 files and 30 MB). Without targets, nothing is reported; each
    client's limits are declared with it (`skillkit/clients/<id>.py`)."""
    for client in targets(ctx):
        for key, message in _limit_problems(doc, client):
            yield Hit(doc.path, *doc.at(key), message)


RULES = (client_ignored_key, client_limit)
